/**
 * Opens a fresh, isolated set of stores for one test file, on the backend named by TEST_STORE:
 *   embedded (default) — in-memory PGlite, sessions in in-memory SQLite (as deployed);
 *   postgres           — a new database on DATABASE_URL's server, Redis at REDIS_URL (own key prefix);
 *                        with TEST_PG_POOLER_URL (PgBouncer in transaction mode in front of that
 *                        server, `bash .ci/pgbouncer.sh start`) the stores and services connect
 *                        through the pooler with SSO_PG_POOLER=transaction; databases are still
 *                        created and dropped on DATABASE_URL;
 *   mongo              — a new database on MONGODB_URL's server (FerretDB in CI), Redis likewise.
 */
import { sql } from "drizzle-orm";
import { MongoClient, type Db as MongoDb } from "mongodb";
import postgres from "postgres";
import { createPgSessionStore, openEmbedded, openPostgres, type PostgresOptions } from "../../adapters/postgres";
import { Cluster } from "ioredis";
import { createRedisClient, openRedis, parseHostPorts, type RedisTarget } from "../../adapters/redis";
import { createMongoSessionStore, openMongo } from "../../adapters/mongo";
import { openSqliteSessions } from "../../adapters/sqlite";
import { randomToken } from "../../src/kernel/secrets";
import type { PrimaryStore, SessionStore } from "../../src/stores";

export type TestStoreKind = "embedded" | "postgres" | "mongo";
export const TEST_STORE = (process.env.TEST_STORE ?? "embedded") as TestStoreKind;
if (!["embedded", "postgres", "mongo"].includes(TEST_STORE))
  throw new Error(`TEST_STORE=${TEST_STORE}: use embedded, postgres or mongo`);
export const MONGODB_URL = process.env.MONGODB_URL;
if (TEST_STORE === "mongo" && !MONGODB_URL)
  throw new Error("TEST_STORE=mongo needs MONGODB_URL (start a server with: bash .ci/ferretdb.sh start)");
export const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.REDIS_URL;
/** PgBouncer (transaction mode, `* = host=… port=…` wildcard) in front of DATABASE_URL's server, e.g. postgres://postgres:postgres@127.0.0.1:6432/. */
export const PG_POOLER_URL = process.env.TEST_PG_POOLER_URL;
/**
 * Where the Redis session store is, as the service would read it: REDIS_CLUSTER_NODES (a cluster,
 * `bash .ci/redis-cluster.sh start`), REDIS_SENTINELS + REDIS_SENTINEL_NAME (`.ci/redis-sentinel.sh`)
 * or REDIS_URL, in that order of preference. Undefined without any.
 */
export const REDIS_TARGET: RedisTarget | undefined = process.env.REDIS_CLUSTER_NODES
  ? { kind: "cluster", nodes: parseHostPorts(process.env.REDIS_CLUSTER_NODES) }
  : process.env.REDIS_SENTINELS
    ? {
        kind: "sentinel",
        sentinels: parseHostPorts(process.env.REDIS_SENTINELS),
        name: process.env.REDIS_SENTINEL_NAME ?? "ssomaster",
      }
    : REDIS_URL
      ? { kind: "single", url: REDIS_URL }
      : undefined;

/** The environment a spawned service needs to use REDIS_TARGET (with its own key prefix). */
export function redisEnv(prefix: string): Record<string, string> {
  const t = REDIS_TARGET;
  if (!t) throw new Error("no Redis configured (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS)");
  const hp = (l: { host: string; port: number }[]) => l.map((n) => `${n.host}:${n.port}`).join(",");
  const where: Record<string, string> =
    t.kind === "cluster"
      ? { REDIS_CLUSTER_NODES: hp(t.nodes) }
      : t.kind === "sentinel"
        ? { REDIS_SENTINELS: hp(t.sentinels), REDIS_SENTINEL_NAME: t.name }
        : { REDIS_URL: t.url };
  return { ...where, SSO_REDIS_PREFIX: prefix };
}

/** Deletes every key under `prefix` (on each master of a cluster). */
export async function clearRedisPrefix(prefix: string, target = REDIS_TARGET): Promise<void> {
  if (!target) return;
  const c = createRedisClient(target);
  c.on("error", () => {});
  try {
    await c.connect();
    const nodes = c instanceof Cluster ? c.nodes("master") : [c];
    for (const n of nodes) {
      const keys = await n.keys(`${prefix}*`);
      for (const k of keys) await n.del(k); // one by one: keys of different slots
    }
  } finally {
    c.disconnect();
  }
}

export interface TestStores {
  store: PrimaryStore;
  sessions: SessionStore;
  /** Connection URL of the fresh database (postgres only), for spawning real server processes. */
  databaseUrl?: string;
  /** Connection URL of the fresh database (mongo only). */
  mongodbUrl?: string;
  redisPrefix?: string;
  close(): Promise<void>;
}

/** The same database through the pooler (TEST_PG_POOLER_URL), or null when it is unset. */
export function pooledUrl(directUrl: string): string | null {
  if (!PG_POOLER_URL) return null;
  const u = new URL(PG_POOLER_URL);
  u.pathname = new URL(directUrl).pathname;
  return u.toString();
}

/**
 * How a store or service reaches a database made by freshDatabase: directly, or through the pooler
 * in transaction mode (the direct URL stays in the env for tests that reach the database itself).
 */
export function pgConnection(directUrl: string): {
  url: string;
  options: PostgresOptions;
  env: Record<string, string>;
} {
  const pooled = pooledUrl(directUrl);
  if (!pooled) return { url: directUrl, options: {}, env: { DATABASE_URL: directUrl } };
  return {
    url: pooled,
    options: { pooler: "transaction" },
    env: { DATABASE_URL: pooled, SSO_PG_POOLER: "transaction", DATABASE_DIRECT_URL: directUrl },
  };
}

