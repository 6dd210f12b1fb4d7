/**
 * Single-document atomicity where the server lacks it.
 *
 * MongoDB applies every update (findOneAndUpdate, $inc, a conditional filter) atomically to one
 * document. FerretDB v1 does not: it reads the matching document, applies the operators in its own
 * process and writes the whole document back in a separate step, so two concurrent conditional
 * updates can both match and both write (50 concurrent `$inc` of one document leave it at ~20).
 * What it does do atomically is insert (unique `_id` and unique indexes are SQLite constraints)
 * and delete (the deleted count is SQLite's).
 *
 * `exclusive(ctx, key, fn)` runs `fn` — written as ordinary conditional single-document steps,
 * correct on MongoDB — while holding a per-key lock on FerretDB, so no other writer that takes the
 * same key interleaves; on MongoDB it simply runs `fn`. Lock documents are `{ _id: nonce, key,
 * expiresAt }` under a unique index on `key`: taking one is an insert, giving it back deletes its
 * own nonce (never another holder's), and a lock whose holder died is removed by nonce once its
 * lease has passed (the sweep collects leftovers).
 */
import type { Db } from "mongodb";
import { UnavailableError } from "../../src/kernel/errors";
import { randomToken } from "../../src/kernel/secrets";
import type { Ctx, Doc } from "./db";
import { C } from "./schema";

/** A holder keeps a lock at most this long (steps take milliseconds; a dead holder's lock is taken over after it). */
const LEASE_MS = 10_000;
/** A waiter gives up (503) after this long. */
const WAIT_MS = 15_000;

const serverKind = new WeakMap<Db, Promise<boolean>>();

/**
 * True on FerretDB v1 (its buildInfo names it): updates are read-modify-write there and only a
 * string `_id` equality uses an index. Cached per database; a failed probe is asked again.
 */
export function isFerretDb(db: Db): Promise<boolean> {
  let p = serverKind.get(db);
  if (!p) {
    p = db.command({ buildInfo: 1 }).then((info) => "ferretdbVersion" in info);
    // A failed probe is not remembered: the next call asks again.
    p.catch(() => serverKind.delete(db));
    serverKind.set(db, p);
  }
  return p;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function acquire(db: Db, key: string): Promise<string> {
  const locks = db.collection<Doc>(C.locks);
  const id = randomToken(12);
  const deadline = Date.now() + WAIT_MS;
  for (let i = 0; ; i++) {
    try {
      await locks.insertOne({ _id: id, key, expiresAt: new Date(Date.now() + LEASE_MS) });
      return id;
    } catch (e) {
      if ((e as { code?: number }).code !== 11000) throw e;
    }
    const held = await locks.findOne({ key });
    if (held && held.expiresAt.getTime() < Date.now()) {
      // Its holder died: remove that lock (by its nonce, so never a newer holder's) and try again.
      await locks.deleteOne({ _id: held._id });
      continue;
    }
    if (Date.now() > deadline) throw new UnavailableError(new Error(`lock ${key} not obtained within ${WAIT_MS} ms`));
    await sleep(1 + Math.random() * Math.min(2 + i, 20));
  }
}

/** Waiters of this process, per database and key: they queue here, so only one at a time asks the server. */
const queues = new WeakMap<Db, Map<string, Promise<void>>>();

/** Runs `fn` with exclusive use of `key` among callers of `exclusive` (FerretDB v1); directly on MongoDB. */
export async function exclusive<T>(ctx: Ctx, key: string, fn: () => Promise<T>): Promise<T> {
  if (!(await isFerretDb(ctx.db))) return fn();
  let local = queues.get(ctx.db);
  if (!local) queues.set(ctx.db, (local = new Map()));
  const before = local.get(key) ?? Promise.resolve();
  let done!: () => void;
  const gate = new Promise<void>((r) => (done = r));
  const tail = before.then(() => gate);
  local.set(key, tail);
  await before;
  try {
    const id = await acquire(ctx.db, key);
    try {
      return await fn();
    } finally {
      await ctx.db
        .collection<Doc>(C.locks)
        .deleteOne({ _id: id })
        .catch(() => {
          /* the lease ends it */
        });
    }
  } finally {
    done();
    if (local.get(key) === tail) local.delete(key);
  }
}
