/**
 * The MongoDB adapter (`SSO_STORAGE=mongo`, `MONGODB_URL`): every port of the primary store on the
 * official driver, with no multi-document transactions, no change streams and no replica set
 * required (a standalone mongod or FerretDB v1 work; a replica set is used like a standalone).
 *
 * - Units of work: the journaled writes of db.ts (undo records written ahead of each write, one
 *   single-document commit decision, recovery at start and every `recoverEveryMs`).
 * - Race-prone steps (consume, rotate, counters, leases, claims) are single-document
 *   findOneAndUpdate calls.
 * - The directory's version (kernel/directory-cache.ts) where no Redis keeps it: one document,
 *   read from the primary (createMongoDirectoryVersion).
 * - Expired documents are swept every minute (FerretDB v1 has no TTL indexes; MongoDB also gets them).
 */
import { MongoClient, type Db } from "mongodb";
import { UnavailableError } from "../../src/kernel/errors";
import type { PrimaryStore, Repos, SessionStore } from "../../src/stores";
import { createMongoExternalIdentities } from "./external-identities";
import { createMongoApps } from "./apps";
import { createMongoAudit, upgradeAuditText } from "./audit";
import { createMongoClaims } from "./claims";
import { createMongoBranding } from "./branding";
import { createMongoSamlProviders } from "./saml-providers";
import { createMongoClients } from "./clients";
import { nextId, UnitJournal, type Ctx } from "./db";
import { finish, recoverUnits, rollBack } from "./journal";
import { guarded, translateMongoError } from "./errors";
import { createMongoImports } from "./imports";
import { createMongoKeys } from "./keys";
import { createMongoLeases } from "./leases";
import { createMongoMfa } from "./mfa";
import { createMongoPasskeys } from "./passkeys";
import { createMongoOrgs, createMongoTenants } from "./orgs";
import { createMongoRoles } from "./roles";
import { C, ensureIndexes, EXPIRING } from "./schema";
import { createMongoCounters, createMongoDevices, createMongoFamilies, createMongoOneTimeTokens } from "./sessions";
import { createMongoSocialIdentities } from "./social";
import { createMongoAuthorizationCodes, createMongoConsents, createMongoBrowserSessions } from "./oidc";
import { createMongoScimTokens } from "./scim-tokens";
import { createMongoTokenContext } from "./token-context";
import { createMongoUsers, upgradeMongoEmailForms } from "./users";
import { createMongoDirectoryVersion } from "./directory-version";
import type { DirectoryVersion } from "../../src/kernel/directory-cache";
import { createMongoOutbox, createMongoWebhooks } from "./webhooks";
import { createMongoDomains } from "./domains";
import { createMongoConnections } from "./connections";

export interface MongoOptions {
  poolSize?: number;
  /** How long a unit may go without writing before another instance may undo it (default 5 min). */
  unitLeaseMs?: number;
  /** Recovery pass interval (default 30 s; 0 = only at start and when called). */
  recoverEveryMs?: number;
  /** Progress of start-up upgrades of stored data (the audit search text). */
  log?: (msg: string, fields: Record<string, unknown>) => void;
  /** Problems start-up upgrades leave for an operator (two accounts sharing a mailbox, users.ts). */
  warn?: (msg: string, fields: Record<string, unknown>) => void;
}

export type MongoStore = PrimaryStore & {
  ctx: Ctx;
  ttlIndexes: boolean;
  /** The directory's version in this store (used when no Redis keeps it). */
  directoryVersion: DirectoryVersion;
};

export function createMongoRepos(ctx: Ctx, contextCtx: Ctx = ctx): Repos {
  return {
    tenants: guarded(createMongoTenants(ctx)),
    orgs: guarded(createMongoOrgs(ctx)),
    users: guarded(createMongoUsers(ctx)),
    roles: guarded(createMongoRoles(ctx)),
    apps: guarded(createMongoApps(ctx)),
    clients: guarded(createMongoClients(ctx)),
    keys: guarded(createMongoKeys(ctx)),
    devices: guarded(createMongoDevices(ctx)),
    oneTimeTokens: guarded(createMongoOneTimeTokens(ctx)),
    audit: guarded(createMongoAudit(ctx)),
    webhooks: guarded(createMongoWebhooks(ctx)),
    outbox: guarded(createMongoOutbox(ctx)),
    imports: guarded(createMongoImports(ctx)),
    claims: guarded(createMongoClaims(ctx)),
    branding: guarded(createMongoBranding(ctx)),
    leases: guarded(createMongoLeases(ctx)),
    tokenContext: guarded(createMongoTokenContext(contextCtx)),
    mfa: guarded(createMongoMfa(ctx)),
    passkeys: guarded(createMongoPasskeys(ctx)),
    socialIdentities: guarded(createMongoSocialIdentities(ctx)),
    consents: guarded(createMongoConsents(ctx)),
    samlProviders: guarded(createMongoSamlProviders(ctx)),
    domains: guarded(createMongoDomains(ctx)),
    connections: guarded(createMongoConnections(ctx)),
    scimTokens: guarded(createMongoScimTokens(ctx)),
    externalIdentities: guarded(createMongoExternalIdentities(ctx)),
  };
}

