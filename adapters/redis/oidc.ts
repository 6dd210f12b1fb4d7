/**
 * The OpenID provider's sign-in sessions and authorization codes on Redis (a node, a cluster or a
 * Sentinel-managed master), beside the refresh families (adapters/redis/index.ts). Every
 * race-prone step is one Lua script on one key, so it is atomic across instances and cluster
 * nodes; writes go through the families' `durably` (WAIT for replicas when configured).
 *
 * Keys (under the configured prefix; `{…}` is the cluster hash tag):
 *   si:{sid}   hash { t, u, h: secretHash, d: fixed JSON, ie: idle expiry, ae: absolute expiry,
 *                     idle: ms, lu: last used, c:<clientId>: 1 per client,
 *                     amr: JSON, at: auth time (ms) once a step-up raised the session: over d's }
 *              TTL = min(idle, absolute) expiry + 1 day, moved on by each resume
 *   usi:T:U    sorted set sid → time indexed (ms): the user's sessions (their own slot)
 *   code:{H}   hash { t, cl: clientId, d: JSON, exp, r: redeemed 0|1, ru: reused 0|1, iss: JSON }
 *              TTL = expiry + CODE_REUSE_WINDOW_SECONDS + 1 min
 *
 * Expiry is judged against the caller's `now` (the injected clock) stored in the hash; Redis's own
 * TTL only collects keys afterwards. A user's index is maintained like the families' (`ufam`): an
 * id is added before its session exists and dropped when the session is ended, or found gone and
 * indexed more than an hour ago, so ending all of a user's sessions never misses one being created.
 */
import type { ChainableCommander } from "ioredis";
import {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCodeStore,
  type TenantScope,
} from "../../src/protocols/oidc/ports";
import { type BrowserSession, type BrowserSessionStore, SLIDE_STEP_MS } from "../../src/features/sessions/ports";
import { ConflictError, DomainError, UnavailableError } from "../../src/kernel/errors";
import { codeFromJson, codeJson, issueFromJson, sessionFromJson, sessionJson } from "../shared/oidc-json";
import { translating } from "../shared/translate";
import type { RedisClient } from "./connect";

/** The families' write path (index.ts): runs a command, WAITs for replicas when configured, retries a redirect. */
export type Durably = <T>(add: (p: ChainableCommander) => unknown, wrote: (result: T) => boolean) => Promise<T>;

const GRACE_MS = 86_400_000;
const REUSE_MS = CODE_REUSE_WINDOW_SECONDS * 1000;
const PRUNE_AFTER_MS = 3_600_000;

const CT_EQUAL = `
local byte, bxor, bor = string.byte, bit.bxor, bit.bor
local function ct_equal(a, b)
  if type(a) ~= 'string' or type(b) ~= 'string' or #a ~= #b then return false end
  local diff = 0
  for i = 1, #a do diff = bor(diff, bxor(byte(a, i), byte(b, i))) end
  return diff == 0
end
`;

/** KEYS: si. ARGV: tenant, user, secretHash, json, idleExp, absExp, idleMs, createdMs, graceMs. */
const SI_CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'dup' end
redis.call('HSET', KEYS[1], 't', ARGV[1], 'u', ARGV[2], 'h', ARGV[3], 'd', ARGV[4], 'ie', ARGV[5], 'ae', ARGV[6], 'idle', ARGV[7], 'lu', ARGV[8])
redis.call('PEXPIREAT', KEYS[1], math.min(tonumber(ARGV[5]), tonumber(ARGV[6])) + tonumber(ARGV[9]))
return 'created'
`;

/** KEYS: si. ARGV: tenant, secretHash, nowMs, graceMs, slideStepMs. The session after sliding (unchanged when slid under min(slideStepMs, idle / 10) ago), or false. */
const SI_RESUME = `${CT_EQUAL}
local s = redis.call('HMGET', KEYS[1], 't', 'h', 'ie', 'ae', 'idle', 'lu')
if not s[1] or (ARGV[1] ~= '*' and s[1] ~= ARGV[1]) then return false end
if not ct_equal(s[2], ARGV[2]) then return false end
local now = tonumber(ARGV[3])
if tonumber(s[3]) <= now or tonumber(s[4]) <= now then return false end
if s[6] and now - tonumber(s[6]) < math.min(tonumber(ARGV[5]), tonumber(s[5]) / 10) then
  return redis.call('HGETALL', KEYS[1])
