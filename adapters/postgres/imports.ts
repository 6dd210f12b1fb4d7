/**
 * Import persistence: jobs, external refs and set-based bulk writes (batches of BATCH rows, one
 * statement each). Ids are allocated from the tables' own sequences up front, so rows can point at
 * each other before they are written.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { IdKind, ImportJob, ImportRef, ImportRepo } from "../../src/features/import/ports";
import { rowsOf, schema, type Db } from "./db";

const {
  importJobs: j,
  externalRefs: x,
  users: u,
  organizations: o,
  applications: a,
  permissions: p,
  roles: r,
  rolePermissions: rp,
  userRoles: ur,
  oneTimeTokens: ott,
} = schema;
const toJob = (row: typeof j.$inferSelect): ImportJob => ({
  ...row,
  counts: row.counts as ImportJob["counts"],
  errors: row.errors as ImportJob["errors"],
});
const BATCH = 2000;
const TABLES: Record<IdKind, string> = {
  organizations: "organizations",
  applications: "applications",
  permissions: "permissions",
  roles: "roles",
  users: "users",
  tenants: "tenants",
};

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

export function createPgImports(db: Db): ImportRepo {
  return {
    async createJob(job) {
      const [row] = await db.insert(j).values(job).returning();
      return toJob(row);
    },
    async listJobs(callerTenantId, limit) {
      return (
        await db
          .select()
          .from(j)
          .where(callerTenantId === "any" ? undefined : eq(j.callerTenantId, callerTenantId))
          .orderBy(desc(j.id))
          .limit(limit)
      ).map(toJob);
    },
    async findRef(tenantId, kind, externalId) {
      const [row] = await db
        .select()
        .from(x)
        .where(and(eq(x.tenantId, tenantId), eq(x.kind, kind), eq(x.externalId, externalId)));
      return row ? { entityId: row.entityId, fingerprint: row.fingerprint } : null;
    },
    async putRef(tenantId, kind, externalId, entityId, fingerprint) {
      await db
        .insert(x)
        .values({ tenantId, kind, externalId, entityId, fingerprint })
        .onConflictDoUpdate({ target: [x.tenantId, x.kind, x.externalId], set: { entityId, fingerprint } });
    },
    async findRefs(tenantId, kind, externalIds) {
      const out = new Map<string, ImportRef>();
      await inBatches([...new Set(externalIds)], async (batch) => {
        for (const row of await db
          .select()
          .from(x)
          .where(and(eq(x.tenantId, tenantId), eq(x.kind, kind), inArray(x.externalId, batch))))
          out.set(row.externalId, { externalId: row.externalId, entityId: row.entityId, fingerprint: row.fingerprint });
      });
      return out;
    },
    async putRefs(tenantId, kind, refs) {
      await inBatches(refs, (batch) =>
        db
          .insert(x)
          .values(batch.map((ref) => ({ tenantId, kind, ...ref })))
          .onConflictDoUpdate({
            target: [x.tenantId, x.kind, x.externalId],
            set: { entityId: sql`excluded.entity_id`, fingerprint: sql`excluded.fingerprint` },
          }),
      );
    },
    async allocateIds(kind, n) {
      if (n <= 0) return [];
      const table = TABLES[kind];
      const res = await db.execute(
        sql.raw(
          `select nextval(pg_get_serial_sequence('${table}', 'id'))::bigint as id from generate_series(1, ${Math.floor(n)})`,
        ),
      );
      return rowsOf(res).map((row) => Number(row.id));
    },
    async takenEmails(emails) {
      const out = new Set<string>();
      await inBatches([...new Set(emails)], async (batch) => {
        for (const row of await db.select({ email: u.email }).from(u).where(inArray(u.email, batch)))
          out.add(row.email);
      });
      return out;
    },
    async takenSlugs(tenantId, slugs) {
      const out = new Map<string, number>();
      await inBatches([...new Set(slugs)], async (batch) => {
        for (const row of await db
          .select({ slug: o.slug, id: o.id })
          .from(o)
          .where(and(eq(o.tenantId, tenantId), inArray(o.slug, batch))))
          out.set(row.slug, row.id);
      });
      return out;
    },
    async takenIdentifiers(identifiers) {
      const out = new Map<string, number>();
      await inBatches([...new Set(identifiers)], async (batch) => {
        for (const row of await db
          .select({ identifier: a.identifier, id: a.id })
          .from(a)
          .where(inArray(a.identifier, batch)))
          out.set(row.identifier, row.id);
      });
      return out;
    },
    async appCounts(tenantId, orgIds) {
      const out = new Map<number, number>();
      if (!orgIds.length) return out;
      for (const row of await db
        .select({ org: a.organizationId, n: count() })
        .from(a)
        .where(and(eq(a.tenantId, tenantId), inArray(a.organizationId, orgIds)))
        .groupBy(a.organizationId))
        out.set(row.org, Number(row.n));
      return out;
    },
    async permissionsOf(applicationIds) {
      if (!applicationIds.length) return [];
      return db
        .select({ id: p.id, code: p.code, applicationId: p.applicationId })
        .from(p)
        .where(inArray(p.applicationId, applicationIds));
    },
    async roleNames(orgIds) {
      const out = new Map<number, Map<string, number>>();
      await inBatches([...new Set(orgIds)], async (batch) => {
        for (const row of await db
          .select({ org: r.organizationId, name: r.name, id: r.id })
          .from(r)
          .where(inArray(r.organizationId, batch))) {
          if (!out.has(row.org)) out.set(row.org, new Map());
          out.get(row.org)!.set(row.name, row.id);
        }
      });
      return out;
    },
    async insertOrgs(rows) {
      await inBatches(rows, (batch) => db.insert(o).values(batch));
    },
    async insertApps(rows) {
      await inBatches(rows, (batch) => db.insert(a).values(batch));
    },
    async insertPermissions(rows) {
      await inBatches(rows, (batch) => db.insert(p).values(batch));
    },
    async insertRoles(rows) {
      await inBatches(rows, (batch) => db.insert(r).values(batch.map(({ permissionIds: _, ...role }) => role)));
      await inBatches(
        rows.flatMap((role) => role.permissionIds.map((permissionId) => ({ roleId: role.id, permissionId }))),
        (batch) => db.insert(rp).values(batch).onConflictDoNothing(),
      );
    },
    async insertUsers(rows) {
      await inBatches(rows, (batch) => db.insert(u).values(batch));
    },
    async insertAssignments(rows) {
      let written = 0;
      await inBatches(rows, async (batch) => {
        written += (await db.insert(ur).values(batch).onConflictDoNothing().returning({ userId: ur.userId })).length;
      });
      return written;
    },
    async insertSetupTokens(rows) {
      await inBatches(rows, (batch) =>
        db.insert(ott).values(batch.map((t) => ({ ...t, kind: "setup", data: { invitedBy: "import" }, attempts: 0 }))),
      );
    },
  };
}
