/**
 * Import persistence on MongoDB: jobs, external refs and set-based bulk writes (one find or one
 * insertDocs per kind and batch, never one round trip per row). Ids are allocated up front from the
 * collections' sequences, so rows can point at each other before they are written.
 */
import type { Filter } from "mongodb";
import type { IdKind, ImportJob, ImportRef, ImportRepo } from "../../src/features/import/ports";
import { isFerretDb } from "./atomic";
import { coll, deleteDocs, type Doc, fromDoc, insertDocs, nextId, nextIds, upsertDoc, type Ctx } from "./db";
import { C } from "./schema";

/** Ids per `$in` query: large enough that 100,000 rows are a handful of reads, small enough for one message. */
const BATCH = 10_000;
const SEQUENCES: Record<IdKind, string> = {
  organizations: C.orgs,
  applications: C.apps,
  permissions: C.permissions,
  roles: C.roles,
  users: C.users,
  tenants: C.tenants,
};

const refId = (tenantId: number, kind: string, externalId: string) => `${tenantId}:${kind}:${externalId}`;
const assignmentId = (a: { userId: number; roleId: number; organizationId: number }) =>
  `${a.userId}:${a.roleId}:${a.organizationId}`;

/**
 * FerretDB v1 pushes no filter but a string `_id` equality down to SQLite: every other find scans the
 * collection, testing `$in` against each document linearly (a 10,000-value `$in` over 100,000 users
 * takes ~30 s). Past this many values it is far cheaper there to scan once and match in a JS Set.
 */
const FERRET_IN_MAX = 500;
async function inBatches<T>(rows: T[], work: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await work(rows.slice(i, i + BATCH));
}

