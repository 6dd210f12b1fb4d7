/**
 * The token endpoint's grants behind POST /oauth2/token, and UserInfo (CONTRACT §5, §12):
 * - client authentication (`client_secret_basic`, `client_secret_post`, `none` for public clients;
 *   SHA-256 + constant-time compare, served from the client cache);
 * - client_credentials (RFC 6749 §4.4): a machine token (SPEC 2.3);
 * - authorization_code (RFC 6749 §4.1.3, RFC 7636 §4.6, OIDC Core §3.1.3): redeem the code once,
 *   mint the SPEC 2.1 user token for the client's application through the sessions and tokens
 *   features, the ID token, and a refresh family bound to the client;
 * - refresh_token (RFC 6749 §6): the family's rotation with reuse detection, bound to the client;
 * - UserInfo (OIDC Core §5.3): the claims the access token's scope grants.
 * Errors are RFC 6749 §5.2 / RFC 6750 §3.1 codes; the HTTP edge gives them statuses.
 */
import type { Clock } from "../../../kernel/clock";
import { DomainError } from "../../../kernel/errors";
import { randomToken, sha256Hex, timingSafeEqual } from "../../../kernel/secrets";
import type { User } from "../../../kernel/users";
import { type ApiClient, type ClientDirectory, type ResolvedClient, servesTenant, tenantScopeOf } from "../../../features/clients";
import type { DomainEvent } from "../../../features/events";
import type { OrgRepo } from "../../../features/orgs";
import { acrOf, pkceRequired, verifyPkceS256, type AuthorizationCodeStore } from "..";
import { type BrowserSessionStore } from "../../../features/journey";
import { markCovers, markKeys, markValueAt, MARK_SECONDS, type LogoutService } from "../../../features/sessions";
import { parseRefreshToken, type SessionService } from "../../../features/sessions";
import type { CounterStore, FamilyStore } from "../../../features/sessions/ports";
import { ACCESS_TOKEN_TTL, scopeClaims, type TokenMinter } from "../../../features/tokens";

/** RFC 6749 §5.2 error codes this grant produces; `rate_limited` is our own (HTTP 429). */
export type TokenErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "rate_limited";

export class TokenRequestError extends Error {
  constructor(
    readonly error: TokenErrorCode,
    readonly description: string,
    /** Seconds to wait (rate_limited). */
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = "TokenRequestError";
  }
}

/**
 * A refusal at UserInfo (RFC 6750 §3.1): `invalid_request` (the token sent by more than one method,
 * or in the URL), `invalid_token` (a bad, expired or foreign token, or one introspection calls
 * inactive), `insufficient_scope` (no `openid`), or null when no token was sent at all (§3.1: no
 * error code).
 */
export class BearerTokenError extends Error {
  constructor(
    readonly error: "invalid_request" | "invalid_token" | "insufficient_scope" | null,
    readonly description: string,
  ) {
    super(description);
    this.name = "BearerTokenError";
  }
}

/** Machine tokens live 900 s (SPEC 2.3); no refresh token is ever issued. */
export const MACHINE_TOKEN_TTL = ACCESS_TOKEN_TTL;
/** Per-client limit of token requests per window when rate limiting is on. */
export const CLIENT_RATE_LIMIT = { max: 300, windowSeconds: 60 };
/** Counter key of the per-client limit. */
export const clientRateKey = (clientId: string) => `rl:token:${clientId}`;

