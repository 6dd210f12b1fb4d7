/**
 * Typed errors of the resource-server SDK. Every error has a stable `code`; switch on it (or use
 * `instanceof`) rather than on messages, which may change. `AnySsoError` narrows by `code`.
 */

export type SsoErrorCode =
  | "INVALID_TOKEN"
  | "WRONG_TOKEN_KIND"
  | "AUDIENCE_MISMATCH"
  | "INSUFFICIENT_SCOPE"
  | "KEYS_UNAVAILABLE"
  | "DISCOVERY_FAILED"
  | "INVALID_CLIENT"
  | "INVALID_SCOPE"
  | "UNAUTHORIZED_CLIENT"
  | "INVALID_REQUEST"
  | "UNSUPPORTED_GRANT_TYPE"
  | "RATE_LIMITED"
  | "TOKEN_ENDPOINT_ERROR";

export abstract class SsoError extends Error {
  abstract readonly code: SsoErrorCode;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Why a token was not accepted. */
export type InvalidTokenReason =
  | "missing"
  | "malformed"
  | "expired"
  | "signature"
  | "issuer"
  | "algorithm"
  | "type"
  | "claims";

/** The token is absent, malformed, expired, not signed by the issuer's keys, or not ours. */
export class InvalidTokenError extends SsoError {
  readonly code = "INVALID_TOKEN" as const;
  constructor(
    readonly reason: InvalidTokenReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A user token on a machine route, or a machine token on a user route (SPEC 5.7). */
export class WrongTokenKindError extends SsoError {
  readonly code = "WRONG_TOKEN_KIND" as const;
  constructor(
    readonly expected: "user" | "machine",
    readonly actual: string,
  ) {
    super(
      `This route takes a ${expected} token; a ${actual === "access" ? "user" : actual === "machine" ? "machine" : `"${actual}"`} token was presented.`,
    );
  }
}

/** The token was minted for another audience than this resource server's. */
export class AudienceMismatchError extends SsoError {
  readonly code = "AUDIENCE_MISMATCH" as const;
  constructor(
    readonly expected: string,
    readonly actual: unknown,
  ) {
    super(`The token's audience is not ${expected}.`);
  }
}

/** A machine token without every scope the route requires (answer 403). */
export class InsufficientScopeError extends SsoError {
  readonly code = "INSUFFICIENT_SCOPE" as const;
  constructor(
    readonly required: string[],
    readonly granted: string[],
  ) {
    super(`The token lacks the scope(s): ${required.filter((s) => !granted.includes(s)).join(" ")}.`);
  }
}

/** The issuer's signing keys could not be fetched: not the caller's fault (answer 503). */
export class KeysUnavailableError extends SsoError {
  readonly code = "KEYS_UNAVAILABLE" as const;
}

/** The issuer's discovery document could not be read or does not name this issuer. */
export class DiscoveryError extends SsoError {
  readonly code = "DISCOVERY_FAILED" as const;
}

/** Base of the errors answered by the token endpoint (RFC 6749 §5.2). */
export abstract class TokenEndpointFailure extends SsoError {
  constructor(
    /** The RFC 6749 `error` value, when the endpoint sent one. */
    readonly oauthError: string | undefined,
    /** The endpoint's `error_description`. */
    readonly description: string,
    /** HTTP status (0 when no response arrived). */
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(`${oauthError ?? `HTTP ${status}`}: ${description}`, options);
  }
}

/** Unknown client or wrong secret (401 invalid_client). Registering a new client is the fix for a lost secret. */
export class InvalidClientError extends TokenEndpointFailure {
  readonly code = "INVALID_CLIENT" as const;
}
/** A requested scope was never granted to the client (400 invalid_scope). */
export class InvalidScopeError extends TokenEndpointFailure {
  readonly code = "INVALID_SCOPE" as const;
}
/** The client's organization is suspended or expired (400 unauthorized_client). */
export class UnauthorizedClientError extends TokenEndpointFailure {
  readonly code = "UNAUTHORIZED_CLIENT" as const;
}
/** The request broke the protocol (400 invalid_request). */
export class InvalidRequestError extends TokenEndpointFailure {
  readonly code = "INVALID_REQUEST" as const;
}
/** The grant type is not supported (400 unsupported_grant_type). */
export class UnsupportedGrantTypeError extends TokenEndpointFailure {
  readonly code = "UNSUPPORTED_GRANT_TYPE" as const;
}
/** Too many token requests for this client (429); wait `retryAfterSeconds`. */
export class RateLimitedError extends TokenEndpointFailure {
  readonly code = "RATE_LIMITED" as const;
  constructor(
    oauthError: string | undefined,
    description: string,
    status: number,
    readonly retryAfterSeconds: number,
  ) {
    super(oauthError, description, status);
  }
}
/** Anything else: server_error, unavailable, network failure, an unreadable answer. */
export class TokenEndpointError extends TokenEndpointFailure {
  readonly code = "TOKEN_ENDPOINT_ERROR" as const;
}

export type AnySsoError =
  | InvalidTokenError
  | WrongTokenKindError
  | AudienceMismatchError
  | InsufficientScopeError
  | KeysUnavailableError
  | DiscoveryError
  | InvalidClientError
  | InvalidScopeError
  | UnauthorizedClientError
  | InvalidRequestError
  | UnsupportedGrantTypeError
  | RateLimitedError
  | TokenEndpointError;

/** Maps a token-endpoint error answer to its typed error. */
export function tokenEndpointError(
  status: number,
  body: { error?: unknown; error_description?: unknown } | null,
  retryAfter: string | null,
): TokenEndpointFailure {
  const error = typeof body?.error === "string" ? body.error : undefined;
  const description =
    typeof body?.error_description === "string" ? body.error_description : "The token endpoint refused the request.";
  if (status === 429) return new RateLimitedError(error, description, status, Math.max(1, Number(retryAfter) || 1));
  switch (error) {
    case "invalid_client":
      return new InvalidClientError(error, description, status);
    case "invalid_scope":
      return new InvalidScopeError(error, description, status);
    case "unauthorized_client":
      return new UnauthorizedClientError(error, description, status);
    case "invalid_request":
      return new InvalidRequestError(error, description, status);
    case "unsupported_grant_type":
      return new UnsupportedGrantTypeError(error, description, status);
    default:
      return new TokenEndpointError(error, description, status);
  }
}
