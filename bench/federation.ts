/**
 * Enterprise sign-in under load (issue 38, CONTRACT §16): federated sign-ins per second through an
 * organization's own provider, OIDC and SAML, each beside its ceiling measured in the same run: the
 * same flow with an upstream that answers instantly.
 *
 * One flow, browserless (a fresh cookie jar: a new browser), as a person's browser goes:
 *   GET /oauth2/authorize?login_hint=<email of the connection's domain> → 303 to
 *   /federation/<kind>/<id>/start → its page (the upstream request in its form) → the upstream →
 *   OIDC: GET /federation/oidc/<id>/callback (we redeem the code at the upstream's token endpoint and
 *         verify its ID token);
 *   SAML: POST /federation/saml/<id>/acs (we verify the signed Response) → 303 → GET /continue →
 *   303 to the client's redirect URI with our code → POST /oauth2/token (public client, PKCE).
 * The first flow of each person creates their account (JIT, in the warm-up); the measured ones
 * follow the link. People round-robin over FED_PEOPLE addresses.
 *
 * The upstreams, in this process (they share its CPU with the load generator):
 *   OIDC   panva's oidc-provider: each flow signs in there afresh (its dev login and consent pages,
 *          a new upstream session every time), then its token endpoint (RS256 ID token).
 *   SAML   samlify as IdP: it inflates our AuthnRequest, verifies our signature against our SP
 *          metadata and signs a Response (RSA-SHA256 over the Assertion), answered as the
 *          auto-submitting form page; the person counts as signed in there already (samlify keeps
 *          no session).
 * The ceilings, the same flows against stub upstreams that do the least a valid answer needs:
 *   OIDC   its authorization endpoint redirects back at once with a code; its token endpoint
 *          answers an ID token signed with Ed25519 (jose; the only per-flow work: the nonce is
 *          per flow, so the token cannot be pre-made).
 *   SAML   its SSO endpoint reads the request ID (inflate, no signature check) and answers a
 *          pre-built Assertion template with the ID, InResponseTo and times filled in, signed once
 *          with RSA-SHA256 (xml-crypto; the InResponseTo is inside the signed element, so each
 *          answer needs its own signature).
 * So each ratio says what the upstream's own work costs the flow; our side is the same in both.
 *
 * Embedded (PGlite), and with `--postgres` a fresh Postgres database + Redis (REDIS_URL).
 *
 *   bun bench/federation.ts [--seconds 5] [--warmup 2] [--connections 8] [--postgres]
 */
import { flowCliOptions, runFromCli } from "./cli";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Provider from "oidc-provider";
import { createServer } from "node:net";
import type { LoadResult } from "./ceilings";
import {
  authorizePath,
  codeOf,
  exchangeCode,
  flowLoad,
  FlowError,
  httpBrowser,
  type Browser,
  type FlowResult,
} from "./oidc";
import { BENCH_ADMIN, json, withService, type BenchStore } from "./sessions";
import { requestOf, signedResponse, startSamlIdp, type SamlIdp } from "../test/support/saml-upstream";
import { atOidcProvider, handedBack, startPageTarget } from "../test/support/upstream-drivers";

export interface BenchFederationOptions {
  seconds?: number;
  warmupSeconds?: number;
  connections?: number;
  postgres?: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  log?: (line: string) => void;
}

export interface FederationStoreResult {
  store: "embedded" | "postgres" | "postgres+redis";
  oidc: FlowResult;
  oidcCeiling: FlowResult;
  saml: FlowResult;
  samlCeiling: FlowResult;
  /** oidc.rps / oidcCeiling.rps, saml.rps / samlCeiling.rps. */
  oidcRatio: number;
  samlRatio: number;
}

export interface BenchFederationResult {
  host: { cpus: number; bun: string };
  runs: FederationStoreResult[];
}

