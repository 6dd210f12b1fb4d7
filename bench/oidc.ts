/**
 * The OpenID flow under load (issue 26, CONTRACT §12), on the real service (`bun src/main.ts`,
 * child process, SSO_RATE_LIMIT=off, SSO_LOG_LEVEL=warn), each figure read against a ceiling
 * measured in the same run on this machine:
 *
 *   signIn    full browserless sign-ins through the hosted pages: GET /oauth2/authorize (sign-in
 *             page) → POST /oauth2/authorize/password → follow the 303s within the service → the
 *             303 to the redirect URI carries the code → POST /oauth2/token (authorization_code,
 *             PKCE S256, public client). Each flow is a fresh cookie jar (a new browser), round-robin
 *             over distinct users (so the per-account lockout, which counts attempts in flight,
 *             never engages). Ceiling: argon2VerifyCeiling (one verification per sign-in).
 *   silent    silent single sign-on: each connection is a browser signed in once; a flow is
 *             GET /oauth2/authorize?prompt=none with its session cookie → 303 with the code →
 *             POST /oauth2/token. Read against the refresh path measured on the same service in the
 *             same run (POST /api/auth/refresh chains, bench/sessions.ts `refreshChains`).
 *   exchange  the authorization_code grant alone: codes are issued first through the pages (the
 *             silent path), then only POST /oauth2/token is measured. Each exchange signs two RS256
 *             JWTs (access token + ID token), so the ceiling counted here is rs256SignCeiling / 2
 *             exchanges per second (the raw signatures/s are printed beside it).
 *
 * Flows run in a closed loop per connection with `load`'s rules (bench/ceilings.ts): bounded by the
 * window (a hard stop aborts what is in flight and does not count it), only flows finished inside
 * it count, latency is the whole flow (first request sent → last body read), any failed step makes
 * the flow an error (`statuses` names the step and status). The CPU each flow cost is read from
 * /proc around each measured phase (bench/cpu.ts), as bench/sessions.ts does per request. Codes live 60 s, so the exchange window
 * is at most EXCHANGE_WINDOW_MAX seconds, the pool of codes is sized from the refresh rate and
 * issued within mintSecondsFor(window); when the pool runs out first the window ends there (and the
 * result says so: on the embedded store, whose authorize path is slow, it usually does).
 *
 * Embedded (PGlite in a temp dir), and with `--postgres` a fresh Postgres database + Redis
 * (REDIS_URL), as bench/sessions.ts.
 *
 * The peer: the silent flow is also run at panva's oidc-provider on Node (bench/oidc-peer.mjs: one
 * public client, PKCE, a JWT access token for one resource and an ID token, both RS256), through the
 * same driver (`silentFlowOn`, the same HTTP steps with the same cookie jar), with the same
 * connections, warm-up and window; its process's CPU per flow is read from /proc the same way.
 * Each browser signs in there once through its dev interactions (login, consent) first.
 *
 *   bun bench/oidc.ts [--seconds 5] [--postgres] [--warmup 8] [--connections 32] [--signin-connections 8] [--no-peer]
 *   bun bench/oidc.ts --peer-only [--seconds 5]     # the peer alone
 */
import { argon2VerifyCeiling, opensslSpeedCeiling, rs256SignCeiling, type LoadResult } from "./ceilings";
import { cpuPerRequest, cpuSnapshot, formatCpu } from "./cpu";
import { adminRefreshTokens, BENCH_ADMIN, json, refreshChains, withService, type BenchStore } from "./sessions";
import { fieldOf } from "../test/support/page-fields";

export interface BenchOidcOptions {
  /** Measured seconds per phase (default 5). */
  seconds?: number;
  /** Unmeasured warm-up before each measured phase (default DEFAULT_WARMUP_SECONDS). */
  warmupSeconds?: number;
  /** Also run on Postgres (fresh database on DATABASE_URL's server) + Redis (REDIS_URL, when set). */
  postgres?: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  /** Concurrent full sign-ins (default 8, the sessions benchmark's login connections). */
  signInConnections?: number;
  /** Concurrent silent sign-ons, refresh chains and code exchanges (default 32). */
  connections?: number;
  /** Ceilings already measured by the caller (bench/run.ts), to skip measuring them again. */
  ceilings?: { rs256SignPerSec: number; argon2VerifyPerSec: number };
  /** Also run the silent flow at oidc-provider (bench/oidc-peer.mjs, needs `node`; default true). */
  peer?: boolean;
  log?: (line: string) => void;
}

