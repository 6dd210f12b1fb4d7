/** Identity-provider connections on PostgreSQL / PGlite (src/features/connections/ports.ts). */
import { and, arrayContains, asc, eq } from "drizzle-orm";
import type { Connection, ConnectionRepo, ConnectionSettings } from "../../src/features/connections/ports";
import { schema, type Db } from "./db";

const { identityProviders: c } = schema;
const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(c.tenantId, tenant));

const toConnection = (r: typeof c.$inferSelect): Connection => ({
  id: r.id,
  tenantId: r.tenantId,
  organizationId: r.organizationId,
  kind: r.kind as Connection["kind"],
  name: r.name,
  enabled: r.enabled,
  domains: r.domains,
  jit: { enabled: r.jitEnabled, roleId: r.jitRoleId },
  oidc: r.oidc ?? null,
  saml: r.saml ?? null,
  ssoRequired: r.ssoRequired,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const columns = (s: ConnectionSettings) => ({
  kind: s.kind,
  name: s.name,
  enabled: s.enabled,
  domains: s.domains,
  jitEnabled: s.jit.enabled,
  jitRoleId: s.jit.roleId,
  oidc: s.oidc,
  saml: s.saml,
  ssoRequired: s.ssoRequired,
});

export function createPgConnections(db: Db): ConnectionRepo {
  return {
    async create(x, at) {
      const [r] = await db
        .insert(c)
        .values({ tenantId: x.tenantId, organizationId: x.organizationId, ...columns(x), createdAt: at, updatedAt: at })
        .returning();
      return toConnection(r);
    },
    async get(tenant, id) {
      const [r] = await db
        .select()
        .from(c)
        .where(and(eq(c.id, id), tf(tenant)));
      return r ? toConnection(r) : null;
    },
    async listByTenant(tenantId) {
      return (await db.select().from(c).where(eq(c.tenantId, tenantId)).orderBy(asc(c.id))).map(toConnection);
    },
    async listByOrg(tenantId, organizationId) {
      return (
        await db
          .select()
          .from(c)
          .where(and(eq(c.tenantId, tenantId), eq(c.organizationId, organizationId)))
          .orderBy(asc(c.id))
      ).map(toConnection);
    },
    async listByDomain(tenantId, domain) {
      return (
        await db
          .select()
          .from(c)
          .where(and(eq(c.tenantId, tenantId), arrayContains(c.domains, [domain])))
          .orderBy(asc(c.id))
      ).map(toConnection);
    },
    async replace(tenantId, id, next, at) {
      const [r] = await db
        .update(c)
        .set({ ...columns(next), updatedAt: at })
        .where(and(eq(c.id, id), eq(c.tenantId, tenantId)))
        .returning();
      return r ? toConnection(r) : null;
    },
    async remove(tenantId, id) {
      const rows = await db
        .delete(c)
        .where(and(eq(c.id, id), eq(c.tenantId, tenantId)))
        .returning({ id: c.id });
      return rows.length > 0;
    },
  };
}
