/**
 * The domain's one error vocabulary. Codes are CONTRACT §1's stable UPPER_SNAKE words; the HTTP
 * edge (src/http/problem.ts, src/http/oauth-error.ts) is the only place that maps them to statuses.
 */
export type ErrorCode =
  | "VALIDATION_FAILED"
  | "UNAUTHENTICATED"
  | "INVALID_CREDENTIALS"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "QUOTA_EXCEEDED"
  | "FEATURE_NOT_ENABLED"
  | "ORG_SUSPENDED"
  | "ACCOUNT_LOCKED"
  | "RATE_LIMITED"
  | "REFRESH_TOKEN_REUSED"
  | "INVALID_TOKEN"
  | "MFA_INVALID_CODE"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNAVAILABLE"
  | "INTERNAL";

export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Client-safe explanation that says what to do. */
  readonly detail: string;
  readonly errors?: FieldError[];
  /** Seconds the caller should wait (rate limits, lockouts). */
  readonly retryAfter?: number;
  /**
   * Where the refused credential came from. A token sent in the request body (a reset or setup
   * token, CONTRACT §11) is bad input; one sent as the bearer credential is an authentication failure.
   */
  readonly source?: "body";
  /** Client-safe extension members of the problem (RFC 9457 §3.2), e.g. readiness check states. */
  readonly extensions?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    detail: string,
    opts: {
      errors?: FieldError[];
      retryAfter?: number;
      cause?: unknown;
      source?: "body";
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(detail, { cause: opts.cause });
    this.name = "DomainError";
    this.code = code;
    this.detail = detail;
    this.errors = opts.errors;
    this.retryAfter = opts.retryAfter;
    this.source = opts.source;
    this.extensions = opts.extensions;
  }
}

export const validation = (detail: string, errors?: FieldError[]) =>
  new DomainError("VALIDATION_FAILED", detail, { errors });
export const fieldError = (field: string, message: string) =>
  new DomainError("VALIDATION_FAILED", `${field}: ${message}`, { errors: [{ field, message }] });
export const notFound = (what: string) => new DomainError("NOT_FOUND", `${what} was not found.`);
export const forbidden = (detail: string) => new DomainError("FORBIDDEN", detail);
export const conflict = (detail: string) => new DomainError("CONFLICT", detail);
export const invalidToken = (detail = "The token is invalid, expired or revoked. Sign in again.", source?: "body") =>
  new DomainError("INVALID_TOKEN", detail, { source });

/**
 * Thrown by adapters on a unique-constraint violation; services translate it with context. The
 * constraint's name is kept for logs and tests, never put in the client-facing detail.
 */
export class ConflictError extends DomainError {
  constructor(readonly constraint: string) {
    super("CONFLICT", "A record with the same unique value already exists.");
    this.name = "ConflictError";
  }
}

/**
 * `work`, with a duplicate the store refused (ConflictError) answered as CONFLICT saying `detail`,
 * which names the clashing value; any other error passes as it is.
 */
export async function orConflict<T>(work: Promise<T>, detail: string): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof ConflictError) throw conflict(detail);
    throw e;
  }
}

/** Thrown by adapters when the store cannot be reached. */
export class UnavailableError extends DomainError {
  constructor(cause?: unknown) {
    super("UNAVAILABLE", "A backing store is unavailable. Retry shortly.", { cause });
    this.name = "UnavailableError";
  }
}
