/**
 * The authorization response as a URL (RFC 6749 §4.1.2; RFC 9207): the parameters are appended to
 * the redirect URI's query component, whose own parameters are retained byte for byte (RFC 6749
 * §3.1.2), and no fragment is ever produced. With response_mode `form_post` the same parameters
 * (`successParameters`) are the fields of an auto-submitting form instead. The error redirect
 * (RFC 6749 §4.1.2.1) is the same on top of the edge's error parameters (src/http/oauth-error.ts).
 */
import { errorParameters } from "../../http/oauth-error";
import { type AuthorizationErrorCode, type OAuthProtocolError, safeDescription } from "./errors";

/** What a successful authorization response carries (RFC 6749 §4.1.2, RFC 9207 §2). */
export interface SuccessResponse {
  code: string;
  /** Echoed exactly when the request carried one (RFC 6749 §4.1.2: REQUIRED if it was present). */
  state?: string;
  /** The issuer identifier (RFC 9207 §2: the `iss` parameter, in success and error responses). */
  iss: string;
}

/**
 * RFC 3986 query encoding of one value (every reserved character percent-encoded, space as %20).
 * A lone UTF-16 surrogate (which no decoded request parameter can hold) becomes U+FFFD instead of
 * making encodeURIComponent throw.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const enc = (v: string) => encodeURIComponent(v.replace(LONE_SURROGATE, "\uFFFD"));

/**
 * Appends `params` (in order) to `redirectUri`'s query. The redirect URI's existing query is kept
 * exactly as registered (RFC 6749 §3.1.2: "MUST be retained when adding additional query
 * parameters"); it is never re-serialised, so its encoding survives. A URI carrying a fragment is
 * refused: registration forbids one (RFC 6749 §3.1.2) and a response must never put parameters
 * after it.
 */
export function appendQuery(redirectUri: string, params: [string, string][]): string {
  if (redirectUri.includes("#")) throw new Error("a redirect URI never carries a fragment (RFC 6749 §3.1.2)");
  const extra = params.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
  if (!extra) return redirectUri;
  const q = redirectUri.indexOf("?");
  if (q === -1) return `${redirectUri}?${extra}`;
  // An existing query ("?a=1", or a bare "?" / trailing "&") is kept verbatim and extended.
  const sep = q === redirectUri.length - 1 || redirectUri.endsWith("&") ? "" : "&";
  return `${redirectUri}${sep}${extra}`;
}

/** RFC 6749 §4.1.2 + RFC 9207 §2: `code`, then `state` (when sent), then `iss` (the query's or the form post's fields). */
export function successParameters(r: SuccessResponse): [string, string][] {
  const params: [string, string][] = [["code", r.code]];
  if (r.state !== undefined) params.push(["state", r.state]);
  params.push(["iss", r.iss]);
  return params;
}

/** The success answer in the query of the redirect URI (response_mode `query`). */
export function successRedirect(redirectUri: string, r: SuccessResponse): string {
  return appendQuery(redirectUri, successParameters(r));
}

/** What an authorization error redirect carries (RFC 6749 §4.1.2.1, RFC 9207 §2). */
export interface AuthorizationErrorResponse {
  error: AuthorizationErrorCode;
  /** Client-safe; reduced to the characters RFC 6749 §4.1.2.1 allows. */
  description?: string;
  /** The request's `state`, exactly (RFC 6749 §4.1.2.1: REQUIRED if the request carried one). */
  state?: string;
  /** The issuer identifier (RFC 9207 §2: in error responses too). */
  iss: string;
}

const errorFields = (r: AuthorizationErrorResponse) =>
  errorParameters({ ...r, description: r.description && safeDescription(r.description) });

/**
 * The error parameters appended to the validated redirect URI's query, which is retained (RFC 6749
 * §3.1.2); never a fragment. Only for a redirect URI already validated for the client: an
 * unvalidated one gets an error page instead (RFC 6749 §4.1.2.1).
 */
export function errorRedirect(redirectUri: string, r: AuthorizationErrorResponse): string {
  return appendQuery(redirectUri, errorFields(r));
}

type AuthorizationFailure = { error: OAuthProtocolError; redirectUri: string; state?: string };

const failureResponse = (failure: AuthorizationFailure, iss: string): AuthorizationErrorResponse => ({
  error: failure.error.error as AuthorizationErrorCode,
  description: failure.error.description,
  state: failure.state,
  iss,
});

/**
 * The error redirect of a failed authorization request (`validateAuthorizationRequest`'s
 * `redirect_error` outcome): its error, the request's usable `state`, and the issuer (RFC 9207).
 */
export function authorizationErrorRedirect(failure: AuthorizationFailure, iss: string): string {
  return errorRedirect(failure.redirectUri, failureResponse(failure, iss));
}

/** The same error as the fields of a form_post answer (OAuth 2.0 Form Post Response Mode §2). */
export function authorizationErrorFields(failure: AuthorizationFailure, iss: string): [string, string][] {
  return errorFields(failureResponse(failure, iss));
}
