/**
 * Redis adapter for session families and rate counters. Every race-prone step is one Lua script,
 * so rotation, revocation and counting stay atomic across any number of service instances.
 *
 * Keys (under the configured prefix):
 *   sel:{selector}  hash { f: familyId, v: verifierHash }       TTL = family expiry + 1 day
 *   fam:{familyId}  hash { cur, data, exp, revoked, user, dev } TTL = family expiry + 1 day
 *   user:{userId}   set of familyIds                            (revocation by user / device)
 *   cnt:{key}       hash { c: count, e: window end (ms) }       TTL = window + 1 min
 *
 * Selectors outlive the family's expiry by a day so that a replayed consumed token is still
 * recognised as reuse (and not merely as unknown) while the family could matter.
 * Scripts receive the family-key prefix as a KEYS entry (ioredis prefixes it); a single-node
 * Redis (or a cluster with hash tags added here) is assumed.
 */
import Redis from "ioredis";
import type { CounterStore, FamilyRecord, FamilyStore, SessionData } from "../../src/features/sessions/ports";
import { UnavailableError } from "../../src/kernel/errors";
import { translating } from "../shared/translate";
import { timingSafeEqual } from "../../src/kernel/secrets";
import type { SessionStore } from "../../src/stores";

const GRACE_MS = 86_400_000;

/**
 * Constant-time equality of two verifier hashes (no early exit on the first differing byte), so the
 * script's running time says nothing about how much of a presented verifier matched.
 */
const CT_EQUAL = `
local function ct_equal(a, b)
  if type(a) ~= 'string' or type(b) ~= 'string' or #a ~= #b then return false end
  local diff = 0
  for i = 1, #a do diff = bit.bor(diff, bit.bxor(string.byte(a, i), string.byte(b, i))) end
  return diff == 0
end
`;

/** KEYS: sel, nextSel, famPrefix. ARGV: verifierHash, nowMs, nextVerifierHash, patchJson|'', selector, nextSelector, graceMs */
const ROTATE = `${CT_EQUAL}
local s = redis.call('HMGET', KEYS[1], 'f', 'v')
if not s[1] then return {'invalid'} end
if not ct_equal(s[2], ARGV[1]) then return {'invalid'} end
local fam = KEYS[3] .. s[1]
local f = redis.call('HMGET', fam, 'cur', 'data', 'exp', 'revoked')
if not f[1] then return {'invalid'} end
local now = tonumber(ARGV[2])
if tonumber(f[3]) <= now then return {'invalid'} end
if f[1] ~= ARGV[5] then
  redis.call('HSET', fam, 'revoked', '1')
  return {'reused', s[1], f[2]}
end
if f[4] == '1' then return {'invalid'} end
local d = cjson.decode(f[2])
if ARGV[4] ~= '' then
  for k, v in pairs(cjson.decode(ARGV[4])) do d[k] = v end
end
local exp
if d['absoluteExpiresAt'] then exp = tonumber(f[3]) else exp = now + tonumber(d['ttlSeconds']) * 1000 end
local exps = string.format('%d', exp)
local data = cjson.encode(d)
local grace = tonumber(ARGV[7])
redis.call('HSET', fam, 'cur', ARGV[6], 'data', data, 'exp', exps)
redis.call('PEXPIREAT', fam, exp + grace)
redis.call('HSET', KEYS[2], 'f', s[1], 'v', ARGV[3])
redis.call('PEXPIREAT', KEYS[2], exp + grace)
return {'rotated', s[1], data, exps}
`;

/** KEYS: famPrefix. ARGV: familyIds... Marks existing families revoked; never recreates an expired one. */
const REVOKE = `
for _, id in ipairs(ARGV) do
  local fam = KEYS[1] .. id
  if redis.call('EXISTS', fam) == 1 then redis.call('HSET', fam, 'revoked', '1') end
end
return 1
`;

