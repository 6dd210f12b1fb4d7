/** Branding records and logos on PostgreSQL / PGlite (src/features/branding/ports.ts). */
import { and, eq } from "drizzle-orm";
import type { BrandingRecord, BrandingRepo } from "../../src/features/branding/ports";
import { schema, type Db } from "./db";

const { branding: b, brandingLogos: l } = schema;

const toRecord = (r: typeof b.$inferSelect): BrandingRecord => ({
  tenantId: r.tenantId,
  applicationId: r.applicationId === 0 ? null : r.applicationId,
  displayName: r.displayName,
  primaryColor: r.primaryColor,
  supportUrl: r.supportUrl,
  logoHash: r.logoHash,
  newDeviceAlert: r.newDeviceAlert,
  updatedAt: r.updatedAt,
});

export function createPgBranding(db: Db): BrandingRepo {
  return {
    async get(tenantId, applicationId) {
      const [r] = await db
        .select()
        .from(b)
        .where(and(eq(b.tenantId, tenantId), eq(b.applicationId, applicationId ?? 0)));
      return r ? toRecord(r) : null;
    },
    async put(record) {
      const values = {
        tenantId: record.tenantId,
        applicationId: record.applicationId ?? 0,
        displayName: record.displayName,
        primaryColor: record.primaryColor,
        supportUrl: record.supportUrl,
        logoHash: record.logoHash,
        newDeviceAlert: record.newDeviceAlert,
        updatedAt: record.updatedAt,
      };
      const { tenantId: _t, applicationId: _a, ...set } = values;
      const [r] = await db
        .insert(b)
        .values(values)
        .onConflictDoUpdate({ target: [b.tenantId, b.applicationId], set })
        .returning();
      return toRecord(r);
    },
    async remove(tenantId, applicationId) {
      await db.delete(b).where(and(eq(b.tenantId, tenantId), eq(b.applicationId, applicationId)));
    },
    async putLogo(tenantId, hash, logo) {
      await db
        .insert(l)
        .values({ tenantId, hash, contentType: logo.contentType, data: Buffer.from(logo.bytes).toString("base64") })
        .onConflictDoNothing();
    },
    async getLogo(tenantId, hash) {
      const [r] = await db
        .select()
        .from(l)
        .where(and(eq(l.tenantId, tenantId), eq(l.hash, hash)));
      return r ? { contentType: r.contentType, bytes: new Uint8Array(Buffer.from(r.data, "base64")) } : null;
    },
  };
}
