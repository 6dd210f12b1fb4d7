/** Every contract suite; each run.<adapter>.test.ts runs all of them. Add new suites here. */
import { describe, expect, test } from "bun:test";
import Redis, { Cluster } from "ioredis";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import { openRedis, parseHostPorts, type RedisTarget } from "../../adapters/redis";
import { clearRedisPrefix, openTestStores, REDIS_TARGET, TEST_STORE } from "../support/stores";
import type { ContractSuite } from "./harness";
import { clientsContract } from "./clients.contract";
import { directoryContract } from "./directory.contract";
import { directoryVersionContract } from "./directory-version.contract";
import { platformContract } from "./platform.contract";
import { tokenContextContract } from "./token-context.contract";
import { sessionsContract } from "./sessions.contract";
import { unitsContract } from "./units.contract";
import { mfaContract } from "./mfa.contract";
import { oidcContract } from "./oidc.contract";
import { passkeysContract } from "./passkeys.contract";
import { brandingContract } from "./branding.contract";
import { samlProvidersContract } from "./saml-providers.contract";
import { enterpriseContract } from "./enterprise.contract";
import { scimTokensContract } from "./scim-tokens.contract";
import { provisioningContract } from "./provisioning.contract";

export const suites: ContractSuite[] = [
  platformContract,
  tokenContextContract,
  sessionsContract,
  clientsContract,
  directoryContract,
  directoryVersionContract,
  unitsContract,
  mfaContract,
  oidcContract,
  passkeysContract,
  brandingContract,
  samlProvidersContract,
  enterpriseContract,
  scimTokensContract,
  provisioningContract,
];

/**
 * Every suite against a server store twice, sessions and counters in the store itself and in Redis,
 * in the pass whose TEST_STORE names it; other passes say loudly that it did not run there.
 */
export function runOnServerStore(kind: "postgres" | "mongo"): void {
  if (TEST_STORE !== kind) {
    console.warn(
      `NOT RUN here: ${kind} and ${kind}+redis contract suites (TEST_STORE is not ${kind}); the CI ${kind} pass runs them`,
    );
    return;
  }
  if (!REDIS_TARGET)
    throw new Error(
      `the ${kind} contract pass needs REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS (it runs ${kind} and ${kind}+redis)`,
    );
  for (const redis of [false, true]) {
    const label = redis ? `${kind}+redis` : kind;
    for (const suite of suites)
      describe(`${suite.name} contract [${label}]`, () => suite.run(() => openTestStores(kind, { redis })));
  }
  if (kind === "postgres") {
    redisIndexTests(REDIS_TARGET);
    if (REDIS_TARGET.kind === "single") redisNoReplicaTest(REDIS_TARGET);
  }
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
    if (required)
      throw new Error(
        `REQUIRE_REDIS_${kind.toUpperCase()}=1 but ${kind === "cluster" ? "REDIS_CLUSTER_NODES" : "REDIS_SENTINELS"} is unset (start one with: ${start})`,
      );
    console.warn(
      `NOT RUN here: the sessions contract on a Redis ${kind} (set ${kind === "cluster" ? "REDIS_CLUSTER_NODES" : "REDIS_SENTINELS and REDIS_SENTINEL_NAME"}; ${start})`,
    );
    return;
  }
  const target: RedisTarget =
    kind === "cluster"
      ? { kind, nodes: parseHostPorts(list) }
      : { kind, sentinels: parseHostPorts(list), name: env.REDIS_SENTINEL_NAME ?? "ssomaster" };
  describe(`${sessionsContract.name} contract [redis ${kind}]`, () =>
    sessionsContract.run(() => openTestStores("embedded", { redisTarget: target })));
  // Sign-in sessions and codes: every step one single-key script, so one slot each.
  describe(`${oidcContract.name} contract [redis ${kind}]`, () =>
    oidcContract.run(() => openTestStores("embedded", { redisTarget: target })));
  if (kind === "cluster") clusterLayoutTest();
  redisIndexTests(target);
  redisAckTests(target);
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
      const data = {
        userId: 424242,
        tenantId: 1,
        orgId: 1,
        orgPath: "/1/",
        audience: "a",
        mode: "plain" as const,
        ttlSeconds: 3600,
      };
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const familyId = randomToken(16);
        ids.push(familyId);
        const first = `${familyId}${randomToken(12)}`;
        await s.sessions.families.create(familyId, first, sha256Hex("v"), data, new Date(now.getTime() + 3_600_000));
        const r = await s.sessions.families.rotate(
          first,
          sha256Hex("v"),
          { selector: `${familyId}${randomToken(12)}`, verifierHash: sha256Hex("w") },
          now,
        );
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
      const data = {
        userId,
        tenantId: 1,
        orgId: 1,
        orgPath: "/1/",
        audience: "a",
        mode: "plain" as const,
        ttlSeconds: 3600,
      };
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