end
local ie = math.min(now + tonumber(s[5]), tonumber(s[4]))
redis.call('HSET', KEYS[1], 'ie', string.format('%d', ie), 'lu', ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ie + tonumber(ARGV[4]))
return redis.call('HGETALL', KEYS[1])
`;

/** KEYS: si. ARGV: tenant, amrJson, authTimeMs, nowMs. The session after the step-up, or false. */
const SI_RAISE = `
local s = redis.call('HMGET', KEYS[1], 't', 'ie', 'ae')
if not s[1] or s[1] ~= ARGV[1] then return false end
local now = tonumber(ARGV[4])
if tonumber(s[2]) <= now or tonumber(s[3]) <= now then return false end
redis.call('HSET', KEYS[1], 'amr', ARGV[2], 'at', ARGV[3])
return redis.call('HGETALL', KEYS[1])
`;

/** KEYS: si. ARGV: tenant, clientId, nowMs. 1 when recorded on a live session, 0 otherwise. */
const SI_ADD_CLIENT = `
local s = redis.call('HMGET', KEYS[1], 't', 'ie', 'ae')
if not s[1] or s[1] ~= ARGV[1] then return 0 end
local now = tonumber(ARGV[3])
if tonumber(s[2]) <= now or tonumber(s[3]) <= now then return 0 end
redis.call('HSET', KEYS[1], 'c:' .. ARGV[2], '1')
return 1
`;

/** KEYS: si. ARGV: tenant. The session as it was (then deleted), or false: one caller gets it. */
const SI_END = `
local t = redis.call('HGET', KEYS[1], 't')
if not t or t ~= ARGV[1] then return false end
local all = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return all
`;

/** KEYS: code. ARGV: tenant, clientId, json, expMs, keepMs. */
const CODE_ISSUE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'dup' end
redis.call('HSET', KEYS[1], 't', ARGV[1], 'cl', ARGV[2], 'd', ARGV[3], 'exp', ARGV[4], 'r', '0', 'ru', '0')
redis.call('PEXPIREAT', KEYS[1], tonumber(ARGV[4]) + tonumber(ARGV[5]))
return 'issued'
`;

/** KEYS: code. ARGV: tenant, clientId, nowMs, reuseMs. {'ok', json} | {'reused', json, issued} | false. */
const CODE_REDEEM = `
local c = redis.call('HMGET', KEYS[1], 't', 'cl', 'exp', 'r', 'd', 'iss')
if not c[1] or (ARGV[1] ~= '*' and c[1] ~= ARGV[1]) or c[2] ~= ARGV[2] then return false end
local now = tonumber(ARGV[3])
if c[4] == '0' then
  if tonumber(c[3]) <= now then return false end
  redis.call('HSET', KEYS[1], 'r', '1')
  return {'ok', c[5]}
end
if tonumber(c[3]) + tonumber(ARGV[4]) <= now then return false end
redis.call('HSET', KEYS[1], 'ru', '1')
return {'reused', c[5], c[6] or ''}
`;

/** KEYS: code. ARGV: tenant, issuedJson. 'recorded' | 'reused' | false. */
const CODE_RECORD = `
local c = redis.call('HMGET', KEYS[1], 't', 'r', 'ru')
if not c[1] or c[1] ~= ARGV[1] or c[2] ~= '1' then return false end
redis.call('HSET', KEYS[1], 'iss', ARGV[2])
if c[3] == '1' then return 'reused' end
return 'recorded'
`;

type Scripts = {
  oidcSiCreate(...a: (string | number)[]): Promise<string>;
  oidcSiResume(...a: (string | number)[]): Promise<string[] | null>;
  oidcSiRaise(...a: (string | number)[]): Promise<string[] | null>;
  oidcSiAddClient(...a: (string | number)[]): Promise<number>;
  oidcSiEnd(...a: (string | number)[]): Promise<string[] | null>;
  oidcCodeIssue(...a: (string | number)[]): Promise<string>;
  oidcCodeRedeem(...a: (string | number)[]): Promise<string[] | null>;
  oidcCodeRecord(...a: (string | number)[]): Promise<string | null>;
};

