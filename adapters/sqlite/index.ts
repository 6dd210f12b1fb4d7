/**
 * Refresh-token families and rate counters for the embedded deployment, in Bun's built-in SQLite
 * (`bun:sqlite`), a file beside the embedded database (`SSO_DATA_DIR/sessions.sqlite`).
 *
 * Why not in PGlite with the rest: PGlite runs Postgres on the service's own JavaScript thread, and
 * one rotation there (an update and an insert) costs ~0.8 ms of that thread, the largest single cost
 * of a refresh on the embedded store (docs/performance.md, "Where the time went"). A prepared SQLite
 * statement costs microseconds. The embedded store serves one process, so every step below is one
 * synchronous SQLite transaction: nothing can interleave with it, and a process crash leaves it
 * whole or absent. Durability is the embedded database's (PGlite runs with fsync off): WAL journal
 * with `synchronous=OFF`, so a committed step is in the operating system's hands when the call
 * returns and survives the process being killed, but nothing is forced to the disk. A power cut or
 * kernel crash may lose recent steps or damage the file. With `NORMAL`, every WAL checkpoint (each
 * 1,000 pages written) waited for the disk on the request thread: silent SSO ran 18 % faster
 * without it (docs/performance.md). What the file holds is short-lived and losing it fails safe
 * (refresh tokens, sign-in sessions and codes stop working, counters start over), so a file left by
 * a process that did not close it is checked at the next start, and one found damaged is moved
 * aside (`sessions.sqlite.damaged-<time>`) and replaced by an empty one, with a warning.
 *
 * Semantics are the Redis adapter's, step for step (adapters/redis/index.ts), and both pass the
 * same contract suite (test/contract/sessions.contract.ts): consumed selectors stay known a day
 * past their family's expiry so a replay is reuse, not merely unknown; windows are judged by the
 * caller's clock.
 */
import { createLocalDirectoryVersion } from "../../src/kernel/directory-cache";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import type { CounterStore, FamilyRecord, FamilyStore, SessionData } from "../../src/features/sessions/ports";
import { UnavailableError } from "../../src/kernel/errors";
import { translating } from "../shared/translate";
import { timingSafeEqual } from "../../src/kernel/secrets";
import type { SessionStore } from "../../src/stores";
import { DomainError } from "../../src/kernel/errors";
import { createSqliteAuthorizationCodes, createSqliteBrowserSessions, OIDC_SCHEMA, sweepSqliteOidc } from "./oidc";

const GRACE_MS = 86_400_000;

const SCHEMA = `
create table if not exists families (
  id text primary key, user_id integer not null, device_id text not null default '',
  data text not null, cur text not null, exp integer not null, revoked integer not null default 0
);
create index if not exists families_user on families (user_id);
create table if not exists selectors (sel text primary key, family_id text not null, vh text not null, exp integer not null);
create index if not exists selectors_exp on selectors (exp);
create table if not exists counters (key text primary key, c integer not null, e integer not null);
create table if not exists counter_members (key text not null, member text not null, e integer not null, primary key (key, member));
`;

interface FamilyRow {
  id: string;
  user_id: number;
  device_id: string;
  data: string;
  cur: string;
  exp: number;
  revoked: number;
}

/** Store failures surface as UnavailableError (503), never as a driver message. */
const wrap = <T extends object>(obj: T): T => translating(obj, (e) => new UnavailableError(e));

const secondsLeft = (endsMs: number, now: Date) => Math.max(0, Math.ceil((endsMs - now.getTime()) / 1000));
const record = (r: FamilyRow): FamilyRecord => ({
  familyId: r.id,
  data: JSON.parse(r.data) as SessionData,
  expiresAt: new Date(r.exp),
});

/** SQLite's answer for a file that is not a sound database (SQLITE_CORRUPT, SQLITE_NOTADB). */
const isDamage = (e: unknown) => /^SQLITE_(CORRUPT|NOTADB)/.test(String((e as { code?: unknown })?.code ?? ""));

/**
 * Opens the file locked for this process, in WAL mode without syncs, with the schema. `check`: the
 * last process did not close the file (its WAL is still there), so its pages are verified first.
 */
function openLocked(file: string, dataDir: string, check: boolean): Database {
  const db = new Database(file, { create: true, strict: true });
  // One process owns the embedded store (the database beside it cannot be shared either), so the
  // file is locked once for the life of the process: exclusive locking set before WAL keeps the
  // WAL index in memory and takes no file lock per transaction (a transaction's system calls
  // ~35 % fewer here; docs/performance.md). A second process on the same directory is refused
  // at its start instead of sharing the file.
  try {
    db.exec("pragma locking_mode = exclusive; pragma journal_mode = wal; pragma synchronous = off;");
    if (check) {
      const verdict = db.query<{ quick_check: string }, []>("pragma quick_check").all();
      if (verdict.length !== 1 || verdict[0].quick_check !== "ok")
        throw Object.assign(new Error(verdict.map((v) => v.quick_check).join("; ")), { code: "SQLITE_CORRUPT" });
    }
    db.exec(SCHEMA);
    db.exec(OIDC_SCHEMA);
  } catch (e) {
    db.close();
    if (/locked|busy/i.test(String((e as Error)?.message)))
      throw new Error(
        `${dataDir}/sessions.sqlite is in use by another process: one service runs on an embedded data directory (SSO_DATA_DIR) at a time`,
      );
    throw e;
  }
  db.exec("pragma busy_timeout = 5000;");
  return db;
}