export type FlowResult = LoadResult & {
  /** HTTP requests sent by the successful flows (the token request included). */
  httpRequests: number;
};

export interface OidcStoreResult {
  store: "embedded" | "postgres" | "postgres+redis";
  signIn: FlowResult;
  silent: FlowResult;
  refresh: LoadResult;
  exchange: FlowResult & { codes: number; poolRanOut: boolean };
  /** signIn.rps / argon2id verifications per second. */
  signInRatio: number;
  /** silent.rps / refresh.rps (same service, same run). */
  silentRatio: number;
  /** exchange.rps / (RS256 signatures per second / 2). */
  exchangeRatio: number;
  /** CPU per flow (µs) by service thread, store process, load generator and machine (bench/cpu.ts; null off Linux). */
  cpu: {
    signIn: Record<string, number> | null;
    silent: Record<string, number> | null;
    exchange: Record<string, number> | null;
  };
}

export interface BenchOidcResult {
  host: { cpus: number; bun: string };
  ceilings: {
    rs256SignPerSec: number;
    argon2VerifyPerSec: number;
    argon2Concurrency: number;
    /** rs256SignPerSec / 2: two signatures per exchange (access token + ID token). */
    exchangesPerSec: number;
    /**
     * The processor's RSA-2048 signatures/s (`openssl speed -multi <cores>`; null when openssl
     * cannot run) and half of it: what no flow signing two JWTs can pass on this machine, whatever
     * else it does. The service signs through OpenSSL threads (SSO_SIGNER), so this is the tighter
     * reading of the code exchange; jose's in-process rate above is WebCrypto's.
     */
    opensslSignPerSec: number | null;
    processorExchangesPerSec: number | null;
  };
  runs: OidcStoreResult[];
  /** The same silent flow at oidc-provider, same driver, same run (null with `peer: false`). */
  peer: PeerResult | null;
}

/** Codes expire 60 s after issue: minting (≤ 20 s) plus the window stays well inside that. */
export const EXCHANGE_WINDOW_MAX = 12;
/**
 * Warm-up before each measured phase, ours and the peer's alike: long enough for the JIT to finish
 * compiling the flow's code. After 2-3 s the service still spent ~120 µs of JIT thread per silent
 * flow (BUN_JSC_reportCompileTimes: ~160 FTL compiles, 1.5 s, inside a 6 s window); after 8 s,
 * ~10 µs. A service runs for days, so the steady state is the figure to read.
 */
export const DEFAULT_WARMUP_SECONDS = 8;
/**
 * The sign-in through the pages runs ~50 times a second, so 8 s warm it up 400 times: its JIT
 * thread still spent ~1.5 ms per sign-in in the measured window (3 % of the flow's machine time).
 * Its default warm-up is longer.
 */
export const SIGN_IN_WARMUP_SECONDS = 20;
export const REDIRECT = "https://app.bench.local/cb";
const PASSWORD = "bench-oidc-password-1";
/** RFC 7636 §4.1: 43–128 unreserved characters; one verifier for every flow (a benchmark, not a client). */
const VERIFIER = "bench-oidc-code-verifier-0123456789-abcdefghijk";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update(VERIFIER).digest()).toString("base64url");
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

/** A failed step of a flow; `label` is what `statuses` counts (e.g. "password:400"). */
export class FlowError extends Error {
  constructor(readonly label: string) {
    super(label);
  }
}

/**
 * A browser without JavaScript over loopback HTTP: a cookie jar, no redirect following unless
 * asked (test/support/hosted-pages.ts does the same in-process). Counts the requests it sends.
 */
