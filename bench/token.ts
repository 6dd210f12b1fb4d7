/**
 * POST /oauth2/token under load, read against this machine's ceilings measured in the same run:
 *
 *   opensslSpeed   `openssl speed -multi <cores> rsa2048` sign/s: the processor's limit for the one
 *                  signature each token costs
 *   rs256Sign      raw RS256 signatures/s with jose (64 concurrent), no HTTP
 *   signOnlyRoute  a minimal Bun route that only signs a JWT of access-token size (child process)
 *   tokenEndpoint  the real service (`bun src/main.ts`, child process) answering client_credentials
 *                  with HTTP Basic, SSO_RATE_LIMIT=off, embedded, Postgres (+ Redis) or MongoDB (+ Redis)
 *   sdkVerify      the SDK's verifyMachine/s on one machine token (64 concurrent, keys cached)
 *
 * Aims: tokenEndpoint.rps ≥ 70 % of opensslSpeed (issue 30) and ≥ 85 % of signOnlyRoute.rps, zero
 * errors, p99 < 50 ms. The service signs with SSO_SIGNER from this process's environment (unset:
 * its default, auto); the signer it reports in /metrics is printed beside the figures.
 *
 *   bun bench/token.ts [--seconds 10] [--connections 64] [--store embedded|postgres|mongo] [--log-level warn] [--skip-ceilings]
 * (--store postgres uses DATABASE_URL's server for a fresh database, --store mongo MONGODB_URL's
 * (default mongodb://127.0.0.1:27018/, FerretDB in CI); both use REDIS_URL when set. --postgres
 * is the older spelling of --store postgres.)
 */
import { createClientCredentials, createVerifier } from "../src/sdk";
import {
  load,
  opensslSpeedCeiling,
  rs256SignCeiling,
  signerEnv,
  signerOf,
  signOnlyRouteCeiling,
  timedLoops,
  type LoadResult,
  type OpensslSpeed,
} from "./ceilings";
import { cpuPerRequest, cpuSnapshot, formatCpu } from "./cpu";
import { useMongoUrl } from "./mongo";
import { rssMiB } from "./soak";

export type TokenBenchStore = "embedded" | "postgres" | "mongo";

export interface BenchTokenOptions {
  /** Measured seconds per phase (default 10). */
  seconds?: number;
  /** Concurrent connections / operations (default 64). */
  connections?: number;
  /** Unmeasured warm-up before each HTTP phase (default 2 s). */
  warmupSeconds?: number;
  /**
   * Where the service keeps its data (default "embedded"): "postgres" a fresh database on
   * DATABASE_URL's server, "mongo" a fresh database on MONGODB_URL's; both + Redis (REDIS_URL, when set).
   */
  store?: TokenBenchStore;
  /** Older spelling of `store: "postgres"` (used when `store` is not given). */
  postgres?: boolean;
  redisUrl?: string;
  /** Service log level (default "warn": no per-request access log line). */
  logLevel?: "debug" | "info" | "warn" | "error" | "silent";
  /** Skip the ceilings (when the caller measured them already). */
  skipCeilings?: boolean;
}

export interface BenchTokenResult {
  store: "embedded" | "postgres" | "postgres+redis" | "mongo" | "mongo+redis";
  connections: number;
  /** The signer the service ran (its sso_signer_info metric). */
  signer: string;
  tokenEndpoint: LoadResult;
  /** `openssl speed -multi <cores> rsa2048`, or why it could not run. */
  opensslSpeed?: OpensslSpeed | { error: string };
  signOnlyRoute?: LoadResult;
  rs256Sign?: { opsPerSec: number; tokenBytes: number };
  sdkVerify: { opsPerSec: number; ops: number; failures: number };
  /** The service's RSS right after the measured load and 3 s later (MiB; null off Linux). */
  rss: { afterLoadMiB: number | null; idleMiB: number | null };
  /** CPU per token request by service thread group, store process and load generator (bench/cpu.ts; null off Linux). */
  cpu: Record<string, number> | null;
  /** tokenEndpoint.rps / signOnlyRoute.rps. */
  ratioToSignOnly?: number;
  /** tokenEndpoint.rps / opensslSpeed.signPerSec. */
  ratioToOpensslSpeed?: number;
  tokenBytes: number;
  /** The aims: ≥ 70 % of openssl speed, ≥ 85 % of the sign-only route, zero errors, p99 < 50 ms. */
  meetsAim?: { opensslSpeed?: boolean; ratio: boolean; zeroErrors: boolean; p99: boolean };
}

