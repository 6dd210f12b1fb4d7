/**
 * The token-context read on MongoDB (mirrors adapters/postgres/token-context.ts). Without joins it
 * is three parallel rounds on the refresh/login hot path: (user, org, the user's assignments in the
 * tenant) → (their roles, the ancestors' block state) → the roles' permissions.
 */
import type { Org } from "../../src/features/orgs/ports";
import type { User } from "../../src/kernel/users";
import type { TokenContext, TokenContextReader } from "../../src/features/sessions/ports";
import { pathIds } from "../../src/kernel/tenancy";
import { coll, fromDoc, type Ctx } from "./db";
import { grantsAt } from "./roles";
import { C } from "./schema";
import { toUser } from "./users";

const withoutHash = (u: User | null): Omit<User, "passwordHash"> | null => {
  if (!u) return null;
  const { passwordHash: _hash, ...rest } = u;
  return rest;
};
const blockedAt = (o: { status: string; expiresAt: Date | null }, now: Date) =>
  o.status === "SUSPENDED" || (o.expiresAt != null && o.expiresAt.getTime() <= now.getTime());

export function createMongoTokenContext(ctx: Ctx): TokenContextReader {
  const users = coll(ctx, C.users);
  const orgs = coll(ctx, C.orgs);
  const userRoles = coll(ctx, C.userRoles);
  return {
    async load(tenantId, userId, orgId, now) {
      // Round 1. All the user's assignments in the tenant (few) are read now, so the grants need not wait for the org's path.
      const [u, o, assignments] = await Promise.all([
        users.findOne({ _id: userId, tenantId }, { projection: { passwordHash: 0 } }),
        orgs.findOne({ _id: orgId, tenantId }),
        userRoles.find({ userId, tenantId }, { projection: { roleId: 1, organizationId: 1 } }).toArray(),
      ]);
      const org = fromDoc<Org>(o);
      const user = withoutHash(toUser(u));
      if (!org) return { user, org: null, blocked: false, blockedFrom: null, grants: [] };
      // Round 2 (and 3 inside grantsAt): the ancestors' block state beside the grants along the org's stored path.
      const ancestors = pathIds(org.path).slice(1, -1);
      const [chain, grants] = await Promise.all([
        ancestors.length
          ? (orgs
              .find({ tenantId, _id: { $in: ancestors } }, { projection: { status: 1, expiresAt: 1 } })
              .toArray() as Promise<{ status: string; expiresAt: Date | null }[]>)
          : [],
        grantsAt(ctx, assignments, org.path),
      ]);
      const all = [org, ...chain];
      const later = all.flatMap((o) =>
        o.expiresAt && o.expiresAt.getTime() > now.getTime() ? [o.expiresAt.getTime()] : [],
      );
      return {
        user,
        org,
        blocked: all.some((o) => blockedAt(o, now)),
        blockedFrom: later.length ? Math.min(...later) : null,
        grants,
      } satisfies TokenContext;
    },
  };
}
