/**
 * The real service as a separate process for SDK tests and benchmarks: seeds a fresh store (the
 * bootstrap plus seedWorld) from this process, closes it, then starts `bun src/main.ts` on it.
 * Embedded (PGlite in a temp dir) by default; Postgres (fresh database) + Redis when asked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openEmbedded, openPostgres } from "../../adapters/postgres";
import { openMongo } from "../../adapters/mongo";
import { systemClock } from "../../src/kernel/clock";
import { createPasswordHasher } from "../../src/kernel/passwords";
import { randomToken } from "../../src/kernel/secrets";
import { bootstrap } from "../../src/features/platform/bootstrap";
import { freePort, startService, type RunningService } from "../support/process";
import { freshServerStore, pgConnection } from "../support/stores";
import { seedWorld, type World } from "./world";
import { createUnits } from "../../src/units";

export const SERVER_ADMIN = { email: "root@sdk.test", password: "sdk-admin-password" };
const MASTER_KEY = Buffer.alloc(32, 9).toString("base64");

export interface SeededServer extends RunningService {
  issuer: string;
  world: World;
  close(): Promise<void>;
}

/** Starts the service on a seeded store. `postgres` needs DATABASE_URL's server, `mongo` MONGODB_URL's (and REDIS_URL when given). */
export async function startSeededServer(
  opts: {
    postgres?: boolean;
    mongo?: boolean;
    redisUrl?: string;
    redisEnv?: Record<string, string>;
    env?: Record<string, string>;
  } = {},
): Promise<SeededServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "sso-sdk-"));
  const db = opts.postgres ? await freshServerStore("postgres") : opts.mongo ? await freshServerStore("mongo") : null;
  const store =
    db?.kind === "postgres"
      ? await openPostgres(
          db.env.DATABASE_URL,
          2,
          pgConnection(db.env.DATABASE_DIRECT_URL ?? db.env.DATABASE_URL).options,
        )
      : db?.kind === "mongo"
        ? await openMongo(db.env.MONGODB_URL, { poolSize: 2 })
        : await openEmbedded(dataDir);
  const hasher = createPasswordHasher(2);
  let world: World;
  try {
    const { unit } = createUnits(store, { clock: systemClock });
    await bootstrap(
      { tenants: store.tenants, apps: store.apps, leases: store.leases, unit },
      {
        issuer,
        adminEmail: SERVER_ADMIN.email,
        adminPassword: SERVER_ADMIN.password,
        hasher,
        clock: systemClock,
        instanceId: "sdk-seed",
      },
    );
    world = await seedWorld(store, (pw) => hasher.hash(pw));
  } finally {
    await store.close();
  }
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    SSO_ISSUER: issuer,
    SSO_DATA_DIR: dataDir,
    SSO_BOOTSTRAP_ADMIN_EMAIL: SERVER_ADMIN.email,
    SSO_BOOTSTRAP_ADMIN_PASSWORD: SERVER_ADMIN.password,
    SSO_RATE_LIMIT: "off",
    ...(db ? { ...db.env, SSO_MASTER_KEY: MASTER_KEY } : {}),
    ...(db && opts.redisUrl
      ? { REDIS_URL: opts.redisUrl, SSO_REDIS_PREFIX: `sdk${randomToken(4).replace(/[^A-Za-z0-9]/g, "x")}:` }
      : {}),
    ...(db && opts.redisEnv ? opts.redisEnv : {}),
    ...opts.env,
  };
  let svc: RunningService;
  try {
    svc = await startService(env, { timeoutMs: 60_000 });
  } catch (e) {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    ...svc,
    issuer,
    world,
    async close() {
      await svc.stop();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
