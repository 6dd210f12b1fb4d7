/**
 * Sessions under load, read against this machine's ceilings measured in the same run:
 *
 *   refresh   POST /api/auth/refresh on the real service (`bun src/main.ts`, child process). Each
 *             connection owns one session and chains its single-use refresh tokens (a refresh
 *             token cannot be replayed, so the next request needs the previous answer; that is
 *             the only difference from `load`, whose window/latency rules are kept).
 *             Ceiling: rs256SignCeiling (jose RS256 signatures/s, no HTTP). Aim ≥ 60 %.
 *   login     POST /api/auth/login with `load`, round-robin over distinct users (so the
 *             per-email lockout, which counts in-flight attempts, never engages).
 *             Ceiling: argon2VerifyCeiling (argon2id verifications/s at the service's parallelism,
 *             SSO_HASH_CONCURRENCY = max(2, cores)). Aim ≥ 90 %.
 *             Floor: verifyOnlyRoute, a bare Bun route that only verifies the password, under the
 *             same client and connections: what HTTP alone leaves of the ceiling, and its CPU.
 *
 * The service runs with SSO_RATE_LIMIT=off and SSO_LOG_LEVEL=warn (no access-log line per request),
 * embedded (PGlite in a temp dir), with `postgres` on a fresh Postgres database + Redis, and with
 * `mongo` on a fresh MongoDB database (MONGODB_URL's server, default mongodb://127.0.0.1:27018/,
 * FerretDB in CI) + Redis. All runs are read against the same ceilings.
 *
 *   bun bench/sessions.ts [--seconds 8] [--postgres] [--mongo] [--refresh-connections 32] [--login-connections 8]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService, type RunningService } from "../test/support/process";
import {
  argon2VerifyCeiling,
  load,
  opensslSpeedCeiling,
  rs256SignCeiling,
  signerEnv,
  signerOf,
  verifyOnlyRoute,
  type LoadResult,
} from "./ceilings";
import { useMongoUrl } from "./mongo";
import { cpuPerRequest, cpuSnapshot, formatCpu } from "./cpu";

/** Issue 16's refresh aims, as a share of the RS256 ceiling of the same run. */
export const refreshAimFor = (store: string) => (store.startsWith("postgres") ? 0.75 : 0.6);

export type BenchStore = "embedded" | "postgres" | "mongo";

