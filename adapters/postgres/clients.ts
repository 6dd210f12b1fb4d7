import { and, asc, count, eq } from "drizzle-orm";
import type { ApiClient, ClientRepo } from "../../src/features/clients/ports";
import { schema, type Db } from "./db";

const { apiClients: c } = schema;
const toClient = (r: typeof c.$inferSelect): ApiClient => ({
  clientId: r.clientId,
  tenantId: r.tenantId,
  organizationId: r.organizationId,
  applicationId: r.applicationId,
  name: r.name,
  secretHash: r.secretHash,
  scopes: r.scopes,
  type: r.type,
  grantTypes: r.grantTypes,
  redirectUris: r.redirectUris,
  postLogoutRedirectUris: r.postLogoutRedirectUris,
  backchannelLogoutUri: r.backchannelLogoutUri,
  firstParty: r.firstParty,
  requirePkce: r.requirePkce,
  createdAt: r.createdAt,
});

export function createPgClients(db: Db): ClientRepo {
  const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(c.tenantId, tenant));
  return {
    async create(client) {
      const [r] = await db.insert(c).values(client).returning();
      return toClient(r);
    },
    async findByClientId(clientId) {
      const [r] = await db.select().from(c).where(eq(c.clientId, clientId));
      return r ? toClient(r) : null;
    },
    async get(tenant, clientId) {
      const [r] = await db
        .select()
        .from(c)
        .where(and(eq(c.clientId, clientId), tf(tenant)));
      return r ? toClient(r) : null;
    },
    async countByTenant(tenantId) {
      const [r] = await db.select({ n: count() }).from(c).where(eq(c.tenantId, tenantId));
      return Number(r.n);
    },
    async listByOrg(tenant, orgId) {
      return (
        await db
          .select()
          .from(c)
          .where(and(tf(tenant), eq(c.organizationId, orgId)))
          .orderBy(asc(c.id))
      ).map(toClient);
    },
    async update(tenant, clientId, patch) {
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const where = and(eq(c.clientId, clientId), eq(c.tenantId, tenant));
      if (!Object.keys(set).length) {
        const [r] = await db.select().from(c).where(where);
        return r ? toClient(r) : null;
      }
      const [r] = await db.update(c).set(set).where(where).returning();
      return r ? toClient(r) : null;
    },
  };
}
