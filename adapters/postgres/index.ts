/**
 * The SQL adapter: one drizzle schema and one set of repositories over either PGlite (embedded,
 * the default: a fresh clone runs with no server) or PostgreSQL (postgres.js, pooled).
 * Versioned migrations (./migrations, made by drizzle-kit from schema.ts) are applied at start.
 */
import { EventEmitter } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { copyTemplate, embeddedStartParams, loadTemplate, migrationsFolder } from "./embedded";
import { drizzle as drizzlePg } from "drizzle-orm/postgres-js";
import { migrate as migratePg } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { PrimaryStore, Repos, SessionStore } from "../../src/stores";
import { createPgApps } from "./apps";
import { createPgAudit } from "./audit";
import { createPgClaims } from "./claims";
import { createPgClients } from "./clients";
import { schema, type Db } from "./db";
import { guarded, translatePgError } from "./errors";
import { createPgImports } from "./imports";
import { createPgKeys } from "./keys";
import { createPgLeases } from "./leases";
import { createPgOrgs, createPgTenants } from "./orgs";
import { createPgRoles } from "./roles";
import { createPgCounters, createPgDevices, createPgFamilies, createPgOneTimeTokens } from "./sessions";
import { createPgliteTokenContext, createPostgresTokenContext } from "./token-context";
import type { TokenContextReader } from "../../src/features/sessions/ports";
import { createPgUsers } from "./users";
import { createPgMfa, createPgSocialIdentities } from "./mfa";
import { createPgOutbox, createPgWebhooks } from "./webhooks";

const MIGRATION_LOCK = 7_342_001;

/** Repositories over a drizzle handle; `tokenContext` is the driver-specific prepared read. */
export function createPgRepos(db: Db, tokenContext: TokenContextReader): Repos {
  return {
    tenants: guarded(createPgTenants(db)),
    orgs: guarded(createPgOrgs(db)),
    users: guarded(createPgUsers(db)),
    roles: guarded(createPgRoles(db)),
    apps: guarded(createPgApps(db)),
    clients: guarded(createPgClients(db)),
    keys: guarded(createPgKeys(db)),
    devices: guarded(createPgDevices(db)),
    oneTimeTokens: guarded(createPgOneTimeTokens(db)),
    audit: guarded(createPgAudit(db)),
    webhooks: guarded(createPgWebhooks(db)),
    outbox: guarded(createPgOutbox(db)),
    imports: guarded(createPgImports(db)),
    claims: guarded(createPgClaims(db)),
    leases: guarded(createPgLeases(db)),
    tokenContext,
    mfa: guarded(createPgMfa(db)),
    socialIdentities: guarded(createPgSocialIdentities(db)),
  };
}

function primary(
  db: Db,
  tokenContext: TokenContextReader,
  extra: Pick<PrimaryStore, "publish" | "subscribe" | "close">,
): PrimaryStore {
  return {
    ...createPgRepos(db, tokenContext),
    atomicity: "transaction",
    async transaction(fn) {
      try {
        // tokenContext is a read-only hot-path query; inside a transaction it reads committed data.
        return await db.transaction((tx) => fn(createPgRepos(tx as unknown as Db, tokenContext)));
      } catch (e) {
        throw translatePgError(e);
      }
    },
    // A unit is one SQL transaction: a crash leaves nothing to finish.
    async recover() {
      return 0;
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
      } catch (e) {
        throw translatePgError(e);
      }
    },
    ...extra,
  };
}

/** Session families and counters kept in the primary store (used when REDIS_URL is unset). */
export function createPgSessionStore(store: PrimaryStore & { db: Db }): SessionStore {
  return {
    kind: "primary",
    families: guarded(createPgFamilies(store.db)),
    counters: guarded(createPgCounters(store.db)),
    ping: () => store.ping(),
    close: async () => {},
  };
}

/**
 * Opens PGlite in `dataDir` (or in memory for "memory://") and applies migrations. A new database
 * starts from the pre-built template when there is one (adapters/postgres/embedded.ts); `created`
 * says how the database came to be.
 */
export async function openEmbedded(dataDir: string): Promise<PrimaryStore & { db: Db; created: "existing" | "template" | "initdb" }> {
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const memory = dataDir === "memory://";
  const fresh = memory || !existsSync(`${dataDir}/pg/PG_VERSION`);
  const template = memory ? await loadTemplate() : null;
  const copied = fresh && !memory && copyTemplate(`${dataDir}/pg`);
  const startParams = embeddedStartParams();
  const client = memory ? new PGlite({ startParams, ...(template ? { loadDataDir: template } : {}) }) : new PGlite(`${dataDir}/pg`, { startParams });
  await client.waitReady;
  const created = !fresh ? "existing" : template || copied ? "template" : "initdb";
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const bus = new EventEmitter();
  return Object.assign(
    primary(db, guarded(createPgliteTokenContext(client)), {
      async publish(channel, message) {
        bus.emit(channel, message);
      },
      async subscribe(channel, onMessage) {
        bus.on(channel, onMessage);
      },
      async close() {
        await client.close();
      },
    }),
    { db, created } as const,
  );
}

/** Opens a pooled PostgreSQL connection and applies migrations under an advisory lock. */
export async function openPostgres(url: string, poolSize: number): Promise<PrimaryStore & { db: Db }> {
  const migrator = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePg(drizzlePg(migrator) as never, { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } catch (e) {
    await migrator.end({ timeout: 1 }).catch(() => {});
    throw translatePgError(e);
  }
  await migrator.end({ timeout: 5 });
  const client = postgres(url, { max: poolSize, onnotice: () => {}, connect_timeout: 10, idle_timeout: 60 });
  // drizzle runs unnamed statements, so Postgres re-plans every query; named (prepared) statements
  // are planned once per connection and cut the server's CPU per query several-fold on the hot
  // paths (refresh, login). postgres.js caches them per connection, keyed by the query text.
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((query: string, params?: unknown[], options?: Record<string, unknown>) => unsafe(query, params as never, { ...options, prepare: true })) as typeof client.unsafe;
  const db = drizzlePg(client, { schema }) as unknown as Db;
  return Object.assign(
    primary(db, guarded(createPostgresTokenContext(client)), {
      async publish(channel, message) {
        await client.notify(channel, message).catch(() => {});
      },
      async subscribe(channel, onMessage) {
        await client.listen(channel, onMessage);
      },
      async close() {
        await client.end({ timeout: 5 });
      },
    }),
    { db },
  );
}
