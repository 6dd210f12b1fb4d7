/**
 * The SQL adapter: one drizzle schema and one set of repositories over either PGlite (embedded,
 * the default: a fresh clone runs with no server) or PostgreSQL (postgres.js, pooled).
 * Versioned migrations (./migrations, made by drizzle-kit from schema.ts) are applied at start.
 */
import { existsSync, mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { copyTemplate, embeddedStartParams, loadTemplate, migrationsFolder } from "./embedded";
import { DRIZZLE_PARSERS, forDrizzle } from "./pglite-parsers";
import { drizzle as drizzlePg } from "drizzle-orm/postgres-js";
import { migrate as migratePg } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { PrimaryStore, Repos, SessionStore } from "../../src/stores";
import { createPgExternalIdentities } from "./external-identities";
import { createPgApps } from "./apps";
import { createPgAudit } from "./audit";
import { createPgClaims } from "./claims";
import { createPgBranding } from "./branding";
import { createPgSamlProviders } from "./saml-providers";
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
import { createPgUsers, upgradePgEmailForms } from "./users";
import type { EmailFormLog } from "../shared/email-forms";
import { createPgMfa, createPgSocialIdentities } from "./mfa";
import { createPgPasskeys } from "./passkeys";
import { createPgOutbox, createPgWebhooks } from "./webhooks";
import { routeReads } from "./replica";
import { createPgAuthorizationCodes, createPgConsents, createPgBrowserSessions } from "./oidc";
import { createPgDirectoryVersion } from "./directory-version";
import { createPgDomains } from "./domains";
import { createPgConnections } from "./connections";
import { createPgScimTokens } from "./scim-tokens";

const MIGRATION_LOCK = 7_342_001;
const MIGRATION_WAIT_TRIES = 3000; // × 200 ms

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
    branding: guarded(createPgBranding(db)),
    leases: guarded(createPgLeases(db)),
    tokenContext,
    mfa: guarded(createPgMfa(db)),
    socialIdentities: guarded(createPgSocialIdentities(db)),
    passkeys: guarded(createPgPasskeys(db)),
    consents: guarded(createPgConsents(db)),
    samlProviders: guarded(createPgSamlProviders(db)),
    domains: guarded(createPgDomains(db)),
    connections: guarded(createPgConnections(db)),
    scimTokens: guarded(createPgScimTokens(db)),
    externalIdentities: guarded(createPgExternalIdentities(db)),
  };
}

function primary(
  db: Db,
  tokenContext: TokenContextReader,
  extra: Pick<PrimaryStore, "close">,
  /** Reroutes some reads outside units (the read replica); units always use the transaction. */
  outside: (repos: Repos) => Repos = (repos) => repos,
): PrimaryStore {
  return {
    ...outside(createPgRepos(db, tokenContext)),
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
    // The directory's version in the primary store itself: every instance on this store shares it.
    epoch: guarded(createPgDirectoryVersion(store.db)),
    families: guarded(createPgFamilies(store.db)),
    counters: guarded(createPgCounters(store.db)),
    signIns: guarded(createPgBrowserSessions(store.db)),
    codes: guarded(createPgAuthorizationCodes(store.db)),
    ping: () => store.ping(),
    close: async () => {},
  };
}

/**
 * Opens PGlite in `dataDir` (or in memory for "memory://") and applies migrations. A new database
 * starts from the pre-built template when there is one (adapters/postgres/embedded.ts); `created`
 * says how the database came to be.
 */
