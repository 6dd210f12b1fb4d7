/** Every contract suite; each run.<adapter>.test.ts runs all of them. Add new suites here. */
import { describe, expect, test } from "bun:test";
import { Cluster } from "ioredis";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import { parseHostPorts, type RedisTarget } from "../../adapters/redis";
import { clearRedisPrefix, openTestStores, REDIS_TARGET, TEST_STORE } from "../support/stores";
import type { ContractSuite } from "./harness";
import { clientsContract } from "./clients.contract";
import { directoryContract } from "./directory.contract";
import { platformContract } from "./platform.contract";
import { tokenContextContract } from "./token-context.contract";
import { sessionsContract } from "./sessions.contract";
import { unitsContract } from "./units.contract";
import { mfaContract } from "./mfa.contract";

export const suites: ContractSuite[] = [
  platformContract,
  tokenContextContract,
  sessionsContract,
  clientsContract,
  directoryContract,
  unitsContract,
  mfaContract,
];

/**
 * Every suite against a server store twice, sessions and counters in the store itself and in Redis,
 * in the pass whose TEST_STORE names it; other passes say loudly that it did not run there.
 */
export function runOnServerStore(kind: "postgres" | "mongo"): void {
  if (TEST_STORE !== kind) {
    console.warn(`NOT RUN here: ${kind} and ${kind}+redis contract suites (TEST_STORE is not ${kind}); the CI ${kind} pass runs them`);
    return;
  }
  if (!REDIS_TARGET) throw new Error(`the ${kind} contract pass needs REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS (it runs ${kind} and ${kind}+redis)`);
  for (const redis of [false, true]) {
    const label = redis ? `${kind}+redis` : kind;
    for (const suite of suites) describe(`${suite.name} contract [${label}]`, () => suite.run(() => openTestStores(kind, { redis })));
  }
  if (kind === "postgres") redisIndexTests(REDIS_TARGET);
}

/**
 * The sessions contract (families and counters on Redis; devices and one-time tokens on an
 * embedded primary store) against a Redis Cluster (REDIS_CLUSTER_NODES) or a Sentinel-managed
 * master (REDIS_SENTINELS + REDIS_SENTINEL_NAME), as started by .ci/redis-cluster.sh and
 * .ci/redis-sentinel.sh. Without the variable it says loudly that it did not run, and fails when
 * REQUIRE_REDIS_CLUSTER / REQUIRE_REDIS_SENTINEL=1 says it must (CI).
 */
export function runOnRedisTopology(kind: "cluster" | "sentinel"): void {
  const env = process.env;
  const required = env[kind === "cluster" ? "REQUIRE_REDIS_CLUSTER" : "REQUIRE_REDIS_SENTINEL"] === "1";
  const list = kind === "cluster" ? env.REDIS_CLUSTER_NODES : env.REDIS_SENTINELS;
  const start = kind === "cluster" ? "bash .ci/redis-cluster.sh start" : "bash .ci/redis-sentinel.sh start";
  if (!list) {
    if (required) throw new Error(`REQUIRE_REDIS_${kind.toUpperCase()}=1 but ${kind === "cluster" ? "REDIS_CLUSTER_NODES" : "REDIS_SENTINELS"} is unset (start one with: ${start})`);
    console.warn(`NOT RUN here: the sessions contract on a Redis ${kind} (set ${kind === "cluster" ? "REDIS_CLUSTER_NODES" : "REDIS_SENTINELS and REDIS_SENTINEL_NAME"}; ${start})`);
    return;
  }
  const target: RedisTarget =
    kind === "cluster" ? { kind, nodes: parseHostPorts(list) } : { kind, sentinels: parseHostPorts(list), name: env.REDIS_SENTINEL_NAME ?? "ssomaster" };
  describe(`${sessionsContract.name} contract [redis ${kind}]`, () => sessionsContract.run(() => openTestStores("embedded", { redisTarget: target })));
  if (kind === "cluster") clusterLayoutTest();
  redisIndexTests(target);
}

