import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Application, AppRepo, Permission } from "../../src/features/apps/ports";
import { schema, type Db } from "./db";

const { applications: a, permissions: p, rolePermissions: rp, organizations: o } = schema;
const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(a.tenantId, tenant));
const toApp = (r: typeof a.$inferSelect): Application => ({ ...r });
const toPerm = (r: typeof p.$inferSelect): Permission => ({ ...r });

export function createPgApps(db: Db): AppRepo {
  return {
    async create(input) {
      const [r] = await db.insert(a).values(input).returning();
      return toApp(r);
    },
    async createWithinQuota(input, limit) {
      return db.transaction(async (tx) => {
        // Serializes creators of one org: the count and the insert see the same state.
        await tx
          .select({ id: o.id })
          .from(o)
          .where(and(eq(o.id, input.organizationId), eq(o.tenantId, input.tenantId)))
          .for("update");
        const [c] = await tx
          .select({ n: count() })
          .from(a)
          .where(and(eq(a.tenantId, input.tenantId), eq(a.organizationId, input.organizationId)));
        if (Number(c.n) >= limit) return null;
        const [r] = await tx.insert(a).values(input).returning();
        return toApp(r);
      });
    },
    async listByOrgs(tenant, orgIds) {
      if (!orgIds.length) return [];
      return (
        await db
          .select()
          .from(a)
          .where(and(tf(tenant), inArray(a.organizationId, orgIds)))
          .orderBy(asc(a.id))
      ).map(toApp);
    },
    async get(tenant, id) {
      const [r] = await db
        .select()
        .from(a)
        .where(and(eq(a.id, id), tf(tenant)));
      return r ? toApp(r) : null;
    },
    async findByIdentifier(identifier) {
      const [r] = await db.select().from(a).where(eq(a.identifier, identifier));
      return r ? toApp(r) : null;
    },
    async system() {
      const [r] = await db.select().from(a).where(eq(a.isSystem, true)).orderBy(asc(a.id)).limit(1);
      return r ? toApp(r) : null;
    },
    async update(tenant, id, patch) {
      const [r] = await db
        .update(a)
        .set(patch)
        .where(and(eq(a.id, id), tf(tenant)))
        .returning();
      return r ? toApp(r) : null;
    },
    async listByOrg(tenant, orgId) {
      return (
        await db
          .select()
          .from(a)
          .where(and(tf(tenant), eq(a.organizationId, orgId)))
          .orderBy(asc(a.id))
      ).map(toApp);
    },
    async countByOrg(tenant, orgId) {
      const [r] = await db
        .select({ n: count() })
        .from(a)
        .where(and(tf(tenant), eq(a.organizationId, orgId)));
      return Number(r.n);
    },
    async countByTenant(tenantId) {
      const [r] = await db.select({ n: count() }).from(a).where(eq(a.tenantId, tenantId));
      return Number(r.n);
    },
    async createPermission(input) {
      const [r] = await db.insert(p).values(input).returning();
      return toPerm(r);
    },
    async listPermissions(tenant, applicationId) {
      const where = and(eq(p.applicationId, applicationId), tenant === "any" ? undefined : eq(p.tenantId, tenant));
      return (await db.select().from(p).where(where).orderBy(asc(p.id))).map(toPerm);
    },
    async deletePermission(tenant, applicationId, permissionId) {
      const where = and(
        eq(p.id, permissionId),
        eq(p.applicationId, applicationId),
        tenant === "any" ? undefined : eq(p.tenantId, tenant),
      );
      const [r] = await db.select({ id: p.id }).from(p).where(where);
      if (!r) return false;
      await db.delete(rp).where(eq(rp.permissionId, permissionId));
      await db.delete(p).where(eq(p.id, permissionId));
      return true;
    },
    async permissionsByIds(ids) {
      if (!ids.length) return [];
      return (await db.select().from(p).where(inArray(p.id, ids))).map(toPerm);
    },
    async permissionsByCodes(applicationIds, codes) {
      if (!applicationIds.length || !codes.length) return [];
      return (
        await db
          .select()
          .from(p)
          .where(and(inArray(p.applicationId, applicationIds), inArray(p.code, codes)))
          .orderBy(asc(p.id))
      ).map(toPerm);
    },
  };
}