export async function openEmbedded(
  dataDir: string,
  opts: { warn?: EmailFormLog } = {},
): Promise<PrimaryStore & { db: Db; created: "existing" | "template" | "initdb" }> {
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const memory = dataDir === "memory://";
  const fresh = memory || !existsSync(`${dataDir}/pg/PG_VERSION`);
  const template = memory ? await loadTemplate() : null;
  const copied = fresh && !memory && copyTemplate(`${dataDir}/pg`);
  const startParams = embeddedStartParams();
  const parsers = DRIZZLE_PARSERS;
  const client = memory
    ? new PGlite({ startParams, parsers, ...(template ? { loadDataDir: template } : {}) })
    : new PGlite(`${dataDir}/pg`, { startParams, parsers });
  await client.waitReady;
  const created = !fresh ? "existing" : template || copied ? "template" : "initdb";
  const db = drizzlePglite(forDrizzle(client), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  await upgradePgEmailForms(db, opts.warn);
  return Object.assign(
    primary(db, guarded(createPgliteTokenContext(client)), {
      async close() {
        await client.close();
      },
    }),
    { db, created } as const,
  );
}

export interface PostgresOptions {
  /**
   * "transaction": DATABASE_URL is a pooler in transaction mode (PgBouncer `pool_mode = transaction`),
   * where consecutive transactions of one client connection may run on different server sessions.
   * Nothing session-level is used then: no named prepared statements, no LISTEN. Every lock is
   * transaction-scoped in both modes.
   */
  pooler?: "none" | "transaction";
  /** A streaming replica serving the reads of REPLICA_READS (replica.ts). */
  readUrl?: string;
  /** Problems start-up upgrades leave for an operator (two accounts sharing a mailbox, users.ts). */
  warn?: EmailFormLog;
}

/**
 * Applies the migrations under a transaction-scoped advisory lock: one connection holds
 * `pg_advisory_xact_lock` in an open transaction while another runs drizzle's migrator, so
 * instances starting at once migrate one after the other. A session lock (`pg_advisory_lock`) would
 * be taken and released on different server sessions behind a transaction-mode pooler, and stay held.
 * The others try again every 200 ms rather than wait inside a transaction: behind a pooler a waiting
 * transaction holds a server connection, and enough waiters would leave the migrator none.
 */
async function migrateLocked(url: string, prepare: boolean): Promise<void> {
  const lock = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10, prepare });
  const migrator = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10, prepare });
  try {
    for (let attempt = 0; ; attempt++) {
      const done = await lock.begin(async (tx) => {
        const [{ locked }] = await tx`select pg_try_advisory_xact_lock(${MIGRATION_LOCK}) as locked`;
        if (locked) await migratePg(drizzlePg(migrator) as never, { migrationsFolder });
        return locked as boolean;
      });
      if (done) break;
      if (attempt >= MIGRATION_WAIT_TRIES)
        throw new Error("another instance has been applying migrations for 10 minutes; giving up");
      await Bun.sleep(200);
    }
  } catch (e) {
    throw translatePgError(e);
  } finally {
    await Promise.all([lock.end({ timeout: 5 }), migrator.end({ timeout: 5 })]).catch(() => {});
  }
}

/**
 * Opens a pooled PostgreSQL connection (directly, or through a transaction-mode pooler such as
 * PgBouncer) and applies migrations. With `readUrl`, the reads of REPLICA_READS go to that replica.
 */
export async function openPostgres(
  url: string,
  poolSize: number,
  opts: PostgresOptions = {},
): Promise<PrimaryStore & { db: Db }> {
  const pooled = opts.pooler === "transaction";
  await migrateLocked(url, !pooled);
  const options = {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 60,
    prepare: !pooled,
  } as const;
  const client = postgres(url, options);
  // drizzle runs unnamed statements, so Postgres re-plans every query; named (prepared) statements
  // are planned once per connection and cut the server's CPU per query several-fold on the hot
  // paths (refresh, login). postgres.js caches them per connection, keyed by the query text.
  // Behind a transaction-mode pooler a statement prepared on one server session is unknown to the
  // next (PgBouncer before 1.21 does not track them), so they stay off there.
  if (!pooled) {
    const unsafe = client.unsafe.bind(client);
    client.unsafe = ((query: string, params?: unknown[], o?: Record<string, unknown>) =>
      unsafe(query, params as never, { ...o, prepare: true })) as typeof client.unsafe;
  }
  await upgradePgEmailForms(drizzlePg(client, { schema }) as unknown as Db, opts.warn).catch(async (e) => {
    await client.end({ timeout: 1 });
    throw translatePgError(e);
  });
  const replica = opts.readUrl ? postgres(opts.readUrl, options) : null;
  const db = drizzlePg(client, { schema }) as unknown as Db;
  const readDb = replica ? (drizzlePg(replica, { schema }) as unknown as Db) : null;
  const tokenContext = guarded(createPostgresTokenContext(client, !pooled));
  return Object.assign(
    primary(
      db,
      tokenContext,
      {
        async close() {
          await Promise.all([client.end({ timeout: 5 }), replica?.end({ timeout: 5 })]);
        },
      },
      readDb ? (repos) => routeReads(repos, createPgRepos(readDb, tokenContext)) : undefined,
    ),
    { db },
  );
}
