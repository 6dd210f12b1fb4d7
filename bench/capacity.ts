/**
 * Capacity inputs, measured (docs/scaling.md): for each request type, what one request costs
 *
 *   service CPU      utime+stime of the service process (/proc/<pid>/stat) over a fixed number of requests
 *   Postgres         statements and transactions (pg_stat_statements calls; BEGIN counts transactions),
 *                    executor time, and the CPU of every Postgres process (/proc/<pid>/schedstat)
 *   Redis            commands (INFO commandstats) and the CPU of redis-server (INFO cpu)
 *
 * Everything runs on private servers this script starts and stops, so nothing else's traffic is
 * counted: a Postgres cluster (initdb in a temp dir, port 23432, pg_stat_statements preloaded; run as
 * the `postgres` user when this runs as root) and a redis-server on port 23379. The service is one
 * `bun src/main.ts` on port 23201; the webhook receiver listens on 24201. The background cost of an
 * idle instance (the webhook job's poll, key checks) is measured first and subtracted from each
 * phase. Also measured: pgbench select-only and redis-benchmark on the same servers, as this
 * machine's ceilings. Writes bench/results/capacity.json; `bun bench/capacity-table.ts` turns it
 * into the tables of docs/scaling.md.
 *
 *   bun bench/capacity.ts [--quick] [--out bench/results/capacity.json]
 *   bun bench/capacity.ts --oidc-only [--quick]   # only the OpenID browser flows, phase by phase (capacity-oidc.json)
 *
 * Needs the PostgreSQL server binaries (Debian: postgresql, which includes pg_stat_statements and
 * pgbench) and redis-server / redis-benchmark (Debian: redis-server, redis-tools).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  chownSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Redis from "ioredis";
import postgres from "postgres";
import { startService, type RunningService } from "../test/support/process";
import { startReceiver } from "../test/support/receiver";
import { procCpuMs } from "./cpu";
import { REDIRECT, exchangeCode, fullSignIn, httpBrowser, silentCode } from "./oidc";

const PG_PORT = 23432;
const REDIS_PORT = 23379;
const SERVICE_PORT = 23201;
const RECEIVER_PORT = 24201;

export type RequestKind = "login" | "refresh" | "token" | "directory" | "roleWrite";

/** The browser flows of the OpenID provider, phase by phase (issue 41): what each step of a flow costs. */
export type OidcKind = "signInPages" | "silentAuthorize" | "codeExchange";

export interface PhaseCost<K extends string = RequestKind> {
  kind: K;
  what: string;
  requests: number;
  concurrency: number;
  errors: number;
  seconds: number;
  /** Per request, after subtracting the idle background for the phase's duration. */
  perRequest: {
    serviceCpuMs: number;
    pgStatements: number;
    pgTransactions: number;
    pgExecMs: number;
    pgCpuMs: number;
    redisCommands: number;
    redisCpuMs: number;
  };
  /** The statements and commands behind the figures (per request, most frequent first). */
  pgTop: { query: string; perRequest: number }[];
  redisTop: { command: string; perRequest: number }[];
}

export interface CapacityResult {
  /** `loadAverage`: the 1-minute load average at the start and at the end of the run (other work on the machine). */
  machine: { cpus: number; cpu: string; bun: string; date: string; loadAverage: [number, number]; note: string };
  servers: { postgres: string; redis: string };
  dataset: string;
  /** An idle instance's background work, per second. */
  idlePerSecond: {
    serviceCpuMs: number;
    pgStatements: number;
    pgCpuMs: number;
    redisCommands: number;
    redisCpuMs: number;
  };
  phases: PhaseCost[];
  /** The OpenID browser flows split into their requests (sign-in through the pages; authorize on a live session; the code exchange). */
  oidcPhases?: PhaseCost<OidcKind>[];
  ceilings: {
    pgbenchSelectOnly: { tps: number; clients: number; seconds: number };
    redisBenchmark: { getPerSec: number; setPerSec: number; clients: number };
  };
  config: { dbPoolSize: number; hashConcurrency: number };
}

// ---- processes and /proc ---------------------------------------------------------------------

const cpuMsOf = (pid: number) => procCpuMs(`/proc/${pid}/stat`);

/** CPU time of a single-threaded process in ms, at nanosecond resolution (/proc/<pid>/schedstat). */
function schedMsOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return 0;
  }
}

