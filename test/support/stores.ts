/**
 * Opens a fresh, isolated set of stores for one test file, on the backend named by TEST_STORE:
 *   embedded (default) — in-memory PGlite, sessions in the primary store;
 *   postgres           — a new database on DATABASE_URL's server, Redis at REDIS_URL (own key prefix).
 */
import postgres from "postgres";
import { createPgSessionStore, openEmbedded, openPostgres } from "../../adapters/postgres";
import { openRedis } from "../../adapters/redis";
import { randomToken } from "../../src/kernel/secrets";
import type { PrimaryStore, SessionStore } from "../../src/stores";

export const TEST_STORE = (process.env.TEST_STORE ?? "embedded") as "embedded" | "postgres";
export const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.REDIS_URL;

export interface TestStores {
  store: PrimaryStore;
  sessions: SessionStore;
  /** Connection URL of the fresh database (postgres only), for spawning real server processes. */
  databaseUrl?: string;
  redisPrefix?: string;
  close(): Promise<void>;
}

/** Creates an empty database on the test server and returns its URL. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sso_t_${randomToken(6).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
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
export async function openTestStores(kind: "embedded" | "postgres" = TEST_STORE, opts: { redis?: boolean } = {}): Promise<TestStores> {
  if (kind === "postgres") {
    const db = await freshDatabase();
    const store = await openPostgres(db.url, 5);
    const redisPrefix = `t${randomToken(6)}:`;
    const useRedis = opts.redis ?? !!REDIS_URL;
    if (useRedis && !REDIS_URL) throw new Error("REDIS_URL is unset: cannot open the Redis session store");
    const sessions = useRedis ? await openRedis(REDIS_URL!, redisPrefix) : createPgSessionStore(store);
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
  const sessions = createPgSessionStore(store);
  return { store, sessions, close: () => store.close() };
}
