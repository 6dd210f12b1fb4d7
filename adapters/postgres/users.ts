import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { User, UserRepo, UserStatus } from "../../src/features/users/ports";
import { schema, type Db } from "./db";

const { users: u, userRoles: ur } = schema;
const toUser = (r: typeof u.$inferSelect): User => ({
  id: r.id,
  tenantId: r.tenantId,
  organizationId: r.organizationId,
  email: r.email,
  fullName: r.fullName,
  passwordHash: r.passwordHash,
  status: r.status as UserStatus,
  mfaEnabled: r.mfaEnabled,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(u.tenantId, tenant));

export function createPgUsers(db: Db): UserRepo {
  return {
    async create(input) {
      const [r] = await db.insert(u).values({ ...input, email: input.email.toLowerCase() }).returning();
      return toUser(r);
    },
    async get(tenant, id) {
      const [r] = await db.select().from(u).where(and(eq(u.id, id), tf(tenant)));
      return r ? toUser(r) : null;
    },
    async findByEmail(email) {
      const [r] = await db.select().from(u).where(eq(u.email, email.toLowerCase()));
      return r ? toUser(r) : null;
    },
    async update(tenant, id, patch) {
      const values = { ...patch, updatedAt: new Date() };
      if (values.email) values.email = values.email.toLowerCase();
      const [r] = await db.update(u).set(values).where(and(eq(u.id, id), tf(tenant))).returning();
      return r ? toUser(r) : null;
    },
    async listByOrg(tenant, orgId, size) {
      const holders = db.select({ id: ur.userId }).from(ur).where(eq(ur.organizationId, orgId));
      return (
        await db.select().from(u).where(and(tf(tenant), or(eq(u.organizationId, orgId), inArray(u.id, holders)), sql`${u.status} <> 'ERASED'`)).orderBy(asc(u.id)).limit(size)
      ).map(toUser);
    },
  };
}