const siKey = (sid: string) => `si:{${sid}}`;
/** A tenant as a script argument: "*" stands for "any" (tenant ids are digits). */
const scopeArg = (tenantId: TenantScope) => (tenantId === "any" ? "*" : String(tenantId));
const userKey = (tenantId: number, userId: number) => `usi:${tenantId}:${userId}`;
const codeKey = (hash: string) => `code:{${hash}}`;

function define(redis: RedisClient): RedisClient & Scripts {
  const defs: [string, number, string][] = [
    ["oidcSiCreate", 1, SI_CREATE],
    ["oidcSiResume", 1, SI_RESUME],
    ["oidcSiRaise", 1, SI_RAISE],
    ["oidcSiAddClient", 1, SI_ADD_CLIENT],
    ["oidcSiEnd", 1, SI_END],
    ["oidcCodeIssue", 1, CODE_ISSUE],
    ["oidcCodeRedeem", 1, CODE_REDEEM],
    ["oidcCodeRecord", 1, CODE_RECORD],
  ];
  for (const [name, numberOfKeys, lua] of defs) if (!(name in redis)) redis.defineCommand(name, { numberOfKeys, lua });
  return redis as RedisClient & Scripts;
}

/** A duplicate stays ConflictError; every other failure is UnavailableError (503), never a driver message. */
const wrap = <T extends object>(obj: T): T =>
  translating(obj, (e) => (e instanceof DomainError ? e : new UnavailableError(e)));

/** A session hash (HGETALL's flat reply or ioredis's object) as the domain record, a step-up's fields over `d`'s. */
function fromHash(sid: string, h: Record<string, string>): BrowserSession {
  const clients = Object.keys(h)
    .filter((k) => k.startsWith("c:"))
    .map((k) => k.slice(2));
  const s = sessionFromJson(sid, h.d, Number(h.ie), Number(h.lu), clients);
  return h.amr && h.at ? { ...s, amr: JSON.parse(h.amr) as string[], authTime: new Date(Number(h.at)) } : s;
}
const pairs = (flat: string[]): Record<string, string> => {
  const h: Record<string, string> = {};
  for (let i = 0; i < flat.length; i += 2) h[flat[i]] = flat[i + 1];
  return h;
};
const liveAt = (h: Record<string, string>, tenantId: number, nowMs: number) =>
  !!h.t && h.t === String(tenantId) && Number(h.ie) > nowMs && Number(h.ae) > nowMs;

