/**
 * The audit trail. Each entry also stores `metadataText` (its metadata as Postgres prints jsonb,
 * adapters/shared/jsonb-text.ts), so the `q` filter matches the action or the metadata server-side
 * and finds what Postgres finds with `metadata::text`.
 */
import type { Filter } from "mongodb";
import type { AuditEntry, AuditRepo, NewAuditEntry } from "../../src/features/audit/ports";
import { coll, type Doc, idempotentUpsert, insertDocs, nextIds, regexLiteral, updateDocs, type Ctx } from "./db";
import { jsonbText } from "../shared/jsonb-text";
import { C } from "./schema";

const toEntry = (d: Doc): AuditEntry => ({
  id: d._id,
  tenantId: d.tenantId,
  organizationId: d.organizationId,
  orgPath: d.orgPath,
  userId: d.userId,
  actorId: d.actorId,
  action: d.action,
  ipAddress: d.ipAddress,
  metadata: d.metadata,
  createdAt: d.createdAt,
});

export function createMongoAudit(ctx: Ctx): AuditRepo {
  const c = coll(ctx, C.audit);
  async function appendMany(entries: NewAuditEntry[]): Promise<void> {
    if (!entries.length) return;
    const ids = await nextIds(ctx, C.audit, entries.length);
    await insertDocs(
      ctx,
      C.audit,
      entries.map((e, i) => {
        const metadata = e.metadata ?? {};
        return {
          _id: ids[i],
          tenantId: e.tenantId,
          organizationId: e.organizationId ?? null,
          orgPath: e.orgPath,
          userId: e.userId ?? null,
          actorId: e.actorId ?? null,
          action: e.action,
          ipAddress: e.ipAddress ?? null,
          metadata,
          metadataText: jsonbText(metadata),
          createdAt: e.createdAt ?? new Date(),
        };
      }),
    );
  }
  return {
    append: (e) => appendMany([e]),
    appendMany,
    async count(q) {
      return c.countDocuments({ tenantId: q.tenant, action: q.action, createdAt: { $gte: q.from } });
    },
    async query(q) {
      const parts: Filter<Doc>[] = [{ orgPath: { $regex: `^${regexLiteral(q.orgPath)}` } }];
      if (q.tenant !== "any") parts.push({ tenantId: q.tenant });
      if (q.action) parts.push({ action: q.action });
      if (q.userId !== undefined) parts.push({ userId: q.userId });
      if (q.q) {
        const needle = regexLiteral(q.q);
        parts.push({
          $or: [{ action: { $regex: needle, $options: "i" } }, { metadataText: { $regex: needle, $options: "i" } }],
        });
      }
      if (q.from) parts.push({ createdAt: { $gte: q.from } });
      if (q.to) parts.push({ createdAt: { $lt: q.to } });
      return (await c.find({ $and: parts }).sort({ _id: -1 }).limit(q.size).toArray()).map(toEntry);
    },
    async forUser(userId, limit) {
      return (
        await c
          .find({ $or: [{ userId }, { actorId: userId }] })
          .sort({ _id: -1 })
          .limit(limit)
          .toArray()
      ).map(toEntry);
    },
    async scrubUser(userId) {
      // Keeps ids (entry, org, user, actor) and the action; drops the IP and every metadata value
      // except the actor's id, which is not personal data of the erased user. One update per
      // distinct kept actor id (no per-document expressions without pipeline updates).
      const rows = await c.find({ $or: [{ userId }, { actorId: userId }] }, { projection: { metadata: 1 } }).toArray();
      const groups = new Map<string, { metadata: Record<string, unknown>; ids: number[] }>();
      for (const r of rows) {
        const m = r.metadata && typeof r.metadata === "object" ? r.metadata : {};
        const metadata = "actorId" in m ? { erased: true, actorId: m.actorId } : { erased: true };
        const k = JSON.stringify(metadata);
        const g = groups.get(k) ?? { metadata, ids: [] as number[] };
        g.ids.push(r._id);
        groups.set(k, g);
      }
      for (const { metadata, ids } of groups.values())
        await updateDocs(
          ctx,
          C.audit,
          { _id: { $in: ids } },
          { $set: { ipAddress: null, metadata, metadataText: jsonbText(metadata) } },
          { many: true },
        );
    },
  };
}

/** Marker (in `sequences`) that every audit entry's `metadataText` has the jsonb form. */
const TEXT_FORMAT = { _id: "audit_metadata_text", seq: 2 };

/**
 * Once per database: rewrites `metadataText` of entries written before it took the jsonb form
 * (compact JSON.stringify text), in batches of 500, then sets the marker. Safe to run from several
 * instances at once (each write is the same value).
 */
export async function upgradeAuditText(
  ctx: Ctx,
  log?: (msg: string, fields: Record<string, unknown>) => void,
): Promise<number> {
  const seqs = ctx.db.collection<{ _id: string; seq: number }>(C.sequences);
  if ((await seqs.findOne({ _id: TEXT_FORMAT._id }))?.seq === TEXT_FORMAT.seq) return 0;
  const c = coll(ctx, C.audit);
  let after = -1;
  let done = 0;
  for (;;) {
    const rows = await c
      .find({ _id: { $gt: after } }, { projection: { _id: 1, metadata: 1, metadataText: 1 } })
      .sort({ _id: 1 })
      .limit(500)
      .toArray();
    if (!rows.length) break;
    for (const r of rows) {
      const text = jsonbText(r.metadata ?? {});
      if (r.metadataText !== text) await c.updateOne({ _id: r._id }, { $set: { metadataText: text } });
    }
    done += rows.length;
    after = rows[rows.length - 1]._id;
    if (log && done % 50_000 < 500) log("audit entries' search text upgraded", { done });
  }
  // Several instances may finish the upgrade at once (first starts of a scaled-out deployment).
  await idempotentUpsert(() =>
    seqs.updateOne({ _id: TEXT_FORMAT._id }, { $set: { seq: TEXT_FORMAT.seq } }, { upsert: true }),
  );
  return done;
}
