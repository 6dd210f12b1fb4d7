/**
 * The web session's refresh cookie (CONTRACT §4) and the wire shape of token pairs, shared by the
 * sign-in routes (auth) and the refresh/logout routes (sessions); and the hosted pages' sign-in
 * session cookie `sso_session` (CONTRACT §12), set by the authorize routes and cleared by logout.
 */
import { DomainError, fieldError, forbidden } from "../kernel/errors";
import { noStore } from "./context";
import type { MfaChallenge } from "../features/auth";
import type { TokenPair } from "../features/sessions";

export const REFRESH_COOKIE = "sso_refresh";
export const REFRESH_COOKIE_PATH = "/api/auth";

/**
 * How the cookie is set (`secure` unless the issuer is plain http, for local development) and
 * which origins may use it: the issuer's plus SSO_WEB_ORIGINS.
 */
export interface CookiePolicy {
  secure: boolean;
  origins: string[];
}

/**
 * CSRF defence for the web session (docs/security.md): a call authenticated by the cookie must carry
 * an `Origin` header naming an allowed origin (browsers send it on every POST). SameSite=Strict is
 * the first line; this is the second, for same-site but cross-origin pages and older browsers.
 */
export function requireAllowedOrigin(policy: CookiePolicy, request: Request, required: boolean): void {
  const origin = request.headers.get("origin");
  if (origin === null && !required) return;
  if (origin !== null && policy.origins.includes(origin)) return;
  throw forbidden(
    origin === null
      ? "A call that uses the web-session cookie must carry an Origin header (browsers send one); other clients send the refresh token in the body."
      : `The origin ${origin.slice(0, 200)} may not use the web session. Add it to SSO_WEB_ORIGINS if it is your own front end.`,
  );
}

/** The browser sign-in session of the hosted pages (CONTRACT §12). Its value is the oidc feature's codec. */
export const SESSION_COOKIE = "sso_session";

/**
 * The `Set-Cookie` of the sign-in session: HttpOnly, SameSite=Lax, Path=/, Secure unless the issuer
 * is plain http. `null` clears it (only ever after that very session ended: CONTRACT §13).
 */
export function sessionCookieHeader(
  change: { value: string; maxAgeSeconds: number } | null,
  policy: Pick<CookiePolicy, "secure">,
): string {
  return new Bun.Cookie(SESSION_COOKIE, change?.value ?? "", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: policy.secure,
    maxAge: change ? change.maxAgeSeconds : 0,
  }).serialize();
}

type CookieJar = Record<string, { set(v: Record<string, unknown>): unknown; value: unknown }>;

export { noStore };

/** Sets or clears (empty value) the HttpOnly refresh cookie: SameSite=Strict, Path=/api/auth. */
export function setRefreshCookie(policy: CookiePolicy, cookie: unknown, value: string, maxAgeSeconds: number) {
  (cookie as CookieJar)[REFRESH_COOKIE].set({
    value,
    httpOnly: true,
    sameSite: "strict",
    path: REFRESH_COOKIE_PATH,
    secure: policy.secure,
    maxAge: maxAgeSeconds,
  });
}

/** The refresh token of the `sso_refresh` cookie, if any. */
export function refreshCookieOf(cookie: unknown): string | undefined {
  const v = (cookie as CookieJar)[REFRESH_COOKIE]?.value;
  return typeof v === "string" && v ? v : undefined;
}

/** Shapes a TokenPair for the wire; in web mode the refresh token goes into the HttpOnly cookie, not the body. */
export function tokenPairBody(
  policy: CookiePolicy,
  pair: TokenPair,
  cookie: unknown,
  set: { headers: Record<string, unknown> },
) {
  noStore(set);
  const body: {
    accessToken: string;
    tokenType: "Bearer";
    expiresInSeconds: number;
    refreshToken?: string;
    deviceId?: string;
  } = { accessToken: pair.accessToken, tokenType: "Bearer", expiresInSeconds: pair.expiresInSeconds };
  if (pair.mode === "web") setRefreshCookie(policy, cookie, pair.refreshToken, pair.refreshTtlSeconds);
  else body.refreshToken = pair.refreshToken;
  if (pair.deviceId) body.deviceId = pair.deviceId;
  return body;
}

/**
 * The refresh token of a refresh/logout call: the body's when a body is sent (then it is
 * required), else the `sso_refresh` cookie's; neither is 401 UNAUTHENTICATED.
 */
export function presentedRefreshToken(body: unknown, cookie: unknown, request: Request, policy: CookiePolicy): string {
  if (body !== undefined && body !== null && body !== "") {
    const token = (body as { refreshToken?: unknown }).refreshToken;
    if (typeof token !== "string" || !token) throw fieldError("refreshToken", "is required when a body is sent");
    return token;
  }
  const fromCookie = refreshCookieOf(cookie);
  if (!fromCookie)
    throw new DomainError(
      "UNAUTHENTICATED",
      'Send the refresh token in the body ({"refreshToken": ...}) or, for a web session, in the sso_refresh cookie.',
    );
  requireAllowedOrigin(policy, request, true);
  return fromCookie;
}

/** The answer of a sign-in (login, social): the token pair, or the MFA challenge (CONTRACT §4) as it is. */
export function signInAnswer(
  policy: CookiePolicy,
  r: TokenPair | MfaChallenge,
  cookie: unknown,
  set: { headers: Record<string, unknown> },
) {
  if ("mfaRequired" in r) {
    noStore(set);
    return { mfaRequired: true as const, pendingToken: r.pendingToken, expiresInSeconds: r.expiresInSeconds };
  }
  return tokenPairBody(policy, r, cookie, set);
}
