/**
 * Composition root: loadConfig → open adapters → services → bootstrap → createApp → listen →
 * scheduled jobs. The only file (with test/support) that knows concrete adapters.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openEmbedded, openPostgres, createPgSessionStore } from "../adapters/postgres";
import { createMailer, describeMailer } from "../adapters/outbound/mailer";
import { createDnsTxtResolver } from "../adapters/outbound/dns-txt";
import { createGuardedFetch } from "../adapters/outbound/guarded-fetch";
import { createWebhookSender } from "../adapters/outbound/webhook-sender";
import { openSqliteSessions } from "../adapters/sqlite";
import { ConfigError, loadConfig, parseMasterKeys, unknownVariableWarnings, type Config } from "./config";
import { systemClock, type Clock } from "./kernel/clock";
import { createCryptoBox } from "./kernel/crypto-box";
import { randomToken } from "./kernel/secrets";
import { createLogger, createMetrics, type Logger } from "./http/observability";
import { startKeyRotation } from "./jobs/key-rotation";
import { composeGraph } from "./compose";
import { buildConsole } from "../console/build";
import { consoleRoutes } from "./http/console";
import { pageAssetRoutes } from "./http/pages";
import type { PrimaryStore, SessionStore } from "./stores";

/** Embedded mode without SSO_MASTER_KEY: create one in the data dir (0600) and reuse it. */
function embeddedMasterKey(dataDir: string, log: Logger): Uint8Array[] {
  // SSO_DATA_DIR=memory:// keeps everything in memory (benchmarks, demos): the key is ephemeral too.
  if (dataDir === "memory://") return [crypto.getRandomValues(new Uint8Array(32))];
  const file = join(dataDir, "master.key");
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    writeFileSync(file, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64") + "\n", {
      mode: 0o600,
    });
    chmodSync(file, 0o600);
    log.warn(`created a master key at ${file} (mode 0600); back it up with the data dir, or set SSO_MASTER_KEY`);
  }
  return parseMasterKeys(readFileSync(file, "utf8").trim());
}

/**
 * The Redis session store on the configured topology (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS).
 * The Redis and MongoDB adapters are loaded only by the deployments that use them: their drivers
 * are ~14 MiB (ioredis) and ~42 MiB (mongodb) of resident memory an embedded service never needs.
 */
async function openRedisSessions(config: Config, log: Logger) {
  const { openRedis } = await import("../adapters/redis");
  // A command's client-side limit leaves room for its WAIT: a write acknowledged late is not reported as failed.
  const sessions = await openRedis(config.redis!, config.redisPrefix, {
    minReplicasAck: config.redisMinReplicasAck,
    waitMs: config.redisWaitMs,
    commandTimeoutMs: Math.max(3000, config.redisWaitMs + 1000),
  });
  for (const w of sessions.warnings) log.warn(w);
  return sessions;
}

/**
 * After a burst of requests, once the service was found with nothing in flight at two checks half a
 * second apart, one full collection gives the burst's garbage back to the system. The collector
 * otherwise leaves the pages of a burst's garbage resident until the next allocations reuse them,
 * so an instance that served a peak and went quiet kept its peak RSS (tens of MiB;
 * docs/performance.md "Memory"). It runs only when RSS grew by IDLE_GC_GROWTH since the last one:
 * an idle instance never collects in a loop, and memory a collection cannot return (the embedded
 * database's) raises the mark instead.
 */
const IDLE_GC_GROWTH = 24 * 1024 * 1024;
function collectWhenIdle(inFlight: () => number): () => void {
  let mark = process.memoryUsage.rss();
  let quiet = 0;
  const timer = setInterval(() => {
    if (inFlight() > 0) {
      quiet = 0;
      return;
    }
    if (++quiet < 2 || process.memoryUsage.rss() < mark + IDLE_GC_GROWTH) return;
    Bun.gc(true);
    mark = process.memoryUsage.rss();
  }, 500);
  timer.unref();
  return () => clearInterval(timer);
}