/** Creates an empty database on the test server and returns its URL. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sso_t_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}

/**
 * `redis` (postgres only) chooses where sessions and counters live: Redis at REDIS_URL (the
 * default when it is set) or the primary store.
 */
/** A fresh database name on the Mongo test server, as a URL. */
export function freshMongoUrl(): { url: string; name: string } {
  const name = `sso_t_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const u = new URL(MONGODB_URL!);
  u.pathname = `/${name}`;
  return { url: u.toString(), name };
}

/** The Redis session store as the service opens it on `target`: a cluster's or Sentinel's writes need 1 replica's acknowledgement. */
async function openTestRedis(target: RedisTarget, prefix: string) {
  const s = await openRedis(target, prefix, { minReplicasAck: target.kind === "single" ? 0 : 1 });
  if (target.kind === "single") return s;
  // The cluster and Sentinel set-ups are this suite's own: leave nothing behind on them.
  return {
    ...s,
    async close() {
      await s.close();
      await clearRedisPrefix(prefix, target).catch(() => {});
    },
  };
}

export async function openTestStores(
  kind: TestStoreKind = TEST_STORE,
  opts: { redis?: boolean; redisTarget?: RedisTarget; embeddedSessions?: "sqlite" | "pglite" } = {},
): Promise<TestStores> {
  if (kind === "mongo") {
    const { url } = freshMongoUrl();
    const redisPrefix = `t${randomToken(6)}:`;
    const target = opts.redisTarget ?? REDIS_TARGET;
    const useRedis = opts.redis ?? !!target;
    if (useRedis && !target)
      throw new Error(
        "no Redis configured (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): cannot open the Redis session store",
      );
    const store = await openMongo(url, { poolSize: 5 });
    const sessions = useRedis ? await openTestRedis(target!, redisPrefix) : createMongoSessionStore(store);
    return {
      store,
      sessions,
      mongodbUrl: url,
      redisPrefix,
      async close() {
        await sessions.close();
        await store.ctx.db.dropDatabase().catch(() => {});
        await store.close();
      },
    };
  }
  if (kind === "postgres") {
    const db = await freshDatabase();
    const redisPrefix = `t${randomToken(6)}:`;
    const target = opts.redisTarget ?? REDIS_TARGET;
    const useRedis = opts.redis ?? !!target;
    if (useRedis && !target)
      throw new Error(
        "no Redis configured (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): cannot open the Redis session store",
      );
    const conn = pgConnection(db.url);
    const store = await openPostgres(conn.url, 5, conn.options);
    const sessions = useRedis ? await openTestRedis(target!, redisPrefix) : createPgSessionStore(store);
    return {
      store,
      sessions,
      databaseUrl: db.url,
      redisPrefix,
      async close() {
        await sessions.close();
        await store.close();
        await db.drop();
      },
    };
  }
  const store = await openEmbedded("memory://");
  // As deployed: sessions in SQLite beside the embedded database (the PGlite fallback on request);
  // on a given Redis (the cluster and Sentinel contract runs) when asked.
  const redisPrefix = `t${randomToken(6)}:`;
  const sessions = opts.redisTarget
    ? await openTestRedis(opts.redisTarget, redisPrefix)
    : opts.embeddedSessions === "pglite"
      ? createPgSessionStore(store)
      : openSqliteSessions("memory://");
  return {
    store,
    sessions,
    redisPrefix: opts.redisTarget ? redisPrefix : undefined,
    async close() {
      await sessions.close();
      await store.close();
    },
  };
}

/**
 * A fresh database on the shared server of TEST_STORE (postgres or mongo), as the environment a
 * spawned service process needs (SSO_STORAGE and its URL), for multi-process tests.
 */
export async function freshServerStore(
  kind: "postgres" | "mongo" = TEST_STORE === "mongo" ? "mongo" : "postgres",
): Promise<{ kind: "postgres" | "mongo"; env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === "mongo") {
    const { url, name } = freshMongoUrl();
    return {
      kind,
      env: { SSO_STORAGE: "mongo", MONGODB_URL: url },
      async drop() {
        const c = new MongoClient(MONGODB_URL!, { serverSelectionTimeoutMS: 5000 });
        await c
          .db(name)
          .dropDatabase()
          .catch(() => {});
        await c.close();
      },
    };
  }
  const db = await freshDatabase();
  return { kind, env: { SSO_STORAGE: "postgres", ...pgConnection(db.url).env }, drop: () => db.drop() };
}

/** True in the passes that have a shared server store (postgres or mongo). */
export const SERVER_STORE = TEST_STORE === "postgres" || TEST_STORE === "mongo";

/**
 * Rows in a table (SQL stores) or documents in the collection of the same name (MongoDB), for tests
 * that prove a refused write left nothing behind. `role_permissions` on MongoDB counts the
 * permission ids held in role documents.
 */
export async function countRows(s: TestStores, table: string): Promise<number> {
  const mongo = (s.store as { ctx?: { db: MongoDb } }).ctx?.db;
  if (mongo) {
    if (table === "role_permissions") {
      const roles = await mongo
        .collection("roles")
        .find({}, { projection: { permissionIds: 1 } })
        .toArray();
      return roles.reduce((n, r) => n + ((r.permissionIds as number[] | undefined)?.length ?? 0), 0);
    }
    return mongo.collection(table).countDocuments();
  }
  const db = (s.store as unknown as { db: { execute(q: unknown): Promise<unknown> } }).db;
  const r = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as
    | { rows?: { n: number }[] }
    | { n: number }[];
  return Array.isArray(r) ? r[0].n : r.rows![0].n;
}