/** Database name: the URL's path, else "sso". */
function dbName(url: string): string {
  const m = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(url);
  return m && m[1] ? decodeURIComponent(m[1]) : "sso";
}

/** Connects, creates indexes, and returns the primary store. Fails loudly when the server cannot be reached. */
export async function openMongo(url: string, opts: MongoOptions = {}): Promise<MongoStore> {
  const client = new MongoClient(url, {
    maxPoolSize: opts.poolSize ?? 20,
    serverSelectionTimeoutMS: 5000,
    connectTimeoutMS: 5000,
    ignoreUndefined: true,
  });
  try {
    await client.connect();
  } catch (e) {
    await client.close().catch(() => {});
    throw translateMongoError(e);
  }
  const db = client.db(dbName(url));
  const { ttl } = await ensureIndexes(db).catch((e) => {
    void client.close();
    throw translateMongoError(e);
  });
  const ctx: Ctx = { db, unit: null };
  await upgradeAuditText(ctx, opts.log).catch((e) => {
    void client.close();
    throw translateMongoError(e);
  });
  await upgradeMongoEmailForms(ctx, opts.warn).catch((e) => {
    void client.close();
    throw translateMongoError(e);
  });
  const leaseMs = opts.unitLeaseMs ?? 300_000;

  const recovered: ((count: number) => void)[] = [];
  const recover = async () => {
    const n = await recoverUnits(db, leaseMs);
    if (n) for (const l of recovered) l(n);
    return n;
  };

  const timers: ReturnType<typeof setInterval>[] = [];
  const every = (ms: number, f: () => Promise<unknown>) => {
    if (ms <= 0) return;
    const t = setInterval(() => void f().catch(() => {}), ms);
    t.unref?.();
    timers.push(t);
  };
  every(opts.recoverEveryMs ?? 30_000, recover);
  const sweep = async () => {
    const now = Date.now();
    for (const [name, { field, graceSeconds }] of Object.entries(EXPIRING))
      await db.collection(name).deleteMany({ [field]: { $lt: new Date(now - graceSeconds * 1000) } });
  };
  every(60_000, sweep);

  // The token context is read from the primary whatever MONGODB_URL's read preference says: reused
  // contexts (features/sessions/context-cache.ts) must not keep a lagging secondary's view.
  const primaryDb = client.db(dbName(url), { readPreference: "primary" });
  const repos = createMongoRepos(ctx, { db: primaryDb, unit: null });
  const store: MongoStore = {
    ...repos,
    ctx,
    ttlIndexes: ttl,
    directoryVersion: guarded(createMongoDirectoryVersion(primaryDb)),
    atomicity: "intent-journal",
    async transaction(fn) {
      const unit = new UnitJournal(db, "unit", leaseMs);
      let result;
      try {
        result = await fn(createMongoRepos({ db, unit }));
      } catch (e) {
        // Undo at once; if the store is away, the recovery pass undoes it once the lease has passed.
        if (unit.hasWrites) await rollBack(db, unit.id).catch(() => {});
        throw translateMongoError(e);
      }
      if (unit.hasWrites) {
        try {
          // The decision: one conditional single-document write. Before it the unit is undone, after it finished.
          await unit.commit();
        } catch (e) {
          await rollBack(db, unit.id).catch(() => {});
          throw translateMongoError(e);
        }
        await finish(db, unit.id, unit.marked).catch(() => {
          /* committed: the recovery pass finishes it */
        });
      }
      return result;
    },
    recover,
    onRecovered: (listener) => void recovered.push(listener),
    async ping() {
      try {
        await db.command({ ping: 1 }, { timeoutMS: 2000 });
      } catch (e) {
        throw new UnavailableError(e);
      }
    },
    async close() {
      for (const t of timers) clearInterval(t);
      await client.close();
    },
  };
  return store;
}

/** Session families and counters kept in MongoDB (used when REDIS_URL is unset). */
export function createMongoSessionStore(store: MongoStore): SessionStore {
  return {
    kind: "primary",
    // The directory's version in the primary store itself: every instance on this store shares it.
    epoch: store.directoryVersion,
    families: guarded(createMongoFamilies(store.ctx)),
    counters: guarded(createMongoCounters(store.ctx)),
    signIns: guarded(createMongoBrowserSessions(store.ctx)),
    codes: guarded(createMongoAuthorizationCodes(store.ctx)),
    ping: () => store.ping(),
    close: async () => {},
  };
}
