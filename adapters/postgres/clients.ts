import { and, asc, eq } from "drizzle-orm";
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
  createdAt: r.createdAt,
});

export function createPgClients(db: Db): ClientRepo {
  return {
    async create(client) {
      const [r] = await db.insert(c).values(client).returning();
      return toClient(r);
    },
    async findByClientId(clientId) {
      const [r] = await db.select().from(c).where(eq(c.clientId, clientId));
      return r ? toClient(r) : null;
    },
    async listByOrg(tenant, orgId) {
      return (
        await db
          .select()
          .from(c)
          .where(and(tenant === "any" ? undefined : eq(c.tenantId, tenant), eq(c.organizationId, orgId)))
          .orderBy(asc(c.id))
      ).map(toClient);
    },
  };
}