/** Opens the primary store and the session store named by the configuration. */
export async function openStores(
  config: Config,
  log: Logger,
): Promise<{ store: PrimaryStore; sessions: SessionStore }> {
  if (config.storage === "mongo") {
    const { createMongoSessionStore, openMongo } = await import("../adapters/mongo");
    const mongo = await openMongo(config.mongodbUrl!, {
      poolSize: config.dbPoolSize,
      log: (m, f) => log.info(m, f),
      warn: (m, f) => log.warn(m, f),
    });
    if (!mongo.ttlIndexes)
      log.info("the MongoDB server has no TTL indexes (FerretDB v1): expired documents are swept every minute");
    if (config.redis) return { store: mongo, sessions: await openRedisSessions(config, log) };
    log.info("REDIS_URL is unset: sessions, rate counters and the directory's version use MongoDB");
    return { store: mongo, sessions: createMongoSessionStore(mongo) };
  }
  // The embedded data directory belongs to one process: its session file is locked before the
  // database is opened, so a second process on the same directory stops before touching it.
  const local =
    config.storage === "embedded" && !config.redis
      ? openSqliteSessions(config.dataDir, { warn: (m, f) => log.warn(m, f) })
      : null;
  let store: Awaited<ReturnType<typeof openPostgres>>;
  if (config.storage === "postgres")
    store = await openPostgres(config.databaseUrl!, config.dbPoolSize, {
      pooler: config.pgPooler,
      readUrl: config.databaseReadUrl,
      warn: (m, f) => log.warn(m, f),
    });
  else {
    const embedded = await openEmbedded(config.dataDir, { warn: (m, f) => log.warn(m, f) }).catch(async (e) => {
      await local?.close();
      throw e;
    });
    if (embedded.created === "initdb")
      log.info(
        "created the embedded database from scratch (no pre-built template); `bun adapters/postgres/embedded.ts` builds one so that later first starts take well under a second",
      );
    store = embedded;
  }
  let sessions: SessionStore;
  if (config.redis) sessions = await openRedisSessions(config, log);
  else if (local)
    sessions = local; // one process: SQLite beside the database
  else {
    sessions = createPgSessionStore(store);
    log.info("REDIS_URL is unset: sessions and rate counters use the primary store");
  }
  return { store, sessions };
}

export async function start(env: Record<string, string | undefined>, opts: { clock?: Clock; quiet?: boolean } = {}) {
  const config = loadConfig(env);
  const log = createLogger(opts.quiet ? "silent" : config.logLevel);
  for (const w of unknownVariableWarnings(env)) log.warn(w);
  const masterKeys = config.masterKeys ?? embeddedMasterKey(config.dataDir, log);
  // The console bundle (console/build.ts) is built by `npm install`; a missing or stale one is
  // built here, beside opening the stores. A failed build leaves the API up and says so.
  const consoleBundle = buildConsole({ quiet: true }).catch((e) => {
    log.error("the admin console could not be built; /console is unavailable (run `bun console/build.ts` to see why)", {
      error: String(e?.message ?? e).split("\n")[0],
    });
    return null;
  });
  const { store, sessions } = await openStores(config, log);
  const instanceId = `${process.pid}-${randomToken(6)}`;
  const svc = await composeGraph({
    config,
    store,
    sessions,
    box: await createCryptoBox(masterKeys),
    clock: opts.clock ?? systemClock,
    log,
    metrics: createMetrics(),
    instanceId,
    mailer: createMailer(config.mailer, log, { from: config.mailFrom }),
    webhookSender: createWebhookSender({ allowPrivate: config.webhookAllowPrivate }),
    upstreamFetch: createGuardedFetch({ allowPrivate: config.webhookAllowPrivate }),
    txtResolver: createDnsTxtResolver({ servers: config.dnsServers }),
  });
  const { app, boot } = svc;
  const bundle = await consoleBundle;
  if (bundle) app.use(consoleRoutes(bundle));
  app.use(pageAssetRoutes());
  app.listen({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: Math.max(16, config.importMaxMiB) * 1024 * 1024 + 1024,
  });
  // Read at each scrape; the scrape itself is one of them. Shutdown tests and operators watch it drain.
  svc.metrics.gauge(
    "http_requests_in_flight",
    "HTTP requests received and not yet answered, this scrape included.",
    () => app.server?.pendingRequests ?? 0,
  );
  const stopRotation = startKeyRotation(svc.keys, config.keyCheckSeconds, log);
  // Start-up garbage (migrations, the embedded template, module graphs) is collected now rather than
  // whenever the heap next grows, so an idle instance sits at its working size.
  Bun.gc(true);
  const stopIdleCollection = collectWhenIdle(() => app.server?.pendingRequests ?? 0);
  svc.delivery.start();
  /**
   * Graceful stop (docs/security.md, "Shutdown"): readiness fails at once, the listener closes (new
   * connections are refused), in-flight requests finish within `graceSeconds` (then the rest are
   * cut), the rotation job stops at a safe point with its lease released, background work drains,
   * and the pools close.
   */
  const stop = async (graceSeconds = config.shutdownGraceSeconds) => {
    svc.drain();
    stopIdleCollection();
    const server = app.server;
    const drained = server ? server.stop(false) : Promise.resolve();
    const cut = Bun.sleep(graceSeconds * 1000).then(() => "cut" as const);
    const [outcome] = await Promise.all([
      Promise.race([drained.then(() => "drained" as const), cut]),
      stopRotation(),
      svc.delivery.stop(),
    ]);
    if (outcome === "cut") {
      log.warn("shutdown grace ended with requests still in flight; closing them", { graceSeconds });
      await server?.stop(true);
    }
    await svc.idle();
    svc.keys.close();
    await sessions.close();
    await store.close();
  };
  return { app, svc, config, boot, stop };
}

