/**
 * Signing in at an organization's own OpenID provider (CONTRACT §16 "Upstream flows"): the
 * journey hands a browser to a connection (`start`), we send it to the upstream with the
 * authorization code flow + PKCE (S256) + state + nonce (oauth4webapi), and its callback
 * (`callback`) redeems the code, verifies the ID token and finishes the journey with a federated
 * proof (`amr` `fed`).
 *
 * - State, nonce and the PKCE verifier are one single-use record in the primary store
 *   (`oneTimeTokens`, kind `fed_state`, keyed by the SHA-256 of `state`, 10 minutes): any
 *   instance serves the callback; a replayed or forged `state` finds nothing.
 * - The ID token: signature from the upstream's discovered `jwks_uri`, `alg` pinned to what its
 *   metadata lists (never `none`, never HMAC), `iss` the discovered issuer (itself the configured
 *   one), `aud` our client id (and `azp` when several audiences), `exp`, `nonce`.
 * - Every upstream URL is fetched through the SSRF-guarded outbound fetch.
 * - An upstream error (`access_denied`) goes back to the client; anything invalid is an error page.
 */
import { sameBrowser, UPSTREAM_STATE_SECONDS } from "./binding";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import * as oauth from "oauth4webapi";
import type { Clock } from "../../kernel/clock";
import type { CryptoBox } from "../../kernel/crypto-box";
import { sha256Hex } from "../../kernel/secrets";
import type { Connection, ConnectionRepo, EnterpriseSignIn } from "../../features/connections";
import { upstreamValues } from "../../features/connections";
import type { DomainEvent } from "../../features/events";
import type { BrowserContext, JourneyOutcome, JourneyService } from "../../features/journey";
import type { OneTimeTokenRepo } from "../../features/sessions/ports";
import { finishVerified, invalid, startingAt } from "./outcomes";
/** Asymmetric algorithms only: `none` and HMAC (keyed with the client secret) are never accepted. */
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;
const SKEW_SECONDS = 60;
export type UpstreamFetch = (url: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface OidcUpstreamDeps {
  issuer: string;
  clock: Clock;
  box: CryptoBox;
  connections: Pick<ConnectionRepo, "get">;
  oneTimeTokens: Pick<OneTimeTokenRepo, "create" | "consume">;
  journey: Pick<JourneyService, "open" | "entryOf" | "finishUpstream" | "failUpstream" | "expired">;
  enterprise: Pick<EnterpriseSignIn, "resolveAccount">;
  /** The SSRF-guarded outbound fetch (adapters/outbound/guarded-fetch.ts). */
  fetch: UpstreamFetch;
  /** Plain http upstreams (development and tests: SSO_WEBHOOK_ALLOW_PRIVATE). */
  allowInsecure: boolean;
  record(e: DomainEvent): Promise<void>;
  log: { warn(msg: string, fields?: Record<string, unknown>): void };
}

const UPSTREAM_ERRORS = new Set(["access_denied", "temporarily_unavailable"]);

export function createOidcUpstream(deps: OidcUpstreamDeps) {
  const options = () =>
    ({
      [oauth.customFetch]: deps.fetch as typeof fetch,
      ...(deps.allowInsecure ? { [oauth.allowInsecureRequests]: true } : {}),
    }) as const;
  /** Discovery results, per connection and issuer, for five minutes. */
  const discovered = new Map<string, { as: oauth.AuthorizationServer; jwks: JSONWebKeySet; at: number }>();

  /** The upstream's metadata (its `issuer` must be the configured one) and its keys. */
  async function discover(c: Connection) {
    const key = `${c.id}|${c.oidc!.issuer}`;
    const hit = discovered.get(key);
    const now = deps.clock.now().getTime();
    if (hit && now - hit.at < 300_000) return hit;
    const issuer = new URL(c.oidc!.issuer);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options()));
    if (!as.jwks_uri || !as.authorization_endpoint || !as.token_endpoint)
      throw new Error("the upstream's metadata lacks jwks_uri, authorization_endpoint or token_endpoint");
    const res = await deps.fetch(as.jwks_uri, { headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`the upstream's jwks_uri answered ${res.status}`);
    const jwks = (await res.json()) as JSONWebKeySet;
    if (!Array.isArray(jwks?.keys)) throw new Error("the upstream's JWKS has no keys");
    const entry = { as, jwks, at: now };
    discovered.set(key, entry);
    return entry;
  }

  /**
   * `GET /federation/oidc/{id}/start?interaction=`: the authorization request to the upstream's
   * authorization endpoint (its parameters), with a fresh state, nonce and PKCE verifier kept for
   * the callback.
   */
  async function start(
    connectionId: number,
    handle: string | null,
    binding: string,
  ): Promise<JourneyOutcome | { endpoint: string; params: [string, string][]; name: string }> {
    const at = await startingAt(deps, "oidc", connectionId, handle);
    if ("outcome" in at) return at.outcome;
    const c = at.c as Connection & { oidc: NonNullable<Connection["oidc"]> };
    let as: oauth.AuthorizationServer;
    try {
      ({ as } = await discover(c));
    } catch (e) {
      deps.log.warn("upstream discovery failed", { connectionId, error: String((e as Error)?.message ?? e) });
      return invalid("discovery", c.oidc.issuer);
    }
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const verifier = oauth.generateRandomCodeVerifier();
    const now = deps.clock.now();
    await deps.oneTimeTokens.create(sha256Hex(state), {
      kind: "fed_state",
      tenantId: c.tenantId,
      userId: 0,
      data: { h: handle, n: nonce, v: verifier, c: c.id, b: binding },
      attempts: 0,
      expiresAt: new Date(now.getTime() + UPSTREAM_STATE_SECONDS * 1000),
    });
    const params: [string, string][] = [
      ["response_type", "code"],
      ["client_id", c.oidc.clientId],
      ["redirect_uri", upstreamValues(deps.issuer, c).redirectUri!],
      ["scope", c.oidc.scopes.join(" ")],
      ["state", state],
      ["nonce", nonce],
      ["code_challenge", await oauth.calculatePKCECodeChallenge(verifier)],
      ["code_challenge_method", "S256"],
    ];
    return { endpoint: as.authorization_endpoint!, params, name: c.name };
  }

  /** The upstream's ID token, verified: its claims, or why it was refused. */
  async function verifyIdToken(
    c: Connection,
    as: oauth.AuthorizationServer,
    jwks: JSONWebKeySet,
    idToken: string,
    nonce: string,
  ): Promise<{ claims: Record<string, unknown> } | { refused: string }> {
    const listed = (as.id_token_signing_alg_values_supported ?? ["RS256"]).filter((a) => ASYMMETRIC.test(a));
    if (!listed.length) return { refused: "the upstream lists no asymmetric ID token algorithm" };
    try {
      const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
        issuer: as.issuer,
        audience: c.oidc!.clientId,
        algorithms: listed,
        clockTolerance: SKEW_SECONDS,
        currentDate: deps.clock.now(),
        requiredClaims: ["sub", "exp", "iat", "nonce"],
      });
      if (payload.nonce !== nonce) return { refused: "nonce" };
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== c.oidc!.clientId)
        return { refused: "azp" };
      if (typeof payload.sub !== "string" || !payload.sub) return { refused: "sub" };
      return { claims: payload as Record<string, unknown> };
    } catch (e) {
      return { refused: String((e as Error)?.message ?? e).slice(0, 200) };
    }
  }

  /**
   * `GET /federation/oidc/{id}/callback`: the upstream's answer. The state record is consumed
   * first (once), then an upstream error goes back to the client, else the code is redeemed, the
   * ID token verified, the account found (features/connections: link or JIT) and the journey
   * finished.
   */
  async function callback(
    connectionId: number,
    query: URLSearchParams,
    browser: BrowserContext,
    boundTo: string | null | undefined,
  ): Promise<JourneyOutcome> {
    const stateParam = query.get("state");
    if (!stateParam) return invalid("state", "(none)");
    const rec = await deps.oneTimeTokens.consume(sha256Hex(stateParam), "fed_state", deps.clock.now());
    if (!rec || rec.data.c !== connectionId) return invalid("state", "unknown, used or expired");
    if (!sameBrowser(boundTo, rec.data.b)) return invalid("browser", "the sign-in was started in another browser");
    const handle = String(rec.data.h);
    const c = await deps.connections.get(rec.tenantId, connectionId);
    if (!c || !c.enabled || c.kind !== "oidc" || !c.oidc) return invalid("connection", String(connectionId));
    const upstreamError = query.get("error");
    if (upstreamError) {
      const code = UPSTREAM_ERRORS.has(upstreamError) ? (upstreamError as "access_denied") : "access_denied";
      return deps.journey.failUpstream(handle, code, `The organization's identity provider answered ${upstreamError}.`);
    }
    let as: oauth.AuthorizationServer;
    let jwks: JSONWebKeySet;
    try {
      ({ as, jwks } = await discover(c));
    } catch (e) {
      deps.log.warn("upstream discovery failed", { connectionId, error: String((e as Error)?.message ?? e) });
      return invalid("discovery", c.oidc.issuer);
    }
    const client: oauth.Client = { client_id: c.oidc.clientId };
    let params: URLSearchParams;
    try {
      // RFC 9207: an `iss` in the answer must be the upstream's; `state` compared by the library.
      params = oauth.validateAuthResponse(as, client, query, stateParam);
    } catch (e) {
      return invalid("authorization response", String((e as Error)?.message ?? e));
    }
    let idToken: string | undefined;
    try {
      const secret = await deps.box.open(c.oidc.clientSecretEnc);
      const res = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(secret),
        params,
        upstreamValues(deps.issuer, c).redirectUri!,
        String(rec.data.v),
        options(),
      );
      if (!res.ok) return invalid("token endpoint", `status ${res.status}`);
      const body = (await res.json()) as { id_token?: unknown; token_type?: unknown };
      idToken = typeof body.id_token === "string" ? body.id_token : undefined;
    } catch (e) {
      return invalid("token endpoint", String((e as Error)?.message ?? e));
    }
    if (!idToken) return invalid("id_token", "(none)");
    const v = await verifyIdToken(c, as, jwks, idToken, String(rec.data.n));
    if ("refused" in v) return invalid("id_token", v.refused);
    const claims = v.claims;
    const person = {
      subject: String(claims.sub),
      email: typeof claims.email === "string" ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === "string" ? claims.name : null,
    };
    return finishVerified(deps, c, handle, person, claims.amr, browser);
  }

  return { start, callback };
}

export type OidcUpstream = ReturnType<typeof createOidcUpstream>;
