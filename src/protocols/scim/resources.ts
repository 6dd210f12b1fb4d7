/**
 * SCIM resources (RFC 7643) as this service maps them (CONTRACT §18): a User is a user of the
 * token's subtree (`id` = our id as a decimal string, `userName` = the email, `displayName` and
 * `name.formatted` = the full name, one work email, `active` = ACTIVE, `externalId`); a Group is a
 * role of the token's organization (`displayName` = the role's name, `members` = users of the
 * subtree assigned it there).
 */
import type { ProvisionedGroup } from "../../features/roles";
import type { User } from "../../kernel/users";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/** RFC 7644 §3.14: a weak version of a record, from its last change. */
export const versionOf = (updatedAt: Date) => `W/"${updatedAt.getTime().toString(36)}"`;

export type ScimUser = Record<string, unknown> & { id: string; userName: string };

export function userResource(base: string, u: User): ScimUser {
  return {
    schemas: [USER_SCHEMA],
    id: String(u.id),
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.email,
    // An empty name is no attribute (RFC 7643 §2.5: unassigned).
    ...(u.fullName ? { name: { formatted: u.fullName }, displayName: u.fullName } : {}),
    emails: [{ value: u.email, type: "work", primary: true }],
    active: u.status === "ACTIVE",
    meta: {
      resourceType: "User",
      created: u.createdAt.toISOString(),
      lastModified: u.updatedAt.toISOString(),
      location: `${base}/Users/${u.id}`,
      version: versionOf(u.updatedAt),
    },
  };
}

export function groupResource(base: string, g: ProvisionedGroup): Record<string, unknown> & { id: string } {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(g.role.id),
    ...(g.role.externalId ? { externalId: g.role.externalId } : {}),
    displayName: g.role.name,
    members: g.members.map((u) => ({
      value: String(u.id),
      $ref: `${base}/Users/${u.id}`,
      type: "User",
    })),
    meta: { resourceType: "Group", location: `${base}/Groups/${g.role.id}` },
  };
}

/** RFC 7644 §3.9: `attributes` keeps only the named top-level attributes (and `id`, `schemas`); `excludedAttributes` drops them. */
export function project(
  r: Record<string, unknown>,
  q: { attributes?: string; excludedAttributes?: string },
): Record<string, unknown> {
  const names = (s?: string) =>
    (s ?? "")
      .split(",")
      .map((x) =>
        x
          .trim()
          .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, "")
          .split(".")[0]
          .toLowerCase(),
      )
      .filter(Boolean);
  const keep = names(q.attributes);
  const drop = names(q.excludedAttributes);
  const always = new Set(["id", "schemas", "meta"]);
  return Object.fromEntries(
    Object.entries(r).filter(([k]) => {
      const key = k.toLowerCase();
      if (always.has(key)) return true;
      if (keep.length) return keep.includes(key);
      return !drop.includes(key);
    }),
  );
}

export function listResponse(resources: Record<string, unknown>[], total: number, startIndex: number) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