export function httpBrowser(base: string, signal: () => AbortSignal) {
  const jar = new Map<string, string>();
  let sent = 0;
  async function send(method: string, path: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { "accept-language": "en" };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    sent++;
    const res = await fetch(`${base}${path}`, { method, headers, body, redirect: "manual", signal: signal() });
    for (const c of res.headers.getSetCookie()) {
      const parsed = new Bun.Cookie(c);
      if (parsed.maxAge === 0 || parsed.value === "") jar.delete(parsed.name);
      else jar.set(parsed.name, parsed.value);
    }
    return res;
  }
  return {
    sent: () => sent,
    get: (path: string) => send("GET", path),
    post: (path: string, form: Record<string, string>) => send("POST", path, form),
    /** Follows 303s within the service; answers the last response (a page, or a 303 leaving it). */
    async follow(res: Response): Promise<Response> {
      while (res.status === 303 && res.headers.get("location")?.startsWith("/")) {
        await res.arrayBuffer();
        res = await send("GET", res.headers.get("location")!);
      }
      return res;
    },
  };
}
export type Browser = ReturnType<typeof httpBrowser>;

/**
 * One OpenID provider as the driver sees it: where its authorization and token endpoints are, the
 * client it serves, and how a browser signs in there once (leaving a session cookie in the jar).
 * Ours and the peer (bench/oidc-peer.mjs) are driven through the same steps with the same driver.
 */
export interface OidcTarget {
  authorize: string;
  token: string;
  clientId: string;
}
const OURS = { authorize: "/oauth2/authorize", token: "/oauth2/token" };

