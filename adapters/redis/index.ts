/**
 * Redis adapter for session families and rate counters, on a single node, a Redis Cluster or a
 * Sentinel-managed master (adapters/redis/connect.ts). Every race-prone step is one Lua script on
 * one hash slot, so rotation, revocation and counting stay atomic across any number of service
 * instances and cluster nodes.
 *
 * Keys (under the configured prefix; `{…}` is the cluster hash tag, F a family id, S the rest of a
 * selector, which is always F + S, see familyIdOfSelector):
 *   sel:{F}S   hash { f: familyId, v: verifierHash }       TTL = family expiry + 1 day
 *   fam:{F}    hash { cur, data, exp, revoked, user, dev } TTL = family expiry + 1 day
 *   ufam:U     sorted set familyId → creation time (ms)   (revocation by user / device)
 *   cnt:K      hash { c: count, e: window end (ms) }       TTL = window + 1 min
 *
 * A family's keys share one slot (tag F), and the selector names F, so rotation is one script whose
 * keys are all declared, as Redis Cluster requires. The user's index lives in its own slot: revoking
 * by user or device loops over the user's families, each step atomic per family and idempotent.
 * An id is added to the index before its family exists, and dropped only when its family is gone
 * and it was added more than PRUNE_AFTER_MS ago, so a revocation running while a family is being
 * created can never drop that family from the index.
 * Family writes are followed by WAIT on the same node when replicas must acknowledge them
 * (RedisSessionOptions.minReplicasAck; docs/sessions.md, "Redis Cluster and Sentinel").
 *
 * Selectors outlive the family's expiry by a day so that a replayed consumed token is still
 * recognised as reuse (and not merely as unknown) while the family could matter.
 */
import { Cluster, type ChainableCommander } from "ioredis";
import {
  familyIdOfSelector,
  type CounterStore,
  type FamilyRecord,
  type FamilyStore,
  type SessionData,
} from "../../src/features/sessions/ports";
import type { DirectoryVersion } from "../../src/kernel/directory-cache";
import { UnavailableError } from "../../src/kernel/errors";
import { translating } from "../shared/translate";
import { randomToken, timingSafeEqual } from "../../src/kernel/secrets";
import type { SessionStore } from "../../src/stores";
import { connectWithin, createRedisClient, type RedisClient, type RedisTarget } from "./connect";
import { createRedisAuthorizationCodes, createRedisBrowserSessions } from "./oidc";

export { connectWithin, createRedisClient, parseHostPorts, type RedisClient, type RedisTarget } from "./connect";

const GRACE_MS = 86_400_000;

/**
 * Constant-time equality of two verifier hashes (no early exit on the first differing byte), so the
 * script's running time says nothing about how much of a presented verifier matched.
 */
const CT_EQUAL = `
local byte, bxor, bor = string.byte, bit.bxor, bit.bor
local function ct_equal(a, b)
  if type(a) ~= 'string' or type(b) ~= 'string' or #a ~= #b then return false end
  local diff = 0
  for i = 1, #a do diff = bor(diff, bxor(byte(a, i), byte(b, i))) end
  return diff == 0
end
`;

/**
 * KEYS: sel, nextSel, fam (one slot: all tagged with the family id).
 * ARGV: verifierHash, nowMs, nextVerifierHash, patchJson|'', selector, nextSelector, graceMs, familyId
 *
 * The family's `slide` field (ms a sliding session gains per rotation, 0 for a fixed expiry) spares
 * decoding the session data when no patch is given (the refresh hot path); a family stored before
 * the field existed is decoded once and gains it.
 */