const FED_PEOPLE = 64;
const UPSTREAM_CLIENT = "bench-sso";
const UPSTREAM_SECRET = "bench-upstream-client-secret-0123456789";
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const esc = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
/** The auto-submitting page an IdP answers with (SAML bindings §3.5), and the driver's reading of it. */
const postPage = (acs: string, samlResponse: string) =>
  new Response(
    `<!doctype html><html lang=en><body onload="document.forms[0].submit()"><form method="post" action="${esc(acs)}">` +
      `<input type="hidden" name="SAMLResponse" value="${esc(samlResponse)}"><button>Continue</button></form></body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );
const samlResponseOf = (html: string) => {
  const m = /name="SAMLResponse" value="([^"]+)"/.exec(html);
  if (!m) throw new FlowError("idp:no-response");
  return m[1];
};

/** Two OIDC upstreams (oidc-provider and the instant stub) and two SAML ones (samlify and the stub). */
async function startUpstreams() {
  // The instant OIDC stub: a code at once, an Ed25519 ID token at the token endpoint.
  const stubPort = await freePort();
  const stubIss = `http://127.0.0.1:${stubPort}`;
  const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "stub", alg: "EdDSA", use: "sig" };
  const codes = new Map<string, { nonce: string; sub: string }>();
  let stubNext = 0;
  const oidcStub = Bun.serve({
    port: stubPort,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/.well-known/openid-configuration")
        return Response.json({
          issuer: stubIss,
          authorization_endpoint: `${stubIss}/authorize`,
          token_endpoint: `${stubIss}/token`,
          jwks_uri: `${stubIss}/jwks`,
          id_token_signing_alg_values_supported: ["EdDSA"],
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
        });
      if (url.pathname === "/jwks") return Response.json({ keys: [jwk] });
      if (url.pathname === "/authorize") {
        const code = crypto.randomUUID();
        codes.set(code, { nonce: url.searchParams.get("nonce") ?? "", sub: `stub-${stubNext++ % FED_PEOPLE}` });
        const back = new URL(url.searchParams.get("redirect_uri")!);
        back.search = new URLSearchParams({ code, state: url.searchParams.get("state") ?? "" }).toString();
        return new Response(null, { status: 302, headers: { location: back.href } });
      }
      if (url.pathname === "/token") {
        const form = new URLSearchParams(await req.text());
        const grant = codes.get(form.get("code") ?? "");
        if (!grant) return Response.json({ error: "invalid_grant" }, { status: 400 });
        codes.delete(form.get("code")!);
        const idToken = await new SignJWT({
          email: `${grant.sub}@oidc-stub.bench.example`,
          email_verified: true,
          nonce: grant.nonce,
        })
          .setProtectedHeader({ alg: "EdDSA", kid: "stub" })
          .setIssuer(stubIss)
          .setAudience(UPSTREAM_CLIENT)
          .setSubject(grant.sub)
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(privateKey);
        return Response.json({ access_token: "stub", token_type: "Bearer", id_token: idToken });
      }
      return new Response("not found", { status: 404 });
    },
  });

  // The real OIDC upstream: oidc-provider, its clients registered once our connection exists.
  const realPort = await freePort();
  const realIss = `http://127.0.0.1:${realPort}`;

  // SAML: samlify, and the stub (its own key; its metadata made by samlify, only its key used after).
  const samlPort = await freePort();
  const samlStubPort = await freePort();
  const samlReal = await startSamlIdp(`http://127.0.0.1:${samlPort}`);
  const samlStubIdp = await startSamlIdp(`http://127.0.0.1:${samlStubPort}`);
  return { stubIss, oidcStub, realIss, realPort, samlReal, samlStubIdp, samlPort, samlStubPort };
}