let flowCounter = 0;
/** A code-flow authorization request of `clientId` (PKCE S256, fresh state and nonce), `extra` added, at `path`. */
export const authorizePath = (clientId: string, extra: Record<string, string> = {}, path = OURS.authorize) => {
  const n = `n${++flowCounter}`;
  return `${path}?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid profile email",
    state: `s-${n}`,
    nonce: n,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;
};

/** The code of a 303 leaving the service for the redirect URI (an error redirect is a failure). */
export async function codeOf(res: Response, step: string): Promise<string> {
  await res.arrayBuffer();
  const loc = res.headers.get("location") ?? "";
  // Ours answers 303; oidc-provider answers the authorization response with a 302 (RFC 6749 §4.1.2: any redirect).
  const redirected = res.status === 303 || res.status === 302;
  const code = redirected && loc.startsWith(REDIRECT) ? new URL(loc).searchParams.get("code") : null;
  if (!code) {
    const err = redirected ? new URL(loc, "http://x").searchParams.get("error") : null;
    throw new FlowError(`${step}:${res.status}${err ? `:${err}` : ""}`);
  }
  return code;
}

/** POST /oauth2/token for a code (public client: client_id + PKCE verifier); 200 with an ID token or a FlowError. */
export async function exchangeCode(b: Browser, clientId: string, code: string, path = OURS.token): Promise<void> {
  const res = await b.post(path, {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: string; access_token?: string };
  if (res.status !== 200 || !body.id_token || !body.access_token) throw new FlowError(`token:${res.status}`);
  // Both sides sign two JWTs per exchange: an opaque access token would not be the same work.
  if (body.access_token.split(".").length !== 3) throw new FlowError("token:opaque-access-token");
}

/** The whole sign-in through the pages in browser `b`: sign-in page → password → code → tokens. */
export async function fullSignIn(b: Browser, clientId: string, email: string, password = PASSWORD): Promise<void> {
  const page = await b.get(authorizePath(clientId));
  if (page.status !== 200) {
    await page.arrayBuffer();
    throw new FlowError(`authorize:${page.status}`);
  }
  const html = await page.text();
  const posted = await b.post("/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    email,
    password,
  });
  await exchangeCode(b, clientId, await codeOf(await b.follow(posted), "password"));
}

/** Silent single sign-on in a signed-in browser: the code with no page. */
export async function silentCode(b: Browser, clientId: string, path = OURS.authorize): Promise<string> {
  return codeOf(await b.get(authorizePath(clientId, { prompt: "none" }, path)), "authorize");
}

/**
 * One silent flow on `t` in the signed-in browser `b` (the driver shared by ours and the peer):
 * GET authorize with prompt=none and the session cookie → the redirect with the code → POST token
 * (PKCE verifier, public client) → 200 with an access token and an ID token.
 */
export async function silentFlowOn(b: Browser, t: OidcTarget): Promise<void> {
  await exchangeCode(b, t.clientId, await silentCode(b, t.clientId, t.authorize), t.token);
}

/**
 * Closed-loop flows, one loop per connection, with `load`'s window rules (see the file comment).
 * `iteration` answers false when it has no more work (the pool of codes is empty): that loop stops,
 * and when every loop has stopped before the deadline the window ends there.
 */
export async function flowLoad(
  connections: number,
  seconds: number,
  iteration: (conn: number, signal: () => AbortSignal) => Promise<{ more: boolean; sent: number }>,
): Promise<FlowResult & { ranOut: boolean }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let errors = 0;
  let httpRequests = 0;
  let ranOut = false;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), seconds * 1000);
  const signal = () => stop.signal;
  const worker = async (conn: number) => {
    while (!stop.signal.aborted && performance.now() < deadline) {
      const t0 = performance.now();
      let status = "ok";
      let sent = 0;
      let more = true;
      try {
        ({ more, sent } = await iteration(conn, signal));
      } catch (e) {
        if (stop.signal.aborted) break; // cut off by the hard stop: neither success nor error
        status = e instanceof FlowError ? e.label : "network_error";
      }
      if (!more) {
        ranOut = true;
        break;
      }
      const t1 = performance.now();
      if (t1 > deadline) break;
      requests++;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === "ok") {
        latencies.push(t1 - t0);
        httpRequests += sent;
      } else {
        errors++;
        if (status === "network_error") await Bun.sleep(5); // do not spin on a dead target
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, connections) }, (_, i) => worker(i)));
  } finally {
    clearTimeout(timer);
  }
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
    connections,
    statuses,
    httpRequests,
    ranOut,
  };
}

/** What the peer of the silent flow (oidc-provider on Node, bench/oidc-peer.mjs) did in the same run. */
export interface PeerResult {
  name: string;
  silent: FlowResult;
  /** CPU per flow (µs) of its process's threads, the stores and the load generator (bench/cpu.ts). */
  cpu: Record<string, number> | null;
  /** RSS of its process after the measured window (MiB). */
  rssMiB: number | null;
}

const PEER_CLIENT = "bench-peer-client";
const PEER_RESOURCE = "https://api.bench.local";

/**
 * Signs browser `b` in at oidc-provider through its dev interactions (the login form, then the
 * consent form that creates the grant the silent flows reuse), ending with one code exchange.
 */
async function peerSignIn(b: Browser, base: string, login: string): Promise<void> {
  let res = await b.get(authorizePath(PEER_CLIENT, {}, "/auth"));
  for (let hops = 0; hops < 12; hops++) {
    const loc = res.headers.get("location");
    if ((res.status === 302 || res.status === 303) && loc?.startsWith(REDIRECT)) {
      await exchangeCode(b, PEER_CLIENT, await codeOf(res, "peer-signin"), "/token");
      return;
    }
    await res.arrayBuffer();
    if (!loc) throw new FlowError(`peer-signin:${res.status}`);
    const path = loc.startsWith(base) ? loc.slice(base.length) : loc;
    if (/^\/interaction\/[^/?]+$/.test(path)) {
      const page = await b.get(path);
      const html = await page.text();
      const prompt: Record<string, string> = html.includes('name="login"')
        ? { prompt: "login", login, password: PASSWORD }
        : { prompt: "consent" };
      res = await b.post(path, prompt);
    } else res = await b.get(path);
  }
  throw new FlowError("peer-signin:hops");
}

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

/**
 * The silent flow at the peer, through the same driver (`silentFlowOn`) with the same connections,
 * warm-up and window as ours: oidc-provider on Node, started here and stopped after.
 */
export async function runPeer(opts: BenchOidcOptions): Promise<PeerResult> {
  const seconds = opts.seconds ?? 5;
  const warmup = opts.warmupSeconds ?? DEFAULT_WARMUP_SECONDS;
  const connections = opts.connections ?? 32;
  const log = opts.log ?? (() => {});
  const port = await freePort();
  const proc = Bun.spawn(
    ["node", new URL("./oidc-peer.mjs", import.meta.url).pathname, String(port), REDIRECT, PEER_CLIENT, PEER_RESOURCE],
    { stdout: "pipe", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  try {
    const reader = proc.stdout.getReader();
    let out = "";
    const until = performance.now() + 30_000;
    while (!out.includes("ready ")) {
      if (performance.now() > until) throw new Error("oidc-provider did not start");
      const { value, done } = await reader.read();
      if (done) throw new Error(`oidc-provider exited: ${out}`);
      out += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    const base = `http://127.0.0.1:${port}`;
    const never = new AbortController().signal;
    const browsers = await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        const b = httpBrowser(base, () => never);
        await peerSignIn(b, base, `peer-user-${i}`);
        return b;
      }),
    );
    const peer: OidcTarget = { authorize: "/auth", token: "/token", clientId: PEER_CLIENT };
    const flow = async (conn: number) => {
      const b = browsers[conn];
      const before = b.sent();
      await silentFlowOn(b, peer);
      return { more: true, sent: b.sent() - before };
    };
    log("[oidc-provider] silent SSO warm-up");
    await flowLoad(connections, warmup, flow);
    log(`[oidc-provider] silent SSO ${seconds}s x ${connections} connections`);
    const from = cpuSnapshot(proc.pid);
    const { ranOut: _r, ...silent } = await flowLoad(connections, seconds, flow);
    const cpu = cpuPerRequest(from, cpuSnapshot(proc.pid), silent.requests);
    return { name: `oidc-provider ${peerVersion()} on Node ${nodeVersion()}`, silent, cpu, rssMiB: rssMiBOf(proc.pid) };
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}