/** The port of the data node that owns `key` (the master), and of its replica. */
async function ownerAndReplica(target: RedisTarget, key: string): Promise<{ master: number; replica: number }> {
  const direct = (port: number) => new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 0 });
  let master: number;
  if (target.kind === "cluster") {
    const c = direct(target.nodes[0].port);
    await c.connect();
    const slot = Number(await c.cluster("KEYSLOT", key));
    const ranges = (await c.cluster("SLOTS")) as unknown as [number, number, [string, number]][];
    c.disconnect();
    master = ranges.find(([a, b]) => slot >= a && slot <= b)![2][1];
  } else if (target.kind === "sentinel") {
    const s = direct(target.sentinels[0].port);
    await s.connect();
    master = Number(((await s.call("SENTINEL", "get-master-addr-by-name", target.name)) as string[])[1]);
    s.disconnect();
  } else throw new Error("a single node has no replica");
  const m = direct(master);
  await m.connect();
  const info = await m.info("replication");
  m.disconnect();
  const replica = Number(/slave0:ip=[^,]+,port=(\d+)/.exec(info)?.[1]);
  if (!replica) throw new Error(`the master on ${master} has no replica`);
  return { master, replica };
}

/**
 * WAIT is what makes an answered family write durable: with the replica stopped (SIGSTOP, a few
 * hundred ms), a store that needs one replica's acknowledgement answers UnavailableError (503) for a
 * rotation, while one that needs none answers "rotated" although no replica has it (the answer a
 * failover could then undo). The rotation refused that way did happen on the master: once the replica
 * runs again and has it, presenting the old token again is reuse (the one ambiguous case, docs/sessions.md).
 */
export function redisAckTests(target: RedisTarget): void {
  test(`[redis ${target.kind}] a rotation no replica has acknowledged is 503, never "rotated"`, async () => {
    const strict = await openTestStores("embedded", { redisTarget: target });
    const loose = await openRedis(target, strict.redisPrefix!, { minReplicasAck: 0 });
    const strictAck = await openRedis(target, strict.redisPrefix!, { minReplicasAck: 1, waitMs: 300 });
    let stopped: number | null = null;
    try {
      const now = new Date();
      const data = {
        userId: 5_000_000 + Math.floor(Math.random() * 1_000_000),
        tenantId: 1,
        orgId: 1,
        orgPath: "/1/",
        audience: "a",
        mode: "plain" as const,
        ttlSeconds: 3600,
      };
      const a = randomToken(16);
      const owner = await ownerAndReplica(target, `${strict.redisPrefix}fam:{${a}}`);
      // b on the same master as a (on a cluster, a few draws find one).
      let b = randomToken(16);
      while ((await ownerAndReplica(target, `${strict.redisPrefix}fam:{${b}}`)).master !== owner.master)
        b = randomToken(16);
      const aSel = `${a}${randomToken(12)}`;
      const bSel = `${b}${randomToken(12)}`;
      await strictAck.families.create(a, aSel, sha256Hex("v"), data, new Date(now.getTime() + 3_600_000));
      await strictAck.families.create(b, bSel, sha256Hex("v"), data, new Date(now.getTime() + 3_600_000));
      const r = new Redis({ host: "127.0.0.1", port: owner.replica });
      const pid = Number(/process_id:(\d+)/.exec(await r.info("server"))![1]);
      r.disconnect();
      process.kill(pid, "SIGSTOP");
      stopped = pid;
      // The master of families a and b has no running replica now.
      const next = (f: string) => ({ selector: `${f}${randomToken(12)}`, verifierHash: sha256Hex("w") });
      let refused: unknown = null;
      await strictAck.families.rotate(aSel, sha256Hex("v"), next(a), now).catch((e) => (refused = e));
      expect((refused as { code?: string } | null)?.code).toBe("UNAVAILABLE");
      expect((await loose.families.rotate(bSel, sha256Hex("v"), next(b), now)).status).toBe("rotated");
      process.kill(pid, "SIGCONT");
      stopped = null;
      // The refused rotation ran on the master and reaches the replica now: the old token is spent.
      let replay = await strictAck.families.rotate(aSel, sha256Hex("v"), next(a), now).catch(() => null);
      for (let i = 0; i < 20 && !replay; i++) {
        await Bun.sleep(100);
        replay = await strictAck.families.rotate(aSel, sha256Hex("v"), next(a), now).catch(() => null);
      }
      expect(replay?.status).toBe("reused");
    } finally {
      if (stopped) process.kill(stopped, "SIGCONT");
      await loose.close();
      await strictAck.close();
      await clearRedisPrefix(strict.redisPrefix!, target);
      await strict.close();
    }
  }, 30_000);
}

/**
 * SSO_REDIS_MIN_REPLICAS_ACK=1 on a node without replicas: the store warns at open (the master would
 * run writes it cannot replicate) and answers every family write UnavailableError, never "done".
 */
export function redisNoReplicaTest(target: RedisTarget): void {
  test("[redis single] replica acknowledgements asked of a node without replicas: a warning at open, and family writes are 503", async () => {
    const prefix = `t${randomToken(6)}:`;
    const s = await openRedis(target, prefix, { minReplicasAck: 1, waitMs: 50 });
    try {
      expect(s.warnings.join("\n")).toContain("min-replicas-to-write 0, below SSO_REDIS_MIN_REPLICAS_ACK=1");
      const f = randomToken(16);
      const data = {
        userId: 1,
        tenantId: 1,
        orgId: 1,
        orgPath: "/1/",
        audience: "a",
        mode: "plain" as const,
        ttlSeconds: 3600,
      };
      const err = await s.families
        .create(f, `${f}${randomToken(12)}`, sha256Hex("v"), data, new Date(Date.now() + 3_600_000))
        .then(
          () => null,
          (e) => e,
        );
      expect((err as { code?: string } | null)?.code).toBe("UNAVAILABLE");
    } finally {
      await s.close();
      await clearRedisPrefix(prefix, target);
    }
  });
}
