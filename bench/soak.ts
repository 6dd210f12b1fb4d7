/**
 * Soak: mixed traffic against the real service (`bun src/main.ts`, child process) for a bounded time
 * on loopback, sampling throughput, latency and the service's RSS every `sampleSeconds`, so a leak or
 * a slow-down shows as a slope. Writes bench/results/soak-<store>.json and a small PNG chart
 * (soak-<store>.png: RSS and throughput over time), rendered from SVG with resvg.
 *
 * Mix per request (closed loop, `connections` workers): token 50 %, refresh 25 %, directory reads
 * 20 % (a users page and an organizations page), login 5 % (distinct users, so the per-account
 * lockout never engages). The leak check: the median RSS of the last minute vs that of the minute
 * ending at 20 % of the run (minute 2 of a 10-minute soak) must grow by less than 10 %.
 *
 *   bun bench/soak.ts [--minutes 10] [--store embedded|postgres] [--connections 16] [--sample 5] [--kinds token,refresh]
 *
 * The service signs with SSO_SIGNER from this process's environment (unset: auto); the signer it
 * reports in /metrics is in the result, and so is whether the process was still alive at the end.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { RunningService } from "../test/support/process";
import { signerOf } from "./ceilings";
import { BENCH_ADMIN, json, withService, type BenchStore } from "./sessions";

export interface SoakOptions {
  minutes?: number;
  store?: BenchStore;
  /** Only these request kinds (default: the whole mix). */
  kinds?: Kind[];
  connections?: number;
  sampleSeconds?: number;
  log?: (line: string) => void;
}

type Kind = "token" | "refresh" | "directory" | "login";
const KINDS: Kind[] = ["token", "refresh", "directory", "login"];

export interface SoakSample {
  /** Seconds since the start of the measured run. */
  t: number;
  rssMiB: number;
  /** JavaScript heap in use (from /metrics), to tell a JS leak from native or WebAssembly growth. */
  heapMiB: number;
  /** Successful requests per second in the interval, all kinds. */
  rps: number;
  perKind: Record<Kind, number>;
  p50: number;
  p99: number;
  errors: number;
}

export interface SoakResult {
  store: string;
  /** The signer the service ran (its sso_signer_info metric). */
  signer: string;
  /** The service process had not exited when the soak ended. */
  alive: boolean;
  /** The request kinds drawn (absent: the whole mix). */
  kinds?: string[];
  minutes: number;
  connections: number;
  samples: SoakSample[];
  totals: { requests: number; errors: number; rps: number; p50: number; p99: number };
  /** atFifthMiB and endMiB are medians over a minute (see the leak check in benchSoak). */
  rss: { startMiB: number; atFifthMiB: number; endMiB: number; maxMiB: number; growthAfterFifth: number };
  meetsAim: { noLeak: boolean };
  chart: string;
}

const USER_PASSWORD = "soak-user-password-1";
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** Resident set size of a process, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? round(Number(m[1]) / 1024) : 0;
}

/** Users, an application and an API client to drive the mix. */
async function setUp(svc: RunningService) {
  const admin = await json(`${svc.url}/api/auth/login`, BENCH_ADMIN);
  const claims = JSON.parse(Buffer.from(admin.accessToken.split(".")[1], "base64url").toString());
  const users: string[] = [];
  for (let i = 0; i < 32; i++) {
    const email = `soak-${i}@bench.local`;
    await json(
      `${svc.url}/api/users`,
      { organizationId: claims.org_id, email, fullName: `Soak ${i}`, password: USER_PASSWORD },
      admin.accessToken,
    );
    users.push(email);
  }
  const app = await json(
    `${svc.url}/api/applications`,
    { organizationId: claims.org_id, identifier: "https://soak.bench.local", name: "Soak" },
    admin.accessToken,
  );
  const client = await json(
    `${svc.url}/api/clients`,
    { name: "soak", orgId: claims.org_id, applicationId: app.id, scopes: [] },
    admin.accessToken,
  );
  return {
    admin,
    orgId: claims.org_id as number,
    users,
    basic: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
  };
}

