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

  constructor(code: ErrorCode, detail: string, opts: { errors?: FieldError[]; retryAfter?: number; cause?: unknown } = {}) {
    super(detail, { cause: opts.cause });
    this.name = "DomainError";
    this.code = code;
    this.detail = detail;
    this.errors = opts.errors;
    this.retryAfter = opts.retryAfter;
  }
}

export const validation = (detail: string, errors?: FieldError[]) => new DomainError("VALIDATION_FAILED", detail, { errors });
export const fieldError = (field: string, message: string) =>
  new DomainError("VALIDATION_FAILED", `${field}: ${message}`, { errors: [{ field, message }] });
export const notFound = (what: string) => new DomainError("NOT_FOUND", `${what} was not found.`);
export const forbidden = (detail: string) => new DomainError("FORBIDDEN", detail);
export const conflict = (detail: string) => new DomainError("CONFLICT", detail);
export const invalidToken = (detail = "The token is invalid, expired or revoked. Sign in again.") =>
  new DomainError("INVALID_TOKEN", detail);

/** Thrown by adapters on a unique-constraint violation; services translate it with context. */
export class ConflictError extends DomainError {
  constructor(readonly constraint: string) {
    super("CONFLICT", `A record with the same unique value already exists (${constraint}).`);
    this.name = "ConflictError";
  }
}

/** Thrown by adapters when the store cannot be reached. */
export class UnavailableError extends DomainError {
  constructor(cause?: unknown) {
    super("UNAVAILABLE", "A backing store is unavailable. Retry shortly.", { cause });
    this.name = "UnavailableError";
  }
}
