/**
 * Contract of the sessions ports: FamilyStore and CounterStore (Redis, or the primary store when
 * REDIS_URL is unset), DeviceRepo and OneTimeTokenRepo (primary store). Time-dependent steps use
 * an explicit `now` (the service passes its injected clock), so no test sleeps for a window or an
 * expiry to pass.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type {
  CounterStore,
  DeviceRepo,
  FamilyStore,
  OneTimeTokenRepo,
  SessionData,
} from "../../src/features/sessions/ports";
import { familyIdOfSelector } from "../../src/features/sessions/ports";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

const DAY = 86_400_000;
let seq = 1_000 + Math.floor(Math.random() * 1_000_000);
const nextUser = () => ++seq;

function session(userId: number, over: Partial<SessionData> = {}): SessionData {
  return {
    userId,
    tenantId: 7,
    orgId: 70,
    orgPath: "/7/70/",
    audience: "http://sso.test",
    mode: "plain",
    ttlSeconds: 30 * 86400,
    ...over,
  };
}
/** A token of family `familyId`: its selector names the family (familyIdOfSelector), as the service's do. */
const token = (familyId: string) => {
  const selector = `${familyId}${randomToken(12)}`;
  const verifier = randomToken(32);
  return { selector, hash: sha256Hex(verifier) };
};

