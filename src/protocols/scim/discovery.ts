/**
 * The SCIM discovery documents (RFC 7644 §4, RFC 7643 §5-§7): what this server supports, its two
 * resource types and their schemas, restricted to the attributes it keeps (docs/scim.md).
 */
import { GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from "./resources";

const SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RT_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

/** The most resources one list answer holds (RFC 7644 §3.4.2.4 `count` is capped to it). */
export const MAX_RESULTS = 1000;

const attr = (name: string, o: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  description: name,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...o,
});

const userAttributes = [
  attr("userName", {
    required: true,
    uniqueness: "server",
    description: "The person's email address (unique across the service, case-insensitive).",
  }),
  attr("displayName", { description: "The person's full name." }),
  attr("name", {
    type: "complex",
    mutability: "readOnly",
    description:
      "The full name as `formatted` (read-only here: write displayName; a create or PUT without displayName takes name.formatted, else givenName and familyName).",
    subAttributes: [attr("formatted", { mutability: "readOnly" })],
  }),
  attr("active", { type: "boolean", description: "false disables the user and ends every session." }),
  attr("emails", {
    type: "complex",
    multiValued: true,
    mutability: "readOnly",
    description: "The userName as the one work email (read-only: change userName).",
    subAttributes: [
      attr("value", { mutability: "readOnly" }),
      attr("type", { mutability: "readOnly" }),
      attr("primary", { type: "boolean", mutability: "readOnly" }),
    ],
  }),
];

const groupAttributes = [
  attr("displayName", { required: true, description: "The role's name (unique in the organization)." }),
  attr("members", {
    type: "complex",
    multiValued: true,
    description: "Users of the organization's subtree assigned the role at the organization.",
    subAttributes: [
      attr("value", { mutability: "immutable", caseExact: true }),
      attr("$ref", { type: "reference", referenceTypes: ["User"], mutability: "immutable" }),
      attr("type", { mutability: "immutable", canonicalValues: ["User"] }),
    ],
  }),
];

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: `${base.replace(/\/scim\/v2$/, "")}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "SCIM token",
        description: "A SCIM token of the organization (POST /api/organizations/{id}/scim-tokens), as a Bearer token.",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return [
    {
      schemas: [RT_SCHEMA],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "People whose home organization is in the token's subtree",
      schema: USER_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RT_SCHEMA],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "Roles of the token's organization that carry no system permission",
      schema: GROUP_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function schemas(base: string) {
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: "User",
      description: "User Account",
      attributes: userAttributes,
      meta: { resourceType: "Schema", location: `${base}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: "Group",
      description: "Group",
      attributes: groupAttributes,
      meta: { resourceType: "Schema", location: `${base}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}

export { LIST_SCHEMA };