const peerVersion = () => {
  try {
    return require("oidc-provider/package.json").version as string;
  } catch {
    return "?";
  }
};
const nodeVersion = () => Bun.spawnSync(["node", "--version"]).stdout.toString().trim();
/** VmRSS of a process in MiB (Linux /proc), null elsewhere. */
function rssMiBOf(pid: number): number | null {
  try {
    const m = require("node:fs")
      .readFileSync(`/proc/${pid}/status`, "utf8")
      .match(/VmRSS:\s+(\d+) kB/);
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Codes to issue before the exchange window: as many as the refresh path (one signature) could
 * serve in the window, since an exchange (two signatures and more writes) is not faster than that.
 */
export function codePoolSize(refreshRps: number, windowSeconds: number, connections: number): number {
  return Math.min(50_000, Math.ceil(Math.max(refreshRps, 10) * windowSeconds) + connections);
}

/** Issuing stops after this long even if the pool is short: minting plus the window stays well inside a code's 60 s. */
export const mintSecondsFor = (windowSeconds: number) => Math.min(3 * windowSeconds, 20);

/**
 * What the OpenID flows need on a fresh service: an application, a first-party public client of it
 * (no consent) redirecting to REDIRECT, and `people` users with one organization each (no picker)
 * and the password `fullSignIn` uses. bench/saml.ts registers its SAML SP on the same application.
 */
export async function oidcFixture(base: string, people: number) {
  const admin = await json(`${base}/api/auth/login`, BENCH_ADMIN);
  const claims = JSON.parse(Buffer.from(admin.accessToken.split(".")[1], "base64url").toString());
  const orgId = claims.org_id as number;
  const app = await json(
    `${base}/api/applications`,
    { organizationId: orgId, identifier: "https://api.bench.local", name: "Bench API" },
    admin.accessToken,
  );
  const client = await json(
    `${base}/api/clients`,
    {
      name: "Bench web app",
      orgId,
      applicationId: app.id,
      type: "public",
      grantTypes: ["authorization_code", "refresh_token"],
      redirectUris: [REDIRECT],
    },
    admin.accessToken,
  );
  const users: string[] = [];
  for (let i = 0; i < people; i++) {
    const email = `oidc-user-${i}@bench.local`;
    await json(
      `${base}/api/users`,
      { organizationId: orgId, email, fullName: `OIDC ${i}`, password: PASSWORD },
      admin.accessToken,
    );
    users.push(email);
  }
  return {
    adminToken: admin.accessToken as string,
    tenantId: claims.tenant_id as number,
    orgId,
    applicationId: app.id as number,
    clientId: client.clientId as string,
    users,
  };
}

export async function runOidcOn(
  store: Exclude<BenchStore, "mongo">,
  opts: BenchOidcOptions,
  ceilings: BenchOidcResult["ceilings"],
): Promise<OidcStoreResult> {
  const seconds = opts.seconds ?? 5;
  const warmup = opts.warmupSeconds ?? DEFAULT_WARMUP_SECONDS;
  const signInConnections = opts.signInConnections ?? 8;
  const connections = opts.connections ?? 32;
  const log = opts.log ?? (() => {});
  const label: OidcStoreResult["store"] =
    store === "embedded" ? "embedded" : (opts.redisUrl ?? process.env.REDIS_URL) ? "postgres+redis" : "postgres";
  return withService(store, opts, async (svc) => {
    const { clientId, users } = await oidcFixture(svc.url, Math.max(signInConnections * 4, connections));

    // (a) Full sign-ins, a new browser each.
    let next = 0;
    const signInFlow = async (_: number, signal: () => AbortSignal) => {
      const b = httpBrowser(svc.url, signal);
      await fullSignIn(b, clientId, users[next++ % users.length]);
      return { more: true, sent: b.sent() };
    };
    log(`[${label}] sign-in warm-up`);
    await flowLoad(signInConnections, opts.warmupSeconds ?? SIGN_IN_WARMUP_SECONDS, signInFlow);
    log(`[${label}] sign-ins ${seconds}s x ${signInConnections} connections`);
    const signInFrom = cpuSnapshot(svc.proc.pid);
    const { ranOut: _a, ...signIn } = await flowLoad(signInConnections, seconds, signInFlow);
    const signInCpu = cpuPerRequest(signInFrom, cpuSnapshot(svc.proc.pid), signIn.requests);

    // (b) Silent single sign-on: one signed-in browser per connection (its own user).
    const never = new AbortController().signal;
    const browsers = await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        const b = httpBrowser(svc.url, () => never);
        await fullSignIn(b, clientId, users[i % users.length]);
        return b;
      }),
    );
    const ours: OidcTarget = { ...OURS, clientId };
    const silentFlow = async (conn: number) => {
      const b = browsers[conn];
      const before = b.sent();
      await silentFlowOn(b, ours);
      return { more: true, sent: b.sent() - before };
    };
    log(`[${label}] silent SSO warm-up`);
    await flowLoad(connections, warmup, silentFlow);
    log(`[${label}] silent SSO ${seconds}s x ${connections} connections`);
    const silentFrom = cpuSnapshot(svc.proc.pid);
    const { ranOut: _b, ...silent } = await flowLoad(connections, seconds, silentFlow);
    const silentCpu = cpuPerRequest(silentFrom, cpuSnapshot(svc.proc.pid), silent.requests);

    // The refresh path on the same service, same run (bench/sessions.ts).
    const refreshUrl = `${svc.url}/api/auth/refresh`;
    log(`[${label}] refresh warm-up`);
    await refreshChains(refreshUrl, await adminRefreshTokens(svc.url, connections), warmup);
    log(`[${label}] refresh ${seconds}s x ${connections} chains`);
    const refresh = await refreshChains(refreshUrl, await adminRefreshTokens(svc.url, connections), seconds);

    // (c) The code exchange alone: codes issued first through the pages (silent path), then exchanged.
    const window = Math.min(seconds, EXCHANGE_WINDOW_MAX);
    const poolSize = codePoolSize(refresh.rps, window, connections);
    const mintUntil = performance.now() + mintSecondsFor(window) * 1000;
    log(`[${label}] issuing up to ${poolSize} codes (at most ${mintSecondsFor(window)} s)`);
    const codes: string[] = [];
    await Promise.all(
      browsers.map(async (b) => {
        while (codes.length < poolSize && performance.now() < mintUntil) codes.push(await silentCode(b, clientId));
      }),
    );
    let taken = 0;
    log(`[${label}] code exchange ${window}s x ${connections} connections`);
    const exchangeFrom = cpuSnapshot(svc.proc.pid);
    const { ranOut, ...exchanged } = await flowLoad(connections, window, async (conn) => {
      if (taken >= codes.length) return { more: false, sent: 0 };
      const b = browsers[conn];
      const before = b.sent();
      await exchangeCode(b, clientId, codes[taken++]);
      return { more: true, sent: b.sent() - before };
    });
    const exchangeCpu = cpuPerRequest(exchangeFrom, cpuSnapshot(svc.proc.pid), exchanged.requests);
    const exchange = { ...exchanged, codes: codes.length, poolRanOut: ranOut };

    return {
      store: label,
      signIn,
      silent,
      refresh,
      exchange,
      signInRatio: round(signIn.rps / ceilings.argon2VerifyPerSec),
      silentRatio: refresh.rps > 0 ? round(silent.rps / refresh.rps) : 0,
      exchangeRatio: round(exchange.rps / ceilings.exchangesPerSec),
      cpu: { signIn: signInCpu, silent: silentCpu, exchange: exchangeCpu },
    };
  });
}

