import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { User, UserRepo, UserStatus } from "../../src/features/users/ports";
import { schema, type Db } from "./db";

const { users: u, userRoles: ur, mfaRecoveryCodes: mrc } = schema;
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
      // A union of two index range scans (users_tenant_org, user_roles_org), not an OR that
      // would force a scan of the tenant's users.
      const home = db.select({ id: u.id }).from(u).where(and(tf(tenant), eq(u.organizationId, orgId)));
      const holders = db.select({ id: ur.userId }).from(ur).where(and(tenant === "any" ? undefined : eq(ur.tenantId, tenant), eq(ur.organizationId, orgId)));
      const ids = union(home, holders).as("ids");
      const rows = await db
        .select({ user: u })
        .from(ids)
        .innerJoin(u, eq(u.id, ids.id))
        .where(sql`${u.status} <> 'ERASED'`)
        .orderBy(asc(u.id))
        .limit(size);
      return rows.map((r) => toUser(r.user));
    },
    async erase(tenant, id, erasedEmail) {
      const [r] = await db
        .update(u)
        .set({ email: erasedEmail.toLowerCase(), fullName: "", passwordHash: null, status: "ERASED", mfaEnabled: false, mfaSecretEnc: null, mfaLastStep: null, updatedAt: new Date() })
        .where(and(eq(u.id, id), tf(tenant)))
        .returning();
      if (!r) return null;
      await db.delete(mrc).where(eq(mrc.userId, id));
      return toUser(r);
    },
  };
}
