/**
 * The unit-of-work journal on MongoDB (docs/decisions.md, "Units of work on MongoDB").
 *
 *   _units      { _id: unit id, name, holder, startedAt, leaseUntil, committed }   one per running unit
 *   _unit_undo  { _id: "unit:seq", unit, seq, c, m?, del?, put? }                 its undo records
 *
 * Each undo record is its own document (an insert, atomic everywhere, and no 16 MiB ceiling on a
 * unit: large image lists are split into records of at most RECORD_ITEMS). Rows a unit inserts carry
 * `_ins: <unit id>`, and undo deletes only rows carrying that unit's id, so undoing a failed insert
 * never removes a document another unit wrote under the same key.
 *
 * The decision is one conditional single-document write (`committed: true` where the holder is still
 * this unit), taken under the unit's lock, as is a takeover by recovery: of a commit and a takeover
 * exactly one wins, and a unit that lost its journal fails at its next write or at commit.
 */
import type { Db, Document } from "mongodb";
import { UnavailableError } from "../../src/kernel/errors";
import { randomToken } from "../../src/kernel/secrets";
import { exclusive } from "./atomic";
import { C } from "./schema";

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
/** The unit that inserted a row (kept; undo deletes only rows of its own unit). */
export const INSERTED_BY = "_ins";

export const JOURNAL = C.units;
export const UNDO = C.unitUndo;
const RECORD_ITEMS = 500;

interface UnitDoc {
  _id: string;
  name: string;
  holder: string;
  startedAt: Date;
  leaseUntil: Date;
  committed: boolean;
}
interface UndoDoc extends UndoRecord {
  _id: string;
  unit: string;
  seq: number;
}

const taken = () => new UnavailableError(new Error("the unit's journal was taken over by recovery; retry"));

/** The journal of one running unit; its document is created by the unit's first write. */
export class UnitJournal {
  readonly id = `u_${randomToken(12)}`;
  private readonly holder = randomToken(12);
  private started = false;
  private seq = 0;
  private renewedAt = 0;
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

  /** Writes the undo record(s) of the write about to be made (and keeps the lease alive). */
  async log(entry: UndoRecord): Promise<void> {
    const units = this.db.collection<UnitDoc>(JOURNAL);
    const now = Date.now();
    if (!this.started) {
      await units.insertOne({
        _id: this.id,
        name: this.name,
        holder: this.holder,
        startedAt: new Date(now),
        leaseUntil: new Date(now + this.leaseMs),
        committed: false,
      });
      this.started = true;
      this.renewedAt = now;
    } else if (now - this.renewedAt > this.leaseMs / 4) {
      const r = await units.updateOne(
        { _id: this.id, holder: this.holder, committed: false },
        { $set: { leaseUntil: new Date(now + this.leaseMs) } },
      );
      if (!r.matchedCount) throw taken();
      this.renewedAt = now;
    }
    const records: UndoDoc[] = [];
    const push = (part: UndoRecord) =>
      records.push({ _id: `${this.id}:${++this.seq}`, unit: this.id, seq: this.seq, ...part });
    const base = { c: entry.c, ...(entry.m ? { m: true as const } : {}) };
    for (let i = 0; i < (entry.del?.length ?? 0); i += RECORD_ITEMS)
      push({ ...base, del: entry.del!.slice(i, i + RECORD_ITEMS) });
    for (let i = 0; i < (entry.put?.length ?? 0); i += RECORD_ITEMS)
      push({ ...base, put: entry.put!.slice(i, i + RECORD_ITEMS) });
    if (records.length) await this.db.collection<UndoDoc>(UNDO).insertMany(records, { ordered: true });
  }

  /** The decision: committed, unless recovery took the unit over first (then it throws). */
  async commit(): Promise<void> {
    const r = await exclusive({ db: this.db, unit: null }, `unit:${this.id}`, () =>
      this.db
        .collection<UnitDoc>(JOURNAL)
        .updateOne({ _id: this.id, holder: this.holder, committed: false }, { $set: { committed: true } }),
    );
    if (!r.matchedCount) throw taken();
  }
}

async function records(db: Db, unit: string): Promise<UndoDoc[]> {
  return db.collection<UndoDoc>(UNDO).find({ unit }).sort({ seq: 1 }).toArray();
}

/** Applies a unit's undo records, newest first. Idempotent: safe to repeat after a crash. */
async function applyUndo(db: Db, unit: string, recs: UndoDoc[]): Promise<void> {
  for (const r of [...recs].reverse()) {
    const c = db.collection<Document>(r.c);
    // Only rows this unit inserted: a failed insert must not remove another unit's row with that key.
    if (r.del?.length) await c.deleteMany({ _id: { $in: r.del as never[] }, [INSERTED_BY]: unit });
    for (const image of r.put ?? []) await c.replaceOne({ _id: image._id }, image, { upsert: true });
  }
}

/** Finishes a committed unit: clears the outbox marks (rows become claimable), then drops its journal. */
export async function finish(db: Db, unit: string, marked?: Iterable<string>): Promise<void> {
  const names = marked ?? new Set((await records(db, unit)).filter((r) => r.m).map((r) => r.c));
  for (const name of names)
    await db.collection<Document>(name).updateMany({ [UNIT_MARK]: unit }, { $unset: { [UNIT_MARK]: "" } });
  await db.collection<UndoDoc>(UNDO).deleteMany({ unit });
  await db.collection<UnitDoc>(JOURNAL).deleteOne({ _id: unit });
}

/** Undoes an uncommitted unit from its stored records and drops its journal (idempotent). */
export async function rollBack(db: Db, unit: string): Promise<void> {
  const j = await db.collection<UnitDoc>(JOURNAL).findOne({ _id: unit });
  if (j?.committed) return;
  await applyUndo(db, unit, await records(db, unit));
  await db.collection<UndoDoc>(UNDO).deleteMany({ unit });
  await db.collection<UnitDoc>(JOURNAL).deleteOne({ _id: unit, committed: false });
}

/**
 * The recovery pass: finishes committed units and undoes uncommitted ones whose lease has passed,
 * taking each over first (under the unit's lock, so a late commit and the takeover cannot both
 * win). Returns how many units it settled.
 */
export async function recoverUnits(db: Db, leaseMs: number): Promise<number> {
  const units = db.collection<UnitDoc>(JOURNAL);
  const now = new Date();
  let n = 0;
  for (const j of await units.find({ $or: [{ committed: true }, { leaseUntil: { $lt: now } }] }).toArray()) {
    if (j.committed) {
      await finish(db, j._id);
      n++;
      continue;
    }
    const holder = `recovery:${randomToken(8)}`;
    const mine = await exclusive({ db, unit: null }, `unit:${j._id}`, () =>
      units.findOneAndUpdate(
        { _id: j._id, committed: false, leaseUntil: { $lt: now } },
        { $set: { holder, leaseUntil: new Date(Date.now() + leaseMs) } },
        { returnDocument: "after" },
      ),
    );
    if (!mine || mine.holder !== holder) continue;
    await rollBack(db, j._id);
    n++;
  }
  return n;
}