/** Sign-ins, silent sign-ons and code exchanges per second on the embedded store (and Postgres + Redis), beside their ceilings. */
export async function benchOidc(opts: BenchOidcOptions = {}): Promise<BenchOidcResult> {
  const seconds = opts.seconds ?? 5;
  const argon2Concurrency = Math.max(2, navigator.hardwareConcurrency ?? 2);
  let measured = opts.ceilings;
  if (!measured) {
    opts.log?.("ceilings: RS256 signing, argon2id verification");
    const rs = await rs256SignCeiling({ seconds });
    const ar = await argon2VerifyCeiling({ seconds, concurrency: argon2Concurrency });
    measured = { rs256SignPerSec: rs.opsPerSec, argon2VerifyPerSec: ar.opsPerSec };
  }
  const speed = await opensslSpeedCeiling({ seconds: Math.min(seconds, 5) });
  const opensslSignPerSec = "signPerSec" in speed ? speed.signPerSec : null;
  const ceilings = {
    ...measured,
    argon2Concurrency,
    exchangesPerSec: round(measured.rs256SignPerSec / 2, 1),
    opensslSignPerSec,
    processorExchangesPerSec: opensslSignPerSec ? round(opensslSignPerSec / 2, 1) : null,
  };
  const runs = [await runOidcOn("embedded", opts, ceilings)];
  if (opts.postgres) runs.push(await runOidcOn("postgres", opts, ceilings));
  // The peer needs `node` and the dev dependency; without them the section still runs, and says so.
  const peer =
    opts.peer === false
      ? null
      : await runPeer(opts).catch((e) => {
          opts.log?.(`NOT RUN: the oidc-provider peer (${String((e as Error)?.message ?? e).split("\n")[0]})`);
          return null;
        });
  return { host: { cpus: navigator.hardwareConcurrency ?? 0, bun: Bun.version }, ceilings, runs, peer };
}

