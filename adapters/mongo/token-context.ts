/**
 * The token-context read on MongoDB (mirrors adapters/postgres/token-context.ts). Without joins it
 * is three parallel rounds on the refresh/login hot path: (user, org, the user's assignments in the
 * tenant) → (their roles, the ancestors' block state) → the roles' permissions.
 */
import type { Org } from "../../src/features/orgs/ports";
import type { User } from "../../src/features/users/ports";
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
const blockedAt = (o: { status: string; expiresAt: Date | null }, now: Date) => o.status === "SUSPENDED" || (o.expiresAt != null && o.expiresAt.getTime() <= now.getTime());

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
      if (!org) return { user, org: null, blocked: false, grants: [] };
      // Round 2 (and 3 inside grantsAt): the ancestors' block state beside the grants along the org's stored path.
      const ancestors = pathIds(org.path).slice(1, -1);
      const [ancestorBlocked, grants] = await Promise.all([
        ancestors.length
          ? orgs
              .findOne({ tenantId, _id: { $in: ancestors }, $or: [{ status: "SUSPENDED" }, { expiresAt: { $ne: null, $lte: now } }] }, { projection: { _id: 1 } })
              .then((hit) => !!hit)
          : false,
        grantsAt(ctx, assignments, org.path),
      ]);
      return { user, org, blocked: blockedAt(org, now) || ancestorBlocked, grants } satisfies TokenContext;
    },
  };
}
