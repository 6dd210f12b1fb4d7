/**
 * Requests as Entra ID and Okta send them, written from their public documentation:
 * - Microsoft Entra ID, "Tutorial: Develop and plan provisioning for a SCIM endpoint" and "Known
 *   issues and resolutions with SCIM 2.0 protocol compliance" (learn.microsoft.com): the user
 *   create with `urn:…:enterprise:2.0:User` and `name`/`emails` objects, `Replace` with a capital R,
 *   `"active": "False"` as a string, `members` add and remove by value list, no-path replace with a
 *   value object, the `userName eq` probe before a create.
 * - Okta, "SCIM 2.0 protocol reference" (developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20):
 *   the user create with `name.givenName`/`familyName`, deactivation as a no-path replace
 *   `{ "active": false }`, the group push (create with `members`), `members` add with value/display,
 *   removal by filter path `members[value eq "…"]`, group rename as a no-path replace.
 */
export const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export const entra = {
  createUser: (email: string, externalId: string) => ({
    schemas: [USER, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
    externalId,
    userName: email,
    active: true,
    emails: [{ primary: true, type: "work", value: email }],
    meta: { resourceType: "User" },
    name: { formatted: "Ryan Leenay", familyName: "Leenay", givenName: "Ryan" },
    roles: [],
  }),
  probe: (email: string) => `userName eq "${email}"`,
  replaceAttributes: (email: string) => ({
    schemas: [PATCH],
    Operations: [
      { op: "Replace", path: "userName", value: email },
      { op: "Replace", path: "name.formatted", value: "Ryan Leenay-Smith" },
      { op: "Add", path: "externalId", value: "entra-object-2" },
    ],
  }),
  deactivate: { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "False" }] },
  reactivate: { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "True" }] },
  noPathReplace: {
    schemas: [PATCH],
    Operations: [{ op: "replace", value: { active: "False", displayName: "Ryan L." } }],
  },
  createGroup: (name: string) => ({
    schemas: [GROUP],
    externalId: "8aa1a0c0",
    displayName: name,
    meta: { resourceType: "Group" },
  }),
  addMember: (id: string) => ({
    schemas: [PATCH],
    Operations: [{ op: "Add", path: "members", value: [{ $ref: null, value: id }] }],
  }),
  removeMember: (id: string) => ({
    schemas: [PATCH],
    Operations: [{ op: "Remove", path: "members", value: [{ $ref: null, value: id }] }],
  }),
};

export const okta = {
  createUser: (email: string) => ({
    schemas: [USER],
    userName: email,
    name: { givenName: "John", familyName: "Doe" },
    emails: [{ primary: true, value: email, type: "work" }],
    displayName: "John Doe",
    locale: "en-US",
    externalId: "00ujl29u0le5T6Aj10h7",
    groups: [],
    password: "1mz050nq",
    active: true,
  }),
  deactivate: { schemas: [PATCH], Operations: [{ op: "replace", value: { active: false } }] },
  pushGroup: (name: string, memberIds: string[]) => ({
    schemas: [GROUP],
    displayName: name,
    members: memberIds.map((value) => ({ value, display: `${value}@example.com` })),
  }),
  renameGroup: (id: string, name: string) => ({
    schemas: [PATCH],
    Operations: [{ op: "replace", value: { id, displayName: name } }],
  }),
  addMembers: (ids: string[]) => ({
    schemas: [PATCH],
    Operations: [{ op: "add", path: "members", value: ids.map((value) => ({ value, display: "x@example.com" })) }],
  }),
  removeMember: (id: string) => ({
    schemas: [PATCH],
    Operations: [{ op: "remove", path: `members[value eq "${id}"]` }],
  }),
};
