/**
 * POST /api/auth/login, GET /api/users/me/memberships, POST /api/users/me/active-organization,
 * and the shaping of token-pair responses (plain / web cookie / device) shared with refresh.
 */
import { Elysia, t } from "elysia";
import { clientIp } from "../../http/context";
import type { Services } from "../../services";
import { DomainError, fieldError } from "../../kernel/errors";
import { LoginBody, LogoutBody, Membership, MfaChallenge, RefreshBody, SwitchOrgBody, TokenPairResponse, WebQuery } from "./model";
import type { TokenPair } from "./service";

/** CONTRACT §4: the web session's refresh cookie. */
export const REFRESH_COOKIE = "sso_refresh";
export const REFRESH_COOKIE_PATH = "/api/auth";

type CookieJar = Record<string, { set(v: Record<string, unknown>): unknown; value: unknown }>;

/** RFC 6749 §5.1: token responses are never cached. */
export function noStore(set: { headers: Record<string, unknown> }) {
  set.headers["cache-control"] = "no-store";
  set.headers["pragma"] = "no-cache";
}

/** Sets or clears (empty value) the HttpOnly refresh cookie: SameSite=Strict, Path=/api/auth, Secure unless the issuer is plain http. */
export function setRefreshCookie(svc: Services, cookie: unknown, value: string, maxAgeSeconds: number) {
  (cookie as CookieJar)[REFRESH_COOKIE].set({
    value,
    httpOnly: true,
    sameSite: "strict",
    path: REFRESH_COOKIE_PATH,
    secure: !svc.config.issuer.startsWith("http://"),
    maxAge: maxAgeSeconds,
  });
}

/** The refresh token of the `sso_refresh` cookie, if any. */
export function refreshCookieOf(cookie: unknown): string | undefined {
  const v = (cookie as CookieJar)[REFRESH_COOKIE]?.value;
  return typeof v === "string" && v ? v : undefined;
}

/** Shapes a TokenPair for the wire; in web mode the refresh token goes into the HttpOnly cookie, not the body. */
export function tokenPairBody(svc: Services, pair: TokenPair, cookie: unknown, set: { headers: Record<string, unknown> }) {
  noStore(set);
  const body: { accessToken: string; tokenType: "Bearer"; expiresInSeconds: number; refreshToken?: string; deviceId?: string } = { accessToken: pair.accessToken, tokenType: "Bearer", expiresInSeconds: pair.expiresInSeconds };
  if (pair.mode === "web") setRefreshCookie(svc, cookie, pair.refreshToken, pair.refreshTtlSeconds);
  else body.refreshToken = pair.refreshToken;
  if (pair.deviceId) body.deviceId = pair.deviceId;
  return body;
}

/**
 * The refresh token of a refresh/logout call: the body's when a body is sent (then it is
 * required), else the `sso_refresh` cookie's; neither is 401 UNAUTHENTICATED.
 */
function presentedRefreshToken(body: unknown, cookie: unknown): string {
  if (body !== undefined && body !== null && body !== "") {
    const token = (body as { refreshToken?: unknown }).refreshToken;
    if (typeof token !== "string" || !token) throw fieldError("refreshToken", "is required when a body is sent");
    return token;
  }
  const fromCookie = refreshCookieOf(cookie);
  if (!fromCookie) throw new DomainError("UNAUTHENTICATED", "Send the refresh token in the body ({\"refreshToken\": ...}) or, for a web session, in the sso_refresh cookie.");
  return fromCookie;
}

/**
 * Elysia normalizes a body to its schema's shape before validating it, which turns a `device` of the
 * wrong type (a string, a number) into an empty object; this check runs on the parsed body first (400).
 */
function refuseNonObjectDevice({ body }: { body: unknown }) {
  const device = (body as { device?: unknown } | null)?.device;
  if (device !== undefined && (device === null || typeof device !== "object" || Array.isArray(device))) throw fieldError("device", "must be an object (DeviceInfo)");
}

