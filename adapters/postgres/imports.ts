import { and, desc, eq } from "drizzle-orm";
import type { ImportJob, ImportRepo } from "../../src/features/import/ports";
import { schema, type Db } from "./db";

const { importJobs: j, externalRefs: x } = schema;
const toJob = (r: typeof j.$inferSelect): ImportJob => ({ ...r, counts: r.counts as ImportJob["counts"], errors: r.errors as ImportJob["errors"] });

export function createPgImports(db: Db): ImportRepo {
  return {
    async createJob(job) {
      const [r] = await db.insert(j).values(job).returning();
      return toJob(r);
    },
    async listJobs(callerTenantId, limit) {
      return (await db.select().from(j).where(callerTenantId === "any" ? undefined : eq(j.callerTenantId, callerTenantId)).orderBy(desc(j.id)).limit(limit)).map(toJob);
    },
    async findRef(tenantId, kind, externalId) {
      const [r] = await db.select().from(x).where(and(eq(x.tenantId, tenantId), eq(x.kind, kind), eq(x.externalId, externalId)));
      return r ? { entityId: r.entityId, fingerprint: r.fingerprint } : null;
    },
    async putRef(tenantId, kind, externalId, entityId, fingerprint) {
      await db.insert(x).values({ tenantId, kind, externalId, entityId, fingerprint }).onConflictDoUpdate({ target: [x.tenantId, x.kind, x.externalId], set: { entityId, fingerprint } });
    },
  };
}
