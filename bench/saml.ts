/**
 * SAML sign-ins on an existing sign-in session (issue 39, CONTRACT §17), on the real service
 * (`bun src/main.ts`, child process, SSO_RATE_LIMIT=off, SSO_LOG_LEVEL=warn), beside the same flow
 * in OpenID on the same service and the signing ceiling measured in the same run:
 *
 *   saml      each connection is a browser signed in once (bench/oidc.ts `fullSignIn`: the hosted
 *             pages, one sign-in session); a flow is the SP's AuthnRequest over HTTP-Redirect (a new
 *             ID each time: IDs are answered once per SP) with the session cookie → the 200
 *             auto-posting page; the driver reads the SAMLResponse out of it and checks that it is
 *             a Success answering that ID. One HTTP request; the service signs the Response and its
 *             Assertion: TWO RSA-SHA256 signatures (xml-crypto, exclusive c14n) per sign-in.
 *   oidc      silent SSO in the same browsers (bench/oidc.ts): GET /oauth2/authorize?prompt=none
 *             → 303 with the code → POST /oauth2/token. Two HTTP requests; two RS256 signatures
 *             (access token + ID token).
 *
 * Ceilings, in this process on one thread (the service signs on its one main thread too):
 *   rsaSignPerSec        RSA-2048 PKCS#1 v1.5 SHA-256 signatures with node:crypto (what xml-crypto
 *                        calls), so rsaSignPerSec / 2 SAML responses per second at most;
 *   signedResponsePerSec the whole signed Response as the service builds it (`signedResponse` of
 *                        src/protocols/saml: the XML, two canonicalizations, digests and signatures).
 *
 * Flows run closed-loop per connection with bench/oidc.ts `flowLoad` (only flows finished in the
 * window count; any failed step is an error named by `statuses`); CPU per flow from /proc.
 * Embedded (PGlite in a temp dir), and with `--postgres` a fresh Postgres database + Redis.
 *
 *   bun bench/saml.ts [--seconds 5] [--postgres] [--warmup 8] [--connections 32]
 */
import { flowCliOptions, runFromCli } from "./cli";
import { generateKeyPairSync, sign } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { signingCertificate } from "../src/features/tokens/x509";
import { signedResponse, STATUS } from "../src/protocols/saml/messages";
import { fieldOf } from "../test/support/page-fields";
import { cpuPerRequest, cpuSnapshot, formatCpu } from "./cpu";
import {
  type Browser,
  DEFAULT_WARMUP_SECONDS,
  exchangeCode,
  FlowError,
  type FlowResult,
  flowLoad,
  fullSignIn,
  httpBrowser,
  oidcFixture,
  silentCode,
} from "./oidc";
import { type BenchStore, json, withService } from "./sessions";

export interface BenchSamlOptions {
  /** Measured seconds per phase (default 5). */
  seconds?: number;
  /** Unmeasured warm-up before each measured phase (default 2 s). */
  warmupSeconds?: number;
  /** Also run on Postgres (fresh database on DATABASE_URL's server) + Redis (REDIS_URL, when set). */
  postgres?: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  /** Signed-in browsers, one flow at a time each (default 32, as bench/oidc.ts's silent SSO). */
  connections?: number;
  log?: (line: string) => void;
}

export interface SamlStoreResult {
  store: "embedded" | "postgres" | "postgres+redis";
  saml: FlowResult;
  oidc: FlowResult;
  /** Bytes of one decoded SAMLResponse (XML). */
  responseBytes: number;
  /** saml.rps / signedResponsePerSec. */
  ceilingRatio: number;
  /** saml.rps / oidc.rps (same service, same browsers, same run). */
  versusOidc: number;
  cpu: { saml: Record<string, number> | null; oidc: Record<string, number> | null };
}

export interface BenchSamlResult {
  host: { cpus: number; bun: string };
  ceilings: {
    /** RSA-2048 SHA-256 signatures per second, node:crypto, one thread. */
    rsaSignPerSec: number;
    /** Signatures in one SAML sign-in: the Response and its Assertion. */
    signaturesPerResponse: 2;
    /** rsaSignPerSec / 2. */
    responsesBySignatures: number;
    /** Whole signed Responses per second as the service builds them, one thread. */
    signedResponsePerSec: number;
  };
  runs: SamlStoreResult[];
}

const ACS = "https://sp.bench.local/acs";
const SP_ENTITY = "https://sp.bench.local/metadata";
const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

/** Calls `op` for `seconds` on this thread; answers calls per second. */
function syncRate(seconds: number, op: () => unknown): number {
  for (let i = 0; i < 20; i++) op(); // warm up
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let n = 0;
  while (performance.now() < deadline) {
    op();
    n++;
  }
  return round(n / ((performance.now() - start) / 1000), 1);
}

