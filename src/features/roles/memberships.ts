/**
 * Memberships (CONTRACT §4): the orgs a user may switch into, i.e. the home org plus every org
 * where a role is assigned, each with the roles assigned there. Read by the memberships route and
 * org switch (sessions), the `memberships` custom-claims source (tokens) and the data export (users).
 */
import type { UserRepo } from "../../kernel/users";
import type { Org, OrgRepo } from "../orgs";
import type { RoleRepo } from "./ports";

export interface Membership {
  organizationId: number;
  tenantId: number;
  name: string;
  path: string;
  status: string;
  roles: { id: number; name: string }[];
}

/** CONTRACT §4 memberships: each org (id order) with the roles assigned there. */
export function membershipsOf(
  orgs: Org[],
  assignments: { organizationId: number; roleId: number; roleName: string }[],
): Membership[] {
  return [...orgs]
    .sort((a, b) => a.id - b.id)
    .map((o) => ({
      organizationId: o.id,
      tenantId: o.tenantId,
      name: o.name,
      path: o.path,
      status: o.status,
      roles: assignments.filter((a) => a.organizationId === o.id).map((a) => ({ id: a.roleId, name: a.roleName })),
    }));
}

/** Orgs the user may switch into: the home org plus every org where a role is assigned ([] for an unknown user). */
export async function userMemberships(
  deps: {
    users: Pick<UserRepo, "get">;
    roles: Pick<RoleRepo, "assignmentsOf">;
    orgs: Pick<OrgRepo, "getMany">;
  },
  userId: number,
  tenantId: number,
): Promise<Membership[]> {
  const user = await deps.users.get(tenantId, userId);
  if (!user) return [];
  const assignments = await deps.roles.assignmentsOf(userId);
  const orgIds = [...new Set([user.organizationId, ...assignments.map((a) => a.organizationId)])];
  return membershipsOf(await deps.orgs.getMany(tenantId, orgIds), assignments);
}
