/**
 * The MongoDB adapter's core: the connection context every repository works on, numeric ids from
 * an atomic counters collection, and the journaled writes that make a unit of work all-or-nothing
 * without multi-document transactions (docs/decisions.md, "Units of work on MongoDB").
 *
 * Every write a repository makes goes through `insertDocs`, `updateDocs`, `upsertDoc`, `modifyOne`
 * or `deleteDocs`. Outside a unit they are plain single-statement writes. Inside a unit each first
 * appends its undo record (the ids it will insert, or the before-images of the documents it will
 * change or delete) to the unit's journal document, then writes. The unit commits by marking the
 * journal `committed` (one single-document write: the decision), then finishing (outbox rows made
 * claimable) and deleting the journal. A unit that throws is undone at once; one whose process died
 * is undone by `recover()` once its lease has passed, or finished if it had committed.
 */
import type { Collection, Db, Document, Filter, UpdateFilter } from "mongodb";
import { randomToken } from "../../src/kernel/secrets";
import { exclusive } from "./atomic";

/** One undo record: ids to delete (the unit inserted them) or images to put back (it changed them). */
export interface UndoRecord {
  c: string;
  /** The inserted rows carry UNIT_MARK (cleared when the unit commits). */
  m?: true;
  del?: unknown[];
  put?: Document[];
}

/** Marker on outbox rows written inside a unit: not claimable until the unit commits. */
export const UNIT_MARK = "_unit";

export const JOURNAL = "_units";

/** The journal of one running unit; its document is created by the unit's first write. */
export class UnitJournal {
  readonly id = `u_${randomToken(12)}`;
  private started = false;
  /** Collections that received rows carrying UNIT_MARK (cleared at commit). */
  readonly marked = new Set<string>();
  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly leaseMs: number,
  ) {}

  get hasWrites() {
    return this.started;
  }

  /** Appends an undo record (and renews the lease) before the write it describes is made. */
  async log(entry: UndoRecord): Promise<void> {
    const leaseUntil = new Date(Date.now() + this.leaseMs);
    const journal = this.db.collection(JOURNAL);
    if (!this.started) {
      await journal.insertOne({ _id: this.id as never, name: this.name, startedAt: new Date(), leaseUntil, committed: false, undo: [entry] });
      this.started = true;
    } else {
      await journal.updateOne({ _id: this.id as never }, { $push: { undo: entry as never }, $set: { leaseUntil } });
    }
  }
}

/** What a repository works on: the database and, inside a unit, the unit's journal. */
export interface Ctx {
  db: Db;
  unit: UnitJournal | null;
}