/** Operations per second of `op` in `concurrency` loops for `seconds` (ceilings.ts timedLoops). */
async function timed(seconds: number, concurrency: number, op: () => Promise<unknown>) {
  const { ops, failures, elapsedSec } = await timedLoops(seconds, concurrency, op);
  return { opsPerSec: Math.round((ops / elapsedSec) * 10) / 10, ops, failures };
}

/** Runs the token-endpoint benchmark with its ceilings; see the file comment. */
export async function benchToken(opts: BenchTokenOptions = {}): Promise<BenchTokenResult> {
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 64;
  const warmupSeconds = opts.warmupSeconds ?? 2;
  const kind: TokenBenchStore = opts.store ?? (opts.postgres ? "postgres" : "embedded");
  const redisUrl = kind !== "embedded" ? (opts.redisUrl ?? process.env.REDIS_URL) : undefined;
  const store: BenchTokenResult["store"] = kind === "embedded" ? "embedded" : redisUrl ? `${kind}+redis` : kind;
  if (kind === "mongo") useMongoUrl();
  // Imported here, not at the top: test/support/stores.ts reads MONGODB_URL when first loaded.
  const { startSeededServer, SERVER_ADMIN } = await import("../test/sdk/server");

  // Ceilings first, while nothing else runs.
  const speed = opts.skipCeilings ? undefined : await opensslSpeedCeiling({ seconds: Math.min(seconds, 5) });
  const rs256 = opts.skipCeilings ? undefined : await rs256SignCeiling({ seconds, concurrency: connections });
  const signOnly = opts.skipCeilings ? undefined : await signOnlyRouteCeiling({ seconds, connections, warmupSeconds });

  const server = await startSeededServer({
    postgres: kind === "postgres",
    mongo: kind === "mongo",
    redisUrl,
    env: { SSO_LOG_LEVEL: opts.logLevel ?? "warn", ...signerEnv() },
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: SERVER_ADMIN.email, password: SERVER_ADMIN.password }),
    });
    const adminToken = ((await login.json()) as { accessToken: string }).accessToken;
    const reg = await fetch(`${server.url}/api/clients`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        name: "bench",
        orgId: server.world.orgA1.id,
        applicationId: server.world.appOrders.id,
        scopes: ["orders.read", "api.default"],
      }),
    });
    if (reg.status !== 200) throw new Error(`bench: client registration failed: ${reg.status} ${await reg.text()}`);
    const client = (await reg.json()) as { clientId: string; clientSecret: string };
    const authorization = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`;

    const tokenRequests = {
      url: `${server.url}/oauth2/token`,
      connections,
      makeRequest: () => ({
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
    };
    if (warmupSeconds > 0) await load({ ...tokenRequests, seconds: warmupSeconds });
    const cpuFrom = cpuSnapshot(server.proc.pid);
    const tokenEndpoint = await load({ ...tokenRequests, seconds });
    const cpu = cpuPerRequest(cpuFrom, cpuSnapshot(server.proc.pid), tokenEndpoint.requests);
    // What the service holds right after the load, and once it has been idle for 3 s (issue 41's aim: ≤ 200 MiB embedded).
    const rssAfterLoadMiB = process.platform === "linux" ? rssMiB(server.proc.pid) : null;
    await Bun.sleep(3000);
    const rssIdleMiB = process.platform === "linux" ? rssMiB(server.proc.pid) : null;

    const token = await createClientCredentials({
      issuer: server.issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    }).getToken();
    const verifier = createVerifier({ issuer: server.issuer, audience: server.world.appOrders.identifier });
    await verifier.verifyMachine(token, { scopes: ["orders.read"] }); // discovery + keys
    const sdkVerify = await timed(seconds, connections, () =>
      verifier.verifyMachine(token, { scopes: ["orders.read"] }),
    );

    const signer = await signerOf(server.url);
    const speedRatio =
      speed && "signPerSec" in speed && speed.signPerSec > 0
        ? Math.round((tokenEndpoint.rps / speed.signPerSec) * 1000) / 1000
        : undefined;
    const ratio =
      signOnly && signOnly.rps > 0 ? Math.round((tokenEndpoint.rps / signOnly.rps) * 1000) / 1000 : undefined;
    return {
      store,
      connections,
      signer,
      tokenEndpoint,
      opensslSpeed: speed,
      signOnlyRoute: signOnly,
      rs256Sign: rs256 && { opsPerSec: rs256.opsPerSec, tokenBytes: rs256.tokenBytes },
      sdkVerify,
      cpu,
      rss: { afterLoadMiB: rssAfterLoadMiB, idleMiB: rssIdleMiB },
      ratioToSignOnly: ratio,
      ratioToOpensslSpeed: speedRatio,
      tokenBytes: token.length,
      meetsAim:
        ratio === undefined
          ? undefined
          : {
              opensslSpeed: speedRatio === undefined ? undefined : speedRatio >= 0.7,
              ratio: ratio >= 0.85,
              zeroErrors: tokenEndpoint.errors === 0,
              p99: tokenEndpoint.p99 < 50,
            },
    };
  } finally {
    await server.close();
  }
}

/** One line per figure, ceilings beside the endpoint. */
export function formatTokenBench(r: BenchTokenResult): string {
  const l = (name: string, v: string) => `  ${name.padEnd(28)} ${v}`;
  const http = (x: LoadResult) => `${x.rps} req/s  p50 ${x.p50} ms  p99 ${x.p99} ms  errors ${x.errors}`;
  return [
    `POST /oauth2/token [${r.store}, ${r.connections} connections, token ${r.tokenBytes} B, signer ${r.signer}]`,
    l("token endpoint", http(r.tokenEndpoint)),
    r.rss.afterLoadMiB !== null
      ? l("service RSS after the load", `${r.rss.afterLoadMiB} MiB, ${r.rss.idleMiB} MiB 3 s later`)
      : "",
    r.opensslSpeed
      ? "signPerSec" in r.opensslSpeed
        ? l(
            `ceiling: openssl speed ×${r.opensslSpeed.multi}`,
            `${r.opensslSpeed.signPerSec} RSA-2048 signs/s (${r.opensslSpeed.version}, -multi ${r.opensslSpeed.multi})`,
          )
        : l("ceiling: openssl speed", `NOT RUN (${r.opensslSpeed.error})`)
      : "",
    r.ratioToOpensslSpeed !== undefined
      ? l("endpoint / openssl speed", `${Math.round(r.ratioToOpensslSpeed * 1000) / 10} %  (aim ≥ 70 %)`)
      : "",
    r.signOnlyRoute ? l("ceiling: sign-only route", http(r.signOnlyRoute)) : "",
    r.rs256Sign
      ? l("ceiling: RS256 signs (jose)", `${r.rs256Sign.opsPerSec} /s (token ${r.rs256Sign.tokenBytes} B)`)
      : "",
    r.ratioToSignOnly !== undefined
      ? l("endpoint / sign-only route", `${Math.round(r.ratioToSignOnly * 1000) / 10} %  (aim ≥ 85 %)`)
      : "",
    l("SDK verifyMachine", `${r.sdkVerify.opsPerSec} /s (failures ${r.sdkVerify.failures})`),
    r.cpu ? `  ${formatCpu("CPU per token request", r.cpu)}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const r = await benchToken({
    seconds: Number(arg("seconds") ?? 10),
    connections: Number(arg("connections") ?? 64),
    store:
      (arg("store") as TokenBenchStore | undefined) ?? (process.argv.includes("--postgres") ? "postgres" : "embedded"),
    redisUrl: process.env.REDIS_URL,
    logLevel: (arg("log-level") as BenchTokenOptions["logLevel"]) ?? "warn",
    skipCeilings: process.argv.includes("--skip-ceilings"),
  });
  console.log(formatTokenBench(r));
  console.log(JSON.stringify(r, null, 2));
  process.exit(0);
}