const ROTATE = `${CT_EQUAL}
local s = redis.call('HMGET', KEYS[1], 'f', 'v')
if not s[1] then return {'invalid'} end
if not ct_equal(s[2], ARGV[1]) then return {'invalid'} end
if s[1] ~= ARGV[8] then return {'invalid'} end
local fam = KEYS[3]
local f = redis.call('HMGET', fam, 'cur', 'data', 'exp', 'revoked', 'slide')
if not f[1] then return {'invalid'} end
local now = tonumber(ARGV[2])
if tonumber(f[3]) <= now then return {'invalid'} end
if f[1] ~= ARGV[5] then
  redis.call('HSET', fam, 'revoked', '1')
  return {'reused', ARGV[8], f[2]}
end
if f[4] == '1' then return {'invalid'} end
local data = f[2]
local slide = tonumber(f[5])
if ARGV[4] ~= '' or not slide then
  local d = cjson.decode(data)
  if ARGV[4] ~= '' then
    for k, v in pairs(cjson.decode(ARGV[4])) do d[k] = v end
    data = cjson.encode(d)
  end
  if d['absoluteExpiresAt'] then slide = 0 else slide = tonumber(d['ttlSeconds']) * 1000 end
  redis.call('HSET', fam, 'data', data, 'slide', string.format('%d', slide))
end
local exp
if slide > 0 then exp = now + slide else exp = tonumber(f[3]) end
local exps = string.format('%d', exp)
local grace = tonumber(ARGV[7])
redis.call('HSET', fam, 'cur', ARGV[6], 'exp', exps)
redis.call('PEXPIREAT', fam, exp + grace)
redis.call('HSET', KEYS[2], 'f', ARGV[8], 'v', ARGV[3])
redis.call('PEXPIREAT', KEYS[2], exp + grace)
return {'rotated', ARGV[8], data, exps}
`;

/** KEYS: fam, sel (one slot). ARGV: familyId, selector, verifierHash, dataJson, expMs, userId, deviceId|'', graceMs, slideMs. */
const CREATE = `
local at = tonumber(ARGV[5]) + tonumber(ARGV[8])
redis.call('HSET', KEYS[1], 'cur', ARGV[2], 'data', ARGV[4], 'exp', ARGV[5], 'revoked', '0', 'user', ARGV[6], 'dev', ARGV[7], 'slide', ARGV[9])
redis.call('PEXPIREAT', KEYS[1], at)
redis.call('HSET', KEYS[2], 'f', ARGV[1], 'v', ARGV[3])
redis.call('PEXPIREAT', KEYS[2], at)
return 'created'
`;

/**
 * KEYS: fam. ARGV: deviceId, or '' for any. Marks one existing family revoked (when its device
 * matches); never recreates an expired one. 'gone' tells the caller to drop the id from the user's set.
 */
const REVOKE = `
local dev = redis.call('HGET', KEYS[1], 'dev')
if not dev then return 'gone' end
if ARGV[1] ~= '' and dev ~= ARGV[1] then return 'kept' end
redis.call('HSET', KEYS[1], 'revoked', '1')
return 'revoked'
`;

/**
 * KEYS: counter. ARGV: nowMs, windowMs. The window's end is stored with the count and compared with
 * the caller's clock (the service's injected clock), so windows follow the same time as every
 * other expiry; Redis's own TTL (window + 1 min, real time) only collects the key afterwards.
 */
const HIT = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
if (not v[1]) or tonumber(v[2]) <= now then
  local e = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'c', 1, 'e', e)
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 60000)
  return {1, e}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), tonumber(v[2])}
`;

/**
 * KEYS: counter. ARGV: nowMs, windowMs, member. HIT on the same hash, plus the member as a field
 * (`m:<member>`, HSETNX: added once) and the tally of members (`d`). A window that ended is
 * deleted first, so its members go with it.
 */
const HIT_DISTINCT = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'c', 'e')
local c, e
if (not v[1]) or tonumber(v[2]) <= now then
  e = now + tonumber(ARGV[2])
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'c', 1, 'e', e, 'd', 0)
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 60000)
  c = 1
else
  e = tonumber(v[2])
  c = redis.call('HINCRBY', KEYS[1], 'c', 1)
end
local d
if redis.call('HSETNX', KEYS[1], 'm:' .. ARGV[3], 1) == 1 then
  d = redis.call('HINCRBY', KEYS[1], 'd', 1)
else
  d = tonumber(redis.call('HGET', KEYS[1], 'd') or '1')
end
return {c, e, d}
`;