/** A stored document: `_id` is a number (sequenced ids) or a string (natural keys). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = any;

export const coll = <T extends Document = Doc>(ctx: Ctx, name: string): Collection<T> => ctx.db.collection<T>(name);

/** `n` fresh ids of the sequence `kind` (ascending, never reused; ids of an undone unit are a gap, as on Postgres). */
export async function nextIds(ctx: Ctx, kind: string, n = 1): Promise<number[]> {
  if (n <= 0) return [];
  // $inc is atomic on MongoDB; FerretDB v1 needs the per-key lock (atomic.ts).
  const r = await exclusive(ctx, `sequence:${kind}`, () =>
    ctx.db.collection<{ _id: string; seq: number }>("sequences").findOneAndUpdate({ _id: kind }, { $inc: { seq: n } }, { upsert: true, returnDocument: "after" }),
  );
  const last = r!.seq;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

export const nextId = async (ctx: Ctx, kind: string) => (await nextIds(ctx, kind, 1))[0];

/** Inserts documents (each with its own `_id`). Inside a unit, their ids are journaled first. */
export async function insertDocs(ctx: Ctx, name: string, docs: Document[], opts: { mark?: boolean } = {}): Promise<void> {
  if (!docs.length) return;
  let rows = docs;
  if (ctx.unit) {
    await ctx.unit.log(opts.mark ? { c: name, m: true, del: docs.map((d) => d._id) } : { c: name, del: docs.map((d) => d._id) });
    if (opts.mark) {
      ctx.unit.marked.add(name);
      const id = ctx.unit.id;
      rows = docs.map((d) => ({ ...d, [UNIT_MARK]: id }));
    }
  }
  // Ordered in batches: a duplicate key stops at the first offender and is reported as a conflict.
  for (let i = 0; i < rows.length; i += 10_000) await ctx.db.collection<Doc>(name).insertMany(rows.slice(i, i + 10_000) as Doc[], { ordered: true });
}

async function imagesOf(ctx: Ctx, name: string, filter: Filter<Doc>, many: boolean): Promise<Document[]> {
  return ctx.db.collection<Doc>(name).find(filter, many ? {} : { limit: 1 }).toArray();
}

/** updateOne / updateMany; returns how many documents matched. Inside a unit, before-images are journaled first. */
export async function updateDocs(ctx: Ctx, name: string, filter: Filter<Doc>, update: UpdateFilter<Doc>, opts: { many?: boolean } = {}): Promise<number> {
  const c = ctx.db.collection<Doc>(name);
  if (!ctx.unit) return (opts.many ? await c.updateMany(filter, update) : await c.updateOne(filter, update)).matchedCount;
  const images = await imagesOf(ctx, name, filter, !!opts.many);
  if (!images.length) return 0;
  await ctx.unit.log({ c: name, put: images });
  return (await c.updateMany({ $and: [filter, { _id: { $in: images.map((d) => d._id) } }] }, update)).matchedCount;
}

/** Update-or-insert of the document `_id`. Inside a unit, its before-image (or its absence) is journaled first. */
export async function upsertDoc(ctx: Ctx, name: string, id: unknown, update: UpdateFilter<Doc>): Promise<void> {
  const c = ctx.db.collection<Doc>(name);
  if (ctx.unit) {
    const [image] = await imagesOf(ctx, name, { _id: id as never }, false);
    await ctx.unit.log(image ? { c: name, put: [image] } : { c: name, del: [id] });
  }
  await c.updateOne({ _id: id as never }, update, { upsert: true });
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
  const c = ctx.db.collection<Doc>(name);
  const options = { returnDocument: opts.returnDocument ?? "after", ...(opts.sort ? { sort: opts.sort } : {}) } as const;
  if (!ctx.unit) return c.findOneAndUpdate(filter, update, options);
  const image = await c.findOne(filter, opts.sort ? { sort: opts.sort } : {});
  if (!image) return null;
  await ctx.unit.log({ c: name, put: [image] });
  return c.findOneAndUpdate({ $and: [filter, { _id: image._id }] }, update, options);
}

/** deleteOne / deleteMany; returns how many were deleted. Inside a unit, the images are journaled first. */
export async function deleteDocs(ctx: Ctx, name: string, filter: Filter<Doc>, opts: { many?: boolean } = {}): Promise<number> {
  const c = ctx.db.collection<Doc>(name);
  if (!ctx.unit) return (opts.many ? await c.deleteMany(filter) : await c.deleteOne(filter)).deletedCount;
  const images = await imagesOf(ctx, name, filter, !!opts.many);
  if (!images.length) return 0;
  await ctx.unit.log({ c: name, put: images });
  return (await c.deleteMany({ _id: { $in: images.map((d) => d._id) } })).deletedCount;
}

/** Applies a journal's undo records, newest first. Idempotent: safe to repeat after a crash. */
export async function undo(db: Db, records: UndoRecord[]): Promise<void> {
  for (const r of [...records].reverse()) {
    const c = db.collection<Doc>(r.c);
    if (r.del?.length) await c.deleteMany({ _id: { $in: r.del as never[] } });
    for (const image of r.put ?? []) await c.replaceOne({ _id: image._id }, image, { upsert: true });
  }
}

/** Finishes a committed unit: clears the outbox marks (rows become claimable), then drops the journal. */
export async function finish(db: Db, id: string, marked: Iterable<string>): Promise<void> {
  for (const name of marked) await db.collection<Doc>(name).updateMany({ [UNIT_MARK]: id }, { $unset: { [UNIT_MARK]: "" } });
  await db.collection<Doc>(JOURNAL).deleteOne({ _id: id });
}

/** Strips `_id` (→ `id`) and adapter-private fields from a stored document. */
export function fromDoc<T>(d: Document | null | undefined, idField: string | null = "id"): T | null {
  if (!d) return null;
  const { _id, [UNIT_MARK]: _mark, ...rest } = d;
  return (idField ? { [idField]: _id, ...rest } : rest) as T;
}

/** Escapes a string for use inside a regular expression (literal match). */
export const regexLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