/** Reports the replacement of a damaged session file (src/main.ts hands the service's log). */
export type SessionFileWarning = (message: string, fields: Record<string, unknown>) => void;

/** Opens (creating when needed) the session store in `dataDir`, or in memory for "memory://". */
export function openSqliteSessions(dataDir: string, opts: { warn?: SessionFileWarning } = {}): SessionStore {
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const file = dataDir === "memory://" ? ":memory:" : `${dataDir}/sessions.sqlite`;
  // A clean close checkpoints and deletes the WAL; one still there means the last process was
  // killed or the machine stopped, the only ways the file can have been damaged.
  const unclean = file !== ":memory:" && existsSync(`${file}-wal`);
  let db: Database;
  try {
    db = openLocked(file, dataDir, unclean);
  } catch (e) {
    if (file === ":memory:" || !isDamage(e)) throw e;
    const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    opts.warn?.(
      "the session file was damaged (the machine likely stopped without writing it out): it was moved aside and a new one started; refresh tokens and sign-in sessions issued before must sign in again",
      { damaged: aside, reason: String((e as Error)?.message ?? e) },
    );
    db = openLocked(file, dataDir, false);
  }

  const q = {
    insFamily: db.query(
      "insert into families (id, user_id, device_id, data, cur, exp) values ($id, $user, $dev, $data, $cur, $exp)",
    ),
    insSelector: db.query("insert or replace into selectors (sel, family_id, vh, exp) values ($sel, $fam, $vh, $exp)"),
    selector: db.query<{ family_id: string; vh: string }, { sel: string }>(
      "select family_id, vh from selectors where sel = $sel",
    ),
    family: db.query<FamilyRow, { id: string }>("select * from families where id = $id"),
    advance: db.query("update families set cur = $cur, data = $data, exp = $exp where id = $id"),
    revoke: db.query("update families set revoked = 1 where id = $id"),
    revokeUser: db.query("update families set revoked = 1 where user_id = $user"),
    revokeDevice: db.query("update families set revoked = 1 where user_id = $user and device_id = $dev"),
    ofUser: db.query<FamilyRow, { user: number; now: number }>(
      "select * from families where user_id = $user and revoked = 0 and exp > $now order by exp, id",
    ),
    counter: db.query<{ c: number; e: number }, { key: string }>("select c, e from counters where key = $key"),
    putCounter: db.query("insert or replace into counters (key, c, e) values ($key, $c, $e)"),
    bump: db.query<{ c: number }, { key: string }>("update counters set c = c + 1 where key = $key returning c"),
    delCounter: db.query("delete from counters where key = $key"),
    addMember: db.query<{ member: string }, { key: string; member: string; e: number }>(
      "insert into counter_members (key, member, e) values ($key, $member, $e) on conflict (key, member) do update set e = excluded.e where counter_members.e <> excluded.e returning member",
    ),
    members: db.query<{ n: number }, { key: string; e: number }>(
      "select count(*) as n from counter_members where key = $key and e = $e",
    ),
    delMembers: db.query("delete from counter_members where key = $key"),
    sweepMembers: db.query("delete from counter_members where e < $before"),
    sweepFamilies: db.query("delete from families where exp < $before"),
    sweepSelectors: db.query("delete from selectors where exp < $before"),
    sweepCounters: db.query("delete from counters where e < $before"),
  };

  const rotate = db.transaction(
    (
      selector: string,
      verifierHash: string,
      next: { selector: string; verifierHash: string; data?: Partial<SessionData> },
      nowMs: number,
    ) => {
      const s = q.selector.get({ sel: selector });
      // constant-time: the presented verifier's hash against the stored one
      if (!s || !timingSafeEqual(s.vh, verifierHash)) return { status: "invalid" as const };
      const f = q.family.get({ id: s.family_id });
      if (!f || f.exp <= nowMs) return { status: "invalid" as const };
      if (f.cur !== selector) {
        q.revoke.run({ id: f.id });
        return { status: "reused" as const, family: { familyId: f.id, data: JSON.parse(f.data) as SessionData } };
      }
      if (f.revoked) return { status: "invalid" as const };
      const data = { ...(JSON.parse(f.data) as SessionData), ...(next.data ?? {}) };
      const exp = data.absoluteExpiresAt ? f.exp : nowMs + data.ttlSeconds * 1000;
      const text = JSON.stringify(data);
      q.advance.run({ id: f.id, cur: next.selector, data: text, exp });
      q.insSelector.run({ sel: next.selector, fam: f.id, vh: next.verifierHash, exp: exp + GRACE_MS });
      return { status: "rotated" as const, family: { familyId: f.id, data, expiresAt: new Date(exp) } };
    },
  );

  const create = db.transaction(
    (familyId: string, selector: string, verifierHash: string, data: SessionData, exp: number) => {
      q.insFamily.run({
        id: familyId,
        user: data.userId,
        dev: data.deviceId ?? "",
        data: JSON.stringify(data),
        cur: selector,
        exp,
      });
      q.insSelector.run({ sel: selector, fam: familyId, vh: verifierHash, exp: exp + GRACE_MS });
    },
  );

  const hit = db.transaction((key: string, windowMs: number, nowMs: number) => {
    const row = q.counter.get({ key });
    if (!row || row.e <= nowMs) {
      q.putCounter.run({ key, c: 1, e: nowMs + windowMs });
      return { c: 1, e: nowMs + windowMs };
    }
    return { c: q.bump.get({ key })!.c, e: row.e };
  });
  // One transaction: the count as `hit`, the member under the window's end (a member row of an
  // ended window is renewed, so it counts once per window), and the members of this window.
  const hitDistinct = db.transaction((key: string, member: string, windowMs: number, nowMs: number) => {
    const r = hit(key, windowMs, nowMs);
    q.addMember.get({ key, member, e: r.e });
    return { ...r, d: q.members.get({ key, e: r.e })!.n };
  });

  const families: FamilyStore = {
    async create(familyId, selector, verifierHash, data, expiresAt) {
      create(familyId, selector, verifierHash, data, expiresAt.getTime());
    },
    async rotate(selector, verifierHash, next, now) {
      return rotate(selector, verifierHash, next, now.getTime());
    },
    async peek(selector, verifierHash, now) {
      // By the selector's key, then its family's (no scan of the families): the family must still name it as current.
      const s = q.selector.get({ sel: selector });
      const f = s ? q.family.get({ id: s.family_id }) : null;
      // constant-time: comparing a secret's digest
      if (!f || !s || f.cur !== selector || !timingSafeEqual(s.vh, verifierHash) || f.revoked || f.exp <= now.getTime())
        return null;
      return record(f);
    },
    async get(familyId, now) {
      const f = q.family.get({ id: familyId });
      return f && !f.revoked && f.exp > now.getTime() ? record(f) : null;
    },
    async revoke(familyId) {
      q.revoke.run({ id: familyId });
    },
    async revokeUser(userId) {
      q.revokeUser.run({ user: userId });
    },
    async revokeDevice(userId, deviceId) {
      if (!deviceId) return;
      q.revokeDevice.run({ user: userId, dev: deviceId });
    },
    async listUser(userId, now) {
      return q.ofUser.all({ user: userId, now: now.getTime() }).map(record);
    },
  };

  const counters: CounterStore = {
    async hit(key, windowSeconds, now) {
      const r = hit(key, windowSeconds * 1000, now.getTime());
      return { count: r.c, ttlSeconds: secondsLeft(r.e, now) };
    },
    async hitDistinct(key, member, windowSeconds, now) {
      const r = hitDistinct(key, member, windowSeconds * 1000, now.getTime());
      return { count: r.c, distinct: r.d, ttlSeconds: secondsLeft(r.e, now) };
    },
    async peek(key, now) {
      const r = q.counter.get({ key });
      return r && r.e > now.getTime() ? { count: r.c, ttlSeconds: secondsLeft(r.e, now) } : { count: 0, ttlSeconds: 0 };
    },
    async set(key, value, windowSeconds, now) {
      q.putCounter.run({ key, c: value, e: now.getTime() + windowSeconds * 1000 });
    },
    async reset(key) {
      q.delCounter.run({ key });
      q.delMembers.run({ key });
    },
  };

  // Expired families and selectors (a day after expiry) and ended counter windows are swept hourly.
  const sweep = setInterval(() => {
    try {
      const now = Date.now();
      q.sweepFamilies.run({ before: now - GRACE_MS });
      q.sweepSelectors.run({ before: now });
      q.sweepCounters.run({ before: now - 60_000 });
      q.sweepMembers.run({ before: now - 60_000 });
      sweepSqliteOidc(db, now);
    } catch {
      /* next hour */
    }
  }, 3_600_000);
  sweep.unref?.();

  return {
    kind: "local",
    families: wrap(families),
    counters: wrap(counters),
    // A duplicate id stays a ConflictError; anything else from SQLite is UnavailableError.
    signIns: translating(createSqliteBrowserSessions(db), (e) =>
      e instanceof DomainError ? e : new UnavailableError(e),
    ),
    codes: translating(createSqliteAuthorizationCodes(db), (e) =>
      e instanceof DomainError ? e : new UnavailableError(e),
    ),
    // One process owns this store (and the embedded database): its directory version is a counter.
    epoch: createLocalDirectoryVersion(),
    async ping() {
      try {
        db.query("select 1").get();
      } catch (e) {
        throw new UnavailableError(e);
      }
    },
    async close() {
      clearInterval(sweep);
      db.close();
    },
  };
}