/** Replies that say a command was not run (and may be sent again): the slot is elsewhere, or the cluster is not serving it yet. */
const NOT_RUN = /^(MOVED|ASK|TRYAGAIN|CLUSTERDOWN|LOADING) /;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const secondsLeft = (endsMs: number, now: Date) => Math.max(0, Math.ceil((endsMs - now.getTime()) / 1000));

/** Store failures surface as UnavailableError (503), never as a driver message. */
const wrap = <T extends object>(obj: T): T =>
  translating(obj, (e) => (e instanceof UnavailableError ? e : new UnavailableError(e)));

type Scripts = {
  ssoRotate(
    sel: string,
    nsel: string,
    fam: string,
    vh: string,
    now: number,
    nvh: string,
    patch: string,
    rawSel: string,
    rawNext: string,
    grace: number,
    familyId: string,
  ): Promise<string[]>;
  ssoCreate(
    fam: string,
    sel: string,
    familyId: string,
    selector: string,
    vh: string,
    data: string,
    exp: number,
    userId: string,
    deviceId: string,
    grace: number,
    slide: number,
  ): Promise<string>;
  ssoRevoke(fam: string, deviceId: string): Promise<string>;
  ssoHit(key: string, nowMs: number, windowMs: number): Promise<[number, number]>;
  ssoHitDistinct(key: string, nowMs: number, windowMs: number, member: string): Promise<[number, number, number]>;
};

export interface RedisSessionOptions {
  /**
   * Replicas that must acknowledge every family write (creation, rotation, reuse revocation,
   * revocation) before it is reported done, checked with WAIT on the node that ran it; fewer within
   * `waitMs` is UnavailableError (503). 0 skips the check (a single node without replicas).
   */
  minReplicasAck?: number;
  /** How long WAIT may block (ms). */
  waitMs?: number;
  /** Per-command limit (ms) so that a failover is a bounded 503 (default 3000). */
  commandTimeoutMs?: number;
}

/** The Redis key of a selector: tagged with its family id, so it shares the family's cluster slot. */
const selKey = (selector: string) => {
  const familyId = familyIdOfSelector(selector);
  return `sel:{${familyId}}${selector.slice(familyId.length)}`;
};
const famKey = (familyId: string) => `fam:{${familyId}}`;
/** The directory's version for reused token contexts (its own slot). */
const EPOCH_KEY = "ctx-epoch";
/** A user's index of family ids (its own slot). */
const userKey = (userId: number) => `ufam:${userId}`;
/** An indexed id whose family is gone is dropped only after this long (a creation finishes well within it). */
const PRUNE_AFTER_MS = 3_600_000;