/** On a cluster: each family's keys share one slot (its id is the hash tag), and families spread over the masters. */
export function clusterLayoutTest(): void {
  const list = process.env.REDIS_CLUSTER_NODES;
  if (!list) return;
  test("[redis cluster] a family's keys share one hash slot, after the key prefix; families spread over every master", async () => {
    const s = await openTestStores("embedded", { redisTarget: { kind: "cluster", nodes: parseHostPorts(list) } });
    const c = new Cluster(parseHostPorts(list));
    try {
      const now = new Date();
      const data = { userId: 424242, tenantId: 1, orgId: 1, orgPath: "/1/", audience: "a", mode: "plain" as const, ttlSeconds: 3600 };
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const familyId = randomToken(16);
        ids.push(familyId);
        const first = `${familyId}${randomToken(12)}`;
        await s.sessions.families.create(familyId, first, sha256Hex("v"), data, new Date(now.getTime() + 3_600_000));
        const r = await s.sessions.families.rotate(first, sha256Hex("v"), { selector: `${familyId}${randomToken(12)}`, verifierHash: sha256Hex("w") }, now);
        expect(r.status).toBe("rotated");
      }
      const perMaster = await Promise.all(c.nodes("master").map((n) => n.keys(`${s.redisPrefix}*`)));
      const all = perMaster.flat();
      for (const id of ids) {
        const keys = all.filter((k) => k.includes(`{${id}}`));
        expect(keys.length).toBe(3); // fam + two selectors
        const slots = new Set(await Promise.all(keys.map((k) => c.cluster("KEYSLOT", k))));
        expect(slots.size).toBe(1);
        expect(keys.every((k) => k.startsWith(s.redisPrefix!))).toBe(true);
      }
      expect(perMaster.filter((keys) => keys.some((k) => k.includes("fam:{"))).length).toBe(3);
    } finally {
      c.disconnect();
      await clearRedisPrefix(s.redisPrefix!, { kind: "cluster", nodes: parseHostPorts(list) });
      await s.close();
    }
  });
}

/**
 * The Redis adapter's user index (its own slot, beside the per-family slots): a revocation by user
 * that runs while a family is being created never drops that family from the index, and ids of
 * families long gone are pruned.
 */
export function redisIndexTests(target: RedisTarget): void {
  test(`[redis ${target.kind}] revoking a user mid-creation keeps the new family revocable; long-gone ids are pruned`, async () => {
    const s = await openTestStores("embedded", { redisTarget: target });
    const redis = (s.sessions as unknown as { redis: import("../../adapters/redis").RedisClient }).redis;
    try {
      const now = new Date();
      const userId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
      const data = { userId, tenantId: 1, orgId: 1, orgPath: "/1/", audience: "a", mode: "plain" as const, ttlSeconds: 3600 };
      const familyId = randomToken(16);
      // The first step of create (the index entry) has happened; the family does not exist yet.
      await redis.zadd(`ufam:${userId}`, "NX", Date.now(), familyId);
      await s.sessions.families.revokeUser(userId);
      expect(await redis.zscore(`ufam:${userId}`, familyId)).not.toBeNull();
      // The creation completes; a later revocation by user reaches the family.
      const selector = `${familyId}${randomToken(12)}`;
      await s.sessions.families.create(familyId, selector, sha256Hex("v"), data, new Date(now.getTime() + 3_600_000));
      expect((await s.sessions.families.listUser(userId, now)).map((f) => f.familyId)).toEqual([familyId]);
      await s.sessions.families.revokeUser(userId);
      expect(await s.sessions.families.get(familyId, now)).toBeNull();
      // An id indexed two hours ago whose family is gone is dropped; the revoked (existing) family is kept.
      const stale = randomToken(16);
      await redis.zadd(`ufam:${userId}`, Date.now() - 7_200_000, stale);
      await s.sessions.families.revokeUser(userId);
      expect(await redis.zscore(`ufam:${userId}`, stale)).toBeNull();
      expect(await redis.zscore(`ufam:${userId}`, familyId)).not.toBeNull();
    } finally {
      await clearRedisPrefix(s.redisPrefix!, target);
      await s.close();
    }
  });
}
