/**
 * Redis adapter for session families and rate counters. Every race-prone step is one Lua script,
 * so rotation and counting stay atomic across any number of service instances.
 *
 * Keys (under the configured prefix):
 *   sel:{selector}  hash { f: familyId, v: verifierHash }       TTL = family expiry
 *   fam:{familyId}  hash { cur, data, exp, revoked, user, dev } TTL = family expiry
 *   user:{userId}   set of familyIds                            (revocation by user / device)
 *   cnt:{key}       integer counter                             TTL fixed at the first hit
 */
import Redis from "ioredis";
import type { CounterStore, FamilyRecord, FamilyStore, SessionData } from "../../src/features/sessions/ports";
import { UnavailableError } from "../../src/kernel/errors";
import type { SessionStore } from "../../src/stores";

const ROTATE = `
local sel = KEYS[1]
local nsel = KEYS[2]
local now = tonumber(ARGV[2])
local s = redis.call('HMGET', sel, 'f', 'v')
if not s[1] then return {'invalid'} end
if s[2] ~= ARGV[1] then return {'invalid'} end
local fam = KEYS[3] .. s[1]
local f = redis.call('HMGET', fam, 'cur', 'data', 'exp', 'revoked')
if not f[1] then return {'invalid'} end
if f[4] == '1' or tonumber(f[3]) <= now then return {'invalid'} end
if f[1] ~= ARGV[6] then
  redis.call('HSET', fam, 'revoked', '1')
  return {'reused', s[1], f[2]}
end
local data = f[2]
if ARGV[5] ~= '' then
  local d = cjson.decode(data)
  for k, v in pairs(cjson.decode(ARGV[5])) do d[k] = v end
  data = cjson.encode(d)
end
redis.call('HSET', fam, 'cur', ARGV[7], 'data', data, 'exp', ARGV[4])
redis.call('PEXPIREAT', fam, ARGV[4] + 86400000)
redis.call('HSET', nsel, 'f', s[1], 'v', ARGV[3])
redis.call('PEXPIREAT', nsel, ARGV[4] + 86400000)
return {'rotated', s[1], data, ARGV[4]}
`;

const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}
`;

function wrap<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    out[k] = typeof v === "function"
      ? async (...args: unknown[]) => {
          try {
            return await (v as (...a: unknown[]) => unknown)(...args);
          } catch (e) {
            throw new UnavailableError(e);
          }
        }
      : v;
  }
  return out as T;
}

export async function openRedis(url: string, prefix: string): Promise<SessionStore & { redis: Redis }> {
  const redis = new Redis(url, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 });
  redis.on("error", () => {}); // surfaced per call as UnavailableError; reconnects by itself
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new UnavailableError(e);
  }
  redis.defineCommand("ssoRotate", { numberOfKeys: 3, lua: ROTATE });
  redis.defineCommand("ssoHit", { numberOfKeys: 1, lua: HIT });
  const r = redis as Redis & {
    ssoRotate(sel: string, nsel: string, famPrefix: string, vh: string, now: number, nvh: string, exp: number, patch: string, rawSel: string, rawNext: string): Promise<string[]>;
    ssoHit(key: string, window: number): Promise<[number, number]>;
  };
  // KEYS[3] is a prefix used inside the script; ioredis adds keyPrefix to KEYS, so it becomes `${prefix}fam:`.
  const famKey = (id: string) => `fam:${id}`;
  const parse = (s: string) => JSON.parse(s) as SessionData;

  const families: FamilyStore = {
    async create(familyId, selector, verifierHash, data, expiresAt) {
      const exp = expiresAt.getTime();
      await redis
        .multi()
        .hset(famKey(familyId), { cur: selector, data: JSON.stringify(data), exp: String(exp), revoked: "0", user: String(data.userId), dev: data.deviceId ?? "" })
        .pexpireat(famKey(familyId), exp + 86400000)
        .hset(`sel:${selector}`, { f: familyId, v: verifierHash })
        .pexpireat(`sel:${selector}`, exp + 86400000)
        .sadd(`user:${data.userId}`, familyId)
        .exec();
    },
    async rotate(selector, verifierHash, next, now) {
      const res = await r.ssoRotate(`sel:${selector}`, `sel:${next.selector}`, "fam:", verifierHash, now.getTime(), next.verifierHash, next.expiresAt.getTime(), next.data ? JSON.stringify(next.data) : "", selector, next.selector);
      if (res[0] === "rotated") return { status: "rotated", family: { familyId: res[1], data: parse(res[2]), expiresAt: new Date(Number(res[3])) } };
      if (res[0] === "reused") return { status: "reused", family: { familyId: res[1], data: parse(res[2]) } };
      return { status: "invalid" };
    },
    async peek(selector, verifierHash, now) {
      const [f, v] = await redis.hmget(`sel:${selector}`, "f", "v");
      if (!f || v !== verifierHash) return null;
      const [cur, data, exp, revoked] = await redis.hmget(famKey(f), "cur", "data", "exp", "revoked");
      if (!cur || cur !== selector || revoked === "1" || Number(exp) <= now.getTime() || !data) return null;
      return { familyId: f, data: parse(data), expiresAt: new Date(Number(exp)) };
    },
    async revoke(familyId) {
      if (await redis.exists(famKey(familyId))) await redis.hset(famKey(familyId), "revoked", "1");
    },
    async revokeUser(userId) {
      const ids = await redis.smembers(`user:${userId}`);
      if (!ids.length) return;
      const m = redis.multi();
      for (const id of ids) m.hset(famKey(id), "revoked", "1");
      m.del(`user:${userId}`);
      await m.exec();
      // Families whose hash had already expired were recreated as bare hashes above; remove them.
      const m2 = redis.multi();
      for (const id of ids) m2.hexists(famKey(id), "cur");
      const exists = (await m2.exec()) ?? [];
      const cleanup = redis.multi();
      ids.forEach((id, i) => { if (!exists[i]?.[1]) cleanup.del(famKey(id)); });
      await cleanup.exec();
    },
    async revokeDevice(userId, deviceId) {
      const ids = await redis.smembers(`user:${userId}`);
      for (const id of ids) {
        const [dev, cur] = await redis.hmget(famKey(id), "dev", "cur");
        if (cur && dev === deviceId) await redis.hset(famKey(id), "revoked", "1");
      }
    },
    async listUser(userId, now) {
      const ids = await redis.smembers(`user:${userId}`);
      const out: FamilyRecord[] = [];
      for (const id of ids) {
        const [data, exp, revoked] = await redis.hmget(famKey(id), "data", "exp", "revoked");
        if (data && revoked !== "1" && Number(exp) > now.getTime()) out.push({ familyId: id, data: parse(data), expiresAt: new Date(Number(exp)) });
        else if (!data) await redis.srem(`user:${userId}`, id);
      }
      return out;
    },
  };

  const counters: CounterStore = {
    async hit(key, windowSeconds) {
      const [count, ttl] = await r.ssoHit(`cnt:${key}`, windowSeconds);
      return { count: Number(count), ttlSeconds: Number(ttl) };
    },
    async peek(key) {
      const [[, v], [, ttl]] = (await redis.multi().get(`cnt:${key}`).ttl(`cnt:${key}`).exec()) as [unknown, unknown][];
      return v ? { count: Number(v), ttlSeconds: Math.max(0, Number(ttl)) } : { count: 0, ttlSeconds: 0 };
    },
    async set(key, value, windowSeconds) {
      await redis.set(`cnt:${key}`, String(value), "EX", windowSeconds);
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