/** Opens the session store on Redis: a single node, a Redis Cluster or a Sentinel-managed master. */
export async function openRedis(
  target: RedisTarget | string,
  prefix: string,
  o: RedisSessionOptions = {},
): Promise<SessionStore & { redis: RedisClient; warnings: string[] }> {
  const t: RedisTarget = typeof target === "string" ? { kind: "single", url: target } : target;
  const redis = createRedisClient(t, {
    keyPrefix: prefix,
    commandTimeoutMs: o.commandTimeoutMs ?? 3000,
    atMostOnce: true,
  });
  redis.on("error", () => {}); // surfaced per call as UnavailableError; reconnects by itself
  redis.on("node error", () => {}); // a cluster node's own errors, likewise
  try {
    await connectWithin(redis);
  } catch (e) {
    throw new UnavailableError(e);
  }
  const acks = Math.max(0, o.minReplicasAck ?? 0);
  const waitMs = Math.max(1, o.waitMs ?? 1000);
  redis.defineCommand("ssoRotate", { numberOfKeys: 3, lua: ROTATE });
  redis.defineCommand("ssoCreate", { numberOfKeys: 2, lua: CREATE });
  redis.defineCommand("ssoRevoke", { numberOfKeys: 1, lua: REVOKE });
  redis.defineCommand("ssoHit", { numberOfKeys: 1, lua: HIT });
  redis.defineCommand("ssoHitDistinct", { numberOfKeys: 1, lua: HIT_DISTINCT });
  const r = redis as RedisClient & Scripts;
  const parse = (s: string) => JSON.parse(s) as SessionData;

  /**
   * Runs one single-slot family script followed by WAIT in the same pipeline, so both go to the
   * master that owns the family's slot, on one connection: WAIT then counts the replicas that have
   * applied this script's writes. `wrote(result)` says whether the script changed anything; a change
   * not acknowledged by `acks` replicas is UnavailableError (the caller answers 503). Without acks (a
   * single node by default) the command goes alone, without a pipeline's bookkeeping (the refresh
   * hot path).
   */
  async function durably<T>(
    add: (p: ChainableCommander & Scripts) => unknown,
    wrote: (result: T) => boolean,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let err: Error | null;
      let result: T;
      let acked: [Error | null, number] | undefined;
      if (acks === 0) {
        [err, result] = await (add(r as unknown as ChainableCommander & Scripts) as Promise<T>).then(
          (x): [null, T] => [null, x],
          (e: Error): [Error, T] => [e, undefined as T],
        );
      } else {
        const p = redis.pipeline();
        add(p as ChainableCommander & Scripts);
        p.wait(acks, waitMs);
        const res = await p.exec();
        if (!res) throw new UnavailableError(new Error("Redis pipeline aborted"));
        [err, result] = res[0] as [Error | null, T];
        acked = res[1] as [Error | null, number];
      }
      if (err) {
        // These replies mean the script did not run (a node still loading, a slot in transit), so
        // sending it again is safe. ioredis follows a redirection inside a pipeline only when every
        // reply is one (WAIT's is not): a slot that moved (a promotion) is followed here, after the
        // cluster's map is refreshed.
        if (NOT_RUN.test(err.message) && attempt < 4) {
          if (redis instanceof Cluster) await new Promise<void>((done) => redis.refreshSlotsCache(() => done()));
          await sleep(150 * attempt);
          continue;
        }
        // Anything else (a node gone, NOREPLICAS): 503; a cluster re-reads its map for the next call.
        if (redis instanceof Cluster) redis.refreshSlotsCache();
        throw new UnavailableError(err);
      }
      if (acked && wrote(result)) {
        const [waitErr, count] = acked;
        if (waitErr) throw new UnavailableError(waitErr);
        if (Number(count) < acks)
          throw new UnavailableError(
            new Error(
              `a family write was acknowledged by ${count} of ${acks} required Redis replicas within ${waitMs} ms`,
            ),
          );
      }
      return result;
    }
  }

  /** Revokes one family (when its device matches); reports whether the family is gone (expired). */
  const revokeOne = (familyId: string, deviceId: string) =>
    durably<string>(
      (p) => p.ssoRevoke(famKey(familyId), deviceId),
      (x) => x === "revoked",
    );

  /** The user's family ids with the time each was indexed. */
  async function indexed(userId: number): Promise<{ id: string; at: number }[]> {
    const flat = await redis.zrange(userKey(userId), 0, -1, "WITHSCORES");
    const out: { id: string; at: number }[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ id: flat[i], at: Number(flat[i + 1]) });
    return out;
  }

  /** Drops ids whose family is gone, when indexed long enough ago that no creation can be under way. */
  async function prune(userId: number, gone: { id: string; at: number }[]): Promise<void> {
    const old = gone.filter((x) => x.at < Date.now() - PRUNE_AFTER_MS).map((x) => x.id);
    if (old.length) await redis.zrem(userKey(userId), ...old);
  }

  async function revokeIndexed(userId: number, deviceId: string): Promise<void> {
    const ids = await indexed(userId);
    const outs = await Promise.all(ids.map((x) => revokeOne(x.id, deviceId)));
    await prune(
      userId,
      ids.filter((_, i) => outs[i] === "gone"),
    );
  }

  const families: FamilyStore = {
    async create(familyId, selector, verifierHash, data, expiresAt) {
      if (!familyId || familyIdOfSelector(selector) !== familyId)
        throw new Error("a selector must name its family (familyIdOfSelector)");
      // The user's index first (another slot): a revocation by user that runs meanwhile either
      // sees the id (and revokes the family, or keeps the id while it may still be created), or
      // ran before it. An id whose family never came is pruned later.
      // Acknowledged like the family itself: an index entry lost in a failover would hide a live
      // family from revocation by user or device.
      await durably<number>(
        (p) => p.zadd(userKey(data.userId), "NX", Date.now(), familyId),
        () => true,
      );
      await durably<string>(
        (p) =>
          p.ssoCreate(
            famKey(familyId),
            selKey(selector),
            familyId,
            selector,
            verifierHash,
            JSON.stringify(data),
            expiresAt.getTime(),
            String(data.userId),
            data.deviceId ?? "",
            GRACE_MS,
            data.absoluteExpiresAt ? 0 : data.ttlSeconds * 1000,
          ),
        () => true,
      );
    },
    async rotate(selector, verifierHash, next, now) {
      const familyId = familyIdOfSelector(selector);
      if (!familyId) return { status: "invalid" };
      if (familyIdOfSelector(next.selector) !== familyId)
        throw new Error("the next selector must name the same family (familyIdOfSelector)");
      const res = await durably<string[]>(
        (p) =>
          p.ssoRotate(
            selKey(selector),
            selKey(next.selector),
            famKey(familyId),
            verifierHash,
            now.getTime(),
            next.verifierHash,
            next.data ? JSON.stringify(next.data) : "",
            selector,
            next.selector,
            GRACE_MS,
            familyId,
          ),
        (x) => x[0] !== "invalid",
      );
      if (res[0] === "rotated")
        return {
          status: "rotated",
          family: { familyId: res[1], data: parse(res[2]), expiresAt: new Date(Number(res[3])) },
        };
      if (res[0] === "reused") return { status: "reused", family: { familyId: res[1], data: parse(res[2]) } };
      return { status: "invalid" };
    },
    async peek(selector, verifierHash, now) {
      const familyId = familyIdOfSelector(selector);
      if (!familyId) return null;
      // Both keys share a slot: one pipeline to one node.
      const res = await redis
        .pipeline()
        .hmget(selKey(selector), "v")
        .hmget(famKey(familyId), "cur", "data", "exp", "revoked")
        .exec();
      if (!res) return null;
      for (const [err] of res) if (err) throw err;
      const [v] = res[0][1] as (string | null)[];
      const [cur, data, exp, revoked] = res[1][1] as (string | null)[];
      // constant-time: comparing a secret's digest
      if (!v || !timingSafeEqual(v, verifierHash)) return null;
      if (!data || cur !== selector || revoked === "1" || Number(exp) <= now.getTime()) return null;
      return { familyId, data: parse(data), expiresAt: new Date(Number(exp)) };
    },
    async get(familyId, now) {
      const [data, exp, revoked] = await redis.hmget(famKey(familyId), "data", "exp", "revoked");
      if (!data || revoked === "1" || Number(exp) <= now.getTime()) return null;
      return { familyId, data: parse(data), expiresAt: new Date(Number(exp)) };
    },
    async revoke(familyId) {
      if (!familyId) return;
      await revokeOne(familyId, "");
    },
    // By user or device: the user's set lives in its own slot, so this is a loop over the user's
    // families, each step one atomic, idempotent script on that family's slot (docs/sessions.md).
    async revokeUser(userId) {
      await revokeIndexed(userId, "");
    },
    async revokeDevice(userId, deviceId) {
      if (!deviceId) return;
      await revokeIndexed(userId, deviceId);
    },
    async listUser(userId, now) {
      const ids = (await indexed(userId)).map((x) => x.id);
      if (!ids.length) return [];
      // One command per family (each in its own slot); ioredis sends them to their nodes concurrently.
      const rows = await Promise.all(ids.map((id) => redis.hmget(famKey(id), "data", "exp", "revoked")));
      const out: FamilyRecord[] = [];
      rows.forEach(([data, exp, revoked], i) => {
        if (data && revoked !== "1" && Number(exp) > now.getTime())
          out.push({ familyId: ids[i], data: parse(data), expiresAt: new Date(Number(exp)) });
      });
      // Oldest first: family creation order is not kept in Redis, expiry is a stable proxy.
      return out.sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.familyId.localeCompare(b.familyId));
    },
  };

  // Counters are one key each (any slot). They are not WAITed for: a failover may lose the last
  // increments of a window, which only makes a rate limit briefly more lenient (docs/sessions.md).
  const counters: CounterStore = {
    async hit(key, windowSeconds, now) {
      const [count, ends] = await r.ssoHit(`cnt:${key}`, now.getTime(), windowSeconds * 1000);
      return { count: Number(count), ttlSeconds: secondsLeft(Number(ends), now) };
    },
    async hitDistinct(key, member, windowSeconds, now) {
      const [count, ends, distinct] = await r.ssoHitDistinct(`cnt:${key}`, now.getTime(), windowSeconds * 1000, member);
      return { count: Number(count), distinct: Number(distinct), ttlSeconds: secondsLeft(Number(ends), now) };
    },
    async peek(key, now) {
      const [c, e] = await redis.hmget(`cnt:${key}`, "c", "e");
      return c && Number(e) > now.getTime()
        ? { count: Number(c), ttlSeconds: secondsLeft(Number(e), now) }
        : { count: 0, ttlSeconds: 0 };
    },
    async set(key, value, windowSeconds, now) {
      await redis
        .multi()
        .hset(`cnt:${key}`, "c", value, "e", now.getTime() + windowSeconds * 1000)
        .pexpire(`cnt:${key}`, windowSeconds * 1000 + 60_000)
        .exec();
    },
    async reset(key) {
      await redis.del(`cnt:${key}`);
    },
  };

  // A master that accepts writes without a replica lets a rotation run that WAIT then reports
  // unacknowledged (503, and the retry is reuse): say so at start (CONFIG may be disabled: then nothing).
  const warnings: string[] = [];
  if (acks > 0) {
    const masters = redis instanceof Cluster ? redis.nodes("master") : [redis];
    for (const m of masters) {
      const v = await (m.config("GET", "min-replicas-to-write") as Promise<string[]>).catch(() => null);
      if (v && Number(v[1]) < acks)
        warnings.push(
          `Redis master ${t.kind === "sentinel" ? t.name : `${m.options.host}:${m.options.port}`} has min-replicas-to-write ${v[1]}, below SSO_REDIS_MIN_REPLICAS_ACK=${acks}: during a failover, refreshes may end sessions as reuse (docs/sessions.md, "Redis Cluster and Sentinel")`,
        );
    }
  }

  // The directory's version (features/sessions/context-cache.ts): a random value, replaced on every
  // change and acknowledged by replicas like a family write; a Redis that comes back empty gets a
  // new one. A failover or a restart from an older snapshot could still bring back the value before
  // a lost change, so the version this instance reports also carries a count of its (re)connections
  // and node changes: anything cached before such an event never matches again.
  let generation = 0;
  for (const event of ["ready", "+node", "-node", "reconnecting", "end"]) redis.on(event, () => void generation++);
  const epoch: DirectoryVersion = {
    async read() {
      const gen = generation;
      let v = await redis.get(EPOCH_KEY);
      if (!v) {
        await redis.set(EPOCH_KEY, randomToken(12), "NX");
        v = await redis.get(EPOCH_KEY);
      }
      return v && gen === generation ? `${gen}.${v}` : null;
    },
    async advance() {
      await durably<string>(
        (p) => p.set(EPOCH_KEY, randomToken(12)),
        () => true,
      );
    },
  };

  return {
    kind: "redis",
    redis,
    warnings,
    families: wrap(families),
    counters: wrap(counters),
    signIns: createRedisBrowserSessions(redis, durably),
    codes: createRedisAuthorizationCodes(redis, durably),
    epoch: wrap(epoch),
    async ping() {
      try {
        await redis.ping();
      } catch (e) {
        throw new UnavailableError(e);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