export function createMongoImports(ctx: Ctx): ImportRepo {
  /**
   * Documents of `name` within `scope` whose `field` is among `values`, with the given projection: `$in`
   * batches (index-backed on MongoDB), or on FerretDB past FERRET_IN_MAX values one scan of `scope` matched here.
   */
  async function findIn(
    name: string,
    field: string,
    values: unknown[],
    projection: Record<string, 1>,
    scope: Filter<Doc> = {},
  ): Promise<Doc[]> {
    const wanted = new Set(values);
    if (!wanted.size) return [];
    const c = coll(ctx, name);
    if (wanted.size > FERRET_IN_MAX && (await isFerretDb(ctx.db))) {
      return (await c.find(scope, { projection: { ...projection, [field]: 1 } }).toArray()).filter((d) =>
        wanted.has(d[field]),
      );
    }
    const out: Doc[] = [];
    await inBatches([...wanted], async (batch) => {
      out.push(...(await c.find({ ...scope, [field]: { $in: batch } }, { projection }).toArray()));
    });
    return out;
  }

  return {
    async createJob(job) {
      const doc = { _id: await nextId(ctx, C.importJobs), ...job };
      await insertDocs(ctx, C.importJobs, [doc]);
      return fromDoc<ImportJob>(doc)!;
    },
    async listJobs(callerTenantId, limit) {
      const filter = callerTenantId === "any" ? {} : { callerTenantId };
      return (await coll(ctx, C.importJobs).find(filter).sort({ _id: -1 }).limit(limit).toArray()).map(
        (d) => fromDoc<ImportJob>(d)!,
      );
    },
    async findRef(tenantId, kind, externalId) {
      const d = await coll(ctx, C.refs).findOne({ _id: refId(tenantId, kind, externalId) });
      return d ? { entityId: d.entityId as number, fingerprint: d.fingerprint as string } : null;
    },
    async putRef(tenantId, kind, externalId, entityId, fingerprint) {
      await upsertDoc(ctx, C.refs, refId(tenantId, kind, externalId), {
        $set: { tenantId, kind, externalId, entityId, fingerprint },
      });
    },
    async findRefs(tenantId, kind, externalIds) {
      const out = new Map<string, ImportRef>();
      for (const d of await findIn(
        C.refs,
        "_id",
        externalIds.map((e) => refId(tenantId, kind, e)),
        { externalId: 1, entityId: 1, fingerprint: 1 },
        { tenantId, kind },
      ))
        out.set(d.externalId, { externalId: d.externalId, entityId: d.entityId, fingerprint: d.fingerprint });
      return out;
    },
    async putRefs(tenantId, kind, refs) {
      // Replace = delete those that exist, then insert them all (both journaled inside a unit); the last of a repeated externalId wins.
      const latest = new Map(refs.map((r) => [r.externalId, r]));
      const docs = [...latest.values()].map((r) => ({
        _id: refId(tenantId, kind, r.externalId),
        tenantId,
        kind,
        externalId: r.externalId,
        entityId: r.entityId,
        fingerprint: r.fingerprint,
      }));
      const existing = (
        await findIn(
          C.refs,
          "_id",
          docs.map((d) => d._id),
          { _id: 1 },
          { tenantId, kind },
        )
      ).map((d) => d._id as string);
      await inBatches(existing, (ids) => deleteDocs(ctx, C.refs, { _id: { $in: ids } }, { many: true }));
      await insertDocs(ctx, C.refs, docs);
    },
    async allocateIds(kind, n) {
      return nextIds(ctx, SEQUENCES[kind], Math.floor(n));
    },
    async takenEmails(emails) {
      // Emails are stored normalized (lower-case) and the service passes normalized ones: an exact match.
      return new Set((await findIn(C.users, "email", emails, { email: 1 })).map((d) => d.email as string));
    },
    async takenSlugs(tenantId, slugs) {
      return new Map(
        (await findIn(C.orgs, "slug", slugs, { slug: 1 }, { tenantId })).map((d) => [
          d.slug as string,
          d._id as number,
        ]),
      );
    },
    async takenIdentifiers(identifiers) {
      return new Map(
        (await findIn(C.apps, "identifier", identifiers, { identifier: 1 })).map((d) => [
          d.identifier as string,
          d._id as number,
        ]),
      );
    },
    async appCounts(tenantId, orgIds) {
      const out = new Map<number, number>();
      if (!orgIds.length) return out;
      const rows = await coll(ctx, C.apps)
        .aggregate<{ _id: number; n: number }>([
          { $match: { tenantId, organizationId: { $in: [...new Set(orgIds)] } } },
          { $group: { _id: "$organizationId", n: { $sum: 1 } } },
        ])
        .toArray();
      for (const r of rows) out.set(r._id, r.n);
      return out;
    },
    async permissionsOf(applicationIds) {
      if (!applicationIds.length) return [];
      const docs = await coll(ctx, C.permissions)
        .find({ applicationId: { $in: [...new Set(applicationIds)] } }, { projection: { code: 1, applicationId: 1 } })
        .sort({ _id: 1 })
        .toArray();
      return docs.map((d) => ({
        id: d._id as number,
        code: d.code as string,
        applicationId: d.applicationId as number,
      }));
    },
    async roleNames(orgIds) {
      const out = new Map<number, Map<string, number>>();
      for (const d of await findIn(C.roles, "organizationId", orgIds, { organizationId: 1, name: 1 })) {
        if (!out.has(d.organizationId)) out.set(d.organizationId, new Map());
        out.get(d.organizationId)!.set(d.name, d._id);
      }
      return out;
    },
    async insertOrgs(rows) {
      const now = new Date();
      await insertDocs(
        ctx,
        C.orgs,
        rows.map((o) => ({
          _id: o.id,
          tenantId: o.tenantId,
          parentId: o.parentId,
          path: o.path,
          type: o.type,
          name: o.name,
          slug: o.slug,
          status: "ACTIVE",
          expiresAt: null,
          createdAt: now,
          updatedAt: now,
        })),
      );
    },
    async insertApps(rows) {
      const now = new Date();
      await insertDocs(
        ctx,
        C.apps,
        rows.map((a) => ({
          _id: a.id,
          tenantId: a.tenantId,
          organizationId: a.organizationId,
          identifier: a.identifier,
          name: a.name,
          webRefreshTtlDays: null,
          deviceRefreshTtlDays: null,
          googleClientIds: [],
          microsoftClientIds: [],
          isSystem: false,
          createdAt: now,
        })),
      );
    },
    async insertPermissions(rows) {
      await insertDocs(
        ctx,
        C.permissions,
        rows.map((p) => ({
          _id: p.id,
          tenantId: p.tenantId,
          applicationId: p.applicationId,
          code: p.code,
          description: p.description,
        })),
      );
    },
    async insertRoles(rows) {
      // permissionIds deduplicated, as the (role, permission) primary key does on Postgres.
      await insertDocs(
        ctx,
        C.roles,
        rows.map((r) => ({
          _id: r.id,
          tenantId: r.tenantId,
          organizationId: r.organizationId,
          name: r.name,
          description: r.description,
          scope: r.scope,
          permissionIds: [...new Set(r.permissionIds)],
        })),
      );
    },
    async insertUsers(rows) {
      const now = new Date();
      await insertDocs(
        ctx,
        C.users,
        rows.map((u) => ({
          _id: u.id,
          tenantId: u.tenantId,
          organizationId: u.organizationId,
          email: u.email,
          fullName: u.fullName,
          passwordHash: u.passwordHash,
          status: "ACTIVE",
          mfaEnabled: false,
          createdAt: now,
          updatedAt: now,
        })),
      );
    },
    async insertAssignments(rows) {
      // Idempotent: skip assignments that exist (and repeats within the payload); only the new ones are written and counted.
      const now = new Date();
      const wanted = new Map(rows.map((a) => [assignmentId(a), a]));
      const tenants = [...new Set(rows.map((a) => a.tenantId))];
      const have = new Set(
        (await findIn(C.userRoles, "_id", [...wanted.keys()], { _id: 1 }, { tenantId: { $in: tenants } })).map(
          (d) => d._id as string,
        ),
      );
      const docs = [...wanted]
        .filter(([id]) => !have.has(id))
        .map(([id, a]) => ({
          _id: id,
          userId: a.userId,
          roleId: a.roleId,
          organizationId: a.organizationId,
          tenantId: a.tenantId,
          createdAt: now,
        }));
      await insertDocs(ctx, C.userRoles, docs);
      return docs.length;
    },
    async insertSetupTokens(rows) {
      // Same data as the Postgres adapter writes for imported users' setup tokens.
      await insertDocs(
        ctx,
        C.oneTime,
        rows.map((t) => ({
          _id: t.tokenHash,
          kind: "setup",
          tenantId: t.tenantId,
          userId: t.userId,
          data: { invitedBy: "import" },
          attempts: 0,
          expiresAt: t.expiresAt,
          usedAt: null,
        })),
      );
    },
  };
}