/** KEYS: userSet, famPrefix. ARGV: deviceId or '' for every family. Prunes ids whose family expired. */
const REVOKE_USER = `
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do
  local fam = KEYS[2] .. id
  local dev = redis.call('HGET', fam, 'dev')
  if not dev then
    redis.call('SREM', KEYS[1], id)
  elseif ARGV[1] == '' or dev == ARGV[1] then
    redis.call('HSET', fam, 'revoked', '1')
  end
end
return 1
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

const secondsLeft = (endsMs: number, now: Date) => Math.max(0, Math.ceil((endsMs - now.getTime()) / 1000));

/** Store failures surface as UnavailableError (503), never as a driver message. */
const wrap = <T extends object>(obj: T): T => translating(obj, (e) => new UnavailableError(e));

type Scripts = Redis & {
  ssoRotate(sel: string, nsel: string, famPrefix: string, vh: string, now: number, nvh: string, patch: string, rawSel: string, rawNext: string, grace: number): Promise<string[]>;
  ssoRevoke(famPrefix: string, ...ids: string[]): Promise<number>;
  ssoRevokeUser(userSet: string, famPrefix: string, deviceId: string): Promise<number>;
  ssoHit(key: string, nowMs: number, windowMs: number): Promise<[number, number]>;
};

export async function openRedis(url: string, prefix: string): Promise<SessionStore & { redis: Redis }> {
  const redis = new Redis(url, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 5000 });
  redis.on("error", () => {}); // surfaced per call as UnavailableError; reconnects by itself
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new UnavailableError(e);
  }
  redis.defineCommand("ssoRotate", { numberOfKeys: 3, lua: ROTATE });
  redis.defineCommand("ssoRevoke", { numberOfKeys: 1, lua: REVOKE });
  redis.defineCommand("ssoRevokeUser", { numberOfKeys: 2, lua: REVOKE_USER });
  redis.defineCommand("ssoHit", { numberOfKeys: 1, lua: HIT });
  const r = redis as Scripts;
  const famKey = (id: string) => `fam:${id}`;
  const parse = (s: string) => JSON.parse(s) as SessionData;

  const families: FamilyStore = {
    async create(familyId, selector, verifierHash, data, expiresAt) {
      const exp = expiresAt.getTime();
      await redis
        .multi()
        .hset(famKey(familyId), { cur: selector, data: JSON.stringify(data), exp: String(exp), revoked: "0", user: String(data.userId), dev: data.deviceId ?? "" })
        .pexpireat(famKey(familyId), exp + GRACE_MS)
        .hset(`sel:${selector}`, { f: familyId, v: verifierHash })
        .pexpireat(`sel:${selector}`, exp + GRACE_MS)
        .sadd(`user:${data.userId}`, familyId)
        .exec();
    },
    async rotate(selector, verifierHash, next, now) {
      const res = await r.ssoRotate(`sel:${selector}`, `sel:${next.selector}`, "fam:", verifierHash, now.getTime(), next.verifierHash, next.data ? JSON.stringify(next.data) : "", selector, next.selector, GRACE_MS);
      if (res[0] === "rotated") return { status: "rotated", family: { familyId: res[1], data: parse(res[2]), expiresAt: new Date(Number(res[3])) } };
      if (res[0] === "reused") return { status: "reused", family: { familyId: res[1], data: parse(res[2]) } };
      return { status: "invalid" };
    },
    async peek(selector, verifierHash, now) {
      const [f, v] = await redis.hmget(`sel:${selector}`, "f", "v");
      // constant-time: comparing a secret's digest
      if (!f || !timingSafeEqual(v ?? "", verifierHash)) return null;
      const rec = await families.get(f, now);
      const [cur] = await redis.hmget(famKey(f), "cur");
      return rec && cur === selector ? rec : null;
    },
    async get(familyId, now) {
      const [data, exp, revoked] = await redis.hmget(famKey(familyId), "data", "exp", "revoked");
      if (!data || revoked === "1" || Number(exp) <= now.getTime()) return null;
      return { familyId, data: parse(data), expiresAt: new Date(Number(exp)) };
    },
    async revoke(familyId) {
      await r.ssoRevoke("fam:", familyId);
    },
    async revokeUser(userId) {
      await r.ssoRevokeUser(`user:${userId}`, "fam:", "");
    },
    async revokeDevice(userId, deviceId) {
      if (!deviceId) return;
      await r.ssoRevokeUser(`user:${userId}`, "fam:", deviceId);
    },
    async listUser(userId, now) {
      const ids = await redis.smembers(`user:${userId}`);
      if (!ids.length) return [];
      const m = redis.multi();
      for (const id of ids) m.hmget(famKey(id), "data", "exp", "revoked");
      const rows = ((await m.exec()) ?? []).map(([, v]) => v as (string | null)[]);
      const out: FamilyRecord[] = [];
      rows.forEach(([data, exp, revoked], i) => {
        if (data && revoked !== "1" && Number(exp) > now.getTime()) out.push({ familyId: ids[i], data: parse(data), expiresAt: new Date(Number(exp)) });
      });
      // Oldest first: family creation order is not kept in Redis, expiry is a stable proxy.
      return out.sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.familyId.localeCompare(b.familyId));
    },
  };

  const counters: CounterStore = {
    async hit(key, windowSeconds, now) {
      const [count, ends] = await r.ssoHit(`cnt:${key}`, now.getTime(), windowSeconds * 1000);
      return { count: Number(count), ttlSeconds: secondsLeft(Number(ends), now) };
    },
    async peek(key, now) {
      const [c, e] = await redis.hmget(`cnt:${key}`, "c", "e");
      return c && Number(e) > now.getTime() ? { count: Number(c), ttlSeconds: secondsLeft(Number(e), now) } : { count: 0, ttlSeconds: 0 };
    },
    async set(key, value, windowSeconds, now) {
      await redis.multi().hset(`cnt:${key}`, "c", value, "e", now.getTime() + windowSeconds * 1000).pexpire(`cnt:${key}`, windowSeconds * 1000 + 60_000).exec();
    },
    async reset(key) {
      await redis.del(`cnt:${key}`);
    },
  };

  return {
    kind: "redis",
    redis,
    families: wrap(families),
    counters: wrap(counters),
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