export function authRoutes(svc: Services) {
  const tags = ["Authentication"];
  const bearer = [{ bearer: [] }];
  return new Elysia({ name: "auth-routes" })
    .post(
      "/api/auth/login",
      async ({ body, query, request, server, cookie, set }) => {
        const pair = await svc.auth.login({ ...body, web: query.web }, clientIp(request, server));
        return tokenPairBody(svc, pair, cookie, set);
      },
      {
        transform: refuseNonObjectDevice,
        body: LoginBody,
        query: WebQuery,
        response: { 200: t.Union([TokenPairResponse, MfaChallenge]) },
        detail: {
          tags,
          security: [],
          summary: "Sign in with email and password",
          description:
            "Plain mode returns the refresh token in the body; `web=true` sets the HttpOnly `sso_refresh` cookie (SameSite=Strict, Path=/api/auth) instead; a `device` object starts a device session and answers a server-issued `deviceId`. " +
            "Without `audience` (or with the issuer) the token is a management token. Bad credentials, disabled or erased accounts: 401 INVALID_CREDENTIALS. " +
            "5 failures for one email in 15 minutes lock it for 15 minutes (429 ACCOUNT_LOCKED with Retry-After); more than 100 attempts a minute from one address: 429 RATE_LIMITED.",
        },
      },
    )
    .post(
      "/api/auth/refresh",
      async ({ body, request, server, cookie, set }) => {
        const refreshToken = presentedRefreshToken(body, cookie);
        const audience = (body as { audience?: string } | undefined)?.audience;
        const pair = await svc.sessionService.refresh({ refreshToken, audience }, clientIp(request, server));
        return tokenPairBody(svc, pair, cookie, set);
      },
      {
        body: t.Optional(RefreshBody),
        response: { 200: TokenPairResponse },
        detail: {
          tags,
          security: [],
          summary: "Exchange a refresh token for a new pair",
          description:
            "The refresh token is single use: the answer carries its successor. Presenting a used one again revokes the whole session (401 REFRESH_TOKEN_REUSED). " +
            "Without a body the `sso_refresh` cookie is read and the rotated token is set as the cookie again (no refresh token in the body). " +
            "`audience` mints for that audience from now on; otherwise the session's audience. The session keeps its active organization.",
        },
      },
    )
    .post(
      "/api/auth/logout",
      async ({ body, request, server, cookie, set }) => {
        const hadCookie = refreshCookieOf(cookie) !== undefined;
        const refreshToken = presentedRefreshToken(body, cookie);
        await svc.sessionService.logout(refreshToken, clientIp(request, server));
        noStore(set);
        if (hadCookie) setRefreshCookie(svc, cookie, "", 0);
        return new Response(null, { status: 200 });
      },
      {
        body: t.Optional(LogoutBody),
        detail: {
          tags,
          security: [],
          summary: "End the session of a refresh token",
          description: "Takes the refresh token from the body, or from the `sso_refresh` cookie when no body is sent, and clears that cookie. Idempotent: an unknown or already ended session answers 200 too.",
        },
      },
    )
    .get(
      "/api/users/me/memberships",
      async ({ request, server }) => {
        const p = await svc.guard.user(request.headers, clientIp(request, server));
        return svc.auth.memberships(p.userId, p.tenantId);
      },
      { response: { 200: t.Array(Membership) }, detail: { tags, security: bearer, summary: "Organizations the caller may switch into", description: "Any user access token of this issuer, whatever its audience." } },
    )
    .post(
      "/api/users/me/active-organization",
      async ({ body, request, server, cookie, set }) => {
        const ip = clientIp(request, server);
        const p = await svc.guard.user(request.headers, ip);
        const pair = await svc.auth.switchOrganization({ userId: p.userId, tenantId: p.tenantId, sessionId: p.sessionId, ip }, body.organizationId, body.audience);
        return tokenPairBody(svc, pair, cookie, set);
      },
      {
        body: SwitchOrgBody,
        response: { 200: TokenPairResponse },
        detail: {
          tags,
          security: bearer,
          summary: "Switch the active organization",
          description:
            "Answers a fresh token pair scoped to that organization, in the same session mode (web: cookie; device: same device); the previous session ends. " +
            "Needs a membership there or a SUBTREE role above it (403 otherwise); a suspended org is 403 ORG_SUSPENDED. `audience` defaults to the session's audience.",
        },
      },
    );
}