export interface OAuthServiceDeps {
  directory: ClientDirectory;
  sign(claims: Record<string, unknown>): Promise<string>;
  clock: Clock;
  issuer: string;
  /** Null turns the per-client limit off (SSO_RATE_LIMIT=off). */
  counters: CounterStore | null;
  /** Token requests per client per minute (SSO_CLIENT_RATE_LIMIT; default CLIENT_RATE_LIMIT.max). */
  clientPerMinute?: number;
  /** Authorization codes and sign-in sessions (SessionStore.codes / .signIns). */
  codes: AuthorizationCodeStore;
  signIns: BrowserSessionStore;
  /** Revokes what a reused code issued (a refresh family); revocation and introspection read families. */
  families: Pick<FamilyStore, "revoke" | "peek" | "get">;
  /**
   * Ends a client's family at /oauth2/revoke (marks, journal, back-channel logout); marks a
   * client's tokens of a sign-in session ended when a code of it is reused.
   */
  logout: Pick<LogoutService, "endFamily" | "familyRevoked">;
  /** Revocation marks (the session store's counters; logout/service.ts). */
  marks: Pick<CounterStore, "set" | "peek">;
  /**
   * The user (status and the claims UserInfo answers) and org status behind an access token: the
   * cached token context of refresh, kept fresh by the directory version.
   */
  loadContext(
    tenantId: number,
    userId: number,
    orgId: number,
    now: Date,
  ): Promise<{ user: TokenUser | null; blocked: boolean }>;
  /** Starts client families and refreshes them (the one refresh-token implementation). */
  sessions: Pick<SessionService, "startClientSession" | "refresh">;
  /** The ID token (the tokens feature's one signing path). */
  mintIdToken: TokenMinter["mintIdToken"];
  /** Verifies an access token of this service (signature, issuer, `typ`, expiry). */
  verify(token: string): Promise<Record<string, unknown>>;
  /** The code's org for the audit entry of a reuse. */
  orgs: Pick<OrgRepo, "get">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
}

/** What an access token's liveness and UserInfo read of its user (the token context's user). */
export type TokenUser = Pick<User, "id" | "status" | "email" | "fullName" | "updatedAt" | "emailVerified">;

/** A live access token: a user token with its person, or a machine token. */
export type LiveAccess = { kind: "user"; user: TokenUser } | { kind: "machine" };

/** How the client authenticated (RFC 6749 §2.3.1, OIDC Core §9): exactly one method per request. */
export type ClientAuthentication =
  | { method: "client_secret_basic" | "client_secret_post"; clientId: string; clientSecret: string }
  | { method: "none"; clientId: string };

/** A token request: the client's authentication and the form's grant parameters. */
export interface TokenRequest {
  auth: ClientAuthentication;
  grantType: string;
  /** client_credentials: space-separated; undefined (or blank) means every scope the client holds. */
  scope?: string;
  code?: string;
  redirectUri?: string;
  codeVerifier?: string;
  refreshToken?: string;
  ip: string | null;
}

export interface MachineToken {
  accessToken: string;
  expiresIn: number;
  /** What was granted, space-separated. */
  scope: string;
}

/** The token response of the authorization code and refresh grants (CONTRACT §12). */
export interface IssuedTokens extends MachineToken {
  idToken?: string;
  refreshToken?: string;
}

// constant-time: an unknown client still pays for one hash and one comparison.
const DUMMY_HASH = sha256Hex("unknown-client");

/** The sessions feature's refusals of a refresh, each an invalid_grant at /oauth2/token. */
const REFRESH_REFUSALS = new Set(["INVALID_TOKEN", "REFRESH_TOKEN_REUSED", "ORG_SUSPENDED"]);

