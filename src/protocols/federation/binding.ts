/**
 * The browser a federated sign-in belongs to (login CSRF, RFC 6749 §10.12 and RFC 9700 §4.7.1):
 * an upstream's answer (an OIDC code and state, a SAML Response) finishes the journey only in the
 * browser that started it. Start sets the HttpOnly, SameSite=Lax cookie `sso_fed` (a random value,
 * kept while the browser has one, so sign-ins in two tabs share it) on `/federation/`, and keeps its
 * SHA-256 with the state or the AuthnRequest's ID; the OIDC callback and the SAML `/continue` (both
 * top-level GETs, which carry Lax cookies) compare the cookie they are sent with it. Without that,
 * someone could sign in at the upstream as themselves and hand the answer (a link, an auto-posting
 * form) to another person's browser, which would then hold a session of theirs.
 */
import { randomToken, sha256Hex, timingSafeEqual } from "../../kernel/secrets";

/** How long a browser may stay at the upstream before its answer (the state and request records' life, and the cookie's). */
export const UPSTREAM_STATE_SECONDS = 600;

export const FEDERATION_COOKIE = "sso_fed";
const FEDERATION_COOKIE_PATH = "/federation/";
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** The browser's binding value: its cookie when it has a well-formed one, else a new one (and its Set-Cookie). */
export function browserBinding(
  cookie: string | null | undefined,
  secure: boolean,
): { hash: string; setCookie: string } {
  const value = cookie && WELL_FORMED.test(cookie) ? cookie : randomToken(32);
  const setCookie = new Bun.Cookie(FEDERATION_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: FEDERATION_COOKIE_PATH,
    secure,
    maxAge: UPSTREAM_STATE_SECONDS,
  }).serialize();
  return { hash: sha256Hex(value), setCookie };
}

/** Whether `cookie` is the binding whose hash the sign-in kept (constant time). */
export function sameBrowser(cookie: string | null | undefined, hash: unknown): boolean {
  if (!cookie || !WELL_FORMED.test(cookie) || typeof hash !== "string") return false;
  return timingSafeEqual(sha256Hex(cookie), hash);
}
