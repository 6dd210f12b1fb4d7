/**
 * CSRF protection of the hosted pages' forms: a token bound to the browser.
 *
 * The browser holds a random value in an HttpOnly cookie; each form carries
 * `HMAC-SHA256(secret, "sso-pages-csrf" ‖ cookie value)` in a hidden field (`csrf`). A POST is
 * accepted only when the field matches the cookie it arrives with (compared in constant time). An
 * attacker's page can make the browser send the cookie but cannot read it nor compute the HMAC
 * without the server's secret, so it cannot produce a matching field. The token is stateless: any
 * instance verifies it with the shared secret, nothing is stored.
 *
 * Why SameSite=Lax is not enough on its own:
 * - Login CSRF: the sign-in form is posted before any session exists, so there is no session cookie
 *   whose SameSite could stop an attacker from signing the victim in to the attacker's account.
 * - "Site" is the registrable domain: any other origin on it (a sibling subdomain with user content
 *   or a takeover) counts as same-site, and its POSTs carry Lax cookies.
 * - Browsers that do not enforce SameSite, or that treat cookies without it as Lax with a
 *   top-level POST exemption, exist in the field.
 * And `Referrer-Policy: no-referrer`, which the pages send, makes Chromium send `Origin: null` on
 * their form POSTs, so an Origin check would have nothing to compare.
 *
 * On https the cookie is named `__Host-sso_csrf`: the prefix makes the browser refuse it unless it
 * is Secure, host-only and on Path=/, so a sibling subdomain cannot plant its own value (the attack
 * that defeats plain double-submit cookies).
 */
import { createHmac } from "node:crypto";
import { randomToken, timingSafeEqual } from "../kernel/secrets";

/** The hidden form field that carries the token on every page form. */
export const CSRF_FIELD = "csrf";

export interface CsrfOptions {
  /** At least 32 random bytes shared by every instance (derived from the service's master key). */
  secret: Uint8Array;
  /** False only when the issuer is plain http (local development): then no Secure, no `__Host-`. */
  secure: boolean;
}

export interface Csrf {
  /** The cookie's name: `__Host-sso_csrf` when secure, `sso_csrf` otherwise. */
  cookieName: string;
  /**
   * The token for this browser's forms. `cookieValue` is the request's cookie, if any; when it is
   * missing or malformed a new random one is made and `setCookie` is the `Set-Cookie` header value
   * the response must carry.
   */
  issue(cookieValue: string | undefined | null): { token: string; setCookie?: string };
  /** True when `token` (the form field) was issued for `cookieValue` (the cookie the POST carried). */
  verify(cookieValue: string | undefined | null, token: string | undefined | null): boolean;
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/; // randomToken(32): 32 bytes, base64url

export function createCsrf(opts: CsrfOptions): Csrf {
  if (opts.secret.length < 32) throw new Error("the CSRF secret must be at least 32 bytes");
  const cookieName = opts.secure ? "__Host-sso_csrf" : "sso_csrf";
  const tokenFor = (cookieValue: string) =>
    createHmac("sha256", opts.secret).update("sso-pages-csrf\0").update(cookieValue).digest("base64url");
  return {
    cookieName,
    issue(cookieValue) {
      if (cookieValue && COOKIE_VALUE.test(cookieValue)) return { token: tokenFor(cookieValue) };
      const fresh = randomToken(32);
      // A browser-session cookie: it lives as long as the browser keeps the window's session, and
      // a form rendered under it stays valid that long.
      const setCookie = new Bun.Cookie(cookieName, fresh, {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: opts.secure,
      }).serialize();
      return { token: tokenFor(fresh), setCookie };
    },
    verify(cookieValue, token) {
      if (!cookieValue || !token || !COOKIE_VALUE.test(cookieValue)) return false;
      // constant-time: the token is a secret-derived value compared with what the client sent.
      return timingSafeEqual(tokenFor(cookieValue), token);
    },
  };
}