/** Service CPU per flow (every thread of its process, not the stores or the client), ours over the peer's. */
function cpuRatio(ours: Record<string, number> | null, peer: Record<string, number> | null): string {
  const service = (c: Record<string, number>) =>
    Object.entries(c)
      .filter(([g]) => g.startsWith("service"))
      .reduce((n, [, us]) => n + us, 0);
  if (!ours || !peer || !service(peer)) return "(CPU not measured)";
  return `${round(service(ours) / service(peer), 2)}× (${service(ours)} vs ${service(peer)} µs in the service process)`;
}

/** One line per figure, each beside its ceiling with the ratio. */
export function formatOidcBench(r: BenchOidcResult): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  const flow = (x: FlowResult) =>
    `${x.rps} /s  p50 ${x.p50} ms  p99 ${x.p99} ms  errors ${x.errors}  (${x.requests > x.errors ? round(x.httpRequests / (x.requests - x.errors), 1) : 0} HTTP requests each)`;
  const errs = (x: LoadResult) =>
    x.errors
      ? `    errors by step: ${Object.entries(x.statuses)
          .filter(([k]) => k !== "ok" && k !== "200")
          .map(([k, v]) => `${k} ×${v}`)
          .join(", ")}`
      : "";
  const lines = [
    `OpenID flow [${r.host.cpus} CPUs, bun ${r.host.bun}]`,
    `  ceiling: argon2id verifies (x${r.ceilings.argon2Concurrency})   ${r.ceilings.argon2VerifyPerSec} /s (one per sign-in)`,
    `  ceiling: RS256 signs (jose)          ${r.ceilings.rs256SignPerSec} /s → ${r.ceilings.exchangesPerSec} exchanges/s (two signatures each: access + ID token)`,
    r.ceilings.opensslSignPerSec
      ? `  ceiling: openssl speed rsa2048       ${r.ceilings.opensslSignPerSec} signs/s → ${r.ceilings.processorExchangesPerSec} two-signature flows/s (the processor's limit)`
      : "  ceiling: openssl speed               NOT RUN (openssl missing)",
  ];
  const ofProcessor = (rps: number) =>
    r.ceilings.processorExchangesPerSec
      ? ` = ${pct(round(rps / r.ceilings.processorExchangesPerSec))} of openssl speed / 2`
      : "";
  for (const run of r.runs) {
    lines.push(
      `  [${run.store}] sign-in via pages  ${flow(run.signIn)}   = ${pct(run.signInRatio)} of argon2id ceiling`,
      errs(run.signIn),
      `    ${formatCpu("CPU per sign-in", run.cpu.signIn)}`,
      `  [${run.store}] silent SSO         ${flow(run.silent)}   = ${pct(run.silentRatio)} of the refresh path${ofProcessor(run.silent.rps)}`,
      errs(run.silent),
      `    ${formatCpu("CPU per silent SSO", run.cpu.silent)}`,
      `  [${run.store}] refresh path       ${run.refresh.rps} req/s  p50 ${run.refresh.p50} ms  p99 ${run.refresh.p99} ms  errors ${run.refresh.errors}  (same service, ${run.refresh.connections} chains)`,
      `  [${run.store}] code exchange      ${flow(run.exchange)}   = ${pct(run.exchangeRatio)} of RS256 ceiling / 2${ofProcessor(run.exchange.rps)}`,
      `    (${run.exchange.codes} codes issued first; window ${run.exchange.seconds} s${run.exchange.poolRanOut ? ", ended when the codes ran out" : ""})`,
      errs(run.exchange),
      `    ${formatCpu("CPU per exchange", run.cpu.exchange)}`,
    );
    if (r.peer?.silent.rps)
      lines.push(
        `  [${run.store}] silent SSO vs the peer: ${round(run.silent.rps / r.peer.silent.rps, 2)}× its flows/s, ${cpuRatio(run.cpu.silent, r.peer.cpu)} its CPU per flow`,
      );
  }
  if (!r.peer) lines.push("  [peer] oidc-provider: NOT RUN (--no-peer, or node / oidc-provider missing)");
  if (r.peer)
    lines.push(
      `  [peer] ${r.peer.name}: silent SSO  ${flow(r.peer.silent)}`,
      errs(r.peer.silent),
      `    ${formatCpu("CPU per silent SSO", r.peer.cpu)}${r.peer.rssMiB !== null ? `; RSS after ${r.peer.rssMiB} MiB` : ""}`,
    );
  return lines.filter(Boolean).join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  if (process.argv.includes("--peer-only")) {
    const p = await runPeer({
      seconds: Number(arg("seconds") ?? 5),
      warmupSeconds: arg("warmup") ? Number(arg("warmup")) : undefined,
      connections: arg("connections") ? Number(arg("connections")) : undefined,
      log: (l) => console.error(l),
    });
    console.log(
      `${p.name}: silent SSO ${p.silent.rps} /s, errors ${p.silent.errors} ${JSON.stringify(p.silent.statuses)}`,
    );
    console.log(formatCpu("CPU per silent SSO", p.cpu), `RSS ${p.rssMiB} MiB`);
    process.exit(0);
  }
  const r = await benchOidc({
    seconds: Number(arg("seconds") ?? 5),
    warmupSeconds: arg("warmup") ? Number(arg("warmup")) : undefined,
    connections: arg("connections") ? Number(arg("connections")) : undefined,
    signInConnections: arg("signin-connections") ? Number(arg("signin-connections")) : undefined,
    postgres: process.argv.includes("--postgres"),
    peer: !process.argv.includes("--no-peer"),
    redisUrl: process.env.REDIS_URL,
    databaseUrl: process.env.DATABASE_URL,
    log: (l) => console.error(l),
  });
  console.log(formatOidcBench(r));
  console.log(JSON.stringify(r, null, 2));
  process.exit(0);
}
