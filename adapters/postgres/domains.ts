/** Verified domains on PostgreSQL / PGlite (src/features/domains/ports.ts). */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DomainRepo, OrgDomain } from "../../src/features/domains/ports";
import { schema, type Db } from "./db";

const { orgDomains: d } = schema;
const toDomain = (r: typeof d.$inferSelect): OrgDomain => ({ ...r });

export function createPgDomains(db: Db): DomainRepo {
  const get = async (tenantId: number, domain: string) => {
    const [r] = await db
      .select()
      .from(d)
      .where(and(eq(d.tenantId, tenantId), eq(d.domain, domain)));
    return r ? toDomain(r) : null;
  };
  return {
    async add(x) {
      const [r] = await db.insert(d).values(x).returning();
      return toDomain(r);
    },
    get,
    async listByOrg(tenantId, organizationId) {
      return (
        await db
          .select()
          .from(d)
          .where(and(eq(d.tenantId, tenantId), eq(d.organizationId, organizationId)))
          .orderBy(asc(d.domain))
      ).map(toDomain);
    },
    async listVerified(tenantId, organizationIds) {
      if (!organizationIds.length) return [];
      return (
        await db
          .select()
          .from(d)
          .where(and(eq(d.tenantId, tenantId), inArray(d.organizationId, organizationIds), eq(d.verified, true)))
          .orderBy(asc(d.domain))
      ).map(toDomain);
    },
    async verifiedBy(domain) {
      const [r] = await db
        .select({ tenantId: d.tenantId })
        .from(d)
        .where(and(eq(d.domain, domain), eq(d.verified, true)));
      return r ? r.tenantId : null;
    },
    async markVerified(tenantId, domain, at) {
      // The partial unique index (org_domains_verified) refuses a second tenant's verification: 23505 → ConflictError.
      const [r] = await db
        .update(d)
        .set({ verified: true, verifiedAt: at })
        .where(and(eq(d.tenantId, tenantId), eq(d.domain, domain), eq(d.verified, false)))
        .returning();
      return r ? toDomain(r) : get(tenantId, domain);
    },
    async remove(tenantId, domain) {
      const rows = await db
        .delete(d)
        .where(and(eq(d.tenantId, tenantId), eq(d.domain, domain)))
        .returning({ domain: d.domain });
      return rows.length > 0;
    },
  };
}
