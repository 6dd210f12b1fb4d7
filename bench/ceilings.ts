/**
 * Benchmark ceilings: what this machine can do at best for the expensive primitives the
 * service is built on, so a measured figure for the service can be read against them.
 *
 *  - opensslSpeedCeiling   `openssl speed -multi <cores> rsa2048`: RSA-2048 signatures per second
 *                          on every core with the system's OpenSSL, the processor's limit for the
 *                          signature every token costs (issue 30: the token endpoint's aim is ≥ 70 %).
 *  - rs256SignCeiling      RS256 JWT signatures per second (jose, RSA-2048), no HTTP at all.
 *  - argon2VerifyCeiling   argon2id password verifications per second (Bun.password).
 *  - signOnlyRouteCeiling  a Bun.serve route (in a child process) that only signs a token, with
 *                          the signer the service would pick (SSO_SIGNER, default auto), loaded
 *                          over loopback HTTP: the best a token endpoint can do here.
 *  - verifyOnlyRoute       the same server's route that only runs one argon2id verification:
 *                          the floor of a sign-in over HTTP here (with the CPU per request).
 *  - load                  the closed-loop HTTP load generator used for the above (and usable
 *                          against the real service).
 *
 * Every loop is bounded in time; nothing listens on anything but 127.0.0.1.
 */
import { cpus, tmpdir } from "node:os";
import { generateKeyPair } from "jose";
import { cpuPerRequest, cpuSnapshot } from "./cpu";
import { signAccessJwt } from "../src/features/tokens/jws";

/**
 * The service's signer in benchmarks: SSO_SIGNER, SSO_SIGNER_THREADS and SSO_SIGNER_NICE of the benchmark's own environment (unset: the
 * service's default, auto), passed to every service process the benchmarks start, e.g.
 * `SSO_SIGNER=webcrypto bun bench/run.ts --only token` to measure the former signer.
 */
export function signerEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["SSO_SIGNER", "SSO_SIGNER_THREADS", "SSO_SIGNER_NICE"])
    if (process.env[name]) out[name] = process.env[name]!;
  return out;
}

/** The signer a running service reports in /metrics (`sso_signer_info{signer="…"} 1`). */
export async function signerOf(url: string): Promise<string> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    return /^sso_signer_info\{signer="([a-z]+)"\} 1$/m.exec(text)?.[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

type Key = CryptoKey;

// ---------------------------------------------------------------------------------------------
// Realistic access-token payload

/** Claims shaped like a user access token (SPEC 2.1 + CONTRACT 5): ~the size of a real one. */
export function accessTokenClaims(opts: { payloadSize?: number; now?: number } = {}): Record<string, unknown> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const tenantId = 1042;
  const path = `/${tenantId}/20877/20913/21004/`;
  const claims: Record<string, unknown> = {
    token_use: "access",
    sub: "alexandra.johnson@northwind-engineering.example.com",
    uid: 4815162,
    org_id: 21004,
    org_name: "Northwind Engineering - Platform Team",
    org_path: path,
    tenant_id: tenantId,
    scope_self: [path],
    scope_subtree: [path],
    permissions: ["invoice.read", "invoice.write", "customer.read", "customer.write", "report.view", "report.export"],
    aud: "northwind-portal",
    iss: "https://sso.northwind-engineering.example.com",
    iat: now,
    exp: now + 900,
    jti: crypto.randomUUID(),
    sid: crypto.randomUUID(),
  };
  if (opts.payloadSize && opts.payloadSize > 0) {
    // Pad (never shrink) so the JSON payload is about payloadSize bytes.
    const base = JSON.stringify(claims).length + ',"pad":""'.length;
    const missing = opts.payloadSize - base;
    if (missing > 0) claims.pad = "x".repeat(missing);
  }
  return claims;
}

export interface SigningKey {
  privateKey: Key;
  publicKey: Key;
  kid: string;
}

export async function makeSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  return { privateKey, publicKey, kid: `bench-${crypto.randomUUID().slice(0, 8)}` };
}

