/** Custom token-claims mappings on MongoDB (mirrors adapters/postgres/claims.ts): one document per owning org. */
import type { ClaimsMappingRecord, ClaimsRepo } from "../../src/features/claims/ports";
import { coll, type Doc, upsertDoc, type Ctx } from "./db";
import { C } from "./schema";

const toRecord = (d: Doc | null): ClaimsMappingRecord | null =>
  d && {
    organizationId: d._id,
    tenantId: d.tenantId,
    mapping: d.mapping as ClaimsMappingRecord["mapping"],
    enabled: d.enabled,
  };

export function createMongoClaims(ctx: Ctx): ClaimsRepo {
  const claims = coll(ctx, C.claims);
  return {
    async get(tenantId, organizationId) {
      return toRecord(await claims.findOne({ _id: organizationId, tenantId }));
    },
    async put(record) {
      // As the SQL upsert: the owning tenant is written once, mapping and flag are replaced.
      await upsertDoc(ctx, C.claims, record.organizationId, {
        $set: { mapping: record.mapping, enabled: record.enabled },
        $setOnInsert: { tenantId: record.tenantId },
      });
      return toRecord(await claims.findOne({ _id: record.organizationId }))!;
    },
  };
}