export const sessionsContract: ContractSuite = {
  name: "sessions",
  run(make) {
    let s: TestStores;
    let families: FamilyStore;
    let counters: CounterStore;
    let devices: DeviceRepo;
    let ott: OneTimeTokenRepo;
    beforeAll(async () => {
      s = await make();
      families = s.sessions.families;
      counters = s.sessions.counters;
      devices = s.store.devices;
      ott = s.store.oneTimeTokens;
    });
    afterAll(() => s.close());

    /** A fresh family for a fresh user, created at `now`, fixed 30-day expiry unless overridden. */
    async function family(now: Date, over: Partial<SessionData> = {}, expiresAt = new Date(now.getTime() + 30 * DAY)) {
      const userId = over.userId ?? nextUser();
      const familyId = randomToken(12);
      const t = token(familyId);
      const data = session(userId, { absoluteExpiresAt: expiresAt.getTime(), ...over });
      await families.create(familyId, t.selector, t.hash, data, expiresAt);
      return { familyId, userId, t, data, expiresAt };
    }

    describe("FamilyStore", () => {
      test("create then peek and get return the live family; a wrong verifier peeks nothing", async () => {
        const now = new Date();
        const f = await family(now);
        const peeked = await families.peek(f.t.selector, f.t.hash, now);
        expect(peeked?.familyId).toBe(f.familyId);
        expect(peeked?.data).toEqual(f.data);
        expect(peeked?.expiresAt.getTime()).toBe(f.expiresAt.getTime());
        expect((await families.get(f.familyId, now))?.data.userId).toBe(f.userId);
        expect(await families.peek(f.t.selector, sha256Hex("wrong"), now)).toBeNull();
        expect(await families.peek(randomToken(16), f.t.hash, now)).toBeNull();
        expect(await families.get(randomToken(12), now)).toBeNull();
      });

      test("rotate installs the next token, merges data and keeps a fixed expiry", async () => {
        const now = new Date();
        const f = await family(now);
        const n = token(f.familyId);
        const r = await families.rotate(
          f.t.selector,
          f.t.hash,
          { selector: n.selector, verifierHash: n.hash, data: { audience: "https://app.example", orgId: 71 } },
          new Date(now.getTime() + DAY),
        );
        expect(r.status).toBe("rotated");
        if (r.status !== "rotated") return;
        expect(r.family.familyId).toBe(f.familyId);
        expect(r.family.data).toEqual({ ...f.data, audience: "https://app.example", orgId: 71 });
        expect(r.family.expiresAt.getTime()).toBe(f.expiresAt.getTime());
        expect(await families.peek(f.t.selector, f.t.hash, now)).toBeNull();
        expect((await families.peek(n.selector, n.hash, now))?.data.audience).toBe("https://app.example");
      });

      test("a sliding family moves its expiry to now + ttlSeconds on each rotation", async () => {
        const now = new Date();
        const f = await family(
          now,
          { mode: "device", deviceId: "d1", ttlSeconds: 90 * 86400, absoluteExpiresAt: undefined },
          new Date(now.getTime() + 90 * DAY),
        );
        const later = new Date(now.getTime() + 80 * DAY);
        const n = token(f.familyId);
        const r = await families.rotate(f.t.selector, f.t.hash, { selector: n.selector, verifierHash: n.hash }, later);
        expect(r.status).toBe("rotated");
        if (r.status === "rotated")
          expect(Math.abs(r.family.expiresAt.getTime() - (later.getTime() + 90 * DAY))).toBeLessThan(1000);
        // Past the original expiry but inside the slid one: still live.
        const m = token(f.familyId);
        const r2 = await families.rotate(
          n.selector,
          n.hash,
          { selector: m.selector, verifierHash: m.hash },
          new Date(now.getTime() + 150 * DAY),
        );
        expect(r2.status).toBe("rotated");
      });

      test("a wrong verifier is invalid and consumes nothing; an unknown selector is invalid", async () => {
        const now = new Date();
        const f = await family(now);
        const n = token(f.familyId);
        expect(
          (await families.rotate(f.t.selector, sha256Hex("guess"), { selector: n.selector, verifierHash: n.hash }, now))
            .status,
        ).toBe("invalid");
        // The successor always names the presented selector's family, as the service builds it.
        const unknown = randomToken(16);
        const u = token(familyIdOfSelector(unknown));
        expect(
          (await families.rotate(unknown, f.t.hash, { selector: u.selector, verifierHash: u.hash }, now)).status,
        ).toBe("invalid");
        // A selector of the right family that was never issued, and one too short to name a family.
        expect(
          (
            await families.rotate(
              token(f.familyId).selector,
              f.t.hash,
              { selector: n.selector, verifierHash: n.hash },
              now,
            )
          ).status,
        ).toBe("invalid");
        expect(familyIdOfSelector("A".repeat(16))).toBe("");
        const short = token("");
        expect(
          (await families.rotate("A".repeat(16), f.t.hash, { selector: short.selector, verifierHash: short.hash }, now))
            .status,
        ).toBe("invalid");
        expect(await families.peek("A".repeat(16), f.t.hash, now)).toBeNull();
        expect((await families.peek(f.t.selector, f.t.hash, now))?.familyId).toBe(f.familyId);
        const m = token(f.familyId);
        expect(
          (await families.rotate(f.t.selector, f.t.hash, { selector: m.selector, verifierHash: m.hash }, now)).status,
        ).toBe("rotated");
      });

      test("presenting a consumed token is reuse and revokes the whole family", async () => {
        const now = new Date();
        const f = await family(now);
        const n = token(f.familyId);
        expect(
          (await families.rotate(f.t.selector, f.t.hash, { selector: n.selector, verifierHash: n.hash }, now)).status,
        ).toBe("rotated");
        const x = token(f.familyId);
        const replay = await families.rotate(
          f.t.selector,
          f.t.hash,
          { selector: x.selector, verifierHash: x.hash },
          now,
        );
        expect(replay.status).toBe("reused");
        if (replay.status === "reused") {
          expect(replay.family.familyId).toBe(f.familyId);
          expect(replay.family.data.userId).toBe(f.userId);
        }
        // The successor is dead too, and nothing was installed for the replay.
        const y = token(f.familyId);
        expect(
          (await families.rotate(n.selector, n.hash, { selector: y.selector, verifierHash: y.hash }, now)).status,
        ).toBe("invalid");
        expect(await families.peek(x.selector, x.hash, now)).toBeNull();
        expect(await families.get(f.familyId, now)).toBeNull();
        // A consumed token with a wrong verifier is not reuse (the selector alone proves nothing).
        const g = await family(now);
        const g2 = token(g.familyId);
        await families.rotate(g.t.selector, g.t.hash, { selector: g2.selector, verifierHash: g2.hash }, now);
        const z = token(g.familyId);
        expect(
          (await families.rotate(g.t.selector, sha256Hex("guess"), { selector: z.selector, verifierHash: z.hash }, now))
            .status,
        ).toBe("invalid");
        expect((await families.get(g.familyId, now))?.familyId).toBe(g.familyId);
      });

      test("of 10 concurrent rotations with one token exactly one rotates and the rest are reuse", async () => {
        const now = new Date();
        const f = await family(now);
        const nexts = Array.from({ length: 10 }, () => token(f.familyId));
        const results = await Promise.all(
          nexts.map((n) =>
            families.rotate(f.t.selector, f.t.hash, { selector: n.selector, verifierHash: n.hash }, now),
          ),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((x) => x === "rotated").length).toBe(1);
        expect(statuses.filter((x) => x === "reused").length).toBe(9);
        expect(await families.get(f.familyId, now)).toBeNull();
        const winner = nexts[statuses.indexOf("rotated")];
        const w = token(f.familyId);
        expect(
          (await families.rotate(winner.selector, winner.hash, { selector: w.selector, verifierHash: w.hash }, now))
            .status,
        ).toBe("invalid");
      });

      test("an expired family is invalid for rotate, peek, get and listUser", async () => {
        const now = new Date();
        const f = await family(now, {}, new Date(now.getTime() + DAY));
        const later = new Date(now.getTime() + DAY + 1000);
        const n = token(f.familyId);
        expect(
          (await families.rotate(f.t.selector, f.t.hash, { selector: n.selector, verifierHash: n.hash }, later)).status,
        ).toBe("invalid");
        expect(await families.peek(f.t.selector, f.t.hash, later)).toBeNull();
        expect(await families.get(f.familyId, later)).toBeNull();
        expect(await families.listUser(f.userId, later)).toEqual([]);
        expect((await families.listUser(f.userId, now)).length).toBe(1);
      });

      test("revoke ends one family; revoking an unknown id is a no-op", async () => {
        const now = new Date();
        const a = await family(now);
        const b = await family(now, { userId: a.userId });
        await families.revoke(a.familyId);
        await families.revoke(randomToken(12));
        const n = token(a.familyId);
        expect(
          (await families.rotate(a.t.selector, a.t.hash, { selector: n.selector, verifierHash: n.hash }, now)).status,
        ).toBe("invalid");
        expect(await families.peek(a.t.selector, a.t.hash, now)).toBeNull();
        expect((await families.listUser(a.userId, now)).map((x) => x.familyId)).toEqual([b.familyId]);
      });

      test("revokeUser ends every family of that user and none of another user's", async () => {
        const now = new Date();
        const a1 = await family(now);
        const a2 = await family(now, { userId: a1.userId, mode: "device", deviceId: "dev-a" });
        const other = await family(now);
        expect((await families.listUser(a1.userId, now)).map((x) => x.familyId).sort()).toEqual(
          [a1.familyId, a2.familyId].sort(),
        );
        await families.revokeUser(a1.userId);
        expect(await families.listUser(a1.userId, now)).toEqual([]);
        expect(await families.get(a2.familyId, now)).toBeNull();
        expect((await families.get(other.familyId, now))?.familyId).toBe(other.familyId);
        expect((await families.listUser(other.userId, now)).length).toBe(1);
      });

      test("revokeDevice ends only that user's families on that device", async () => {
        const now = new Date();
        const userId = nextUser();
        const d1 = await family(now, { userId, mode: "device", deviceId: "dev-1" });
        const d2 = await family(now, { userId, mode: "device", deviceId: "dev-2" });
        const plain = await family(now, { userId });
        const otherUserSameDeviceId = await family(now, { mode: "device", deviceId: "dev-1" });
        await families.revokeDevice(userId, "dev-1");
        expect(await families.get(d1.familyId, now)).toBeNull();
        expect(await families.get(d2.familyId, now)).not.toBeNull();
        expect(await families.get(plain.familyId, now)).not.toBeNull();
        expect(await families.get(otherUserSameDeviceId.familyId, now)).not.toBeNull();
      });

      test("listUser never shows another user's families", async () => {
        const now = new Date();
        const a = await family(now);
        const b = await family(now);
        expect((await families.listUser(a.userId, now)).map((x) => x.familyId)).toEqual([a.familyId]);
        expect((await families.listUser(b.userId, now)).map((x) => x.familyId)).toEqual([b.familyId]);
        expect(await families.listUser(nextUser(), now)).toEqual([]);
      });
    });

    describe("CounterStore", () => {
      test("50 concurrent hits return 1..50 exactly once each", async () => {
        const key = `c:${randomToken(8)}`;
        const now = new Date();
        const results = await Promise.all(Array.from({ length: 50 }, () => counters.hit(key, 60, now)));
        expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect((await counters.peek(key, now)).count).toBe(50);
      });

      test("the window is fixed at the first hit (by the caller's clock) and a new one starts after it ends", async () => {
        const key = `c:${randomToken(8)}`;
        const t0 = Date.now();
        const at = (s: number) => new Date(t0 + s * 1000);
        expect(await counters.hit(key, 900, at(0))).toEqual({ count: 1, ttlSeconds: 900 });
        const second = await counters.hit(key, 60, at(300));
        expect(second).toEqual({ count: 2, ttlSeconds: 600 }); // not extended to 60 from now, nor shortened
        expect(await counters.peek(key, at(899))).toEqual({ count: 2, ttlSeconds: 1 });
        expect(await counters.peek(key, at(900))).toEqual({ count: 0, ttlSeconds: 0 });
        expect(await counters.hit(key, 60, at(901))).toEqual({ count: 1, ttlSeconds: 60 });
      });

      test("set, peek and reset", async () => {
        const key = `c:${randomToken(8)}`;
        const now = new Date();
        expect(await counters.peek(key, now)).toEqual({ count: 0, ttlSeconds: 0 });
        await counters.set(key, 5, 900, now);
        expect(await counters.peek(key, now)).toEqual({ count: 5, ttlSeconds: 900 });
        expect((await counters.hit(key, 1, now)).count).toBe(6);
        await counters.reset(key);
        expect((await counters.peek(key, now)).count).toBe(0);
        expect((await counters.hit(key, 60, now)).count).toBe(1);
        const other = `c:${randomToken(8)}`;
        expect((await counters.peek(other, now)).count).toBe(0);
      });

      describe("hitDistinct", () => {
        test("counts every event and each member once per window; peek sees the count", async () => {
          const key = `d:${randomToken(8)}`;
          const t0 = Date.now();
          const at = (s: number) => new Date(t0 + s * 1000);
          expect(await counters.hitDistinct(key, "a", 900, at(0))).toEqual({ count: 1, distinct: 1, ttlSeconds: 900 });
          expect(await counters.hitDistinct(key, "a", 900, at(10))).toEqual({ count: 2, distinct: 1, ttlSeconds: 890 });
          expect(await counters.hitDistinct(key, "b", 60, at(300))).toEqual({ count: 3, distinct: 2, ttlSeconds: 600 });
          expect(await counters.hitDistinct(key, "a", 900, at(301))).toEqual({
            count: 4,
            distinct: 2,
            ttlSeconds: 599,
          });
          expect(await counters.peek(key, at(301))).toEqual({ count: 4, ttlSeconds: 599 });
          // Another key has its own count and members.
          const other = `d:${randomToken(8)}`;
          expect(await counters.hitDistinct(other, "a", 900, at(301))).toEqual({
            count: 1,
            distinct: 1,
            ttlSeconds: 900,
          });
        });

        test("a hit after the window ends starts again with that member alone", async () => {
          const key = `d:${randomToken(8)}`;
          const t0 = Date.now();
          const at = (s: number) => new Date(t0 + s * 1000);
          for (const m of ["a", "b", "c"]) await counters.hitDistinct(key, m, 900, at(0));
          expect(await counters.peek(key, at(900))).toEqual({ count: 0, ttlSeconds: 0 });
          expect(await counters.hitDistinct(key, "a", 900, at(901))).toEqual({
            count: 1,
            distinct: 1,
            ttlSeconds: 900,
          });
          expect(await counters.hitDistinct(key, "d", 900, at(902))).toEqual({
            count: 2,
            distinct: 2,
            ttlSeconds: 899,
          });
        });

        test("reset forgets the count and the members, even at the same instant", async () => {
          const key = `d:${randomToken(8)}`;
          const now = new Date();
          for (const m of ["a", "b", "c"]) await counters.hitDistinct(key, m, 900, now);
          await counters.reset(key);
          expect(await counters.peek(key, now)).toEqual({ count: 0, ttlSeconds: 0 });
          expect(await counters.hitDistinct(key, "a", 900, now)).toEqual({ count: 1, distinct: 1, ttlSeconds: 900 });
          expect(await counters.hitDistinct(key, "b", 900, now)).toEqual({ count: 2, distinct: 2, ttlSeconds: 900 });
        });

        test("60 concurrent hits from 12 members: counts 1..60 once each, each new member adds exactly 1", async () => {
          const key = `d:${randomToken(8)}`;
          const now = new Date();
          const results = await Promise.all(
            Array.from({ length: 60 }, (_, i) => counters.hitDistinct(key, `10.0.0.${i % 12}`, 900, now)),
          );
          expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
            Array.from({ length: 60 }, (_, i) => i + 1),
          );
          expect(Math.max(...results.map((r) => r.distinct))).toBe(12);
          for (const r of results) expect(r.distinct).toBeGreaterThanOrEqual(1);
          expect(await counters.hitDistinct(key, "10.0.0.0", 900, now)).toMatchObject({ count: 61, distinct: 12 });
          expect(await counters.hitDistinct(key, "10.0.0.99", 900, now)).toMatchObject({ count: 62, distinct: 13 });
        });

        test("20 concurrent hits of 20 new members return distinct counts 1..20, each once", async () => {
          const key = `d:${randomToken(8)}`;
          const now = new Date();
          await counters.hitDistinct(key, "first", 900, now);
          const results = await Promise.all(
            Array.from({ length: 20 }, (_, i) => counters.hitDistinct(key, `m${i}`, 900, now)),
          );
          expect(results.map((r) => r.distinct).sort((a, b) => a - b)).toEqual(
            Array.from({ length: 20 }, (_, i) => i + 2),
          );
        });
      });

      test("revocation marks: a set value of seconds since 2025 reads back until its window ends; many one-off keys stay readable", async () => {
        const t0 = Date.now();
        const at = (s: number) => new Date(t0 + s * 1000);
        const value = Math.floor(t0 / 1000) - 1_735_689_600 + 3_000_000_000 / 1000;
        const keys = Array.from({ length: 60 }, () => `end:sid:${randomToken(12)}`);
        // Older one-off marks, long expired when the new ones are set (a store may prune them then).
        for (const k of keys.slice(0, 30)) await counters.set(k, value, 960, at(-10_000));
        for (const k of keys.slice(30)) await counters.set(k, value, 960, at(0));
        for (const k of keys.slice(0, 30)) expect((await counters.peek(k, at(0))).count).toBe(0);
        for (const k of keys.slice(30))
          expect(await counters.peek(k, at(0))).toEqual({ count: value, ttlSeconds: 960 });
        expect((await counters.peek(keys[59], at(960))).count).toBe(0);
      });
    });

    describe("DeviceRepo", () => {
      test("upsert never duplicates a (user, device) and refreshes its details", async () => {
        const userId = nextUser();
        const t0 = new Date(Date.now() - 60_000);
        const a = await devices.upsert({
          tenantId: 7,
          userId,
          deviceId: "phone",
          name: "Phone",
          platform: "ios",
          lastSeenAt: t0,
        });
        const t1 = new Date();
        const b = await devices.upsert({
          tenantId: 7,
          userId,
          deviceId: "phone",
          name: "Phone 2",
          platform: "ios",
          lastSeenAt: t1,
        });
        expect(b.createdAt.getTime()).toBe(a.createdAt.getTime());
        const list = await devices.listUser(userId);
        expect(list.length).toBe(1);
        expect(list[0].name).toBe("Phone 2");
        expect(Math.abs(list[0].lastSeenAt.getTime() - t1.getTime())).toBeLessThan(2);
        expect((await devices.get(userId, "phone"))?.platform).toBe("ios");
      });

      test("get, list and delete never cross users", async () => {
        const alice = nextUser();
        const bob = nextUser();
        await devices.upsert({
          tenantId: 7,
          userId: alice,
          deviceId: "shared-id",
          name: "A",
          platform: "android",
          lastSeenAt: new Date(),
        });
        await devices.upsert({
          tenantId: 8,
          userId: bob,
          deviceId: "shared-id",
          name: "B",
          platform: "ios",
          lastSeenAt: new Date(),
        });
        await devices.upsert({
          tenantId: 7,
          userId: alice,
          deviceId: "tablet",
          name: "T",
          platform: "android",
          lastSeenAt: new Date(),
        });
        expect((await devices.get(alice, "shared-id"))?.name).toBe("A");
        expect(await devices.get(alice, "nope")).toBeNull();
        expect(await devices.delete(bob, "tablet")).toBe(false);
        expect(await devices.delete(alice, "shared-id")).toBe(true);
        expect(await devices.delete(alice, "shared-id")).toBe(false);
        expect((await devices.get(bob, "shared-id"))?.name).toBe("B");
        expect((await devices.listUser(alice)).map((d) => d.deviceId)).toEqual(["tablet"]);
        await devices.deleteUser(alice);
        expect(await devices.listUser(alice)).toEqual([]);
        expect((await devices.listUser(bob)).length).toBe(1);
      });
    });

    describe("OneTimeTokenRepo", () => {
      const mk = (
        userId: number,
        over: Partial<{ kind: "reset" | "setup" | "mfa_pending"; expiresAt: Date }> = {},
      ) => ({
        kind: over.kind ?? ("reset" as const),
        tenantId: 7,
        userId,
        data: { purpose: "test" },
        attempts: 0,
        expiresAt: over.expiresAt ?? new Date(Date.now() + 30 * 60_000),
      });

      test("of 10 concurrent consumers exactly one gets the token; it is then spent", async () => {
        const hash = sha256Hex(randomToken());
        const userId = nextUser();
        await ott.create(hash, mk(userId));
        const now = new Date();
        const got = await Promise.all(Array.from({ length: 10 }, () => ott.consume(hash, "reset", now)));
        const winners = got.filter(Boolean);
        expect(winners.length).toBe(1);
        expect(winners[0]).toMatchObject({ kind: "reset", userId, tenantId: 7, data: { purpose: "test" } });
        expect(await ott.consume(hash, "reset", now)).toBeNull();
        expect(await ott.peek(hash, "reset", now)).toBeNull();
      });

      test("kind must match; expiry is judged at `now`", async () => {
        const hash = sha256Hex(randomToken());
        const now = new Date();
        await ott.create(hash, mk(nextUser(), { kind: "setup", expiresAt: new Date(now.getTime() + 60_000) }));
        expect(await ott.consume(hash, "reset", now)).toBeNull();
        expect((await ott.peek(hash, "setup", now))?.kind).toBe("setup");
        expect(await ott.consume(hash, "setup", new Date(now.getTime() + 61_000))).toBeNull();
        expect(await ott.peek(hash, "setup", new Date(now.getTime() + 61_000))).toBeNull();
        expect((await ott.consume(hash, "setup", now))?.kind).toBe("setup");
      });

      test("recordFailure counts atomically and burns the token at max", async () => {
        const hash = sha256Hex(randomToken());
        await ott.create(hash, mk(nextUser(), { kind: "mfa_pending" }));
        const counts = await Promise.all(Array.from({ length: 4 }, () => ott.recordFailure(hash, 5)));
        expect(counts.sort()).toEqual([1, 2, 3, 4]);
        const now = new Date();
        expect((await ott.peek(hash, "mfa_pending", now))?.attempts).toBe(4);
        expect(await ott.recordFailure(hash, 5)).toBe(5);
        expect(await ott.peek(hash, "mfa_pending", now)).toBeNull();
        expect(await ott.consume(hash, "mfa_pending", now)).toBeNull();
        expect(await ott.recordFailure(sha256Hex("unknown"), 5)).toBe(5);
      });

      test("deleteUser removes that user's tokens (of one kind or all) and no one else's", async () => {
        const u = nextUser();
        const other = nextUser();
        const [r, st, o] = [sha256Hex(randomToken()), sha256Hex(randomToken()), sha256Hex(randomToken())];
        await ott.create(r, mk(u));
        await ott.create(st, mk(u, { kind: "setup" }));
        await ott.create(o, mk(other));
        const now = new Date();
        await ott.deleteUser(u, "reset");
        expect(await ott.peek(r, "reset", now)).toBeNull();
        expect(await ott.peek(st, "setup", now)).not.toBeNull();
        await ott.deleteUser(u);
        expect(await ott.peek(st, "setup", now)).toBeNull();
        expect(await ott.peek(o, "reset", now)).not.toBeNull();
      });
    });
  },
};
