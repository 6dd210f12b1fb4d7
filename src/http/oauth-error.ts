/**
 * RFC 6749 §5.2 error bodies for `/oauth2/token`, and RFC 6749 §4.1.2.1 error redirects of
 * `/oauth2/authorize`: the OAuth half of the one error renderer (the other half is problem.ts).
 * Statuses live here, never in the routes.
 */
import { BearerTokenError, TokenRequestError } from "../protocols/oidc/oauth";
import {
  type AuthorizationErrorCode,
  type OAuthProtocolError,
  type TokenEndpointErrorCode,
  appendQuery,
  safeDescription,
} from "../protocols/oidc";

/** The token endpoint's codes, from the provider's one OAuth vocabulary (src/protocols/oidc/errors.ts). */
export type OAuthErrorCode = TokenEndpointErrorCode;

/** A transport-level refusal raised by the token route (wrong method, body type, Basic header). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly opts: {
      retryAfter?: number;
      tooLarge?: boolean;
      /** RFC 9110 §15.5.6: the methods the path takes (answered 405 with `Allow`). */
      allow?: string[];
      rateLimited?: boolean;
    } = {},
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

function statusOf(e: OAuthError): number {
  if (e.opts.allow) return 405;
  if (e.opts.tooLarge) return 413;
  if (e.opts.rateLimited) return 429;
  return e.error === "invalid_client"
    ? 401
    : e.error === "server_error"
      ? 500
      : e.error === "temporarily_unavailable"
        ? 503
        : 400;
}

/**
 * The service's refusal as the wire error. A client over its rate is 429 `slow_down` (the registered
 * OAuth error of RFC 8628 §3.5 for "poll less often") with Retry-After in seconds.
 */
export function fromTokenRequestError(e: TokenRequestError): OAuthError {
  return e.error === "rate_limited"
    ? new OAuthError("slow_down", e.description, { rateLimited: true, retryAfter: e.retryAfter })
    : new OAuthError(e.error, e.description);
}

export function oauthErrorResponse(e: OAuthError | TokenRequestError): Response {
  const err = e instanceof TokenRequestError ? fromTokenRequestError(e) : e;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "cache-control": "no-store",
    pragma: "no-cache",
  };
  if (err.error === "invalid_client") headers["www-authenticate"] = 'Basic realm="sso", charset="UTF-8"';
  if (err.opts.allow) headers["allow"] = err.opts.allow.join(", ");
  if (err.opts.retryAfter !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(err.opts.retryAfter)));
  return new Response(JSON.stringify({ error: err.error, error_description: err.description }), {
    status: statusOf(err),
    headers,
  });
}

/**
 * RFC 6750 §3.1 at UserInfo: 401 with `WWW-Authenticate: Bearer` naming the error (none when no
 * token was sent), 400 for `invalid_request`, 403 for `insufficient_scope`; the body repeats it as
 * JSON (OIDC Core §5.3.3).
 */
export function bearerErrorResponse(e: BearerTokenError): Response {
  const description = safeDescription(e.description);
  const challenge = e.error
    ? `Bearer realm="sso", error="${e.error}", error_description="${description}"`
    : 'Bearer realm="sso"';
  const body = e.error
    ? { error: e.error, error_description: description }
    : { error: "invalid_request", error_description: description };
  return new Response(JSON.stringify(body), {
    status: e.error === "insufficient_scope" ? 403 : e.error === "invalid_request" ? 400 : 401,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      pragma: "no-cache",
      "www-authenticate": challenge,
    },
  });
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

/**
 * RFC 6749 §4.1.2.1 + RFC 9207 §2: `error`, `error_description`, `state` (when sent) and `iss`, in
 * that order: the query's parameters, or the fields of a form_post answer.
 */
export function errorParameters(r: AuthorizationErrorResponse): [string, string][] {
  const params: [string, string][] = [["error", r.error]];
  if (r.description) params.push(["error_description", safeDescription(r.description)]);
  if (r.state !== undefined) params.push(["state", r.state]);
  params.push(["iss", r.iss]);
  return params;
}

/**
 * The error parameters appended to the validated redirect URI's query, which is retained (RFC 6749
 * §3.1.2); never a fragment. Only for a redirect URI already validated for the client: an
 * unvalidated one gets an error page instead (RFC 6749 §4.1.2.1).
 */
export function errorRedirect(redirectUri: string, r: AuthorizationErrorResponse): string {
  return appendQuery(redirectUri, errorParameters(r));
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
  return errorParameters(failureResponse(failure, iss));
}
