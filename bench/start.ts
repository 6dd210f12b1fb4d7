/**
 * Start-up and idle footprint of the real service (`bun src/main.ts`, child process), median of
 * `runs` runs per case, beside a sign-only Bun route's start as the floor:
 *
 *   first start   a new, empty store (embedded: a new data dir; Postgres: a new database)
 *   restart       the same store again
 *
 * Measured: milliseconds from spawn to the first 200 from /readyz (polled every 10 ms), RSS at that
 * moment, the highest RSS seen while starting (sampled at each poll), and RSS 3 s later (idle).
 * Aims (issue "footprint"): embedded first start < 1.5 s, restart < 1.0 s, Postgres < 1.0 s; idle
 * RSS < 200 MiB embedded and < 150 MiB on Postgres + Redis, no 700 MiB peak while starting.
 *
 *   bun bench/start.ts [--runs 3] [--postgres]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ROOT } from "../test/support/process";
import { rssMiB } from "./soak";

export interface StartSample {
  readyMs: number;
  rssAtReadyMiB: number;
  peakMiB: number;
  idleMiB: number;
}
export interface StartCase extends StartSample {
  store: string;
  kind: "first start" | "restart";
  runs: StartSample[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Spawns, waits for readiness (`/readyz` 200; for the floor, any answer), samples RSS, stops. */
async function startOnce(env: Record<string, string>, floor = false): Promise<StartSample> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = Bun.spawn([process.execPath, ...(env.__SCRIPT ? [env.__SCRIPT] : ["src/main.ts"])], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      SSO_LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
      SIGN_ONLY_PORT: String(port),
    },
    stdin: "pipe", // the sign-only server stops when its stdin closes
    stdout: "ignore",
    stderr: "ignore",
  });
  let peak = 0;
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`the service exited with ${proc.exitCode} while starting`);
      try {
        peak = Math.max(peak, rssMiB(proc.pid));
      } catch {
        /* not yet */
      }
      try {
        const status = (await fetch(`http://127.0.0.1:${port}${floor ? "/" : "/readyz"}`)).status;
        if (status === 200 || floor) break;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - t0 > 60_000) throw new Error("the service did not become ready within 60 s");
      await Bun.sleep(10);
    }
    const readyMs = Math.round(performance.now() - t0);
    const rssAtReadyMiB = rssMiB(proc.pid);
    await Bun.sleep(3000);
    return { readyMs, rssAtReadyMiB, peakMiB: Math.max(peak, rssAtReadyMiB), idleMiB: rssMiB(proc.pid) };
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}

function summarise(store: string, kind: StartCase["kind"], runs: StartSample[]): StartCase {
  return {
    store,
    kind,
    runs,
    readyMs: median(runs.map((r) => r.readyMs)),
    rssAtReadyMiB: median(runs.map((r) => r.rssAtReadyMiB)),
    peakMiB: median(runs.map((r) => r.peakMiB)),
    idleMiB: median(runs.map((r) => r.idleMiB)),
  };
}

const base = { SSO_BOOTSTRAP_ADMIN_EMAIL: "start@bench.local", SSO_BOOTSTRAP_ADMIN_PASSWORD: "start-bench-password-1" };

/** First start and restart on the embedded store (and on Postgres + Redis with `postgres`), and the sign-only route's start. */
export async function benchStart(
  opts: { runs?: number; postgres?: boolean; redisUrl?: string } = {},
): Promise<{ floor: StartCase; cases: StartCase[] }> {
  const runs = opts.runs ?? 3;
  const cases: StartCase[] = [];
  const first: StartSample[] = [];
  const again: StartSample[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "sso-start-bench-"));
    try {
      first.push(await startOnce({ ...base, SSO_DATA_DIR: dir }));
      again.push(await startOnce({ ...base, SSO_DATA_DIR: dir }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  cases.push(summarise("embedded", "first start", first), summarise("embedded", "restart", again));
  if (opts.postgres) {
    const { freshDatabase } = await import("../test/support/stores");
    const pgFirst: StartSample[] = [];
    const pgAgain: StartSample[] = [];
    for (let i = 0; i < runs; i++) {
      const db = await freshDatabase();
      const env = {
        ...base,
        SSO_STORAGE: "postgres",
        DATABASE_URL: db.url,
        SSO_MASTER_KEY: Buffer.alloc(32, 4).toString("base64"),
        ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, SSO_REDIS_PREFIX: `start${Date.now()}:` } : {}),
      };
      try {
        pgFirst.push(await startOnce(env));
        pgAgain.push(await startOnce(env));
      } finally {
        await db.drop();
      }
    }
    const label = opts.redisUrl ? "postgres+redis" : "postgres";
    cases.push(summarise(label, "first start", pgFirst), summarise(label, "restart", pgAgain));
  }
  const floorRuns: StartSample[] = [];
  for (let i = 0; i < runs; i++) floorRuns.push(await startOnce({ __SCRIPT: "bench/sign-only-server.ts" }, true));
  return { floor: summarise("sign-only Bun route", "first start", floorRuns), cases };
}

export function formatStart(r: { floor: StartCase; cases: StartCase[] }): string {
  const row = (c: StartCase) =>
    `  ${`${c.store}, ${c.kind}`.padEnd(30)} ready ${String(c.readyMs).padStart(5)} ms   RSS at ready ${String(c.rssAtReadyMiB).padStart(6)} MiB   peak ${String(c.peakMiB).padStart(6)} MiB   idle 3 s later ${String(c.idleMiB).padStart(6)} MiB`;
  return [`Start-up (median of ${r.floor.runs.length} runs each)`, ...r.cases.map(row), row(r.floor)].join("\n");
}

if (import.meta.main) {
  const i = process.argv.indexOf("--runs");
  const r = await benchStart({
    runs: i > 0 ? Number(process.argv[i + 1]) : 3,
    postgres: process.argv.includes("--postgres"),
    redisUrl: process.env.REDIS_URL,
  });
  console.log(formatStart(r));
  process.exit(0);
}
