/**
 * One way to reach Redis, whatever its topology: a single node (REDIS_URL), a Redis Cluster
 * (REDIS_CLUSTER_NODES) or a master found through Sentinel (REDIS_SENTINELS + REDIS_SENTINEL_NAME),
 * each with ioredis's own client (Redis, Cluster, or Redis with `sentinels`). Used by the session
 * store (which also keeps the directory's version).
 */
import Redis, { Cluster, type RedisOptions } from "ioredis";
import type { RedisConfig } from "../../src/config";

/** The topology as the configuration parsed it (src/config.ts), and its host:port parser. */
export type { HostPort } from "../../src/config";
export { parseHostPorts } from "../../src/config";
export type RedisTarget = RedisConfig;

export type RedisClient = Redis | Cluster;

export interface ConnectOptions {
  keyPrefix?: string;
  /** Per-command limit (ms): a command not answered in time fails (the caller answers 503). */
  commandTimeoutMs?: number;
  /** Failed attempts per command before it is failed (single node and Sentinel). */
  maxRetriesPerRequest?: number;
  /**
   * Never send a command twice, nor after its caller gave up on it: no resending of commands that
   * were in flight when a connection dropped, no cluster retry after "connection closed", and a
   * connection attempt shorter than the command timeout (a command queued while reconnecting is
   * either sent before its caller's limit or failed with the queue). For writes that must not run
   * twice (a rotation), a failure is then answered 503 and the client decides (docs/sessions.md).
   */
  atMostOnce?: boolean;
}

/**
 * A lazily connecting client for `target`. A cluster's `keyPrefix` is applied before ioredis hashes
 * a key to its slot, so a prefix must not contain `{` or `}` (it would become the hash tag).
 */
export function createRedisClient(target: RedisTarget, o: ConnectOptions = {}): RedisClient {
  if (o.keyPrefix && /[{}]/.test(o.keyPrefix))
    throw new Error("the Redis key prefix must not contain { or } (they would become the cluster hash tag)");
  const common: RedisOptions = {
    lazyConnect: true,
    connectTimeout: o.atMostOnce && o.commandTimeoutMs ? Math.min(5000, Math.floor(o.commandTimeoutMs * 0.6)) : 5000,
    // A command queued while reconnecting fails after one failed attempt (503), so none lingers.
    maxRetriesPerRequest: o.maxRetriesPerRequest ?? 1,
    enableOfflineQueue: true,
    autoResendUnfulfilledCommands: !o.atMostOnce,
    enableAutoPipelining: true,
    ...(o.commandTimeoutMs ? { commandTimeout: o.commandTimeoutMs } : {}),
  };
  if (target.kind === "cluster") {
    return new Cluster(target.nodes, {
      lazyConnect: true,
      keyPrefix: o.keyPrefix,
      // Reads and writes go to masters only: a replica may lag behind a rotation.
      scaleReads: "master",
      // A failover (a replica promoted after cluster-node-timeout) shows up as connection errors,
      // CLUSTERDOWN or MOVED. Replies that say the command did not run are retried briefly; a
      // dropped connection is not (atMostOnce); then the command fails and the caller answers 503.
      // The slot map is also refreshed every 5 s (ioredis's slotsRefreshInterval).
      retryDelayOnFailover: o.atMostOnce ? 0 : 200,
      retryDelayOnClusterDown: 200,
      retryDelayOnTryAgain: 200,
      maxRedirections: 16,
      slotsRefreshTimeout: 2000,
      clusterRetryStrategy: (times) => Math.min(100 * times, 1000),
      redisOptions: { ...common, password: target.password },
    });
  }
  if (target.kind === "sentinel") {
    return new Redis({
      ...common,
      keyPrefix: o.keyPrefix,
      sentinels: target.sentinels,
      name: target.name,
      password: target.password,
      sentinelPassword: target.sentinelPassword,
      // Learns of a promotion from the sentinels' +switch-master at once, not at the next error.
      failoverDetector: true,
      // A master demoted to replica answers READONLY: reconnect (to the master the sentinels name).
      reconnectOnError: (err) => err.message.startsWith("READONLY"),
    });
  }
  return new Redis(target.url, {
    ...common,
    keyPrefix: o.keyPrefix,
    ...(target.password ? { password: target.password } : {}),
  });
}

/**
 * Connects and pings within `ms`, or disconnects and throws: a cluster or Sentinel client would
 * otherwise retry an unreachable topology for ever (it must, once running: nodes come back).
 */
export async function connectWithin(client: RedisClient, ms = 10_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.ping();
      })(),
      limit,
    ]);
  } catch (e) {
    client.disconnect();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
