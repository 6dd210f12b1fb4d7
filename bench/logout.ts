/**
 * Logout and introspection under load (issue 27, CONTRACT §13), on the real service (child
 * process, SSO_RATE_LIMIT=off), each figure beside a ceiling measured in the same run:
 *
 *   introspect  POST /oauth2/introspect (HTTP Basic, a confidential resource-server client) of
 *               access tokens of live /api/auth sessions, closed loop at `connections` connections:
 *               req/s, p50, p99. Ceiling: the refresh path of the same service in the same run
 *               (bench/sessions.ts `refreshChains`; aim: at least its rate, p50 under 2 ms at 32).
 *   logout      RP-initiated logout of a person signed in to TEN applications, each with a
 *               back-channel receiver (a local Bun.serve answering 200): the GET /oauth2/logout
 *               round trip (p50, p99) and the time until all ten logout tokens have arrived
 *               (p50, p99), one logout after another; CPU per logout from /proc (bench/cpu.ts).
 *               Read beside the silent sign-on it undoes (one application's prompt=none + code
 *               exchange), measured in the same run.
 *
 *   bun bench/logout.ts [--seconds 5] [--postgres] [--connections 32] [--logouts 20]
 */
import { cliNumber, flowCliOptions, runFromCli } from "./cli";
import type { LoadResult } from "./ceilings";
import { cpuPerRequest, cpuSnapshot, formatCpu } from "./cpu";
import { httpBrowser, type Browser } from "./oidc";
import { adminRefreshTokens, BENCH_ADMIN, json, refreshChains, withService, type BenchStore } from "./sessions";
import { fieldOf } from "../test/support/page-fields";

export interface BenchLogoutOptions {
  seconds?: number;
  warmupSeconds?: number;
  postgres?: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  connections?: number;
  /** Logouts measured (each of a person signed in to ten applications). Default 20. */
  logouts?: number;
  log?: (line: string) => void;
}

export interface LogoutStoreResult {
  store: "embedded" | "postgres" | "postgres+redis";
  introspect: LoadResult;
  refresh: LoadResult;
  /** introspect.rps / refresh.rps (aim ≥ 1). */
  introspectRatio: number;
  logout: {
    applications: number;
    count: number;
    requestP50: number;
    requestP99: number;
    /** Logout request sent → the tenth logout token received. */
    deliveredP50: number;
    deliveredP99: number;
    cpu: Record<string, number> | null;
  };
  /** One application's silent sign-on (prompt=none + exchange), ms p50: what a logout undoes per application. */
  silentSsoP50: number;
}

export interface BenchLogoutResult {
  host: { cpus: number; bun: string };
  runs: LogoutStoreResult[];
}

const APPS = 10;
const REDIRECT = "https://app.bench.local/cb";
const PASSWORD = "bench-logout-password-1";
const VERIFIER = "bench-logout-code-verifier-0123456789-abcdefghi";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update(VERIFIER).digest()).toString("base64url");
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : 0;
};