export async function runFederationOn(
  store: Exclude<BenchStore, "mongo">,
  opts: BenchFederationOptions,
): Promise<FederationStoreResult> {
  const seconds = opts.seconds ?? 5;
  const warmup = opts.warmupSeconds ?? 2;
  const connections = opts.connections ?? 8;
  const log = opts.log ?? (() => {});
  const label: FederationStoreResult["store"] =
    store === "embedded" ? "embedded" : (opts.redisUrl ?? process.env.REDIS_URL) ? "postgres+redis" : "postgres";
  const up = await startUpstreams();
  const servers: { stop(): void }[] = [{ stop: () => up.oidcStub.stop(true) }];
  try {
    return await withService(store, { ...opts, env: { SSO_WEBHOOK_ALLOW_PRIVATE: "true" } }, async (svc) => {
      const issuer = "http://sso.bench.local";
      const admin = await json(`${svc.url}/api/auth/login`, BENCH_ADMIN);
      const token = admin.accessToken as string;
      const orgId = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).org_id;
      const app = await json(
        `${svc.url}/api/applications`,
        { organizationId: orgId, identifier: "https://api.fed.bench.local", name: "Bench API" },
        token,
      );
      const client = await json(
        `${svc.url}/api/clients`,
        {
          name: "Bench portal",
          orgId,
          applicationId: app.id,
          type: "public",
          grantTypes: ["authorization_code"],
          redirectUris: ["https://app.bench.local/cb"],
        },
        token,
      );
      const clientId = client.clientId as string;
      const connect = async (domain: string, body: Record<string, unknown>) => {
        await json(`${svc.url}/api/organizations/${orgId}/domains`, { domain }, token);
        await json(`${svc.url}/api/organizations/${orgId}/domains/${domain}/verify`, { force: true }, token);
        return json(
          `${svc.url}/api/organizations/${orgId}/identity-providers`,
          { name: domain, enabled: true, domains: [domain], jit: { enabled: true }, ...body },
          token,
        );
      };
      const oidcOf = (iss: string) => ({ issuer: iss, clientId: UPSTREAM_CLIENT, clientSecret: UPSTREAM_SECRET });
      const realOidc = await connect("oidc-real.bench.example", { kind: "oidc", oidc: oidcOf(up.realIss) });
      await connect("oidc-stub.bench.example", { kind: "oidc", oidc: oidcOf(up.stubIss) });
      const realSaml = await connect("saml-real.bench.example", {
        kind: "saml",
        saml: { metadataXml: up.samlReal.metadataXml },
      });
      const stubSaml = await connect("saml-stub.bench.example", {
        kind: "saml",
        saml: { metadataXml: up.samlStubIdp.metadataXml },
      });

      const provider = new Provider(up.realIss, {
        clients: [
          {
            client_id: UPSTREAM_CLIENT,
            client_secret: UPSTREAM_SECRET,
            redirect_uris: [realOidc.redirectUri],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        claims: { openid: ["sub"], email: ["email", "email_verified"] },
        conformIdTokenClaims: false,
        findAccount: async (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: async () => ({ sub: id, email: `${id}@oidc-real.bench.example`, email_verified: true }),
        }),
      });
      const listening = provider.listen(up.realPort);
      servers.push({ stop: () => listening.close() });

      const spMetadata = async (conn: { spMetadataUrl: string }) =>
        (await fetch(`${svc.url}${new URL(conn.spMetadataUrl).pathname}`)).text();
      const realMd = await spMetadata(realSaml);
      const stubMd = await spMetadata(stubSaml);
      servers.push(
        samlIdpServer(up.samlPort, async (url) => {
          const a = await up.samlReal.answer(url, realMd, emailOf(url));
          return postPage(a.acs, a.SAMLResponse);
        }),
        samlIdpServer(up.samlStubPort, async (url) => {
          const { id } = requestOf(url);
          const xml = signedResponse(
            {
              issuer: up.samlStubIdp.entityId,
              destination: stubSaml.acsUrl,
              audience: stubSaml.spEntityId,
              recipient: stubSaml.acsUrl,
              inResponseTo: id,
              nameId: emailOf(url),
            },
            up.samlStubIdp.key,
          );
          return postPage(stubSaml.acsUrl, Buffer.from(xml).toString("base64"));
        }),
      );
      // The SAML IdPs sign in whoever the driver says: the email rides in RelayState-free state here.
      const pendingEmail = new Map<string, string>();
      function emailOf(url: string) {
        const id = requestOf(url).id;
        const e = pendingEmail.get(id);
        pendingEmail.delete(id);
        if (!e) throw new Error("no person for this request");
        return e;
      }

      /** One federated sign-in for `person` of `domain` (its connection), in a new browser. */
      const flow = async (
        kind: "oidc" | "saml",
        domain: string,
        person: number,
        signal: () => AbortSignal,
        upstream: (target: string, email: string, b: Browser) => Promise<Response>,
      ) => {
        const b = httpBrowser(svc.url, signal);
        const email = `p${person}@${domain}`;
        const first = await b.get(authorizePath(clientId, { login_hint: email }));
        await first.arrayBuffer();
        const start = first.headers.get("location") ?? "";
        if (first.status !== 303 || !start.startsWith(`/federation/${kind}/`))
          throw new FlowError(`authorize:${first.status}`);
        const page = await b.get(start);
        if (page.status !== 200) throw new FlowError(`start:${page.status}`);
        const back = await upstream(startPageTarget(await page.text()), email, b);
        await exchangeCode(b, clientId, await codeOf(await handedBack(await b.follow(back)), "callback"));
        return { more: true, sent: b.sent() };
      };
      const viaOidc = (real: boolean) => async (target: string, email: string, b: Browser) => {
        let callback: string;
        if (real) callback = await atOidcProvider(target, email.split("@")[0], issuer);
        else {
          const r = await fetch(target, { redirect: "manual" });
          await r.arrayBuffer();
          callback = r.headers.get("location") ?? "";
        }
        if (!callback.startsWith(issuer)) throw new FlowError("upstream:no-callback");
        return b.get(callback.slice(issuer.length));
      };
      const viaSaml = (conn: { id: number }) => async (target: string, email: string, b: Browser) => {
        pendingEmail.set(requestOf(target).id, email);
        const r = await fetch(target);
        if (r.status !== 200) throw new FlowError(`idp:${r.status}`);
        return b.post(`/federation/saml/${conn.id}/acs`, { SAMLResponse: samlResponseOf(await r.text()) });
      };

      const phase = async (
        name: string,
        run: (person: number, signal: () => AbortSignal) => Promise<{ more: boolean; sent: number }>,
      ) => {
        let next = 0;
        const it = (_: number, signal: () => AbortSignal) => run(next++ % FED_PEOPLE, signal);
        // The first pass creates the people (JIT); the warm-up then runs flows like the measured ones.
        log(`[${label}] ${name}: first sign-ins (JIT) and warm-up`);
        for (let p = 0; p < FED_PEOPLE; p += connections)
          await Promise.all(
            Array.from({ length: Math.min(connections, FED_PEOPLE - p) }, (_, i) =>
              run(p + i, () => new AbortController().signal),
            ),
          );
        await flowLoad(connections, warmup, it);
        log(`[${label}] ${name}: ${seconds}s x ${connections} connections`);
        const { ranOut: _r, ...measured } = await flowLoad(connections, seconds, it);
        return measured;
      };
      const oidc = await phase("OIDC via oidc-provider", (p, s) =>
        flow("oidc", "oidc-real.bench.example", p, s, viaOidc(true)),
      );
      const oidcCeiling = await phase("OIDC via the instant stub", (p, s) =>
        flow("oidc", "oidc-stub.bench.example", p, s, viaOidc(false)),
      );
      const saml = await phase("SAML via samlify", (p, s) =>
        flow("saml", "saml-real.bench.example", p, s, viaSaml(realSaml)),
      );
      const samlCeiling = await phase("SAML via the instant stub", (p, s) =>
        flow("saml", "saml-stub.bench.example", p, s, viaSaml(stubSaml)),
      );
      return {
        store: label,
        oidc,
        oidcCeiling,
        saml,
        samlCeiling,
        oidcRatio: oidcCeiling.rps > 0 ? round(oidc.rps / oidcCeiling.rps) : 0,
        samlRatio: samlCeiling.rps > 0 ? round(saml.rps / samlCeiling.rps) : 0,
      };
    });
  } finally {
    for (const s of servers) s.stop();
  }
}