/** Signs one access token the way the service does (fresh iat/exp/jti each time). */
export function signAccessToken(key: SigningKey, payloadSize?: number): Promise<string> {
  const claims = accessTokenClaims({ payloadSize });
  return signAccessJwt(claims, key.kid, key.privateKey);
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves with `p`, or with `fallback` after ms; the timer never outlives the race. */
async function within<T, F>(p: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<F>((r) => (timer = setTimeout(() => r(fallback), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `concurrency` loops calling `op` until `seconds` have passed; returns completed ops. */
export async function timedLoops(
  seconds: number,
  concurrency: number,
  op: () => Promise<unknown>,
): Promise<{ ops: number; failures: number; elapsedSec: number }> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let ops = 0;
  let failures = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      try {
        await op();
        // Only count work that finished inside the window.
        if (performance.now() <= deadline) ops++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const elapsedSec = Math.min(performance.now() - start, seconds * 1000) / 1000;
  return { ops, failures, elapsedSec };
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------
// 1. RS256 signing

export interface SignCeilingOptions {
  seconds?: number;
  concurrency?: number;
  /** Pad the JWT payload to about this many JSON bytes (default: the realistic claims as-is). */
  payloadSize?: number;
}

export async function rs256SignCeiling({
  seconds = 5,
  concurrency = 64,
  payloadSize,
}: SignCeilingOptions = {}): Promise<{
  opsPerSec: number;
  ops: number;
  seconds: number;
  concurrency: number;
  payloadBytes: number;
  tokenBytes: number;
}> {
  const key = await makeSigningKey();
  const sample = await signAccessToken(key, payloadSize); // warm jose + the key
  const { ops, failures, elapsedSec } = await timedLoops(seconds, concurrency, () => signAccessToken(key, payloadSize));
  if (failures > 0 && ops === 0) throw new Error("rs256SignCeiling: every signature failed");
  return {
    opsPerSec: round(ops / elapsedSec, 1),
    ops,
    seconds: round(elapsedSec, 3),
    concurrency,
    payloadBytes: JSON.stringify(accessTokenClaims({ payloadSize })).length,
    tokenBytes: sample.length,
  };
}

// ---------------------------------------------------------------------------------------------
// 1b. The processor's limit: `openssl speed -multi <cores> rsa2048`

export interface OpensslSpeed {
  /** RSA-2048 signatures per second, all processes together. */
  signPerSec: number;
  /** Processes (`-multi`): one per core. */
  multi: number;
  seconds: number;
  /** `openssl version` */
  version: string;
}

/**
 * Runs `openssl speed -mr -seconds <s> -multi <cores> rsa2048` and reads the summed sign/s from its
 * machine-readable `+F2:<n>:2048:<sign/s>:<verify/s>` line. `{ error }` (the reason) when the
 * `openssl` command is missing or says something else.
 */
export async function opensslSpeedCeiling({
  seconds = 3,
  multi = cpus().length,
}: {
  seconds?: number;
  multi?: number;
} = {}): Promise<OpensslSpeed | { error: string }> {
  try {
    const version = (await new Response(Bun.spawn(["openssl", "version"], { stdout: "pipe" }).stdout).text())
      .trim()
      .replace(/ \(Library: .*\)$/, "");
    const proc = Bun.spawn(
      [
        "openssl",
        "speed",
        "-mr",
        "-seconds",
        String(Math.max(1, Math.round(seconds))),
        "-multi",
        String(multi),
        "rsa2048",
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    const m = [...out.matchAll(/^\+F2:\d+:2048:([0-9.]+):([0-9.]+)$/gm)].at(-1);
    if (!m) return { error: `openssl speed printed no +F2 line (exit ${proc.exitCode})` };
    return { signPerSec: round(Number(m[1]), 1), multi, seconds, version };
  } catch (e) {
    return { error: `openssl is not runnable here: ${String((e as Error)?.message ?? e).split("\n")[0]}` };
  }
}

// ---------------------------------------------------------------------------------------------
// 2. argon2id verification

export const ARGON2_PARAMS = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export async function argon2VerifyCeiling({
  seconds = 5,
  concurrency = 2,
}: {
  seconds?: number;
  concurrency?: number;
} = {}): Promise<{
  opsPerSec: number;
  ops: number;
  seconds: number;
  concurrency: number;
  msPerVerify: number;
}> {
  const pw = "correct horse battery staple 42!";
  const hash = await Bun.password.hash(pw, ARGON2_PARAMS);
  if (!(await Bun.password.verify(pw, hash))) throw new Error("argon2VerifyCeiling: verify returned false");
  const { ops, failures, elapsedSec } = await timedLoops(seconds, concurrency, async () => {
    if (!(await Bun.password.verify(pw, hash))) throw new Error("verify returned false");
  });
  if (failures > 0 && ops === 0) throw new Error("argon2VerifyCeiling: every verification failed");
  const opsPerSec = ops / elapsedSec;
  return {
    opsPerSec: round(opsPerSec, 1),
    ops,
    seconds: round(elapsedSec, 3),
    concurrency,
    // Wall time per verification as seen by one of the `concurrency` callers.
    msPerVerify: ops ? round((elapsedSec * 1000 * concurrency) / ops, 1) : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// 3. HTTP load generator

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Called per request (a fresh RequestInit each time, so bodies are never reused; `url` overrides the target). Default GET. */
  makeRequest?: () => RequestInit & { url?: string };
  expectStatus?: number;
  /** Unmeasured run before the measured window (JIT, connection pool). Default 0. */
  warmupSeconds?: number;
}

export interface LoadResult {
  /** Requests that completed inside the window (any status, plus network failures). */
  requests: number;
  /** Requests that did not answer `expectStatus` (other statuses and network failures). */
  errors: number;
  /** Successful (expected-status) requests per second. */
  rps: number;
  /** Latency percentiles in ms over successful requests, send to body fully read. */
  p50: number;
  p99: number;
  seconds: number;
  connections: number;
  statuses: Record<string, number>;
  /** What drove the load: `wrk` (Debian's wrk, when installed) or `bun` (fetch in this process). */
  loadGenerator?: "wrk" | "bun";
}

export async function load({
  url,
  connections,
  seconds,
  makeRequest,
  expectStatus = 200,
  warmupSeconds = 0,
}: LoadOptions): Promise<LoadResult> {
  if (warmupSeconds > 0) {
    await runLoad({ url, connections, seconds: warmupSeconds, makeRequest, expectStatus });
  }
  return runLoad({ url, connections, seconds, makeRequest, expectStatus });
}

/**
 * The load generator: `wrk` (Debian's package, C and epoll: a few µs of CPU per request) when it is
 * installed and every request is the same, else fetch in this process (about 30 µs per request).
 * On a machine whose cores the service shares with the load generator, its cost is taken from the
 * service, so the cheaper one is used where it can be; SSO_BENCH_LOADGEN=bun forces fetch. The CPU
 * the generator spent is reported either way (bench/cpu.ts, "load generator").
 */
export const WRK = Bun.which("wrk");
const useWrk = () => WRK !== null && process.env.SSO_BENCH_LOADGEN !== "bun";
let wrkNoted = false;

interface StaticRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** The one request `makeRequest` always makes (checked on two calls), or null when it varies or is not plain. */
function staticRequest(url: string, makeRequest: LoadOptions["makeRequest"]): StaticRequest | null {
  const one = (): StaticRequest | null => {
    const { url: target, method = "GET", headers, body } = makeRequest ? makeRequest() : { method: "GET" };
    if (body !== undefined && body !== null && typeof body !== "string") return null;
    const h: Record<string, string> = {};
    new Headers(headers).forEach((v, k) => {
      h[k] = v;
    });
    return { url: target ?? url, method, headers: h, body: body ?? "" };
  };
  const a = one();
  const b = one();
  if (!a || !b || JSON.stringify(a) !== JSON.stringify(b)) return null;
  // wrk's script gets the strings as Lua literals: printable ASCII only.
  if (!/^[\x20-\x7e]*$/.test(JSON.stringify(a))) return null;
  return a;
}

/** Runs wrk for `seconds` on one thread; the Lua script sets the request and prints the summary as JSON. */
async function runWrk(
  req: StaticRequest,
  connections: number,
  seconds: number,
  expectStatus: number,
): Promise<LoadResult> {
  const lua = (x: string) => JSON.stringify(x); // a JSON string of printable ASCII is a valid Lua literal
  const script = [
    `wrk.method = ${lua(req.method)}`,
    `wrk.body = ${lua(req.body)}`,
    ...Object.entries(req.headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
    "done = function(s, latency, requests)",
    '  io.write(string.format("WRK {\\"requests\\":%d,\\"us\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"status\\":%d,\\"timeout\\":%d,\\"p50\\":%d,\\"p99\\":%d}\\n",',
    "    s.requests, s.duration, s.errors.connect, s.errors.read, s.errors.write, s.errors.status, s.errors.timeout,",
    "    latency:percentile(50), latency:percentile(99)))",
    "end",
  ].join("\n");
  const file = `${tmpdir()}/sso-bench-wrk-${process.pid}.lua`;
  await Bun.write(file, script);
  const proc = Bun.spawn(
    [WRK!, "-t", "1", "-c", String(connections), "-d", `${seconds}s`, "--timeout", "10s", "-s", file, req.url],
    { stdout: "pipe", stderr: "pipe" },
  );
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  await proc.exited;
  const line = /^WRK (\{.*\})$/m.exec(out)?.[1];
  if (proc.exitCode !== 0 || !line)
    throw new Error(`wrk failed (exit ${proc.exitCode}): ${(err || out).slice(0, 500)}`);
  const w = JSON.parse(line) as Record<string, number>;
  const elapsedSec = w.us / 1e6;
  // wrk counts an answer with status > 399 as a status error; every request it completed is in `requests`.
  const failed = w.connect + w.read + w.write + w.status + w.timeout;
  const ok = Math.max(0, w.requests - w.status);
  if (expectStatus >= 400)
    throw new Error("wrk: an expected error status cannot be told apart; use SSO_BENCH_LOADGEN=bun");
  return {
    requests: w.requests,
    errors: failed,
    rps: round(ok / elapsedSec, 1),
    p50: round(w.p50 / 1000),
    p99: round(w.p99 / 1000),
    seconds: round(elapsedSec, 3),
    connections,
    statuses: { [String(expectStatus)]: ok, ...(w.status ? { "4xx/5xx": w.status } : {}) },
    loadGenerator: "wrk",
  };
}

async function runLoad({
  url,
  connections,
  seconds,
  makeRequest,
  expectStatus = 200,
}: LoadOptions): Promise<LoadResult> {
  const u = new URL(url);
  if (u.hostname !== "127.0.0.1" && u.hostname !== "localhost" && u.hostname !== "[::1]") {
    throw new Error(`load: loopback targets only, got ${u.hostname}`);
  }
  const fixed = useWrk() && expectStatus < 400 ? staticRequest(url, makeRequest) : null;
  if (fixed) return runWrk(fixed, connections, seconds, expectStatus);
  if (!WRK && !wrkNoted) {
    wrkNoted = true;
    console.warn(
      "bench: wrk is not installed (apt-get install wrk); fetch in this process drives the load, which costs the service CPU",
    );
  }
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let errors = 0;

  const start = performance.now();
  const deadline = start + seconds * 1000;
  // Hard stop: anything still in flight at the deadline is aborted and not counted.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), seconds * 1000);

  const worker = async () => {
    while (!stop.signal.aborted && performance.now() < deadline) {
      const { url: target, ...init } = makeRequest ? makeRequest() : { method: "GET" };
      const t0 = performance.now();
      let status: string;
      try {
        const res = await fetch(target ?? url, { ...init, signal: stop.signal });
        await res.arrayBuffer(); // read the whole body: latency is to the last byte
        status = String(res.status);
      } catch {
        if (stop.signal.aborted) break; // cut off by the hard stop: neither success nor error
        status = "network_error";
      }
      const t1 = performance.now();
      if (t1 > deadline) break;
      requests++;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === String(expectStatus)) latencies.push(t1 - t0);
      else {
        errors++;
        if (status === "network_error") await sleep(5); // do not spin on a dead target
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.max(1, connections) }, worker));
  } finally {
    clearTimeout(timer);
  }
  const elapsedSec = Math.min(performance.now() - start, seconds * 1000) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests,
    errors,
    rps: round(latencies.length / elapsedSec, 1),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    seconds: round(elapsedSec, 3),
    connections,
    statuses,
    loadGenerator: "bun",
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Sign-only HTTP route, served from a child process

const SIGN_ONLY_SERVER = `${import.meta.dir}/sign-only-server.ts`;

export async function signOnlyRouteCeiling({
  seconds = 5,
  connections = 64,
  warmupSeconds = 1,
}: {
  seconds?: number;
  connections?: number;
  warmupSeconds?: number;
} = {}): Promise<LoadResult> {
  const { result } = await childRouteLoad({
    path: "/oauth2/token",
    seconds,
    connections,
    warmupSeconds,
    makeRequest: () => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    }),
  });
  return result;
}

/**
 * The floor of a sign-in: the same child server's route that runs one argon2id verification and
 * nothing else, under the sessions benchmark's 8 connections. Also answers the CPU each thread group
 * of the child, and the client, spent per request (bench/cpu.ts groups).
 */
export async function verifyOnlyRoute({
  seconds = 8,
  connections = 8,
  warmupSeconds = 3,
}: {
  seconds?: number;
  connections?: number;
  warmupSeconds?: number;
} = {}): Promise<{ result: LoadResult; cpu: Record<string, number> | null }> {
  const body = JSON.stringify({ email: "floor@bench.local", password: "floor-password-1" });
  return childRouteLoad({
    path: "/api/auth/login",
    seconds,
    connections,
    warmupSeconds,
    makeRequest: () => ({ method: "POST", headers: { "content-type": "application/json" }, body }),
  });
}

/** Starts sign-only-server.ts, loads one of its routes, and stops it. */
async function childRouteLoad(opts: {
  path: string;
  seconds: number;
  connections: number;
  warmupSeconds: number;
  makeRequest: LoadOptions["makeRequest"];
}) {
  // The server dies by itself after this long even if we are killed before cleaning up.
  const maxLifetime = Math.ceil(opts.seconds + opts.warmupSeconds + 60);
  const child = Bun.spawn([process.execPath, SIGN_ONLY_SERVER], {
    stdin: "pipe", // closing it (or our death) makes the child exit
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, SIGN_ONLY_MAX_SECONDS: String(maxLifetime) },
  });
  try {
    const port = await readPort(child.stdout, 15_000);
    const url = `http://127.0.0.1:${port}${opts.path}`;
    if (opts.warmupSeconds > 0)
      await load({ url, connections: opts.connections, seconds: opts.warmupSeconds, makeRequest: opts.makeRequest });
    const before = cpuSnapshot(child.pid);
    const result = await load({
      url,
      connections: opts.connections,
      seconds: opts.seconds,
      makeRequest: opts.makeRequest,
    });
    return { result, cpu: cpuPerRequest(before, cpuSnapshot(child.pid), result.requests) };
  } finally {
    try {
      child.stdin.end();
    } catch {}
    child.kill("SIGTERM");
    const exited = await within(
      child.exited.then(() => true),
      3000,
      false,
    );
    if (!exited) child.kill("SIGKILL");
  }
}

/** Reads the child's stdout until a line `PORT <n>` shows up, or fails after timeoutMs. */
async function readPort(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<number> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await within(reader.read(), Math.max(1, deadline - Date.now()), null);
      if (chunk === null) break;
      if (chunk.done) throw new Error(`sign-only server exited before printing its port: ${buf}`);
      buf += decoder.decode(chunk.value, { stream: true });
      const m = buf.match(/^PORT (\d+)$/m);
      if (m) return Number(m[1]);
    }
    throw new Error(`sign-only server did not print its port within ${timeoutMs} ms`);
  } finally {
    reader.releaseLock();
  }
}
