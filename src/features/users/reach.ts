/**
 * Who may act on which user (CONTRACT §3, §2): the org in the caller's reach, the user whose home
 * org is in reach and who does not outrank the caller, and the states no change may touch.
 */
import { requireReach, tenantOf, type Principal } from "../../kernel/authz";
import { conflict, forbidden, notFound } from "../../kernel/errors";
import type { User } from "../../kernel/users";
import { reachableOrg as reachableOrgOf, type Org } from "../orgs";
import type { UserServiceDeps } from "./service";

/** 409: an erased user's record never changes again. */
export const notErased = (user: User) => {
  if (user.status === "ERASED") throw conflict("This user has been erased; the record cannot change any more.");
};
/** 403: nobody disables or erases their own account. */
export const notSelf = (p: Principal, user: User, verb: string) => {
  if (user.id === p.userId) throw forbidden(`You cannot ${verb} your own account.`);
};

/** The org and the user a caller may act on (404 across tenants, 403 outside reach). */
export function createUserReach(deps: Pick<UserServiceDeps, "users" | "orgs" | "requireAuthorityOver">) {
  const reachableOrg = (p: Principal, id: number): Promise<Org> => reachableOrgOf(deps.orgs, p, id);

  /**
   * The user as the caller may act on it: 404 across tenants, 403 when the home org is outside
   * reach or when the user holds system permissions (or reach) beyond the caller's.
   */
  async function reachableUser(p: Principal, id: number): Promise<{ user: User; org: Org }> {
    const user = await deps.users.get(tenantOf(p), id);
    if (!user) throw notFound("User");
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    requireReach(p, org, "User");
    await deps.requireAuthorityOver(p, user.id);
    return { user, org };
  }

  const notErased = (user: User) => {
    if (user.status === "ERASED") throw conflict("This user has been erased; the record cannot change any more.");
  };
  const notSelf = (p: Principal, user: User, verb: string) => {
    if (user.id === p.userId) throw forbidden(`You cannot ${verb} your own account.`);
  };

  return { reachableOrg, reachableUser };
}

export type UserReach = ReturnType<typeof createUserReach>;
