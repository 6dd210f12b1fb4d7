/** Branding records and logos on MongoDB (mirrors adapters/postgres/branding.ts). */
import { Binary } from "mongodb";
import type { BrandingRecord, BrandingRepo } from "../../src/features/branding/ports";
import { coll, deleteDocs, type Doc, idempotentUpsert, upsertDoc, type Ctx } from "./db";
import { C } from "./schema";

/** `tenant:app` (0 for the tenant's own record). */
const idOf = (tenantId: number, applicationId: number | null) => `${tenantId}:${applicationId ?? 0}`;

const toRecord = (d: Doc | null): BrandingRecord | null =>
  d && {
    tenantId: d.tenantId,
    applicationId: d.applicationId || null,
    displayName: d.displayName ?? null,
    primaryColor: d.primaryColor ?? null,
    supportUrl: d.supportUrl ?? null,
    logoHash: d.logoHash ?? null,
    newDeviceAlert: d.newDeviceAlert ?? null,
    updatedAt: d.updatedAt,
  };

export function createMongoBranding(ctx: Ctx): BrandingRepo {
  const branding = coll(ctx, C.branding);
  const logos = coll(ctx, C.brandingLogos);
  return {
    async get(tenantId, applicationId) {
      return toRecord(await branding.findOne({ _id: idOf(tenantId, applicationId), tenantId }));
    },
    async put(record) {
      const id = idOf(record.tenantId, record.applicationId);
      await idempotentUpsert(() =>
        upsertDoc(ctx, C.branding, id, {
          $set: {
            displayName: record.displayName,
            primaryColor: record.primaryColor,
            supportUrl: record.supportUrl,
            logoHash: record.logoHash,
            newDeviceAlert: record.newDeviceAlert,
            updatedAt: record.updatedAt,
          },
          $setOnInsert: { tenantId: record.tenantId, applicationId: record.applicationId ?? 0 },
        }),
      );
      return toRecord(await branding.findOne({ _id: id }))!;
    },
    async remove(tenantId, applicationId) {
      await deleteDocs(ctx, C.branding, { _id: idOf(tenantId, applicationId), tenantId });
    },
    async putLogo(tenantId, hash, logo) {
      // Content-addressed: a second put of the same hash writes the same bytes again.
      await idempotentUpsert(() =>
        upsertDoc(ctx, C.brandingLogos, `${tenantId}:${hash}`, {
          $setOnInsert: {
            tenantId,
            hash,
            contentType: logo.contentType,
            data: new Binary(logo.bytes),
            createdAt: new Date(),
          },
        }),
      );
    },
    async getLogo(tenantId, hash) {
      const d = await logos.findOne({ _id: `${tenantId}:${hash}`, tenantId });
      if (!d) return null;
      const data = d.data as Binary;
      return { contentType: d.contentType, bytes: new Uint8Array(data.buffer) };
    },
  };
}