/** CPU of a Postgres cluster (the postmaster and its children, each a single-threaded process), per pid. */
function treeCpu(root: number): Map<number, number> {
  const out = new Map<number, number>([[root, schedMsOf(root)]]);
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === root) out.set(Number(d), schedMsOf(Number(d)));
    } catch {
      // gone
    }
  }
  return out;
}
const treeDelta = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((s, [pid, ms]) => s + ms - (a.get(pid) ?? 0), 0);

function run(cmd: string[], opts: { asPostgres?: boolean } = {}): { ok: boolean; out: string } {
  const argv = opts.asPostgres && process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;
  const r = Bun.spawnSync(argv, { stdout: "pipe", stderr: "pipe" });
  return { ok: r.exitCode === 0, out: r.stdout.toString() + r.stderr.toString() };
}

function pgBinDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql (Debian: apt-get install -y postgresql)");
  return join(base, versions[0], "bin");
}

/** A private Postgres cluster with pg_stat_statements, on 127.0.0.1:PG_PORT; removed by stop(). */
async function startPrivatePostgres() {
  const bin = pgBinDir();
  const dir = mkdtempSync(join(tmpdir(), "sso-capacity-pg-"));
  const data = join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number(run(["id", "-u", "postgres"]).out.trim());
    const gid = Number(run(["id", "-g", "postgres"]).out.trim());
    chownSync(dir, uid, gid);
  }
  const init = run([join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], {
    asPostgres: true,
  });
  if (!init.ok) throw new Error(`initdb failed: ${init.out}`);
  const args = [
    join(bin, "postgres"),
    "-D",
    data,
    "-p",
    String(PG_PORT),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${dir}`,
    "-c",
    "shared_preload_libraries=pg_stat_statements",
    "-c",
    "pg_stat_statements.track=all",
    "-c",
    "max_connections=100",
  ];
  const proc = Bun.spawn(process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...args] : args, {
    stdout: "ignore",
    stderr: "pipe",
  });
  const url = `postgres://postgres@127.0.0.1:${PG_PORT}`;
  let postmaster = 0;
  for (let i = 0; i < 100 && !postmaster; i++) {
    await Bun.sleep(100);
    const pidFile = join(data, "postmaster.pid");
    if (!existsSync(pidFile)) continue;
    const sql = postgres(`${url}/postgres`, { max: 1, onnotice: () => {}, connect_timeout: 2 });
    try {
      await sql`select 1`;
      postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    } catch {
      // not yet accepting connections
    } finally {
      await sql.end();
    }
  }
  if (!postmaster) {
    proc.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `the private Postgres did not start on port ${PG_PORT}: ${proc.exitCode !== null ? await new Response(proc.stderr as ReadableStream).text() : "no answer"}`,
    );
  }
  const version = run([join(bin, "postgres"), "--version"]).out.trim();
  return {
    url,
    version,
    bin,
    postmaster,
    async stop() {
      process.kill(postmaster, "SIGINT"); // fast shutdown
      await Promise.race([proc.exited, Bun.sleep(10_000)]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startPrivateRedis() {
  const proc = Bun.spawn(
    [
      "redis-server",
      "--port",
      String(REDIS_PORT),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "yes",
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  let client: Redis | undefined;
  for (let i = 0; i < 50 && !client; i++) {
    const c = new Redis(REDIS_PORT, "127.0.0.1", {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
    });
    c.on("error", () => {});
    try {
      await c.connect();
      client = c;
    } catch {
      c.disconnect();
      if (proc.exitCode !== null)
        throw new Error(`redis-server exited: ${await new Response(proc.stdout as ReadableStream).text()}`);
      await Bun.sleep(100);
    }
  }
  if (!client) {
    proc.kill("SIGKILL");
    throw new Error(`redis-server did not start on port ${REDIS_PORT}`);
  }
  const version = /redis_version:(\S+)/.exec(await client.info("server"))?.[1] ?? "?";
  return {
    url: `redis://127.0.0.1:${REDIS_PORT}`,
    pid: proc.pid,
    client,
    version,
    async stop() {
      client.disconnect();
      proc.kill("SIGTERM");
      await Promise.race([proc.exited, Bun.sleep(5000)]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
    },
  };
}

// ---- the measurement -----------------------------------------------------------------------------

interface Snapshot {
  at: number;
  service: number;
  pg: Map<number, number>;
  redis: number;
}

export async function benchCapacity(
  opts: { quick?: boolean; oidcOnly?: boolean; log?: (s: string) => void } = {},
): Promise<CapacityResult> {
  const log = opts.log ?? console.log;
  const scale = opts.quick ? 0.5 : 1;
  const loadAtStart = loadavg()[0];
  const pg = await startPrivatePostgres();
  const redis = await startPrivateRedis().catch(async (e) => {
    await pg.stop();
    throw e;
  });
  const rx = startReceiver("/hook", { port: RECEIVER_PORT });
  const admin = postgres(`${pg.url}/postgres`, { max: 1, onnotice: () => {} });
  let service: RunningService | undefined;
  try {
    await admin.unsafe("create database sso");
    await admin.unsafe("create extension if not exists pg_stat_statements");
    const [{ oid: dbid }] = await admin<{ oid: number }[]>`select oid::int from pg_database where datname = 'sso'`;
    const ADMIN = { email: "capacity@bench.test", password: "capacity-admin-password" };
    const dbPoolSize = 10;
    const hashConcurrency = Math.max(2, cpus().length);
    service = await startService(
      {
        PORT: String(SERVICE_PORT),
        HOST: "127.0.0.1",
        SSO_STORAGE: "postgres",
        DATABASE_URL: `${pg.url}/sso`,
        REDIS_URL: redis.url,
        SSO_REDIS_PREFIX: "cap:",
        SSO_MASTER_KEY: Buffer.alloc(32, 3).toString("base64"),
        SSO_ISSUER: `http://127.0.0.1:${SERVICE_PORT}`,
        SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        // Rate limiting on, as deployed (its counters are Redis commands), with limits this load never reaches.
        SSO_RATE_LIMIT: "on",
        SSO_CLIENT_RATE_LIMIT: "9999999",
        SSO_LOGIN_RATE_LIMIT: "9999999",
        SSO_WEBHOOK_ALLOW_PRIVATE: "true",
        SSO_DB_POOL_SIZE: String(dbPoolSize),
        SSO_LOG_LEVEL: "warn",
      },
      { timeoutMs: 60_000 },
    );
    const svc = service;
    const pid = svc.proc.pid;

    // ---- the world ----
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const r = await fetch(svc.url + path, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    const adminToken = (await call("POST", "/api/auth/login", undefined, ADMIN)).accessToken as string;
    const [{ organizationId: root }] = await call("GET", "/api/users/me/memberships", adminToken);
    const app = await call("POST", "/api/applications", adminToken, {
      organizationId: root,
      identifier: "https://capacity.bench.test",
      name: "Capacity",
    });
    await call("POST", "/api/webhooks", adminToken, {
      organizationId: root,
      applicationId: app.id,
      url: rx.url,
      eventTypes: ["role.assigned", "role.revoked"],
    });
    const role = await call("POST", "/api/roles", adminToken, { name: "capacity-role", organizationId: root });
    const client = await call("POST", "/api/clients", adminToken, { name: "capacity-client", orgId: root });
    const basic = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`;
    const password = "capacity-user-password";
    const people: { id: number; email: string }[] = [];
    for (let i = 0; i < 8; i++)
      people.push(
        await call("POST", "/api/users", adminToken, {
          organizationId: root,
          email: `person-${i}@capacity.test`,
          fullName: `Person ${i}`,
          password,
        }),
      );
    const others: { id: number }[] = [];
    for (let i = 0; i < 120; i++)
      others.push(
        await call("POST", "/api/users", adminToken, {
          organizationId: root,
          email: `member-${i}@capacity.test`,
          fullName: `Member ${i}`,
        }),
      );
    const dataset = `one tenant, ${people.length + others.length + 1} users in one organization, one webhook (role events), one role, one API client`;

    // ---- snapshots ----
    /** redis-server's CPU (getrusage, all threads) in ms, from INFO cpu. */
    const redisCpu = async () => {
      const info = await redis.client.info("cpu");
      const v = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
      return (v("used_cpu_user") + v("used_cpu_sys")) * 1000;
    };
    const snap = async (): Promise<Snapshot> => ({
      at: performance.now(),
      service: cpuMsOf(pid),
      pg: treeCpu(pg.postmaster),
      redis: await redisCpu(),
    });
    const reset = async () => {
      await admin`select pg_stat_statements_reset()`;
      await redis.client.config("RESETSTAT");
    };
    const statements = async () =>
      admin<
        { query: string; calls: number; exec: number }[]
      >`select query, calls::int, total_exec_time::float8 as exec from pg_stat_statements where dbid = ${dbid} order by calls desc`;
    const commands = async () => {
      const info = await redis.client.info("commandstats");
      const out: { command: string; calls: number }[] = [];
      for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
        if (!/^(info|config)/.test(m[1])) out.push({ command: m[1], calls: Number(m[2]) });
      return out.sort((a, b) => b.calls - a.calls);
    };

    // ---- idle background ----
    await Bun.sleep(1000);
    await reset();
    const i0 = await snap();
    await Bun.sleep(opts.quick ? 3000 : 5000);
    const i1 = await snap();
    const idleSec = (i1.at - i0.at) / 1000;
    const idleStmts = (await statements()).reduce((s, r) => s + r.calls, 0);
    const idleCmds = (await commands()).reduce((s, r) => s + r.calls, 0);
    const idlePerSecond = {
      serviceCpuMs: (i1.service - i0.service) / idleSec,
      pgStatements: idleStmts / idleSec,
      pgCpuMs: treeDelta(i0.pg, i1.pg) / idleSec,
      redisCommands: idleCmds / idleSec,
      redisCpuMs: (i1.redis - i0.redis) / idleSec,
    };
    log(
      `capacity: idle instance per second: ${idlePerSecond.serviceCpuMs.toFixed(1)} ms service CPU, ${idlePerSecond.pgStatements.toFixed(1)} Postgres statements, ${idlePerSecond.redisCommands.toFixed(1)} Redis commands`,
    );

    /** Runs `n` requests, `concurrency` at a time (worker w runs its share in order), and measures. */
    async function phase<K extends string = RequestKind>(
      kind: K,
      what: string,
      n: number,
      concurrency: number,
      op: (worker: number, i: number) => Promise<boolean>,
      after?: () => Promise<void>,
    ): Promise<PhaseCost<K>> {
      // Warm-up (not measured): caches, JIT, connections.
      await Promise.all(Array.from({ length: concurrency }, (_, w) => op(w, -1 - w)));
      if (after) await after();
      await reset();
      const s0 = await snap();
      let errors = 0;
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, w) => {
          for (let i = next++; i < n; i = next++) if (!(await op(w, i))) errors++;
        }),
      );
      if (after) await after();
      const s1 = await snap();
      const seconds = (s1.at - s0.at) / 1000;
      const stmts = await statements();
      const cmds = await commands();
      const sub = (total: number, idleRate: number) => Math.max(0, total - idleRate * seconds) / n;
      const totalStmts = stmts.reduce((s, r) => s + r.calls, 0);
      const begins = stmts.filter((r) => /^\s*begin/i.test(r.query)).reduce((s, r) => s + r.calls, 0);
      const cost: PhaseCost<K> = {
        kind,
        what,
        requests: n,
        concurrency,
        errors,
        seconds: Math.round(seconds * 100) / 100,
        perRequest: {
          serviceCpuMs: sub(s1.service - s0.service, idlePerSecond.serviceCpuMs),
          pgStatements: sub(totalStmts, idlePerSecond.pgStatements),
          pgTransactions: begins / n,
          pgExecMs: stmts.reduce((s, r) => s + r.exec, 0) / n,
          pgCpuMs: sub(treeDelta(s0.pg, s1.pg), idlePerSecond.pgCpuMs),
          redisCommands: sub(
            cmds.reduce((s, r) => s + r.calls, 0),
            idlePerSecond.redisCommands,
          ),
          redisCpuMs: sub(s1.redis - s0.redis, idlePerSecond.redisCpuMs),
        },
        pgTop: stmts.slice(0, 12).map((r) => ({
          query: r.query.replace(/\s+/g, " ").slice(0, 160),
          perRequest: Math.round((r.calls / n) * 100) / 100,
        })),
        redisTop: cmds
          .slice(0, 8)
          .map((r) => ({ command: r.command, perRequest: Math.round((r.calls / n) * 100) / 100 })),
      };
      const p = cost.perRequest;
      log(
        `capacity: ${kind.padEnd(10)} ${n} req in ${cost.seconds} s (${errors} errors): ${p.serviceCpuMs.toFixed(2)} ms CPU, ${p.pgStatements.toFixed(2)} statements (${p.pgTransactions.toFixed(2)} tx, ${p.pgCpuMs.toFixed(2)} ms PG CPU), ${p.redisCommands.toFixed(2)} Redis commands`,
      );
      return cost;
    }

    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(svc.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const phases: PhaseCost[] = [];

    // The OpenID browser flows (bench/oidc.ts's driver): a public client with PKCE; each worker is
    // one browser of its own person. The silent authorize phase keeps its codes for the exchange phase.
    const oidcPhases: PhaseCost<OidcKind>[] = [];
    const web = await call("POST", "/api/clients", adminToken, {
      name: "capacity-web",
      orgId: root,
      applicationId: app.id,
      type: "public",
      grantTypes: ["authorization_code", "refresh_token"],
      redirectUris: [REDIRECT],
    });
    const never = new AbortController().signal;
    const browserOf = () => httpBrowser(svc.url, () => never);
    oidcPhases.push(
      await phase(
        "signInPages",
        "GET /oauth2/authorize (page) → POST password → code → POST /oauth2/token",
        Math.round(60 * scale),
        4,
        async (w) => {
          return fullSignIn(browserOf(), web.clientId, people[w].email, password).then(
            () => true,
            () => false,
          );
        },
      ),
    );
    const signedIn = await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const b = browserOf();
        await fullSignIn(b, web.clientId, people[w].email, password);
        return b;
      }),
    );
    const codes: { w: number; code: string }[] = [];
    oidcPhases.push(
      await phase(
        "silentAuthorize",
        "GET /oauth2/authorize?prompt=none on a live session (303 with the code)",
        Math.round(1000 * scale),
        8,
        async (w) => {
          const code = await silentCode(signedIn[w], web.clientId).catch(() => null);
          if (code) codes.push({ w, code });
          return code !== null;
        },
      ),
    );
    oidcPhases.push(
      await phase(
        "codeExchange",
        "POST /oauth2/token (authorization_code, PKCE; access + ID token)",
        Math.max(1, codes.length - 8),
        8,
        async () => {
          const c = codes.shift();
          if (!c) return false;
          return exchangeCode(signedIn[c.w], web.clientId, c.code).then(
            () => true,
            () => false,
          );
        },
      ),
    );
    if (opts.oidcOnly) {
      return {
        machine: {
          cpus: cpus().length,
          cpu: cpus()[0]?.model ?? "unknown",
          bun: Bun.version,
          date: new Date().toISOString(),
          loadAverage: [Math.round(loadAtStart * 10) / 10, Math.round(loadavg()[0] * 10) / 10],
          note: "OpenID phases only (--oidc-only)",
        },
        servers: { postgres: pg.version, redis: `Redis ${redis.version}` },
        dataset,
        idlePerSecond,
        phases,
        oidcPhases,
        ceilings: {
          pgbenchSelectOnly: { tps: 0, clients: 0, seconds: 0 },
          redisBenchmark: { getPerSec: 0, setPerSec: 0, clients: 0 },
        },
        config: { dbPoolSize, hashConcurrency },
      };
    }

    // Sign-in: argon2id by design; each worker signs in as its own person (the per-account lockout
    // refuses more than 5 simultaneous sign-ins of one account).
    const loginWorkers = 4;
    phases.push(
      await phase(
        "login",
        "POST /api/auth/login (password, argon2id)",
        Math.round(80 * scale),
        loginWorkers,
        async (w) => {
          const r = await post("/api/auth/login", { email: people[w].email, password });
          await r.arrayBuffer();
          return r.status === 200;
        },
      ),
    );

    // Refresh: each worker follows its own session's chain of rotations.
    const chains: string[] = [];
    for (let w = 0; w < 8; w++)
      chains.push(
        (
          (await (await post("/api/auth/login", { email: people[w].email, password })).json()) as {
            refreshToken: string;
          }
        ).refreshToken,
      );
    phases.push(
      await phase("refresh", "POST /api/auth/refresh (rotation)", Math.round(1000 * scale), 8, async (w) => {
        const r = await post("/api/auth/refresh", { refreshToken: chains[w] });
        if (r.status !== 200) return (await r.arrayBuffer(), false);
        chains[w] = ((await r.json()) as { refreshToken: string }).refreshToken;
        return true;
      }),
    );

    phases.push(
      await phase(
        "token",
        "POST /oauth2/token (client_credentials, HTTP Basic)",
        Math.round(1500 * scale),
        8,
        async () => {
          const r = await fetch(svc.url + "/oauth2/token", {
            method: "POST",
            headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
            body: "grant_type=client_credentials",
          });
          await r.arrayBuffer();
          return r.status === 200;
        },
      ),
    );

    phases.push(
      await phase(
        "directory",
        `GET /api/users?organizationId=…&size=100 (a page of 100 users)`,
        Math.round(300 * scale),
        4,
        async () => {
          const r = await fetch(`${svc.url}/api/users?organizationId=${root}&size=100`, {
            headers: { authorization: `Bearer ${adminToken}` },
          });
          await r.arrayBuffer();
          return r.status === 200;
        },
      ),
    );

    // Role writes: each worker toggles its own users' assignment; every change is one webhook
    // delivery, and the phase ends when the receiver has them all (delivery is part of the cost).
    const assigned = new Set<number>();
    let expected = rx.received.length;
    phases.push(
      await phase(
        "roleWrite",
        "POST /api/roles/{id}/assign or /revoke (audit entry + webhook delivery)",
        Math.round(300 * scale),
        4,
        async (w, i) => {
          const u = others[(w * 30 + (Math.abs(i) % 30)) % others.length];
          const verb = assigned.has(u.id) ? "revoke" : "assign";
          const r = await post(
            `/api/roles/${role.id}/${verb}`,
            { userId: u.id, organizationId: root },
            { authorization: `Bearer ${adminToken}` },
          );
          await r.arrayBuffer();
          if (r.status !== 200) return false;
          if (verb === "assign") assigned.add(u.id);
          else assigned.delete(u.id);
          expected++;
          return true;
        },
        async () => {
          const until = Date.now() + 60_000;
          while (rx.received.length < expected && Date.now() < until) await Bun.sleep(20);
        },
      ),
    );

    // ---- ceilings on the same servers ----
    const pgbench = join(pg.bin, "pgbench");
    await admin.unsafe("create database pgbench");
    const pgbenchUrl = ["-h", "127.0.0.1", "-p", String(PG_PORT), "-U", "postgres"];
    run([pgbench, "-i", "-q", "-s", "1", ...pgbenchUrl, "pgbench"]);
    const pbSeconds = opts.quick ? 3 : 5;
    const pb = run([pgbench, "-S", "-n", "-c", "8", "-j", "2", "-T", String(pbSeconds), ...pgbenchUrl, "pgbench"]);
    const tps = Number(/tps = ([\d.]+)/.exec(pb.out)?.[1] ?? 0);
    const rb = run([
      "redis-benchmark",
      "-p",
      String(REDIS_PORT),
      "-h",
      "127.0.0.1",
      "-q",
      "-n",
      opts.quick ? "40000" : "100000",
      "-c",
      "16",
      "-t",
      "get,set",
    ]);
    const perSec = (name: string) =>
      Number(new RegExp(`${name}: ([\\d.]+) requests per second`, "i").exec(rb.out)?.[1] ?? 0);
    const ceilings = {
      pgbenchSelectOnly: { tps: Math.round(tps), clients: 8, seconds: pbSeconds },
      redisBenchmark: { getPerSec: Math.round(perSec("GET")), setPerSec: Math.round(perSec("SET")), clients: 16 },
    };
    log(
      `capacity: ceilings: pgbench select-only ${ceilings.pgbenchSelectOnly.tps} tps; redis-benchmark GET ${ceilings.redisBenchmark.getPerSec}/s, SET ${ceilings.redisBenchmark.setPerSec}/s`,
    );

    return {
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model ?? "unknown",
        bun: Bun.version,
        date: new Date().toISOString(),
        loadAverage: [Math.round(loadAtStart * 10) / 10, Math.round(loadavg()[0] * 10) / 10],
        note: "",
      },
      servers: { postgres: pg.version, redis: `Redis ${redis.version}` },
      dataset,
      idlePerSecond,
      phases,
      oidcPhases,
      ceilings,
      config: { dbPoolSize, hashConcurrency },
    };
  } finally {
    await service?.stop();
    rx.close();
    await admin.end().catch(() => {});
    await redis.stop();
    await pg.stop();
  }
}

if (import.meta.main) {
  const i = process.argv.indexOf("--out");
  const out =
    i >= 0
      ? process.argv[i + 1]
      : join(import.meta.dir, "results", process.argv.includes("--oidc-only") ? "capacity-oidc.json" : "capacity.json");
  const noteI = process.argv.indexOf("--note");
  const oidcOnly = process.argv.includes("--oidc-only");
  const r = await benchCapacity({ quick: process.argv.includes("--quick"), oidcOnly });
  if (noteI >= 0) r.machine.note = process.argv[noteI + 1];
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(r, null, 2) + "\n");
  console.log(`capacity: written to ${out}; regenerate the tables with: bun bench/capacity-table.ts ${out}`);
  process.exit(0);
}