export function createRedisBrowserSessions(client: RedisClient, durably: Durably): BrowserSessionStore {
  const redis = define(client);
  const on = (p: ChainableCommander) => p as ChainableCommander & Scripts;

  async function indexed(tenantId: number, userId: number): Promise<{ id: string; at: number }[]> {
    const flat = await redis.zrange(userKey(tenantId, userId), 0, -1, "WITHSCORES");
    const out: { id: string; at: number }[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ id: flat[i], at: Number(flat[i + 1]) });
    return out;
  }
  async function unindex(tenantId: number, userId: number, ids: string[]): Promise<void> {
    if (ids.length) await redis.zrem(userKey(tenantId, userId), ...ids);
  }
  const old = (x: { at: number }) => x.at < Date.now() - PRUNE_AFTER_MS;

  async function end(tenantId: number, sid: string): Promise<BrowserSession | null> {
    const flat = await durably<string[] | null>(
      (p) => on(p).oidcSiEnd(siKey(sid), String(tenantId)),
      (x) => !!x,
    );
    if (!flat) return null;
    const s = fromHash(sid, pairs(flat));
    await unindex(tenantId, s.userId, [sid]);
    return s;
  }

  return wrap({
    async create(s, secretHash) {
      // The user's index first (its own slot), acknowledged like the session: see the file's header.
      await durably<number>(
        (p) => p.zadd(userKey(s.tenantId, s.userId), "NX", Date.now(), s.sid),
        () => true,
      );
      const r = await durably<string>(
        (p) =>
          on(p).oidcSiCreate(
            siKey(s.sid),
            String(s.tenantId),
            String(s.userId),
            secretHash,
            sessionJson(s),
            s.idleExpiresAt.getTime(),
            s.absoluteExpiresAt.getTime(),
            s.idleSeconds * 1000,
            s.createdAt.getTime(),
            GRACE_MS,
          ),
        (x) => x === "created",
      );
      if (r === "dup") throw new ConflictError("signin_sessions_pkey");
    },
    async resume(tenantId, sid, secretHash, now) {
      const flat = await durably<string[] | null>(
        (p) => on(p).oidcSiResume(siKey(sid), scopeArg(tenantId), secretHash, now.getTime(), GRACE_MS, SLIDE_STEP_MS),
        (x) => !!x,
      );
      return flat ? fromHash(sid, pairs(flat)) : null;
    },
    async get(tenantId, sid, now) {
      const h = await redis.hgetall(siKey(sid));
      return liveAt(h, tenantId, now.getTime()) ? fromHash(sid, h) : null;
    },
    async raise(tenantId, sid, amr, authTime, now) {
      const flat = await durably<string[] | null>(
        (p) => on(p).oidcSiRaise(siKey(sid), String(tenantId), JSON.stringify(amr), authTime.getTime(), now.getTime()),
        (x) => !!x,
      );
      return flat ? fromHash(sid, pairs(flat)) : null;
    },
    async addClient(tenantId, sid, clientId, now) {
      const n = await durably<number>(
        (p) => on(p).oidcSiAddClient(siKey(sid), String(tenantId), clientId, now.getTime()),
        (x) => Number(x) === 1,
      );
      return Number(n) === 1;
    },
    end,
    async listByUser(tenantId, userId, now) {
      const ids = await indexed(tenantId, userId);
      // One command per session (each in its own slot); ioredis sends them to their nodes concurrently.
      const hashes = await Promise.all(ids.map((x) => redis.hgetall(siKey(x.id))));
      await unindex(
        tenantId,
        userId,
        ids.filter((x, i) => !hashes[i].t && old(x)).map((x) => x.id),
      );
      return ids
        .map((x, i) => (liveAt(hashes[i], tenantId, now.getTime()) ? fromHash(x.id, hashes[i]) : null))
        .filter((s): s is BrowserSession => !!s)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.sid.localeCompare(b.sid));
    },
    async endAllForUser(tenantId, userId) {
      const ids = await indexed(tenantId, userId);
      const ended = await Promise.all(ids.map((x) => end(tenantId, x.id)));
      // Ids whose session never came (or was collected) are dropped once no creation can be under way.
      await unindex(
        tenantId,
        userId,
        ids.filter((x, i) => !ended[i] && old(x)).map((x) => x.id),
      );
      return ended
        .filter((s): s is BrowserSession => !!s)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.sid.localeCompare(b.sid));
    },
  } satisfies BrowserSessionStore);
}

export function createRedisAuthorizationCodes(client: RedisClient, durably: Durably): AuthorizationCodeStore {
  define(client);
  const on = (p: ChainableCommander) => p as ChainableCommander & Scripts;
  return wrap({
    async issue(codeHash, code) {
      const r = await durably<string>(
        (p) =>
          on(p).oidcCodeIssue(
            codeKey(codeHash),
            String(code.tenantId),
            code.clientId,
            codeJson(code),
            code.expiresAt.getTime(),
            REUSE_MS + 60_000,
          ),
        (x) => x === "issued",
      );
      if (r === "dup") throw new ConflictError("authorization_codes_pkey");
    },
    async redeem(tenantId, clientId, codeHash, now) {
      const r = await durably<string[] | null>(
        (p) => on(p).oidcCodeRedeem(codeKey(codeHash), scopeArg(tenantId), clientId, now.getTime(), REUSE_MS),
        (x) => !!x,
      );
      if (!r) return null;
      if (r[0] === "ok") return { status: "ok", code: codeFromJson(r[1]) };
      return { status: "reused", code: codeFromJson(r[1]), issued: issueFromJson(r[2]) };
    },
    async recordIssued(tenantId, codeHash, issued) {
      const r = await durably<string | null>(
        (p) => on(p).oidcCodeRecord(codeKey(codeHash), String(tenantId), JSON.stringify(issued)),
        (x) => !!x,
      );
      return r === "reused" || r === "recorded" ? r : null;
    },
  } satisfies AuthorizationCodeStore);
}
