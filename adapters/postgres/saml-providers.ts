/** SAML service providers on PostgreSQL / PGlite (src/features/saml-providers/ports.ts). */
import { and, asc, eq } from "drizzle-orm";
import type { NameIdFormat, SamlProvider, SamlProviderRepo } from "../../src/features/saml-providers/ports";
import { schema, type Db } from "./db";

const { samlProviders: t } = schema;

const toProvider = (r: typeof t.$inferSelect): SamlProvider => ({
  id: r.id,
  tenantId: r.tenantId,
  applicationId: r.applicationId,
  entityId: r.entityId,
  acsUrls: r.acsUrls,
  nameIdFormat: r.nameIdFormat as NameIdFormat,
  attributes: r.attributes as SamlProvider["attributes"],
  signAuthnRequests: r.signAuthnRequests,
  certificate: r.certificate,
  sloUrl: r.sloUrl,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export function createPgSamlProviders(db: Db): SamlProviderRepo {
  return {
    async create(input, now) {
      const [r] = await db
        .insert(t)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      return toProvider(r);
    },
    async get(tenantId, id) {
      const [r] = await db
        .select()
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
      return r ? toProvider(r) : null;
    },
    async findByEntityId(tenantId, entityId) {
      const [r] = await db
        .select()
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.entityId, entityId)));
      return r ? toProvider(r) : null;
    },
    async listByApplication(tenantId, applicationId) {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.applicationId, applicationId)))
        .orderBy(asc(t.id));
      return rows.map(toProvider);
    },
    async update(tenantId, id, patch, now) {
      const [r] = await db
        .update(t)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)))
        .returning();
      return r ? toProvider(r) : null;
    },
    async delete(tenantId, id) {
      const rows = await db
        .delete(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
