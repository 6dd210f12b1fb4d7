/**
 * The response headers of every hosted page (CONTRACT §12 "Hosted pages").
 *
 * `form-action` and redirects: Chromium checks a form's `form-action` not only against the form's
 * `action` but against every redirect that follows the POST (CSP3 leaves redirects to the browser;
 * Chromium enforces them). The pages answer a POST with 303 to `/oauth2/authorize`
 * and then to the client's redirect URI, so `form-action 'self'` alone would stop a finished sign-in
 * in Chromium before it reaches the application. We keep `form-action` (it does not fall back to
 * `default-src`, so leaving it out would let any injected form post anywhere) and add the one
 * destination the flow may reach: the origin of the client's already validated redirect URI (or its
 * private-use scheme for a native app). test/process/pages-browser.test.ts proves both halves in
 * Chromium: with the target listed the 303 is followed, without it the navigation is refused.
 */
import type { Locale } from "./i18n";

/** Schemes that run or read content in the page's context: never a place a form may lead. */
const NEVER_TARGETS = new Set(["javascript:", "data:", "blob:", "file:", "filesystem:", "vbscript:", "about:"]);

/**
 * The CSP source expression that lets a form's redirect reach `uri`: its origin for http(s) (CSP
 * host-source), its scheme for a private-use scheme (`com.example.app:`). An IPv6 literal cannot be
 * written as a host-source (CSP3 host-char has no brackets), so a loopback `http://[::1]` redirect
 * widens to the scheme `http:`; that is defence in depth only, the redirect URI itself is checked
 * by exact match in the protocol. A value that is not an absolute URI throws: it is a caller bug.
 */
export function formActionSource(uri: string): string {
  const url = new URL(uri);
  if (url.protocol === "http:" || url.protocol === "https:")
    return url.hostname.startsWith("[") ? url.protocol : url.origin;
  if (!/^[a-z][a-z0-9+.-]*:$/.test(url.protocol) || NEVER_TARGETS.has(url.protocol))
    throw new Error(`not a redirect scheme: ${url.protocol}`);
  return url.protocol;
}

export interface HeaderOptions {
  locale: Locale;
  /**
   * Redirect URIs (already validated by the protocol) that a POST from this page may end at, e.g.
   * the client's `redirect_uri` on the sign-in, second-factor, org and consent pages, its
   * `post_logout_redirect_uri` on the logout page. Empty: only this origin.
   */
  redirectTargets?: readonly string[];
  /** The page loads scripts of this origin (the passkey script): `script-src 'self'`, still nothing inline. */
  scripts?: boolean;
}

/**
 * The Content-Security-Policy of a page: no script at all (or, with `scripts`, only files of this
 * origin: the passkey script), styles and images from this origin.
 */
export function pageCsp(redirectTargets: readonly string[] = [], scripts = false): string {
  // The same few policies for every page of a client: each made once (bounded; a full map starts over).
  const key = `${scripts ? 1 : 0}\0${redirectTargets.join("\0")}`;
  const known = policies.get(key);
  if (known !== undefined) return known;
  const policy = makeCsp(redirectTargets, scripts);
  if (policies.size >= MAX_POLICIES) policies.clear();
  policies.set(key, policy);
  return policy;
}

const MAX_POLICIES = 1000;
const policies = new Map<string, string>();

function makeCsp(redirectTargets: readonly string[], scripts: boolean): string {
  const targets = [...new Set(redirectTargets.map(formActionSource))];
  return [
    "default-src 'none'",
    ...(scripts ? ["script-src 'self'"] : []),
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${["'self'", ...targets].join(" ")}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Every header of a rendered page. `no-store`: a page carries a CSRF token and personal data
 * (email, organizations). `no-referrer`: the address of a page holds authorization parameters that
 * must not leak to a support link or a logo host. No Cross-Origin-Opener-Policy: clients that open
 * the sign-in in a popup keep their `window.opener`.
 */
export function pageHeaders(opts: HeaderOptions): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "content-language": opts.locale,
    "content-security-policy": pageCsp(opts.redirectTargets, opts.scripts),
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}
