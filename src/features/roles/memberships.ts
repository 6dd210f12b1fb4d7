/**
 * Memberships (CONTRACT §4): the orgs a user may switch into, i.e. the home org plus every org
 * where a role is assigned, each with the roles assigned there. Read by the memberships route and
 * org switch (sessions), the `memberships` custom-claims source (tokens) and the data export (users).
 */
import { pathIds } from "../../kernel/tenancy";
import type { User, UserRepo } from "../../kernel/users";
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

/** A membership whose org chain can get tokens now, with the org's record. */
export interface UsableMembership {
  id: number;
  name: string;
  org: Org;
}

/**
 * The user's memberships (as `userMemberships`) whose org and every ancestor are neither SUSPENDED
 * nor past `expiresAt` at `at` (OrgRepo.isBlocked's rule), in id order, from two reads of the orgs
 * (the memberships, then the ancestors not among them) instead of one per membership. For an
 * already loaded, active `user`: the sign-in pages' organization choice.
 */
export async function usableMemberships(
  deps: { roles: Pick<RoleRepo, "assignmentsOf">; orgs: Pick<OrgRepo, "getMany"> },
  user: Pick<User, "id" | "tenantId" | "organizationId">,
  at: Date,
): Promise<UsableMembership[]> {
  return (await usableMembershipsUntil(deps, user, at)).usable;
}

/**
 * `usableMemberships`, and the first instant after `at` at which the answer changes by itself (the
 * earliest future `expiresAt` of a membership's org or ancestor; null when none expires): what a
 * cache of the answer may not outlive.
 */
export async function usableMembershipsUntil(
  deps: { roles: Pick<RoleRepo, "assignmentsOf">; orgs: Pick<OrgRepo, "getMany"> },
  user: Pick<User, "id" | "tenantId" | "organizationId">,
  at: Date,
): Promise<{ usable: UsableMembership[]; until: number | null }> {
  const assignments = await deps.roles.assignmentsOf(user.id);
  const direct = await deps.orgs.getMany(user.tenantId, [
    ...new Set([user.organizationId, ...assignments.map((a) => a.organizationId)]),
  ]);
  const known = new Map(direct.map((o) => [o.id, o]));
  const missing = [...new Set(direct.flatMap((o) => pathIds(o.path).slice(1)))].filter((id) => !known.has(id));
  if (missing.length) for (const o of await deps.orgs.getMany(user.tenantId, missing)) known.set(o.id, o);
  const blocked = (o: Org) => {
    const chain = pathIds(o.path).slice(1);
    if (!chain.length) return true;
    return chain.some((id) => {
      const a = known.get(id);
      return !!a && (a.status === "SUSPENDED" || (!!a.expiresAt && a.expiresAt.getTime() <= at.getTime()));
    });
  };
  let until: number | null = null;
  for (const o of known.values()) {
    const e = o.expiresAt?.getTime();
    if (e !== undefined && e > at.getTime() && (until === null || e < until)) until = e;
  }
  const usable = direct
    .filter((o) => !blocked(o))
    .sort((a, b) => a.id - b.id)
    .map((o) => ({ id: o.id, name: o.name, org: o }));
  return { usable, until };
}
