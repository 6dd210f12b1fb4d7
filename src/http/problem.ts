/**
 * The only ErrorCode → HTTP table, and the RFC 9457 renderer for `/api/**` (and every non-OAuth route).
 */
import { DomainError, type ErrorCode, type FieldError } from "../kernel/errors";

const TABLE: Record<ErrorCode, { status: number; title: string }> = {
  VALIDATION_FAILED: { status: 400, title: "Invalid request" },
  UNAUTHENTICATED: { status: 401, title: "Authentication required" },
  INVALID_CREDENTIALS: { status: 401, title: "Invalid credentials" },
  INVALID_TOKEN: { status: 401, title: "Invalid token" },
  REFRESH_TOKEN_REUSED: { status: 401, title: "Refresh token reused" },
  MFA_INVALID_CODE: { status: 401, title: "Invalid second-factor code" },
  FORBIDDEN: { status: 403, title: "Forbidden" },
  QUOTA_EXCEEDED: { status: 403, title: "Quota exceeded" },
  FEATURE_NOT_ENABLED: { status: 403, title: "Feature not enabled" },
  ORG_SUSPENDED: { status: 403, title: "Organization suspended" },
  NOT_FOUND: { status: 404, title: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, title: "Method not allowed" },
  CONFLICT: { status: 409, title: "Conflict" },
  PAYLOAD_TOO_LARGE: { status: 413, title: "Payload too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: "Unsupported media type" },
  ACCOUNT_LOCKED: { status: 429, title: "Account locked" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  INTERNAL: { status: 500, title: "Internal error" },
  UNAVAILABLE: { status: 503, title: "Service unavailable" },
};

export const statusOf = (code: ErrorCode) => TABLE[code].status;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
}

/** The status of an error: the table's, except a body-presented token, which is bad input (CONTRACT §11). */
export function statusFor(err: DomainError): number {
  if (err.code === "INVALID_TOKEN" && err.source === "body") return 400;
  return TABLE[err.code].status;
}

export function toProblem(err: DomainError): Problem {
  const { title } = TABLE[err.code];
  const status = statusFor(err);
  const p: Problem = {
    ...(err.extensions ?? {}),
    type: `urn:sso:problem:${err.code.toLowerCase().replace(/_/g, "-")}`,
    title,
    status,
    detail: err.detail,
    code: err.code,
  };
  if (err.errors?.length) p.errors = err.errors;
  return p;
}

/** Renders a DomainError as an `application/problem+json` Response. */
export function problemResponse(err: DomainError, extraHeaders: Record<string, string> = {}): Response {
  const p = toProblem(err);
  const headers: Record<string, string> = {
    "content-type": "application/problem+json",
    "cache-control": "no-store",
    ...extraHeaders,
  };
  if (err.retryAfter !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(err.retryAfter)));
  if (p.status === 401 && !headers["www-authenticate"])
    headers["www-authenticate"] = `Bearer realm="sso"${err.code === "INVALID_TOKEN" ? ', error="invalid_token"' : ""}`;
  return new Response(JSON.stringify(p), { status: p.status, headers });
}
