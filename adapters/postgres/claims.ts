import { and, eq } from "drizzle-orm";
import type { ClaimsMappingRecord, ClaimsRepo } from "../../src/features/claims/ports";
import { schema, type Db } from "./db";

const { claimsMappings: m } = schema;
const toRecord = (r: typeof m.$inferSelect): ClaimsMappingRecord => ({
  organizationId: r.organizationId,
  tenantId: r.tenantId,
  mapping: r.mapping as ClaimsMappingRecord["mapping"],
  enabled: r.enabled,
});

export function createPgClaims(db: Db): ClaimsRepo {
  return {
    async get(tenantId, organizationId) {
      const [r] = await db
        .select()
        .from(m)
        .where(and(eq(m.tenantId, tenantId), eq(m.organizationId, organizationId)));
      return r ? toRecord(r) : null;
    },
    async put(record) {
      const values = {
        ...record,
        mapping: record.mapping as unknown as Record<string, unknown>,
        updatedAt: new Date(),
      };
      const [r] = await db
        .insert(m)
        .values(values)
        .onConflictDoUpdate({
          target: m.organizationId,
          set: { mapping: values.mapping, enabled: values.enabled, updatedAt: values.updatedAt },
        })
        .returning();
      return toRecord(r);
    },
  };
}
