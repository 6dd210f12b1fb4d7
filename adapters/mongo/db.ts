/**
 * The MongoDB adapter's core: the connection context every repository works on, numeric ids from
 * an atomic sequences collection, and the journaled writes that make a unit of work all-or-nothing
 * without multi-document transactions (docs/decisions.md, "Units of work on MongoDB"; journal.ts).
 *
 * Every write a repository makes goes through `insertDocs`, `updateDocs`, `upsertDoc`, `modifyOne`
 * or `deleteDocs`. Outside a unit they are plain single-statement writes. Inside a unit each first
 * stores its undo record (the ids it will insert, or the before-images of the documents it will
 * change or delete), then writes; rows it inserts carry the unit's id. On FerretDB v1, whose updates
 * are read-modify-write, writers of one collection take turns (atomic.ts).
 */
import type { Collection, Db, Document, Filter, UpdateFilter } from "mongodb";
import { exclusive } from "./atomic";
import { INSERTED_BY, UNIT_MARK, type UnitJournal } from "./journal";

export { INSERTED_BY, JOURNAL, UNIT_MARK, UnitJournal, type UndoRecord } from "./journal";

/** What a repository works on: the database and, inside a unit, the unit's journal. */
export interface Ctx {
  db: Db;
  unit: UnitJournal | null;
}

/** A stored document: `_id` is a number (sequenced ids) or a string (natural keys). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = any;

export const coll = <T extends Document = Doc>(ctx: Ctx, name: string): Collection<T> => ctx.db.collection<T>(name);

/**
 * Runs an idempotent upsert, once more if it lost a race: two upserts of one `_id` that both find
 * no document may both try to insert it, and the loser fails with a duplicate key (E11000, on
 * MongoDB and FerretDB alike) though the document it wanted now exists. Its second try updates it.
 */
export async function idempotentUpsert<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if ((e as { code?: number })?.code !== 11000) throw e;
    return write();
  }
}