export async function benchSoak(opts: SoakOptions = {}): Promise<SoakResult> {
  const minutes = opts.minutes ?? 10;
  const store = opts.store ?? "embedded";
  const connections = opts.connections ?? 16;
  const sampleMs = (opts.sampleSeconds ?? 5) * 1000;
  const log = opts.log ?? (() => {});
  return withService(store, {}, async (svc) => {
    const pid = svc.proc.pid;
    const signer = await signerOf(svc.url);
    const { admin, orgId, users, basic } = await setUp(svc);
    // One refresh chain per worker (single-use tokens: each answer carries the next).
    const chains: string[] = [];
    for (let i = 0; i < connections; i++)
      chains.push((await json(`${svc.url}/api/auth/login`, BENCH_ADMIN)).refreshToken);
    const bearer = { authorization: `Bearer ${admin.accessToken}` };
    let loginNext = 0;

    const samples: SoakSample[] = [];
    let bucket = {
      lat: [] as number[],
      errors: 0,
      perKind: { token: 0, refresh: 0, directory: 0, login: 0 } as Record<Kind, number>,
    };
    const all: number[] = [];
    let requests = 0;
    let errors = 0;
    const start = performance.now();
    const end = start + minutes * 60_000;
    const rssStart = rssMiB(pid);
    let adminToken = admin.accessToken as string;
    let adminRefresh = admin.refreshToken as string;

    const once = async (worker: number): Promise<Kind | null> => {
      const r = Math.random();
      const kind: Kind = opts.kinds
        ? opts.kinds[Math.floor(r * opts.kinds.length)]
        : r < 0.5
          ? "token"
          : r < 0.75
            ? "refresh"
            : r < 0.95
              ? "directory"
              : "login";
      let res: Response;
      if (kind === "token") {
        res = await fetch(`${svc.url}/oauth2/token`, {
          method: "POST",
          headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=client_credentials",
        });
      } else if (kind === "refresh") {
        res = await fetch(`${svc.url}/api/auth/refresh`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ refreshToken: chains[worker] }),
        });
        if (res.status === 200) {
          chains[worker] = ((await res.json()) as { refreshToken: string }).refreshToken;
          return kind;
        }
      } else if (kind === "directory") {
        const path = Math.random() < 0.5 ? `/api/users?organizationId=${orgId}&size=20` : `/api/organizations?size=20`;
        res = await fetch(`${svc.url}${path}`, { headers: { ...bearer, authorization: `Bearer ${adminToken}` } });
      } else {
        res = await fetch(`${svc.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: users[loginNext++ % users.length], password: USER_PASSWORD }),
        });
      }
      await res.arrayBuffer();
      return res.status === 200 ? kind : null;
    };

    const worker = async (i: number) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        let kind: Kind | null = null;
        try {
          kind = await once(i);
        } catch {
          kind = null;
        }
        const ms = performance.now() - t0;
        requests++;
        if (kind) {
          bucket.lat.push(ms);
          all.push(ms);
          bucket.perKind[kind]++;
        } else {
          errors++;
          bucket.errors++;
        }
      }
    };
    // The admin's access token lives 15 minutes: renew it each minute for the directory reads.
    const renew = setInterval(async () => {
      try {
        const r = await json(`${svc.url}/api/auth/refresh`, { refreshToken: adminRefresh });
        adminToken = r.accessToken;
        adminRefresh = r.refreshToken;
      } catch {
        /* the next tick retries */
      }
    }, 60_000);
    let last = start;
    let heapMiB = 0;
    const readHeap = async () => {
      try {
        const m = /process_heap_bytes (\d+)/.exec(await (await fetch(`${svc.url}/metrics`)).text());
        if (m) heapMiB = round(Number(m[1]) / 1048576);
      } catch {
        /* next sample */
      }
    };
    const sampler = setInterval(() => {
      void readHeap();
      const now = performance.now();
      const secs = (now - last) / 1000;
      last = now;
      const sorted = Float64Array.from(bucket.lat).sort();
      const s: SoakSample = {
        t: round((now - start) / 1000),
        rssMiB: rssMiB(pid),
        heapMiB,
        rps: round(sorted.length / secs),
        perKind: Object.fromEntries(KINDS.map((k) => [k, round(bucket.perKind[k] / secs)])) as Record<Kind, number>,
        p50: round(pct(sorted, 50), 2),
        p99: round(pct(sorted, 99), 2),
        errors: bucket.errors,
      };
      samples.push(s);
      bucket = { lat: [], errors: 0, perKind: { token: 0, refresh: 0, directory: 0, login: 0 } };
      if (samples.length % Math.max(1, Math.round(60_000 / sampleMs)) === 0)
        log(
          `  t=${s.t}s rss ${s.rssMiB} MiB (JS heap ${s.heapMiB} MiB), ${s.rps} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, errors ${s.errors}`,
        );
    }, sampleMs);
    try {
      await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
    } finally {
      clearInterval(sampler);
      clearInterval(renew);
    }
    const sortedAll = Float64Array.from(all).sort();
    // RSS saws up and down by tens of MiB with garbage collection, so single samples mislead: the leak
    // check compares the median of the minute that ends at 20 % of the run (minute 2 of 10) with the
    // median of the last minute (windows of a tenth of the run when it is shorter than 10 minutes).
    const span = Math.min(60, (minutes * 60) / 10);
    const total = samples.at(-1)?.t ?? minutes * 60;
    const medianOf = (from: number, to: number) => {
      const xs = samples
        .filter((x) => x.t > from && x.t <= to)
        .map((x) => x.rssMiB)
        .sort((a, b) => a - b);
      return xs.length ? xs[Math.floor(xs.length / 2)] : (samples.at(-1)?.rssMiB ?? rssStart);
    };
    const early = medianOf(minutes * 60 * 0.2 - span, minutes * 60 * 0.2);
    const late = medianOf(total - span, total);
    const endRss = late;
    const growth = round((late - early) / early, 3);
    const label = store === "embedded" ? "embedded" : process.env.REDIS_URL ? `${store}+redis` : store;
    const dir = join(import.meta.dir, "results");
    mkdirSync(dir, { recursive: true });
    const chart = join(dir, `soak-${label}.png`);
    writeFileSync(chart, renderChart(samples, `soak ${label}: ${minutes} min, ${connections} connections`));
    const result: SoakResult = {
      store: label,
      signer,
      alive: svc.proc.exitCode === null,
      kinds: opts.kinds,
      minutes,
      connections,
      samples,
      totals: {
        requests,
        errors,
        rps: round(all.length / ((performance.now() - start) / 1000)),
        p50: round(pct(sortedAll, 50), 2),
        p99: round(pct(sortedAll, 99), 2),
      },
      rss: {
        startMiB: rssStart,
        atFifthMiB: early,
        endMiB: endRss,
        maxMiB: Math.max(rssStart, ...samples.map((s) => s.rssMiB)),
        growthAfterFifth: growth,
      },
      meetsAim: { noLeak: growth < 0.1 },
      chart,
    };
    writeFileSync(join(dir, `soak-${label}.json`), JSON.stringify(result, null, 2));
    return result;
  });
}

/** RSS (MiB, left axis) and throughput (req/s, right axis) over time, as an SVG rendered to PNG. */
export function renderChart(samples: SoakSample[], title: string): Buffer {
  const W = 720;
  const H = 300;
  const m = { l: 56, r: 56, t: 30, b: 36 };
  const w = W - m.l - m.r;
  const h = H - m.t - m.b;
  const tMax = Math.max(1, ...samples.map((s) => s.t));
  const rssMax = Math.max(1, ...samples.map((s) => s.rssMiB)) * 1.15;
  const rpsMax = Math.max(1, ...samples.map((s) => s.rps)) * 1.15;
  const x = (t: number) => m.l + (t / tMax) * w;
  const line = (f: (s: SoakSample) => number, max: number) =>
    samples.map((s) => `${x(s.t).toFixed(1)},${(m.t + h - (f(s) / max) * h).toFixed(1)}`).join(" ");
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const esc = (s: string) => s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]!);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="DejaVu Sans, sans-serif" font-size="11">
<rect width="${W}" height="${H}" fill="#fff"/>
<text x="${m.l}" y="18" font-size="13">${esc(title)}</text>
${ticks
  .map((f) => {
    const y = m.t + h - f * h;
    return `<line x1="${m.l}" x2="${m.l + w}" y1="${y}" y2="${y}" stroke="#e5e5e5"/><text x="${m.l - 6}" y="${y + 4}" text-anchor="end" fill="#1f6feb">${Math.round(f * rssMax)}</text><text x="${m.l + w + 6}" y="${y + 4}" fill="#d1242f">${Math.round(f * rpsMax)}</text>`;
  })
  .join("\n")}
${ticks.map((f) => `<text x="${x(f * tMax)}" y="${H - 14}" text-anchor="middle">${Math.round(((f * tMax) / 60) * 10) / 10} min</text>`).join("\n")}
<polyline points="${line((s) => s.rssMiB, rssMax)}" fill="none" stroke="#1f6feb" stroke-width="2"/>
<polyline points="${line((s) => s.rps, rpsMax)}" fill="none" stroke="#d1242f" stroke-width="1.5"/>
<text x="${m.l}" y="${H - 2}" fill="#1f6feb">RSS (MiB, left)</text><text x="${m.l + w}" y="${H - 2}" text-anchor="end" fill="#d1242f">throughput (req/s, right)</text>
</svg>`;
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng());
}

export function formatSoak(r: SoakResult): string {
  return [
    `Soak [${r.store}, signer ${r.signer}, ${r.minutes} min, ${r.connections} connections, ${r.kinds ? `only ${r.kinds.join(", ")}, evenly` : "mix token 50 / refresh 25 / directory 20 / login 5 %"}]`,
    `  service process ${r.alive ? "alive at the end" : "DIED during the soak"}`,
    `  throughput ${r.totals.rps} req/s, p50 ${r.totals.p50} ms, p99 ${r.totals.p99} ms, errors ${r.totals.errors} of ${r.totals.requests}`,
    `  RSS start ${r.rss.startMiB} MiB, median of the minute to 20 % ${r.rss.atFifthMiB} MiB, of the last minute ${r.rss.endMiB} MiB, max ${r.rss.maxMiB} MiB: growth ${round(r.rss.growthAfterFifth * 100)} % (aim < 10 %${r.meetsAim.noLeak ? ", met" : ", NOT met"})`,
    `  chart ${r.chart}`,
  ].join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
  const r = await benchSoak({
    minutes: Number(arg("minutes") ?? 10),
    store: (arg("store") as BenchStore) ?? "embedded",
    connections: Number(arg("connections") ?? 16),
    sampleSeconds: Number(arg("sample") ?? 5),
    kinds: arg("kinds")?.split(",") as Kind[] | undefined,
    log: console.log,
  });
  console.log(formatSoak(r));
  process.exit(0);
}