const authorizePath = (clientId: string, extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    state: "s",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

async function codeFrom(res: Response): Promise<string> {
  await res.arrayBuffer();
  const code = new URL(res.headers.get("location") ?? "http://x/").searchParams.get("code");
  if (res.status !== 303 || !code) throw new Error(`bench: no code (${res.status} ${res.headers.get("location")})`);
  return code;
}

async function exchange(b: Browser, clientId: string, code: string): Promise<{ id_token: string }> {
  const res = await b.post("/oauth2/token", {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
  });
  if (res.status !== 200) throw new Error(`bench: token ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id_token: string }>;
}

/** Closed-loop POST /oauth2/introspect at `connections`, over a pool of access tokens. */
async function introspectLoad(url: string, basic: string, tokens: string[], connections: number, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let errors = 0;
  let n = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        let status = "network_error";
        try {
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
            body: `token=${tokens[n++ % tokens.length]}`,
          });
          const body = (await res.json()) as { active?: boolean };
          status = res.status === 200 && body.active === true ? "200" : `${res.status}:${body.active}`;
        } catch {
          // counted as network_error
        }
        const t1 = performance.now();
        if (t1 > deadline) break;
        requests++;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === "200") latencies.push(t1 - t0);
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    requests,
    errors,
    rps: round(latencies.length / Math.min(elapsed, seconds), 1),
    p50: round(pct(latencies, 50)),
    p99: round(pct(latencies, 99)),
    seconds: round(Math.min(elapsed, seconds)),
    connections,
    statuses,
  } satisfies LoadResult;
}

export async function runLogoutOn(
  store: Exclude<BenchStore, "mongo">,
  opts: BenchLogoutOptions,
): Promise<LogoutStoreResult> {
  const seconds = opts.seconds ?? 5;
  const warmup = opts.warmupSeconds ?? 2;
  const connections = opts.connections ?? 32;
  const logouts = opts.logouts ?? 20;
  const log = opts.log ?? (() => {});
  const label: LogoutStoreResult["store"] =
    store === "embedded" ? "embedded" : (opts.redisUrl ?? process.env.REDIS_URL) ? "postgres+redis" : "postgres";
  // The back-channel receivers: one local server, one path per application; arrivals by sid.
  const arrivals = new Map<string, number[]>();
  const receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const token = new URLSearchParams(await req.text()).get("logout_token") ?? "";
      const sid = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}").sid as string;
      arrivals.set(sid, [...(arrivals.get(sid) ?? []), performance.now()]);
      return new Response(null, { status: 200 });
    },
  });
  try {
    return await withService(store, { ...opts, env: { SSO_WEBHOOK_ALLOW_PRIVATE: "true" } }, async (svc) => {
      const admin = await json(`${svc.url}/api/auth/login`, BENCH_ADMIN);
      const orgId = JSON.parse(Buffer.from(admin.accessToken.split(".")[1], "base64url").toString()).org_id;
      const app = await json(
        `${svc.url}/api/applications`,
        { organizationId: orgId, identifier: "https://api.logout.bench.local", name: "Bench API" },
        admin.accessToken,
      );
      const clients: string[] = [];
      for (let i = 0; i < APPS; i++)
        clients.push(
          (
            await json(
              `${svc.url}/api/clients`,
              {
                name: `App ${i}`,
                orgId,
                applicationId: app.id,
                type: "public",
                grantTypes: ["authorization_code"],
                redirectUris: [REDIRECT],
                backchannelLogoutUri: `http://127.0.0.1:${receiver.port}/app${i}`,
              },
              admin.accessToken,
            )
          ).clientId as string,
        );
      const rs = await json(
        `${svc.url}/api/clients`,
        { name: "RS", orgId, scopes: ["api.default"] },
        admin.accessToken,
      );
      const basic = `Basic ${Buffer.from(`${rs.clientId}:${rs.clientSecret}`).toString("base64")}`;

      // (a) Introspection vs the refresh path.
      const tokens: string[] = [];
      for (let i = 0; i < connections; i++)
        tokens.push((await json(`${svc.url}/api/auth/login`, BENCH_ADMIN)).accessToken);
      const url = `${svc.url}/oauth2/introspect`;
      log(`[${label}] introspection warm-up`);
      await introspectLoad(url, basic, tokens, connections, warmup);
      log(`[${label}] introspection ${seconds}s x ${connections} connections`);
      const introspect = await introspectLoad(url, basic, tokens, connections, seconds);
      const refreshUrl = `${svc.url}/api/auth/refresh`;
      log(`[${label}] refresh warm-up`);
      await refreshChains(refreshUrl, await adminRefreshTokens(svc.url, connections), warmup);
      log(`[${label}] refresh ${seconds}s x ${connections} chains`);
      const refresh = await refreshChains(refreshUrl, await adminRefreshTokens(svc.url, connections), seconds);

      // (b) People signed in to ten applications each.
      const never = new AbortController().signal;
      const people: { b: Browser; idToken: string; sid: string }[] = [];
      const silent: number[] = [];
      log(`[${label}] signing ${logouts} people in to ${APPS} applications`);
      for (let p = 0; p < logouts; p++) {
        const email = `logout-${p}@bench.local`;
        await json(
          `${svc.url}/api/users`,
          { organizationId: orgId, email, fullName: `P ${p}`, password: PASSWORD },
          admin.accessToken,
        );
        const b = httpBrowser(svc.url, () => never);
        const page = await b.get(authorizePath(clients[0]));
        const html = await page.text();
        const posted = await b.post("/oauth2/authorize/password", {
          csrf: fieldOf(html, "csrf"),
          interaction: fieldOf(html, "interaction"),
          email,
          password: PASSWORD,
        });
        const first = await exchange(b, clients[0], await codeFrom(await b.follow(posted)));
        for (const c of clients.slice(1)) {
          const t0 = performance.now();
          await exchange(b, c, await codeFrom(await b.get(authorizePath(c, { prompt: "none" }))));
          silent.push(performance.now() - t0);
        }
        const sid = JSON.parse(Buffer.from(first.id_token.split(".")[1], "base64url").toString()).sid as string;
        people.push({ b, idToken: first.id_token, sid });
      }

      log(`[${label}] ${logouts} logouts, ${APPS} applications each`);
      const requestMs: number[] = [];
      const deliveredMs: number[] = [];
      const from = cpuSnapshot(svc.proc.pid);
      for (const p of people) {
        const t0 = performance.now();
        const res = await p.b.get(`/oauth2/logout?id_token_hint=${p.idToken}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`bench: logout ${res.status}`);
        requestMs.push(performance.now() - t0);
        const until = t0 + 30_000;
        while ((arrivals.get(p.sid)?.length ?? 0) < APPS && performance.now() < until) await Bun.sleep(1);
        const got = arrivals.get(p.sid) ?? [];
        if (got.length < APPS) throw new Error(`bench: ${got.length} of ${APPS} logout tokens arrived`);
        deliveredMs.push(Math.max(...got) - t0);
      }
      const cpu = cpuPerRequest(from, cpuSnapshot(svc.proc.pid), people.length);
      return {
        store: label,
        introspect,
        refresh,
        introspectRatio: refresh.rps > 0 ? round(introspect.rps / refresh.rps, 3) : 0,
        logout: {
          applications: APPS,
          count: people.length,
          requestP50: round(pct(requestMs, 50)),
          requestP99: round(pct(requestMs, 99)),
          deliveredP50: round(pct(deliveredMs, 50)),
          deliveredP99: round(pct(deliveredMs, 99)),
          cpu,
        },
        silentSsoP50: round(pct(silent, 50)),
      };
    });
  } finally {
    receiver.stop(true);
  }
}

export async function benchLogout(opts: BenchLogoutOptions = {}): Promise<BenchLogoutResult> {
  const runs = [await runLogoutOn("embedded", opts)];
  if (opts.postgres) runs.push(await runLogoutOn("postgres", opts));
  return { host: { cpus: navigator.hardwareConcurrency ?? 0, bun: Bun.version }, runs };
}

export function formatLogoutBench(r: BenchLogoutResult): string {
  const lines = [`Logout and introspection [${r.host.cpus} CPUs, bun ${r.host.bun}]`];
  for (const run of r.runs) {
    const i = run.introspect;
    lines.push(
      `  [${run.store}] introspection      ${i.rps} req/s  p50 ${i.p50} ms  p99 ${i.p99} ms  errors ${i.errors}  (${i.connections} connections)   = ${Math.round(run.introspectRatio * 1000) / 10} % of the refresh path (aim ≥ 100 %, p50 < 2 ms)`,
      `  [${run.store}] refresh path       ${run.refresh.rps} req/s  p50 ${run.refresh.p50} ms  p99 ${run.refresh.p99} ms  errors ${run.refresh.errors}  (same service, ${run.refresh.connections} chains)`,
      `  [${run.store}] logout, ${run.logout.applications} apps    request p50 ${run.logout.requestP50} ms  p99 ${run.logout.requestP99} ms; all ${run.logout.applications} logout tokens received p50 ${run.logout.deliveredP50} ms  p99 ${run.logout.deliveredP99} ms  (${run.logout.count} logouts; one application's silent sign-on p50 ${run.silentSsoP50} ms)`,
      `    ${formatCpu("CPU per logout (10 apps)", run.logout.cpu)}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.main)
  await runFromCli(() => benchLogout({ ...flowCliOptions(), logouts: cliNumber("logouts") }), formatLogoutBench);