/** `n` fresh ids of the sequence `kind` (ascending, never reused; ids of an undone unit are a gap, as on Postgres). */
export async function nextIds(ctx: Ctx, kind: string, n = 1): Promise<number[]> {
  if (n <= 0) return [];
  // $inc is atomic on MongoDB; FerretDB v1 needs the per-key lock (atomic.ts).
  const r = await exclusive(ctx, `sequence:${kind}`, () =>
    ctx.db
      .collection<{ _id: string; seq: number }>("sequences")
      .findOneAndUpdate({ _id: kind }, { $inc: { seq: n } }, { upsert: true, returnDocument: "after" }),
  );
  const last = r!.seq;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

export const nextId = async (ctx: Ctx, kind: string) => (await nextIds(ctx, kind, 1))[0];

/** Inserts documents (each with its own `_id`). Inside a unit, their ids are journaled first. */
export async function insertDocs(
  ctx: Ctx,
  name: string,
  docs: Document[],
  opts: { mark?: boolean } = {},
): Promise<void> {
  if (!docs.length) return;
  let rows = docs;
  if (ctx.unit) {
    await ctx.unit.log(
      opts.mark ? { c: name, m: true, del: docs.map((d) => d._id) } : { c: name, del: docs.map((d) => d._id) },
    );
    const id = ctx.unit.id;
    if (opts.mark) ctx.unit.marked.add(name);
    rows = docs.map((d) => (opts.mark ? { ...d, [INSERTED_BY]: id, [UNIT_MARK]: id } : { ...d, [INSERTED_BY]: id }));
  }
  // Ordered in batches: a duplicate key stops at the first offender and is reported as a conflict.
  for (let i = 0; i < rows.length; i += 10_000)
    await ctx.db.collection<Doc>(name).insertMany(rows.slice(i, i + 10_000) as Doc[], { ordered: true });
}

async function imagesOf(ctx: Ctx, name: string, filter: Filter<Doc>, many: boolean): Promise<Document[]> {
  return ctx.db
    .collection<Doc>(name)
    .find(filter, many ? {} : { limit: 1 })
    .toArray();
}

/** updateOne / updateMany; returns how many documents matched. Inside a unit, before-images are journaled first. */
export async function updateDocs(
  ctx: Ctx,
  name: string,
  filter: Filter<Doc>,
  update: UpdateFilter<Doc>,
  opts: { many?: boolean } = {},
): Promise<number> {
  // FerretDB v1 applies updates by read-modify-write: writers of one collection take turns there (atomic.ts).
  return exclusive(ctx, `collection:${name}`, async () => {
    const c = ctx.db.collection<Doc>(name);
    if (!ctx.unit)
      return (opts.many ? await c.updateMany(filter, update) : await c.updateOne(filter, update)).matchedCount;
    const images = await imagesOf(ctx, name, filter, !!opts.many);
    if (!images.length) return 0;
    await ctx.unit.log({ c: name, put: images });
    return (await c.updateMany({ $and: [filter, { _id: { $in: images.map((d) => d._id) } }] }, update)).matchedCount;
  });
}

/** Update-or-insert of the document `_id`. Inside a unit, its before-image (or its absence) is journaled first. */
export async function upsertDoc(ctx: Ctx, name: string, id: unknown, update: UpdateFilter<Doc>): Promise<void> {
  // FerretDB v1 applies updates by read-modify-write: writers of one collection take turns there (atomic.ts).
  return exclusive(ctx, `collection:${name}`, async () => {
    const c = ctx.db.collection<Doc>(name);
    let change = update;
    if (ctx.unit) {
      const [image] = await imagesOf(ctx, name, { _id: id as never }, false);
      await ctx.unit.log(image ? { c: name, put: [image] } : { c: name, del: [id] });
      // A document this upsert creates is the unit's own: undo may delete it.
      change = { ...update, $setOnInsert: { ...(update.$setOnInsert ?? {}), [INSERTED_BY]: ctx.unit.id } };
    }
    await c.updateOne({ _id: id as never }, change, { upsert: true });
  });
}

/**
 * findOneAndUpdate (conditional single-document step). Returns the document before or after the
 * change, or null when nothing matched. Inside a unit, the before-image is journaled first.
 */
export async function modifyOne(
  ctx: Ctx,
  name: string,
  filter: Filter<Doc>,
  update: UpdateFilter<Doc>,
  opts: { returnDocument?: "before" | "after"; sort?: Document } = {},
): Promise<Document | null> {
  // FerretDB v1 applies updates by read-modify-write: writers of one collection take turns there (atomic.ts).
  return exclusive(ctx, `collection:${name}`, async () => {
    const c = ctx.db.collection<Doc>(name);
    const options = {
      returnDocument: opts.returnDocument ?? "after",
      ...(opts.sort ? { sort: opts.sort } : {}),
    } as const;
    if (!ctx.unit) return c.findOneAndUpdate(filter, update, options);
    const image = await c.findOne(filter, opts.sort ? { sort: opts.sort } : {});
    if (!image) return null;
    await ctx.unit.log({ c: name, put: [image] });
    return c.findOneAndUpdate({ $and: [filter, { _id: image._id }] }, update, options);
  });
}

/** deleteOne / deleteMany; returns how many were deleted. Inside a unit, the images are journaled first. */
export async function deleteDocs(
  ctx: Ctx,
  name: string,
  filter: Filter<Doc>,
  opts: { many?: boolean } = {},
): Promise<number> {
  // FerretDB v1 applies updates by read-modify-write: writers of one collection take turns there (atomic.ts).
  return exclusive(ctx, `collection:${name}`, async () => {
    const c = ctx.db.collection<Doc>(name);
    if (!ctx.unit) return (opts.many ? await c.deleteMany(filter) : await c.deleteOne(filter)).deletedCount;
    const images = await imagesOf(ctx, name, filter, !!opts.many);
    if (!images.length) return 0;
    await ctx.unit.log({ c: name, put: images });
    return (await c.deleteMany({ _id: { $in: images.map((d) => d._id) } })).deletedCount;
  });
}

/** Strips `_id` (→ `id`) and adapter-private fields from a stored document. */
export function fromDoc<T>(d: Document | null | undefined, idField: string | null = "id"): T | null {
  if (!d) return null;
  const { _id, [UNIT_MARK]: _mark, [INSERTED_BY]: _ins, ...rest } = d;
  return (idField ? { [idField]: _id, ...rest } : rest) as T;
}

/** Escapes a string for use inside a regular expression (literal match). */
export const regexLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