export interface BenchSessionsOptions {
  /** Measured seconds per phase (default 8). */
  seconds?: number;
  /**
   * Unmeasured warm-up before each HTTP phase (default 8 s). The service is a fresh process: on
   * 2 cores its JIT keeps compiling for several seconds (measured per refresh on Postgres + Redis:
   * 17 µs of JIT-thread CPU after 2 s of warm-up, 4 µs after 8 s), which is start-up cost, not
   * the steady state these figures describe. Start-up is measured on its own (bench/start.ts).
   */
  warmupSeconds?: number;
  /** Also run on Postgres (fresh database on DATABASE_URL's server) + Redis (REDIS_URL, when set). */
  postgres?: boolean;
  /** Also run on MongoDB (fresh database on MONGODB_URL's server) + Redis (REDIS_URL, when set). */
  mongo?: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  /** Concurrent refresh chains (default 32). */
  refreshConnections?: number;
  /** Concurrent login connections (default 8). */
  loginConnections?: number;
  /** Ceilings already measured by the caller (bench/run.ts), to skip measuring them again. */
  ceilings?: { rs256SignPerSec: number; argon2VerifyPerSec: number; opensslSignPerSec?: number };
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface SessionsStoreResult {
  store: "embedded" | "postgres" | "postgres+redis" | "mongo" | "mongo+redis";
  /** The signer the service ran (its sso_signer_info metric). */
  signer: string;
  refresh: LoadResult;
  login: LoadResult;
  /** refresh.rps / RS256 signing ceiling. */
  refreshRatio: number;
  /** login.rps / argon2id verify ceiling. */
  loginRatio: number;
  /** refresh.rps / `openssl speed -multi <cores> rsa2048` sign/s (when it ran). */
  refreshToOpensslSpeed?: number;
  /** Issue 16: refresh ≥ 75 % of the RS256 ceiling on Postgres + Redis, ≥ 60 % on the other stores. */
  refreshAim: number;
  meetsAim: { refresh: boolean; login: boolean };
  /** CPU per request by service thread, store process, load generator and machine (bench/cpu.ts; null off Linux). */
  cpu: { refresh: Record<string, number> | null; login: Record<string, number> | null };
}

export interface BenchSessionsResult {
  host: { cpus: number; bun: string };
  ceilings: {
    rs256SignPerSec: number;
    argon2VerifyPerSec: number;
    argon2Concurrency: number;
    /** `openssl speed -multi <cores> rsa2048` sign/s: the processor's signing limit (absent if not runnable). */
    opensslSignPerSec?: number;
  };
  /** The floor of a sign-in: a bare route that only verifies the password (bench/sign-only-server.ts), same client and connections. */
  loginFloor?: { rps: number; ratio: number; cpu: Record<string, number> | null };
  runs: SessionsStoreResult[];
}

export const BENCH_ADMIN = { email: "bench-admin@platform.test", password: "bench-admin-password-1" };
const ADMIN = BENCH_ADMIN;
const USER_PASSWORD = "bench-user-password-1";
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

export const json = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`bench: ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
};

/**
 * Closed-loop load where each connection chains its own single-use refresh tokens. Same rules as
 * `load`: only requests finished inside the window count; latency is send → last byte.
 * (Also the refresh path that bench/oidc.ts reads silent single sign-on against.)
 */
export async function refreshChains(url: string, tokens: string[], seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    tokens.map(async (first) => {
      let token = first;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        let status = "network_error";
        let next: string | undefined;
        try {
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ refreshToken: token }),
          });
          const body = (await res.json()) as { refreshToken?: string };
          status = String(res.status);
          next = body.refreshToken;
        } catch {
          // counted below
        }
        const t1 = performance.now();
        if (t1 > deadline) break;
        requests++;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === "200" && next) {
          latencies.push(t1 - t0);
          token = next;
        } else {
          errors++;
          break; // the chain is broken (a failed refresh leaves no token to continue with)
        }
      }
    }),
  );
  const elapsed = Math.min(performance.now() - start, seconds * 1000) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const pct = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : 0;
  return {
    requests,
    errors,
    rps: round(latencies.length / elapsed, 1),
    p50: round(pct(50), 2),
    p99: round(pct(99), 2),
    seconds: round(elapsed),
    connections: tokens.length,
    statuses,
  };
}

/** `n` fresh admin sessions (4 sign-ins at a time): the first refresh token of each, for `refreshChains`. */
export async function adminRefreshTokens(serviceUrl: string, n: number): Promise<string[]> {
  const signIn = async (): Promise<string> =>
    (await json(`${serviceUrl}/api/auth/login`, ADMIN)).refreshToken as string;
  const out: string[] = [];
  for (let i = 0; i < n; i += 4) out.push(...(await Promise.all(Array.from({ length: Math.min(4, n - i) }, signIn))));
  return out;
}

/**
 * Runs `fn` against a fresh service process on `store`: embedded in a temp dir, or a fresh Postgres
 * or MongoDB database (+ Redis at REDIS_URL, when set).
 */
export async function withService<T>(
  store: BenchStore,
  opts: Pick<BenchSessionsOptions, "databaseUrl" | "redisUrl"> & { env?: Record<string, string> },
  fn: (svc: RunningService) => Promise<T>,
): Promise<T> {
  const env: Record<string, string> = {
    SSO_RATE_LIMIT: "off",
    SSO_LOG_LEVEL: "warn",
    SSO_BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
    SSO_BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
    SSO_ISSUER: "http://sso.bench.local",
    ...signerEnv(),
    ...opts.env,
  };
  let cleanup = async () => {};
  if (store === "embedded") {
    const dir = mkdtempSync(join(tmpdir(), "sso-bench-"));
    Object.assign(env, { SSO_STORAGE: "embedded", SSO_DATA_DIR: dir });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else if (store === "mongo") {
    useMongoUrl();
    const { freshServerStore } = await import("../test/support/stores");
    const db = await freshServerStore("mongo");
    const redisUrl = opts.redisUrl ?? process.env.REDIS_URL;
    Object.assign(env, db.env, { SSO_MASTER_KEY: Buffer.alloc(32, 3).toString("base64"), SSO_DB_POOL_SIZE: "20" });
    if (redisUrl) Object.assign(env, { REDIS_URL: redisUrl, SSO_REDIS_PREFIX: `bench${Date.now()}:` });
    cleanup = () => db.drop();
  } else {
    if (opts.databaseUrl) process.env.DATABASE_URL = opts.databaseUrl;
    const { freshDatabase } = await import("../test/support/stores");
    const db = await freshDatabase();
    const redisUrl = opts.redisUrl ?? process.env.REDIS_URL;
    Object.assign(env, {
      SSO_STORAGE: "postgres",
      DATABASE_URL: db.url,
      SSO_MASTER_KEY: Buffer.alloc(32, 3).toString("base64"),
      SSO_DB_POOL_SIZE: "20",
    });
    if (redisUrl) Object.assign(env, { REDIS_URL: redisUrl, SSO_REDIS_PREFIX: `bench${Date.now()}:` });
    cleanup = () => db.drop();
  }
  const svc = await startService(env, { timeoutMs: 60_000 });
  try {
    return await fn(svc);
  } finally {
    await svc.stop();
    await cleanup();
  }
}

export async function runOne(
  store: BenchStore,
  opts: BenchSessionsOptions,
  ceilings: BenchSessionsResult["ceilings"],
): Promise<SessionsStoreResult> {
  const seconds = opts.seconds ?? 8;
  const warmup = opts.warmupSeconds ?? 8;
  const log = opts.log ?? (() => {});
  const label: SessionsStoreResult["store"] =
    store === "embedded" ? "embedded" : (opts.redisUrl ?? process.env.REDIS_URL) ? `${store}+redis` : store;
  return withService(store, opts, async (svc) => {
    const signer = await signerOf(svc.url);
    const admin = await json(`${svc.url}/api/auth/login`, ADMIN);
    const claims = JSON.parse(Buffer.from(admin.accessToken.split(".")[1], "base64url").toString());

    // Login users: distinct accounts, so no account sees more than one attempt in flight.
    const loginConnections = opts.loginConnections ?? 8;
    const users: string[] = [];
    for (let i = 0; i < loginConnections * 4; i++) {
      const email = `bench-user-${i}@bench.local`;
      await json(
        `${svc.url}/api/users`,
        { organizationId: claims.org_id, email, fullName: `Bench ${i}`, password: USER_PASSWORD },
        admin.accessToken,
      );
      users.push(email);
    }

    // Refresh chains: one admin session each (a realistic token: roles, SUBTREE reach, system codes).
    const refreshConnections = opts.refreshConnections ?? 32;
    const sessions = (n: number) => adminRefreshTokens(svc.url, n);
    log(`[${label}] refresh warm-up`);
    await refreshChains(`${svc.url}/api/auth/refresh`, await sessions(refreshConnections), warmup);
    log(`[${label}] refresh ${seconds}s x ${refreshConnections} chains`);
    const chains = await sessions(refreshConnections);
    const refreshFrom = cpuSnapshot(svc.proc.pid);
    const refresh = await refreshChains(`${svc.url}/api/auth/refresh`, chains, seconds);
    const refreshCpu = cpuPerRequest(refreshFrom, cpuSnapshot(svc.proc.pid), refresh.requests);

    let next = 0;
    const signIns = {
      url: `${svc.url}/api/auth/login`,
      connections: loginConnections,
      makeRequest: () => ({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: users[next++ % users.length], password: USER_PASSWORD }),
      }),
    };
    log(`[${label}] login warm-up`);
    await load({ ...signIns, seconds: warmup });
    log(`[${label}] login ${seconds}s x ${loginConnections} connections`);
    const loginFrom = cpuSnapshot(svc.proc.pid);
    const login = await load({ ...signIns, seconds });
    const loginCpu = cpuPerRequest(loginFrom, cpuSnapshot(svc.proc.pid), login.requests);
    const refreshRatio = round(refresh.rps / ceilings.rs256SignPerSec);
    const loginRatio = round(login.rps / ceilings.argon2VerifyPerSec);
    return {
      store: label,
      signer,
      refresh,
      login,
      refreshRatio,
      loginRatio,
      refreshToOpensslSpeed: ceilings.opensslSignPerSec ? round(refresh.rps / ceilings.opensslSignPerSec) : undefined,
      refreshAim: refreshAimFor(label),
      meetsAim: { refresh: refreshRatio >= refreshAimFor(label), login: loginRatio >= 0.9 },
      cpu: { refresh: refreshCpu, login: loginCpu },
    };
  });
}

/**
 * Measures refreshes/s and logins/s on the embedded store (and Postgres + Redis with `postgres`,
 * MongoDB + Redis with `mongo`) beside their ceilings.
 */
export async function benchSessions(opts: BenchSessionsOptions = {}): Promise<BenchSessionsResult> {
  const seconds = opts.seconds ?? 8;
  const argon2Concurrency = Math.max(2, navigator.hardwareConcurrency ?? 2);
  let ceilings: BenchSessionsResult["ceilings"];
  if (opts.ceilings) ceilings = { ...opts.ceilings, argon2Concurrency };
  else {
    opts.log?.("ceilings: RS256 signing, argon2id verification");
    const rs = await rs256SignCeiling({ seconds });
    const ar = await argon2VerifyCeiling({ seconds, concurrency: argon2Concurrency });
    const speed = await opensslSpeedCeiling({ seconds: Math.min(seconds, 5) });
    ceilings = {
      rs256SignPerSec: rs.opsPerSec,
      argon2VerifyPerSec: ar.opsPerSec,
      argon2Concurrency,
      opensslSignPerSec: "signPerSec" in speed ? speed.signPerSec : undefined,
    };
  }
  opts.log?.("floor: a route that only verifies a password");
  const floor = await verifyOnlyRoute({ seconds, connections: opts.loginConnections ?? 8 });
  const loginFloor = {
    rps: floor.result.rps,
    ratio: round(floor.result.rps / ceilings.argon2VerifyPerSec),
    cpu: floor.cpu,
  };
  const runs = [await runOne("embedded", opts, ceilings)];
  if (opts.postgres) runs.push(await runOne("postgres", opts, ceilings));
  if (opts.mongo) runs.push(await runOne("mongo", opts, ceilings));
  return { host: { cpus: navigator.hardwareConcurrency ?? 0, bun: Bun.version }, ceilings, loginFloor, runs };
}

/** One line per figure, each beside its ceiling. */
export function formatSessionsBench(r: BenchSessionsResult): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  const lines = [
    `Sessions [${r.host.cpus} CPUs, bun ${r.host.bun}]`,
    `  ceiling: RS256 signs (jose)        ${r.ceilings.rs256SignPerSec} /s (all ${r.host.cpus} CPUs: ${Math.round((r.host.cpus * 1e6) / r.ceilings.rs256SignPerSec)} µs of machine CPU each)`,
    `  ceiling: argon2id verifies (x${r.ceilings.argon2Concurrency})   ${r.ceilings.argon2VerifyPerSec} /s (${Math.round((r.host.cpus * 1e6) / r.ceilings.argon2VerifyPerSec)} µs of machine CPU each)`,
    r.ceilings.opensslSignPerSec
      ? `  ceiling: openssl speed -multi ${r.host.cpus} rsa2048   ${r.ceilings.opensslSignPerSec} signs/s (the processor's signing limit)`
      : `  ceiling: openssl speed   NOT RUN (no openssl command)`,
  ];
  if (r.loginFloor)
    lines.push(
      `  floor: a route that only verifies a password   ${r.loginFloor.rps} req/s = ${pct(r.loginFloor.ratio)} of argon2id ceiling (what HTTP alone leaves of it)`,
      `    ${formatCpu("CPU per request of that route", r.loginFloor.cpu).replace(/service /g, "route ")}`,
    );
  for (const run of r.runs) {
    const http = (x: LoadResult) => `${x.rps} req/s  p50 ${x.p50} ms  p99 ${x.p99} ms  errors ${x.errors}`;
    lines.push(
      `  [${run.store}, signer ${run.signer}] refresh  ${http(run.refresh)}   = ${pct(run.refreshRatio)} of RS256 ceiling (aim ≥ ${Math.round(run.refreshAim * 100)} %${run.meetsAim.refresh ? ", met" : ", NOT met"})${run.refreshToOpensslSpeed !== undefined ? `, ${pct(run.refreshToOpensslSpeed)} of openssl speed` : ""}`,
      `  [${run.store}] login    ${http(run.login)}   = ${pct(run.loginRatio)} of argon2id ceiling (aim ≥ 90 %${run.meetsAim.login ? ", met" : ", NOT met"})`,
      `    ${formatCpu("CPU per refresh", run.cpu.refresh)}`,
      `    ${formatCpu("CPU per login", run.cpu.login)}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const r = await benchSessions({
    seconds: Number(arg("seconds") ?? 8),
    postgres: process.argv.includes("--postgres"),
    mongo: process.argv.includes("--mongo"),
    redisUrl: process.env.REDIS_URL,
    refreshConnections: arg("refresh-connections") ? Number(arg("refresh-connections")) : undefined,
    loginConnections: arg("login-connections") ? Number(arg("login-connections")) : undefined,
    log: (l) => console.error(l),
  });
  console.log(formatSessionsBench(r));
  console.log(JSON.stringify(r, null, 2));
  process.exit(0);
}