if (import.meta.main) {
  const t0 = performance.now();
  try {
    const { config, boot, svc, stop } = await start(process.env);
    const log = svc.log;
    if (boot.created) log.info("first start: bootstrapped the platform tenant", { adminEmail: boot.adminEmail });
    if (boot.issuerChanged) log.warn("the issuer changed; the system application now follows it", boot.issuerChanged);
    if (boot.setupToken) {
      // Printed once, on purpose: the only way to set the first admin's password.
      process.stdout.write(
        `\n  No SSO_BOOTSTRAP_ADMIN_PASSWORD was set. Set the password of ${boot.adminEmail} once at\n` +
          `  ${config.issuer}/console/set-password?token=${boot.setupToken}\n` +
          `  (the console's "Set a password with a token", with the token below), or with:\n` +
          `  curl -X POST ${config.issuer}/api/auth/password/reset -H 'content-type: application/json' \\\n` +
          `       -d '{"token":"${boot.setupToken}","newPassword":"<8-200 chars>"}'\n\n`,
      );
    }
    log.info("identity service ready", {
      url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`,
      issuer: config.issuer,
      storage: config.storage === "embedded" ? `embedded (${config.dataDir})` : config.storage,
      sessions: svc.sessions.kind,
      signer: svc.keys.signer.name,
      mailer: describeMailer(config.mailer),
      mailFrom: config.mailFrom.name
        ? `${config.mailFrom.name} <${config.mailFrom.address}>`
        : `${config.mailFrom.address} (display name: the tenant's branding)`,
      docs: `${config.issuer}/docs`,
      console: `${config.issuer}/console`,
      startupMs: Math.round(performance.now() - t0),
    });
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info("shutting down", { signal, graceSeconds: config.shutdownGraceSeconds });
      // A last resort if closing the stores itself hangs.
      setTimeout(() => process.exit(1), (config.shutdownGraceSeconds + 10) * 1000).unref();
      try {
        await stop();
        log.info("stopped cleanly");
        process.exit(0);
      } catch (e) {
        log.error("shutdown failed", { error: String((e as Error)?.message ?? e).split("\n")[0] });
        process.exit(1);
      }
    };
    process.on("SIGINT", () => void shutdown("SIGINT"));
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
  } catch (e) {
    if (e instanceof ConfigError) console.error(e.message);
    else if ((e as { code?: string }).code === "UNAVAILABLE")
      console.error(
        `cannot start: a backing store is unreachable (${String(((e as Error).cause as Error)?.message ?? (e as Error).message).split("\n")[0]}); check DATABASE_URL / MONGODB_URL / REDIS_URL (REDIS_CLUSTER_NODES, REDIS_SENTINELS) and that the server is running`,
      );
    else if ((e as { code?: string }).code === "EADDRINUSE")
      console.error(`cannot start: port is already in use; set PORT to a free port`);
    else console.error(`cannot start: ${(e as Error).message?.split("\n")[0] ?? e}`);
    process.exit(1);
  }
}
