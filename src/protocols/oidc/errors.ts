/**
 * The OAuth 2.0 / OpenID Connect error vocabulary of the provider: one code set and one error
 * class for the authorization endpoint, the token endpoint (and revocation, introspection) and
 * UserInfo. Domain code: no HTTP status here; the protocol's renderer (render-error.ts) decides how
 * an error travels (an error page, a redirect back, an RFC 6749 §5.2 JSON body, or an RFC 6750
 * §3.1 Bearer challenge).
 */

/**
 * Every error code the provider may answer, with the section that defines it.
 * - RFC 6749 §4.1.2.1 (authorization response): invalid_request, unauthorized_client,
 *   access_denied, unsupported_response_type, invalid_scope, server_error, temporarily_unavailable.
 * - RFC 6749 §5.2 (token response): invalid_request, invalid_client, invalid_grant,
 *   unauthorized_client, unsupported_grant_type, invalid_scope.
 * - OIDC Core §3.1.2.6: interaction_required, login_required, account_selection_required,
 *   consent_required, invalid_request_uri, invalid_request_object, request_not_supported,
 *   request_uri_not_supported, registration_not_supported.
 * - RFC 8628 §3.5: slow_down (the token endpoint's answer to a client over its rate limit).
 * - RFC 6750 §3.1 (UserInfo's bearer token): invalid_request, invalid_token, insufficient_scope.
 */
export const OAUTH_ERROR_CODES = [
  "invalid_request",
  "unauthorized_client",
  "access_denied",
  "unsupported_response_type",
  "invalid_scope",
  "server_error",
  "temporarily_unavailable",
  "interaction_required",
  "login_required",
  "account_selection_required",
  "consent_required",
  "invalid_request_uri",
  "invalid_request_object",
  "request_not_supported",
  "request_uri_not_supported",
  "registration_not_supported",
  "invalid_client",
  "invalid_grant",
  "unsupported_grant_type",
  "slow_down",
  "invalid_token",
  "insufficient_scope",
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** Codes the authorization endpoint answers (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6), plus `invalid_client` for its error page. */
export type AuthorizationErrorCode = Exclude<
  OAuthErrorCode,
  "invalid_grant" | "unsupported_grant_type" | "slow_down" | "invalid_token" | "insufficient_scope"
>;

/** Codes the token endpoint answers (RFC 6749 §5.2, RFC 8628 §3.5). */
export type TokenEndpointErrorCode = Extract<
  OAuthErrorCode,
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "server_error"
  | "temporarily_unavailable"
  | "slow_down"
>;

/**
 * RFC 6749 §4.1.2.1 / §5.2: `error_description` is limited to %x20-21 / %x23-5B / %x5D-7E
 * (printable ASCII without `"` and `\`). Every description written in this feature obeys it;
 * `safeDescription` enforces it for any other text.
 */
const DESCRIPTION_RE = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

/** `text` reduced to the characters RFC 6749 §4.1.2.1 allows in `error_description` (others become `?`). */
export function safeDescription(text: string): string {
  return DESCRIPTION_RE.test(text) ? text : text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "?");
}

/** How a refusal travels besides its code and description; none of it is an HTTP status. */
export interface OAuthErrorOptions {
  cause?: unknown;
  /** Seconds the client should wait before it asks again (`slow_down`). */
  retryAfter?: number;
  /** A client over its rate limit (RFC 8628 §3.5 `slow_down`). */
  rateLimited?: boolean;
  /** The request body was over the size limit. */
  tooLarge?: boolean;
  /** RFC 9110 §15.5.6: the methods the endpoint takes (the request used another). */
  allow?: string[];
  /**
   * RFC 6750 §3.1: a refusal of a bearer token (UserInfo), answered with a `WWW-Authenticate:
   * Bearer` challenge; `no_credentials` when no token was sent at all (§3.1: no error code in it).
   */
  bearer?: "error" | "no_credentials";
}

/**
 * A refusal in the OAuth vocabulary. `description` is client-safe (shown to the client and,
 * on an error page, to the person) and says what to do; internal detail goes in `cause`.
 * `text` is the description as written: the token endpoint's JSON bodies carry it (JSON escapes
 * it), as they always have; a redirect, a page or a header carries `description`.
 */
export class OAuthProtocolError extends Error {
  readonly error: OAuthErrorCode;
  readonly description: string;
  readonly text: string;
  readonly opts: Omit<OAuthErrorOptions, "cause">;

  constructor(error: OAuthErrorCode, description: string, opts: OAuthErrorOptions = {}) {
    const safe = safeDescription(description);
    super(safe, { cause: opts.cause });
    this.name = "OAuthProtocolError";
    this.error = error;
    this.description = safe;
    this.text = description;
    const { cause: _, ...rest } = opts;
    this.opts = rest;
  }
}

/** Shorthand constructor: `oauthError("invalid_request", "…")`. */
export const oauthError = (error: OAuthErrorCode, description: string, opts?: OAuthErrorOptions) =>
  new OAuthProtocolError(error, description, opts);

/** A refusal of a bearer token at UserInfo (RFC 6750 §3.1); `null`: no token was sent (no error code). */
export const bearerError = (
  error: "invalid_request" | "invalid_token" | "insufficient_scope" | null,
  description: string,
) => new OAuthProtocolError(error ?? "invalid_request", description, { bearer: error ? "error" : "no_credentials" });