/** The signing ceilings (see the file comment), measured here on one thread. */
export async function samlCeilings(
  seconds: number,
): Promise<Omit<BenchSamlResult["ceilings"], "signaturesPerResponse">> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const webKey = await crypto.subtle.importKey(
    "pkcs8",
    privateKey.export({ format: "der", type: "pkcs8" }),
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const certificate = await signingCertificate({
    kid: "bench-saml",
    issuer: "http://sso.bench.local",
    createdAt: new Date(),
    privateKey: webKey,
    publicJwk: publicKey.export({ format: "jwk" }) as Record<string, unknown>,
  });
  // A SignedInfo is about this size once canonicalized.
  const signedInfo = Buffer.alloc(560, "s");
  const rsaSignPerSec = syncRate(seconds, () => sign("sha256", signedInfo, privateKey));
  const idp = {
    entityId: "http://sso.bench.local/saml/1",
    ssoUrl: "http://sso.bench.local/saml/1/sso",
    sloUrl: "http://sso.bench.local/saml/1/slo",
  };
  const signedResponsePerSec = syncRate(seconds, () =>
    signedResponse(
      {
        idp,
        audience: SP_ENTITY,
        acsUrl: ACS,
        inResponseTo: "_bench-request",
        nameId: { format: "persistent", value: "12345" },
        sid: "bench-session-id-0123456789",
        authTime: new Date(),
        multiFactor: false,
        attributes: [{ name: "mail", values: ["saml-user@bench.local"] }],
        now: new Date(),
        ttlSeconds: 300,
      },
      { privateKey, certificate },
    ),
  );
  return { rsaSignPerSec, responsesBySignatures: round(rsaSignPerSec / 2, 1), signedResponsePerSec };
}

let seq = 0;

/** One SAML sign-in on browser `b`'s session: the signed Response's XML, or a FlowError. */
export async function samlSignIn(b: Browser, tenantId: number): Promise<string> {
  const id = `_bench${process.pid}x${++seq}`;
  const request =
    `<samlp:AuthnRequest xmlns:samlp="${P}" xmlns:saml="${A}" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}"` +
    ` AssertionConsumerServiceURL="${ACS}" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST">` +
    `<saml:Issuer>${SP_ENTITY}</saml:Issuer></samlp:AuthnRequest>`;
  const query = new URLSearchParams({
    SAMLRequest: deflateRawSync(Buffer.from(request)).toString("base64"),
    RelayState: "bench",
  });
  const res = await b.follow(await b.get(`/saml/${tenantId}/sso?${query}`));
  if (res.status !== 200) {
    await res.arrayBuffer();
    throw new FlowError(`sso:${res.status}`);
  }
  let xml: string;
  try {
    xml = Buffer.from(fieldOf(await res.text(), "SAMLResponse"), "base64").toString("utf8");
  } catch {
    throw new FlowError("sso:no_response");
  }
  if (!xml.includes(`InResponseTo="${id}"`) || !xml.includes(`<samlp:StatusCode Value="${STATUS.success}"/>`))
    throw new FlowError("sso:not_success");
  return xml;
}