export function createOAuthService(deps: OAuthServiceDeps) {
  const badClient = () =>
    new TokenRequestError("invalid_client", "Client authentication failed: unknown client or wrong secret.");
  const invalidGrant = (description: string) => new TokenRequestError("invalid_grant", description);

  /**
   * Authenticates the client by the one method it used. A secret method needs a confidential
   * client with that secret (a public client has none: nothing authenticates it that way);
   * `none` is for public clients only. Unknown clients cost the same as wrong secrets.
   */
  async function authenticate(auth: ClientAuthentication): Promise<ResolvedClient> {
    const resolved = await deps.directory.resolve(auth.clientId);
    if (auth.method === "none") {
      if (!resolved) throw badClient();
      if (resolved.client.type !== "public")
        throw new TokenRequestError(
          "invalid_client",
          "This client is confidential: authenticate with its secret (HTTP Basic or client_secret in the body).",
        );
      return resolved;
    }
    const presented = sha256Hex(auth.clientSecret);
    const ok = timingSafeEqual(presented, resolved?.client.secretHash ?? DUMMY_HASH);
    if (!resolved || !resolved.client.secretHash || !ok) throw badClient();
    return resolved;
  }

  /** The per-client limit, counted after authentication so nobody can spend another client's budget. */
  async function limit(client: ApiClient) {
    if (!deps.counters) return;
    const hit = await deps.counters.hit(
      clientRateKey(client.clientId),
      CLIENT_RATE_LIMIT.windowSeconds,
      deps.clock.now(),
    );
    if (hit.count > (deps.clientPerMinute ?? CLIENT_RATE_LIMIT.max))
      throw new TokenRequestError(
        "rate_limited",
        `Too many token requests for this client; cache the token until shortly before it expires (${MACHINE_TOKEN_TTL} s).`,
        hit.ttlSeconds,
      );
  }

  function assertUsable(resolved: ResolvedClient) {
    if (resolved.usability !== "ok")
      throw new TokenRequestError(
        "unauthorized_client",
        resolved.usability === "app_missing"
          ? "The application this client is bound to no longer exists."
          : "The client's organization (or one above it) is suspended or expired; no tokens can be issued.",
      );
  }

  /**
   * The client_credentials grant (RFC 6749 §4.4): a machine token. After authentication: the
   * client holds the grant (unauthorized_client), per-client rate limit (rate_limited), org usable
   * (unauthorized_client), requested scope within the client's (invalid_scope).
   */
  async function machineToken(resolved: ResolvedClient, scope: string | undefined): Promise<MachineToken> {
    const { client } = resolved;
    // RFC 6749 §5.2: a browser client registered without client_credentials may not use it.
    if (!client.grantTypes.includes("client_credentials"))
      throw new TokenRequestError("unauthorized_client", "This client is not registered for client_credentials.");
    await limit(client);
    assertUsable(resolved);

    let granted = client.scopes;
    const requested = scope?.trim();
    if (requested) {
      const asked = [...new Set(requested.split(/ +/))];
      const refused = asked.filter((s) => !client.scopes.includes(s));
      if (refused.length)
        throw new TokenRequestError("invalid_scope", `The client was not granted: ${refused.join(" ")}.`);
      granted = asked;
    }

    const iat = Math.floor(deps.clock.now().getTime() / 1000);
    const grantedScope = granted.join(" ");
    const claims: Record<string, unknown> = {
      token_use: "machine",
      sub: client.clientId,
      client_id: client.clientId,
      scope: grantedScope,
      org_id: client.organizationId,
      tenant_id: client.tenantId,
      ...(client.applicationId !== null ? { app_id: client.applicationId } : {}),
      aud: resolved.audience,
      iss: deps.issuer,
      iat,
      exp: iat + MACHINE_TOKEN_TTL,
      jti: randomToken(16),
    };
    return { accessToken: await deps.sign(claims), expiresIn: MACHINE_TOKEN_TTL, scope: grantedScope };
  }

  /**
   * POST /oauth2/token for every grant. Order: client authentication (invalid_client), grant type
   * known (unsupported_grant_type), the client registered for it (unauthorized_client), then the
   * grant's own checks.
   */
  async function token(req: TokenRequest): Promise<MachineToken | IssuedTokens> {
    const resolved = await authenticate(req.auth);
    const grant = req.grantType;
    if (grant !== "client_credentials" && grant !== "authorization_code" && grant !== "refresh_token")
      throw new TokenRequestError(
        "unsupported_grant_type",
        "grant_type must be client_credentials, authorization_code or refresh_token.",
      );
    if (grant === "client_credentials") return machineToken(resolved, req.scope);
    const { client } = resolved;
    if (!client.grantTypes.includes(grant))
      throw new TokenRequestError("unauthorized_client", `This client is not registered for ${grant}.`);
    // A public client's id authenticates nothing: counting its requests would let anyone spend
    // every user's budget of that application. Its code and refresh token are the proof instead.
    if (req.auth.method !== "none") await limit(client);
    assertUsable(resolved);
    return grant === "authorization_code" ? authorizationCode(resolved, req) : refreshGrant(client, req);
  }

  /**
   * RFC 6749 §4.1.3 with RFC 7636 §4.6 and OIDC Core §3.1.3: the code is redeemed once (a second
   * use is invalid_grant and revokes what the first issued), then checked against the request's
   * redirect URI and PKCE verifier (a failed check has burnt the code). A code requested without a
   * challenge takes no verifier (RFC 9700 §4.8.2, downgrade).
   */
  async function authorizationCode(resolved: ResolvedClient, req: TokenRequest): Promise<IssuedTokens> {
    const { client } = resolved;
    if (!req.code) throw new TokenRequestError("invalid_request", "code is required.");
    if (!req.redirectUri) throw new TokenRequestError("invalid_request", "redirect_uri is required.");
    const codeHash = sha256Hex(req.code);
    const now = deps.clock.now();
    // The console client serves every tenant: the code names its own (clients/console-client.ts).
    const r = await deps.codes.redeem(tenantScopeOf(client), client.clientId, codeHash, now);
    if (!r) throw invalidGrant("The authorization code is invalid, expired, or was issued to another client.");
    const c = r.code;
    if (r.status === "reused") {
      if (r.issued?.familyId) await deps.families.revoke(r.issued.familyId);
      // The first exchange's access token is a stateless JWT: the mark of this client's tokens in
      // the code's sign-in session ends it for introspection and UserInfo, family or not (RFC 6749
      // §4.1.2: "SHOULD revoke (when possible) all tokens previously issued based on that code").
      await deps.logout.familyRevoked({ clientId: c.clientId, sid: c.sid });
      const org = await deps.orgs.get(c.tenantId, c.orgId);
      await deps.record({
        type: "oauth.code.reused",
        tenantId: c.tenantId,
        org: org ? { id: org.id, path: org.path } : null,
        actor: { ip: req.ip },
        target: { userId: c.userId },
        data: { clientId: c.clientId, sid: c.sid, ...(r.issued?.familyId ? { sessionId: r.issued.familyId } : {}) },
      });
      throw invalidGrant("The authorization code was already used; the tokens issued for it are revoked.");
    }
    if (req.redirectUri !== c.redirectUri)
      throw invalidGrant("redirect_uri differs from the one of the authorization request.");
    if (c.codeChallenge === null) {
      // RFC 9700 §4.8.2 (downgrade): a verifier only for a code whose request carried a challenge.
      if (req.codeVerifier)
        throw invalidGrant("code_verifier was sent, but the authorization request carried no code_challenge.");
      // The authorization endpoint never issues such a code to this client; it may have changed since.
      if (pkceRequired(client))
        throw invalidGrant("This client requires PKCE; the authorization request carried no code_challenge.");
    } else if (!req.codeVerifier || !verifyPkceS256(req.codeVerifier, c.codeChallenge))
      throw invalidGrant("code_verifier is missing or does not match the code_challenge.");
    if (!(await deps.signIns.addClient(c.tenantId, c.sid, client.clientId, now)))
      throw invalidGrant("The sign-in session this code was issued in has ended.");

    const issued = await deps.sessions.startClientSession({
      tenantId: c.tenantId,
      userId: c.userId,
      orgId: c.orgId,
      audience: resolved.audience,
      clientId: client.clientId,
      sid: c.sid,
      scopes: c.scopes,
      ...(c.claims?.userinfo.length ? { userinfoClaims: [...c.claims.userinfo] } : {}),
      refresh: client.grantTypes.includes("refresh_token"),
    });
    if (issued.status === "refused")
      throw invalidGrant(
        issued.reason === "user_inactive"
          ? "The person can no longer sign in."
          : issued.reason === "org_unusable"
            ? "The organization is suspended, expired or gone; no tokens can be issued for it."
            : "The application this client is bound to no longer exists.",
      );
    const idToken = c.scopes.includes("openid")
      ? await deps.mintIdToken({
          user: issued.user,
          clientId: client.clientId,
          sid: c.sid,
          authTime: c.authTime,
          amr: c.amr,
          acr: acrOf(c.amr),
          nonce: c.nonce,
          accessToken: issued.accessToken,
          scopes: c.scopes,
          ...(c.claims?.idToken.length ? { claims: c.claims.idToken } : {}),
        })
      : undefined;
    // A logout that ended the sign-in session after `addClient` may have listed its families before
    // this one existed: seen ended now, the new family is revoked (CONTRACT §13: it ends with the session).
    if (issued.familyId && !(await deps.signIns.get(c.tenantId, c.sid, deps.clock.now()))) {
      await deps.families.revoke(issued.familyId);
      throw invalidGrant("The sign-in session this code was issued in has ended.");
    }
    // A replay that landed between redeem and here: revoke what this redemption has just issued.
    const recorded = await deps.codes.recordIssued(
      c.tenantId,
      codeHash,
      issued.familyId ? { familyId: issued.familyId } : {},
    );
    if (recorded !== "recorded") {
      if (issued.familyId) await deps.families.revoke(issued.familyId);
      throw invalidGrant("The authorization code was used twice; the tokens issued for it are revoked.");
    }
    await deps.record({
      type: "oauth.code.redeemed",
      tenantId: c.tenantId,
      org: issued.org,
      actor: { ip: req.ip },
      target: { userId: c.userId },
      data: {
        clientId: client.clientId,
        sid: c.sid,
        scopes: c.scopes,
        ...(issued.familyId ? { sessionId: issued.familyId } : {}),
      },
    });
    return {
      accessToken: issued.accessToken,
      expiresIn: ACCESS_TOKEN_TTL,
      scope: c.scopes.join(" "),
      ...(idToken ? { idToken } : {}),
      ...(issued.refreshToken ? { refreshToken: issued.refreshToken } : {}),
    };
  }

  /**
   * RFC 6749 §6: rotates the family (reuse revokes it), which must be this client's. No new ID
   * token (OIDC Core §12.2 makes it optional; a refresh is no new authentication) and no change of
   * scope: the family's granted scopes are answered, a `scope` parameter is ignored.
   */
  async function refreshGrant(client: ApiClient, req: TokenRequest): Promise<IssuedTokens> {
    if (!req.refreshToken) throw new TokenRequestError("invalid_request", "refresh_token is required.");
    try {
      const pair = await deps.sessions.refresh({ refreshToken: req.refreshToken, clientId: client.clientId }, req.ip);
      return {
        accessToken: pair.accessToken,
        expiresIn: pair.expiresInSeconds,
        scope: (pair.scopes ?? []).join(" "),
        refreshToken: pair.refreshToken,
      };
    } catch (e) {
      if (e instanceof DomainError && REFRESH_REFUSALS.has(e.code))
        throw invalidGrant("The refresh token is invalid, expired, revoked, or was issued to another client.");
      throw e;
    }
  }

  /**
   * OIDC Core §5.3: `sub` and the claims the access token's scope grants. The token must be an
   * access token of this service issued to an OAuth client of its tenant (the code grant: `sid`,
   * `client_id`), live by the rule introspection applies (`liveAccess`: not revoked, its session
   * and family not ended, its user active and org usable; OIDC Core §5.3.3, RFC 6750 §3.1), with
   * `openid` granted. The claims come from the token context that rule reads: no other read.
   */
  async function userInfo(accessToken: string | null): Promise<Record<string, unknown>> {
    if (!accessToken)
      throw new BearerTokenError(
        null,
        "Send the access token as Authorization: Bearer, or as access_token in a form body.",
      );
    const bad = () =>
      new BearerTokenError("invalid_token", "The access token is invalid, expired, revoked or not for UserInfo.");
    const claims = await accessClaims(accessToken);
    if (!claims) throw bad();
    const { tenant_id: tenantId, client_id: clientId, sid, scope } = claims;
    if (
      claims.token_use !== "access" ||
      typeof tenantId !== "number" ||
      typeof clientId !== "string" ||
      typeof sid !== "string" ||
      typeof scope !== "string"
    )
      throw bad();
    const [resolved, live] = await Promise.all([
      deps.directory.resolve(clientId),
      liveAccess(claims, deps.clock.now()),
    ]);
    if (!resolved || !servesTenant(resolved.client, tenantId) || live?.kind !== "user") throw bad();
    const scopes = scope.split(" ");
    if (!scopes.includes("openid"))
      throw new BearerTokenError("insufficient_scope", "The access token was not granted the openid scope.");
    // OIDC Core §5.5: claims the authorization request asked for by name, besides its scopes'.
    const named = Array.isArray(claims.userinfo_claims)
      ? claims.userinfo_claims.filter((c): c is string => typeof c === "string")
      : [];
    return { sub: String(live.user.id), ...scopeClaims(live.user, scopes, named) };
  }

  /** The client of a revocation or introspection request (RFC 7009 §2.1, RFC 7662 §2.1). */
  async function callerClient(auth: ClientAuthentication, confidentialOnly: boolean): Promise<ResolvedClient> {
    if (confidentialOnly && auth.method !== "client_secret_basic")
      throw new TokenRequestError(
        "invalid_client",
        "Authenticate as a confidential client with HTTP Basic (client id and secret).",
      );
    return authenticate(auth);
  }

  /** The claims of an access token of ours (signature, issuer, `typ`, expiry at now); null otherwise. */
  async function accessClaims(token: string): Promise<Record<string, unknown> | null> {
    if (token.length > 8192 || token.split(".").length !== 3) return null;
    try {
      return await deps.verify(token);
    } catch {
      return null;
    }
  }

  /**
   * RFC 7009 (CONTRACT §13): a refresh token of this client's family ends the family (its access
   * tokens with it, its client gets a logout token); an access token issued to this client is marked
   * revoked until it expires. Another client's token, an unknown or malformed one: 200, nothing
   * changes (§2.2: the answer says nothing about the token).
   */
  async function revoke(req: {
    auth: ClientAuthentication;
    token?: string;
    tokenTypeHint?: string;
    ip: string | null;
  }): Promise<void> {
    const { client } = await callerClient(req.auth, false);
    if (req.token === undefined) throw new TokenRequestError("invalid_request", "token is required.");
    const now = deps.clock.now();
    const rt = parseRefreshToken(req.token);
    if (rt) {
      const fam = await deps.families.peek(rt.selector, rt.verifierHash, now);
      if (fam && fam.data.clientId === client.clientId && servesTenant(client, fam.data.tenantId))
        await deps.logout.endFamily(fam, { actor: { ip: req.ip }, via: "revoke" }, "oauth.token.revoked");
      return;
    }
    const claims = await accessClaims(req.token);
    if (!claims || typeof claims.jti !== "string" || typeof claims.exp !== "number") return;
    const issuedTo = claims.token_use === "machine" ? claims.sub : claims.client_id;
    if (issuedTo !== client.clientId || typeof claims.tenant_id !== "number" || !servesTenant(client, claims.tenant_id))
      return;
    const ttl = Math.max(1, claims.exp - Math.floor(now.getTime() / 1000) + 60);
    await deps.marks.set(markKeys.jti(claims.jti), markValueAt(now), Math.min(ttl, MARK_SECONDS), now);
    await deps.record({
      type: "oauth.token.revoked",
      tenantId: claims.tenant_id,
      org: null,
      actor: { ip: req.ip },
      target: { userId: typeof claims.uid === "number" ? claims.uid : null },
      data: { clientId: client.clientId, tokenType: "access_token", jti: claims.jti },
    });
  }

  /** True when a mark set at or after `iat` says the token ended. */
  async function endedSince(key: string, iat: number, now: Date): Promise<boolean> {
    return markCovers((await deps.marks.peek(key, now)).count, iat);
  }

  /**
   * Whether a verified access token of this service (`accessClaims`: signature, issuer, `typ`,
   * expiry) is live at `now`: the one rule of introspection and UserInfo (CONTRACT §12, §13). Null
   * (inactive) when it was revoked (its `jti` mark); for a code-grant token, when its sign-in
   * session or its client's tokens in it ended at or after its `iat` (logout, session control,
   * /oauth2/revoke of its family, refresh-token or code reuse: logout/service.ts marks); for an
   * /api/auth token, when its family is gone; for a user token, when the user is not active or
   * the org is suspended or expired (the cached token context, which also gives the person); for a
   * machine token, when its client is gone, in another tenant or unusable. Keyed lookups only,
   * run in parallel.
   */
  async function liveAccess(c: Record<string, unknown>, now: Date): Promise<LiveAccess | null> {
    const { tenant_id: tenantId, jti, iat, sid, uid, org_id: orgId, client_id: clientId } = c;
    if (typeof tenantId !== "number" || typeof jti !== "string" || typeof iat !== "number") return null;
    if (c.token_use === "machine") {
      const [issued, revoked] = await Promise.all([
        typeof clientId === "string" ? deps.directory.resolve(clientId) : null,
        endedSince(markKeys.jti(jti), 0, now),
      ]);
      return !revoked && issued && issued.client.tenantId === tenantId && issued.usability === "ok"
        ? { kind: "machine" }
        : null;
    }
    if (c.token_use !== "access" || typeof sid !== "string" || typeof uid !== "number" || typeof orgId !== "number")
      return null;
    const ended: Promise<boolean>[] = [endedSince(markKeys.jti(jti), 0, now)];
    // A token of the code grant names its OAuth client in `client_id`; an /api/auth token names its
    // audience there (RFC 9068 §2.2, `client_id` = `aud`), as the /api/** gate tells them apart.
    if (typeof clientId === "string" && clientId !== c.aud) {
      // A token of the code grant: its sign-in session, or its client's tokens in it, ended since it was issued.
      ended.push(endedSince(markKeys.sid(sid), iat, now), endedSince(markKeys.family(sid, clientId), iat, now));
    } else {
      // An /api/auth token: `sid` is its refresh family, which must still be live.
      ended.push(deps.families.get(sid, now).then((f) => !f || f.data.userId !== uid));
    }
    const [ctx, ...marks] = await Promise.all([deps.loadContext(tenantId, uid, orgId, now), ...ended]);
    if (marks.some(Boolean) || !ctx.user || ctx.user.status !== "ACTIVE" || ctx.blocked) return null;
    return { kind: "user", user: ctx.user };
  }

  /**
   * RFC 7662 (CONTRACT §13): the caller is a confidential client (HTTP Basic). `active` is false
   * for anything that is not a live token of this service in the caller's tenant: expired, revoked
   * (revocation marks), of an ended sign-in session or family, a disabled or erased user, a
   * suspended org. Access tokens: keyed lookups only (marks, the /api/auth family, the cached
   * token context). Refresh tokens: only the caller's own families are described.
   */
  async function introspect(req: { auth: ClientAuthentication; token?: string }): Promise<Record<string, unknown>> {
    const { client } = await callerClient(req.auth, true);
    if (req.token === undefined) throw new TokenRequestError("invalid_request", "token is required.");
    const inactive = { active: false };
    const now = deps.clock.now();
    const rt = parseRefreshToken(req.token);
    if (rt) {
      const fam = await deps.families.peek(rt.selector, rt.verifierHash, now);
      if (!fam || fam.data.clientId !== client.clientId || fam.data.tenantId !== client.tenantId) return inactive;
      const d = fam.data;
      const ctx = await deps.loadContext(d.tenantId, d.userId, d.orgId, now);
      if (!ctx.user || ctx.user.status !== "ACTIVE" || ctx.blocked) return inactive;
      return {
        active: true,
        token_type: "refresh_token",
        client_id: d.clientId,
        scope: (d.scopes ?? []).join(" "),
        uid: d.userId,
        tenant_id: d.tenantId,
        org_id: d.orgId,
        aud: d.audience,
        iss: deps.issuer,
        exp: Math.floor(fam.expiresAt.getTime() / 1000),
        ...(d.sid ? { sid: d.sid } : {}),
      };
    }
    const c = await accessClaims(req.token);
    if (!c || c.tenant_id !== client.tenantId || !(await liveAccess(c, now))) return inactive;
    return {
      ...c,
      active: true,
      token_type: "Bearer",
      client_id: typeof c.client_id === "string" ? c.client_id : c.sub,
    };
  }

  return { token, userInfo, revoke, introspect };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