/** A SAML IdP's SSO endpoint on a port: `answer` gets the whole HTTP-Redirect URL as received. */
function samlIdpServer(port: number, answer: (url: string) => Promise<Response>) {
  const server = Bun.serve({
    port,
    hostname: "127.0.0.1",
    fetch: async (req) => {
      const url = new URL(req.url);
      if (url.pathname !== "/sso") return new Response("not found", { status: 404 });
      try {
        return await answer(req.url);
      } catch (e) {
        return new Response(String((e as Error)?.message ?? e), { status: 400 });
      }
    },
  });
  return { stop: () => server.stop(true) };
}

/** OIDC and SAML federated sign-ins per second, embedded (and Postgres + Redis), each beside its instant-upstream ceiling. */
export async function benchFederation(opts: BenchFederationOptions = {}): Promise<BenchFederationResult> {
  const runs = [await runFederationOn("embedded", opts)];
  if (opts.postgres) runs.push(await runFederationOn("postgres", opts));
  return { host: { cpus: navigator.hardwareConcurrency ?? 0, bun: Bun.version }, runs };
}

export function formatFederationBench(r: BenchFederationResult): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  const flow = (x: FlowResult) =>
    `${String(x.rps).padStart(7)} /s  p50 ${x.p50} ms  p99 ${x.p99} ms  errors ${x.errors}${x.errors ? ` (${errs(x)})` : ""}`;
  const errs = (x: LoadResult) =>
    Object.entries(x.statuses)
      .filter(([k]) => k !== "ok")
      .map(([k, v]) => `${k} ×${v}`)
      .join(", ");
  const lines = [`Enterprise sign-in, a federated sign-in flow per second [${r.host.cpus} CPUs, bun ${r.host.bun}]`];
  for (const run of r.runs)
    lines.push(
      `  [${run.store}] OIDC via oidc-provider      ${flow(run.oidc)}   = ${pct(run.oidcRatio)} of its ceiling`,
      `  [${run.store}] ceiling: instant OIDC stub  ${flow(run.oidcCeiling)}`,
      `  [${run.store}] SAML via samlify            ${flow(run.saml)}   = ${pct(run.samlRatio)} of its ceiling`,
      `  [${run.store}] ceiling: instant SAML stub  ${flow(run.samlCeiling)}`,
    );
  return lines.join("\n");
}

if (import.meta.main) await runFromCli(() => benchFederation(flowCliOptions()), formatFederationBench);