export async function runSamlOn(
  store: Exclude<BenchStore, "mongo">,
  opts: BenchSamlOptions,
  ceilings: BenchSamlResult["ceilings"],
): Promise<SamlStoreResult> {
  const seconds = opts.seconds ?? 5;
  const warmup = opts.warmupSeconds ?? DEFAULT_WARMUP_SECONDS;
  const connections = opts.connections ?? 32;
  const log = opts.log ?? (() => {});
  const label: SamlStoreResult["store"] =
    store === "embedded" ? "embedded" : (opts.redisUrl ?? process.env.REDIS_URL) ? "postgres+redis" : "postgres";
  return withService(store, opts, async (svc) => {
    const { adminToken, tenantId, applicationId, clientId, users } = await oidcFixture(svc.url, connections);
    await json(
      `${svc.url}/api/applications/${applicationId}/saml-providers`,
      {
        entityId: SP_ENTITY,
        acsUrls: [ACS],
        nameIdFormat: "persistent",
        attributes: [{ name: "mail", from: "email" }],
      },
      adminToken,
    );
    // One signed-in browser per connection (its own person), through the hosted pages once.
    const never = new AbortController().signal;
    const browsers = await Promise.all(
      users.map(async (email) => {
        const b = httpBrowser(svc.url, () => never);
        await fullSignIn(b, clientId, email);
        return b;
      }),
    );
    const responseBytes = (await samlSignIn(browsers[0], tenantId)).length;

    const samlFlow = async (conn: number) => {
      const b = browsers[conn];
      const before = b.sent();
      await samlSignIn(b, tenantId);
      return { more: true, sent: b.sent() - before };
    };
    log(`[${label}] SAML sign-in warm-up`);
    await flowLoad(connections, warmup, samlFlow);
    log(`[${label}] SAML sign-ins ${seconds}s x ${connections} connections`);
    const samlFrom = cpuSnapshot(svc.proc.pid);
    const { ranOut: _a, ...saml } = await flowLoad(connections, seconds, samlFlow);
    const samlCpu = cpuPerRequest(samlFrom, cpuSnapshot(svc.proc.pid), saml.requests);

    const oidcFlow = async (conn: number) => {
      const b = browsers[conn];
      const before = b.sent();
      await exchangeCode(b, clientId, await silentCode(b, clientId));
      return { more: true, sent: b.sent() - before };
    };
    log(`[${label}] OpenID silent SSO warm-up`);
    await flowLoad(connections, warmup, oidcFlow);
    log(`[${label}] OpenID silent SSO ${seconds}s x ${connections} connections`);
    const oidcFrom = cpuSnapshot(svc.proc.pid);
    const { ranOut: _b, ...oidc } = await flowLoad(connections, seconds, oidcFlow);
    const oidcCpu = cpuPerRequest(oidcFrom, cpuSnapshot(svc.proc.pid), oidc.requests);

    return {
      store: label,
      saml,
      oidc,
      responseBytes,
      ceilingRatio: round(saml.rps / ceilings.signedResponsePerSec),
      versusOidc: oidc.rps > 0 ? round(saml.rps / oidc.rps) : 0,
      cpu: { saml: samlCpu, oidc: oidcCpu },
    };
  });
}

/** SAML sign-ins per second on a session beside OpenID silent SSO and the signing ceilings. */
export async function benchSaml(opts: BenchSamlOptions = {}): Promise<BenchSamlResult> {
  const seconds = opts.seconds ?? 5;
  opts.log?.("ceilings: RSA-2048 SHA-256 signatures, whole signed Responses (one thread)");
  const measured = await samlCeilings(Math.min(seconds, 3));
  const ceilings = { ...measured, signaturesPerResponse: 2 as const };
  const runs = [await runSamlOn("embedded", opts, ceilings)];
  if (opts.postgres) runs.push(await runSamlOn("postgres", opts, ceilings));
  return { host: { cpus: navigator.hardwareConcurrency ?? 0, bun: Bun.version }, ceilings, runs };
}

/** One line per figure, beside its ceiling with the ratio. */
export function formatSamlBench(r: BenchSamlResult): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  const flow = (x: FlowResult) =>
    `${x.rps} /s  p50 ${x.p50} ms  p99 ${x.p99} ms  errors ${x.errors}  (${x.requests > x.errors ? round(x.httpRequests / (x.requests - x.errors), 1) : 0} HTTP requests each)`;
  const errs = (x: FlowResult) =>
    x.errors
      ? `    errors by step: ${Object.entries(x.statuses)
          .filter(([k]) => k !== "ok")
          .map(([k, v]) => `${k} ×${v}`)
          .join(", ")}`
      : "";
  const c = r.ceilings;
  const lines = [
    `SAML sign-ins on an existing session [${r.host.cpus} CPUs, bun ${r.host.bun}]`,
    `  ceiling: RSA-2048 SHA-256 signs (node:crypto, 1 thread)  ${c.rsaSignPerSec} /s → ${c.responsesBySignatures} responses/s (two signatures each: Response + Assertion)`,
    `  ceiling: whole signed Responses (signedResponse, 1 thread) ${c.signedResponsePerSec} /s`,
  ];
  for (const run of r.runs) {
    lines.push(
      `  [${run.store}] SAML sign-in       ${flow(run.saml)}   = ${pct(run.ceilingRatio)} of the signed-Response ceiling (${run.responseBytes} B responses)`,
      errs(run.saml),
      `    ${formatCpu("CPU per SAML sign-in", run.cpu.saml)}`,
      `  [${run.store}] OpenID silent SSO  ${flow(run.oidc)}   SAML = ${pct(run.versusOidc)} of it`,
      errs(run.oidc),
      `    ${formatCpu("CPU per silent SSO", run.cpu.oidc)}`,
    );
  }
  return lines.filter(Boolean).join("\n");
}

if (import.meta.main) await runFromCli(() => benchSaml(flowCliOptions()), formatSamlBench);
