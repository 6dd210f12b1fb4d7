/**
 * Registration rules of browser and native clients (CONTRACT §12): which grant combinations a
 * client may hold, and which redirect and logout URIs it may register. Pure functions; each
 * problem is a FieldError whose message says what to do.
 */
import type { FieldError } from "../../kernel/errors";
import { refuseTargetUrl } from "../../kernel/net-policy";
import { GRANT_TYPES, type ClientType, type GrantType } from "./ports";

/** At most this many redirect URIs (and, separately, post-logout redirect URIs) per client. */
export const MAX_URIS = 20;
/** Longest URI accepted (redirect, post-logout and back-channel logout alike). */
export const MAX_URI_LENGTH = 2000;

/** RFC 8252 §7.3 / §8.3: loopback hosts a native app may listen on with plain http. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
/** RFC 3986 §3.1 scheme grammar. */
const SCHEME_RE = /^[a-z][a-z0-9+.-]*$/;

/**
 * Why `uri` cannot be a redirect URI (or post-logout redirect URI); null when it can. Accepted:
 * absolute `https://…`; `http://…` on a loopback host only (RFC 8252 §7.3); a private-use scheme
 * of a native app (RFC 8252 §7.1: a reverse domain name, so it contains a dot, e.g.
 * `com.example.app:/callback`). Never a fragment (RFC 6749 §3.1.2), credentials or whitespace.
 * The string is kept as given: the authorization request compares it exactly.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_URI_LENGTH) return `must be at most ${MAX_URI_LENGTH} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\s\u0000-\u001f\u007f]/.test(uri)) return "must not contain whitespace or control characters";
  if (uri.includes("#")) return "must not contain a fragment (#…): RFC 6749 §3.1.2";
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return "must be an absolute URI (https://…, http://127.0.0.1…, or a private-use scheme such as com.example.app:/callback)";
  }
  const scheme = u.protocol.slice(0, -1);
  if (scheme === "https" || scheme === "http") {
    // The URL parser repairs `https:/host`; the registered string must be the real thing.
    if (!uri.toLowerCase().startsWith(`${scheme}://`)) return `must start with ${scheme}://`;
    if (u.username || u.password) return "must not carry credentials";
    if (scheme === "http" && !LOOPBACK_HOSTS.has(u.hostname))
      return "must use https; plain http is allowed only on loopback (127.0.0.1, [::1], localhost)";
    return null;
  }
  if (!SCHEME_RE.test(scheme) || !scheme.includes("."))
    return "must use https, http on loopback, or a private-use scheme of the reverse-domain form (com.example.app:/callback)";
  if (!u.pathname && !u.host) return "must have a path after the scheme (com.example.app:/callback)";
  return null;
}

/**
 * Why `uri` cannot be a back-channel logout URI; null when it can. The service POSTs logout tokens
 * there, so it obeys the webhook SSRF policy (kernel/net-policy.ts): https to a public host; with
 * `allowPrivate` (SSO_WEBHOOK_ALLOW_PRIVATE, development) also plain http, but then on loopback only.
 */
export function backchannelUriProblem(uri: string, allowPrivate: boolean): string | null {
  if (uri.length > MAX_URI_LENGTH) return `must be at most ${MAX_URI_LENGTH} characters`;
  if (uri.includes("#")) return "must not contain a fragment (#…)";
  const why = refuseTargetUrl(uri, allowPrivate);
  if (why) return why;
  const u = new URL(uri);
  if (u.protocol === "http:" && !LOOPBACK_HOSTS.has(u.hostname))
    return "must use https; plain http is allowed only on loopback (127.0.0.1, [::1], localhost)";
  return null;
}

/** Checks a URI list: at most MAX_URIS, each by `problem`; returns it deduplicated in order. */
export function checkUriList(
  field: string,
  list: string[],
  problem: (uri: string) => string | null,
  errors: FieldError[],
): string[] {
  if (list.length > MAX_URIS) errors.push({ field, message: `must list at most ${MAX_URIS} URIs` });
  list.forEach((uri, i) => {
    const why = problem(uri);
    if (why) errors.push({ field: `${field}.${i}`, message: why });
  });
  return [...new Set(list)];
}

/**
 * Why a client of `type` cannot hold `requirePkce` (CONTRACT §12); null when it can. A public client
 * has no secret: at the token endpoint only its PKCE verifier proves that the code is its own, so it
 * always requires PKCE. A confidential client authenticates and may rely on the OIDC `nonce`
 * instead (RFC 9700 §2.1.1), so it may turn the requirement off.
 */
export function requirePkceProblem(type: ClientType, requirePkce: boolean): FieldError | null {
  if (type === "public" && !requirePkce)
    return {
      field: "requirePkce",
      message:
        "a public client has no secret, so PKCE is what proves its codes are its own: it cannot be turned off; leave requirePkce true, or register a confidential client",
    };
  return null;
}

/**
 * Problems with a grant combination (CONTRACT §12): never empty; a public client cannot hold
 * client_credentials (it has no secret to authenticate with); refresh_token only beside
 * authorization_code; authorization_code only for a client bound to an application (whose
 * identifier becomes the `aud` of the people's tokens).
 */
export function grantProblems(type: ClientType, grants: GrantType[], bound: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (!grants.length) errors.push({ field: "grantTypes", message: "must name at least one grant type" });
  grants.forEach((g, i) => {
    if (!GRANT_TYPES.includes(g))
      errors.push({ field: `grantTypes.${i}`, message: `must be one of ${GRANT_TYPES.join(", ")}` });
  });
  if (type === "public" && grants.includes("client_credentials"))
    errors.push({
      field: "grantTypes",
      message:
        'a public client has no secret and cannot hold client_credentials; use ["authorization_code"] (and "refresh_token"), or register a confidential client',
    });
  if (grants.includes("refresh_token") && !grants.includes("authorization_code"))
    errors.push({ field: "grantTypes", message: "refresh_token is only allowed together with authorization_code" });
  if (grants.includes("authorization_code") && !bound)
    errors.push({
      field: "applicationId",
      message: "a client with authorization_code must be bound to an application (its identifier is the tokens' aud)",
    });
  return errors;
}
