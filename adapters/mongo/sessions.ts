/**
 * Session families and counters (primary-store fallbacks when REDIS_URL is unset), devices and
 * one-time tokens. Every race-prone step is one conditional single-document findOneAndUpdate,
 * run under `exclusive` (atomic.ts) so it stays atomic on FerretDB v1 too.
 */
import type { Filter } from "mongodb";
import type {
  CounterStore,
  Device,
  DeviceRepo,
  FamilyRecord,
  FamilyStore,
  OneTimeToken,
  OneTimeTokenRepo,
  SessionData,
} from "../../src/features/sessions/ports";
import { timingSafeEqual } from "../../src/kernel/secrets";
import { exclusive } from "./atomic";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, updateDocs, upsertDoc, type Ctx } from "./db";
import { C } from "./schema";

const toFamily = (d: Doc): FamilyRecord => ({ familyId: d._id, data: d.data as SessionData, expiresAt: d.expiresAt });
const famLock = (familyId: string) => `family:${familyId}`;
const cntLock = (key: string) => `counter:${key}`;
const ottLock = (tokenHash: string) => `one-time:${tokenHash}`;
const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

export function createMongoFamilies(ctx: Ctx): FamilyStore {
  const fams = coll(ctx, C.families);
  const sels = coll(ctx, C.selectors);
  const live = (now: Date): Filter<Doc> => ({ revoked: false, expiresAt: { $gt: now } });
  // Revocation takes the family's lock too: on FerretDB an unlocked write could be overwritten by a rotation's.
  const revokeOne = (familyId: string, at?: Date) =>
    exclusive(ctx, famLock(familyId), () =>
      updateDocs(
        ctx,
        C.families,
        { _id: familyId, revoked: false },
        { $set: at ? { revoked: true, updatedAt: at } : { revoked: true } },
      ),
    );
  const revokeAll = async (filter: Filter<Doc>) => {
    for (const f of await fams.find(filter, { projection: { _id: 1 } }).toArray()) await revokeOne(f._id);
  };
  return {
    async create(familyId, selector, verifierHash, data, expiresAt) {
      const now = new Date();
      await insertDocs(ctx, C.families, [
        {
          _id: familyId,
          tenantId: data.tenantId,
          userId: data.userId,
          deviceId: data.deviceId ?? null,
          data,
          currentSelector: selector,
          verifierHash,
          revoked: false,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      await insertDocs(ctx, C.selectors, [{ _id: selector, familyId, verifierHash, expiresAt }]);
    },
    async rotate(selector, verifierHash, next, now) {
      // Read, then compare-and-set on currentSelector: the state the new data and expiry are computed
      // from is exactly the state the winning update replaces, and only one caller can match it.
      const fam = await fams.findOne({ currentSelector: selector, ...live(now) });
      // constant-time: the presented verifier's hash against the stored one.
      if (fam && timingSafeEqual(fam.verifierHash, verifierHash)) {
        const data: SessionData = next.data ? { ...fam.data, ...next.data } : fam.data;
        // Fixed sessions keep their expiry; sliding ones move to now + ttlSeconds (of the stored data, as on Postgres).
        const expiresAt =
          fam.data.absoluteExpiresAt != null
            ? fam.expiresAt
            : new Date(now.getTime() + Number(fam.data.ttlSeconds) * 1000);
        const won = await exclusive(ctx, famLock(fam._id), () =>
          fams.findOneAndUpdate(
            { _id: fam._id, currentSelector: selector, verifierHash: fam.verifierHash, ...live(now) },
            {
              $set: {
                currentSelector: next.selector,
                verifierHash: next.verifierHash,
                data,
                deviceId: data.deviceId ?? null,
                expiresAt,
                updatedAt: now,
              },
            },
            { returnDocument: "after" },
          ),
        );
        if (won) {
          // Recorded so that a later presentation of this selector, once consumed, is recognised as reuse.
          await sels.insertOne({ _id: next.selector, familyId: won._id, verifierHash: next.verifierHash, expiresAt });
          return { status: "rotated", family: toFamily(won) };
        }
      }
      const old = await sels.findOne({ _id: selector });
      // constant-time: a consumed selector with a wrong verifier proves nothing.
      if (!old || !timingSafeEqual(old.verifierHash, verifierHash)) return { status: "invalid" };
      const cur = await fams.findOne({ _id: old.familyId });
      if (!cur || cur.expiresAt <= now) return { status: "invalid" };
      // The current token of a revoked family is merely invalid; a consumed one is reuse.
      if (cur.currentSelector === selector) return { status: "invalid" };
      if (!cur.revoked) await revokeOne(cur._id, now);
      return { status: "reused", family: { familyId: cur._id, data: cur.data as SessionData } };
    },
    async peek(selector, verifierHash, now) {
      const d = await fams.findOne({ currentSelector: selector, ...live(now) });
      return d && timingSafeEqual(d.verifierHash, verifierHash) ? toFamily(d) : null;
    },
    async get(familyId, now) {
      const d = await fams.findOne({ _id: familyId, ...live(now) });
      return d ? toFamily(d) : null;
    },
    async revoke(familyId) {
      await revokeOne(familyId);
    },
    async revokeUser(userId) {
      await revokeAll({ userId, revoked: false });
    },
    async revokeDevice(userId, deviceId) {
      await revokeAll({ userId, deviceId, revoked: false });
    },
    async listUser(userId, now) {
      return (
        await fams
          .find({ userId, ...live(now) })
          .sort({ createdAt: 1, _id: 1 })
          .toArray()
      ).map(toFamily);
    },
  };
}

export function createMongoCounters(ctx: Ctx): CounterStore {
  const c = coll(ctx, C.rateCounters);
  // Windows are compared with the caller's clock (the service's injected clock), not the server's.
  const ttlOf = (expiresAt: Date, now: Date) => Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  async function hit(key: string, windowSeconds: number, now: Date) {
    const ends = new Date(now.getTime() + windowSeconds * 1000);
    for (let attempt = 0; ; attempt++) {
      try {
        // The common case, one step: count in the live window, or create the key (window fixed here).
        const r = await c.findOneAndUpdate(
          { _id: key, expiresAt: { $gt: now } },
          { $inc: { count: 1 }, $setOnInsert: { expiresAt: ends } },
          { upsert: true, returnDocument: "after" },
        );
        return { count: r!.count as number, ttlSeconds: ttlOf(r!.expiresAt, now) };
      } catch (e) {
        // The key exists but its window ended (or a concurrent first hit created it): restart the
        // window at 1 if it is still ended (one caller wins), else count again in the live one.
        if (!isDuplicate(e) || attempt >= 20) throw e;
        const r = await c.findOneAndUpdate(
          { _id: key, expiresAt: { $lte: now } },
          { $set: { count: 1, expiresAt: ends } },
          { returnDocument: "after" },
        );
        if (r) return { count: 1, ttlSeconds: ttlOf(r.expiresAt, now) };
      }
    }
  }
  /**
   * `hit` with the member added to the document's `members` (a set: `$addToSet`), in the same
   * steps: counted in the live window (or the key created), else the ended window restarted with
   * `member` alone by one caller.
   */
  async function hitDistinct(key: string, member: string, windowSeconds: number, now: Date) {
    const ends = new Date(now.getTime() + windowSeconds * 1000);
    const out = (d: Doc) => ({
      count: d.count as number,
      distinct: Array.isArray(d.members) ? d.members.length : 1,
      ttlSeconds: ttlOf(d.expiresAt, now),
    });
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await c.findOneAndUpdate(
          { _id: key, expiresAt: { $gt: now } },
          { $inc: { count: 1 }, $addToSet: { members: member }, $setOnInsert: { expiresAt: ends } },
          { upsert: true, returnDocument: "after" },
        );
        return out(r!);
      } catch (e) {
        if (!isDuplicate(e) || attempt >= 20) throw e;
        const r = await c.findOneAndUpdate(
          { _id: key, expiresAt: { $lte: now } },
          { $set: { count: 1, members: [member], expiresAt: ends } },
          { returnDocument: "after" },
        );
        if (r) return out(r);
      }
    }
  }
  return {
    hit: (key, windowSeconds, now) => exclusive(ctx, cntLock(key), () => hit(key, windowSeconds, now)),
    hitDistinct: (key, member, windowSeconds, now) =>
      exclusive(ctx, cntLock(key), () => hitDistinct(key, member, windowSeconds, now)),
    async peek(key, now) {
      const r = await c.findOne({ _id: key, expiresAt: { $gt: now } });
      return r ? { count: r.count, ttlSeconds: ttlOf(r.expiresAt, now) } : { count: 0, ttlSeconds: 0 };
    },
    async set(key, value, windowSeconds, now) {
      await exclusive(ctx, cntLock(key), () =>
        upsertDoc(ctx, C.rateCounters, key, {
          $set: { count: value, expiresAt: new Date(now.getTime() + windowSeconds * 1000) },
        }),
      );
    },
    async reset(key) {
      await exclusive(ctx, cntLock(key), () => deleteDocs(ctx, C.rateCounters, { _id: key }));
    },
  };
}

const toDevice = (d: Doc): Device => ({
  tenantId: d.tenantId,
  userId: d.userId,
  deviceId: d.deviceId,
  name: d.name,
  platform: d.platform,
  lastSeenAt: d.lastSeenAt,
  createdAt: d.createdAt,
});
/** Natural key: the user id is numeric, so "user:" never collides whatever the device id holds. */
const deviceKey = (userId: number, deviceId: string) => `${userId}:${deviceId}`;

export function createMongoDevices(ctx: Ctx): DeviceRepo {
  const c = coll(ctx, C.devices);
  return {
    async upsert(dev) {
      const _id = deviceKey(dev.userId, dev.deviceId);
      const write = () =>
        upsertDoc(ctx, C.devices, _id, {
          $set: { name: dev.name, platform: dev.platform, lastSeenAt: dev.lastSeenAt },
          $setOnInsert: { tenantId: dev.tenantId, userId: dev.userId, deviceId: dev.deviceId, createdAt: new Date() },
        });
      // Two first upserts of one device can both try to insert (FerretDB upserts are not atomic): the loser updates.
      await write().catch((e) => (isDuplicate(e) ? write() : Promise.reject(e)));
      return toDevice(await c.findOne({ _id }));
    },
    async get(userId, deviceId) {
      const d = await c.findOne({ _id: deviceKey(userId, deviceId) });
      return d ? toDevice(d) : null;
    },
    async listUser(userId) {
      return (await c.find({ userId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toDevice);
    },
    async delete(userId, deviceId) {
      return (await deleteDocs(ctx, C.devices, { _id: deviceKey(userId, deviceId) })) > 0;
    },
    async touch(userId, deviceId, at) {
      await updateDocs(ctx, C.devices, { _id: deviceKey(userId, deviceId) }, { $set: { lastSeenAt: at } });
    },
    async deleteUser(userId) {
      await deleteDocs(ctx, C.devices, { userId }, { many: true });
    },
  };
}

const toOneTime = (d: Doc): OneTimeToken => ({
  kind: d.kind,
  tenantId: d.tenantId,
  userId: d.userId,
  data: d.data,
  attempts: d.attempts,
  expiresAt: d.expiresAt,
});

export function createMongoOneTimeTokens(ctx: Ctx): OneTimeTokenRepo {
  const c = coll(ctx, C.oneTime);
  const usable = (tokenHash: string, kind: string, now: Date): Filter<Doc> => ({
    _id: tokenHash,
    kind,
    usedAt: null,
    expiresAt: { $gt: now },
  });
  return {
    async create(tokenHash, t) {
      await insertDocs(ctx, C.oneTime, [
        {
          _id: tokenHash,
          kind: t.kind,
          tenantId: t.tenantId,
          userId: t.userId,
          data: t.data,
          attempts: t.attempts,
          expiresAt: t.expiresAt,
          usedAt: null,
        },
      ]);
    },
    async consume(tokenHash, kind, now) {
      const d = await exclusive(ctx, ottLock(tokenHash), () =>
        modifyOne(ctx, C.oneTime, usable(tokenHash, kind, now), { $set: { usedAt: now } }),
      );
      return d ? toOneTime(d) : null;
    },
    async peek(tokenHash, kind, now) {
      const d = await c.findOne(usable(tokenHash, kind, now));
      return d ? toOneTime(d) : null;
    },
    recordFailure: (tokenHash, max) =>
      exclusive(ctx, ottLock(tokenHash), async () => {
        // Below the last allowed failure: count only. Otherwise count and burn in the same write, so
        // the increment that reaches `max` is the one that burns the token.
        const counted = await modifyOne(
          ctx,
          C.oneTime,
          { _id: tokenHash, attempts: { $lt: max - 1 } },
          { $inc: { attempts: 1 } },
        );
        if (counted) return counted.attempts;
        const burnt = await modifyOne(
          ctx,
          C.oneTime,
          { _id: tokenHash },
          { $inc: { attempts: 1 }, $set: { usedAt: new Date() } },
        );
        return burnt ? (burnt.attempts as number) : max;
      }),
    async deleteUser(userId, kind) {
      await deleteDocs(ctx, C.oneTime, kind ? { userId, kind } : { userId }, { many: true });
    },
  };
}
