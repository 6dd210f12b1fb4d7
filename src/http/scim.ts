/**
 * The SCIM wire (RFC 7644 §3.12, §8.1): `application/scim+json` bodies, errors as
 * `urn:ietf:params:scim:api:messages:2.0:Error` with `status` as a string and `scimType`, and the
 * renderer a SCIM protocol module hands its paths' failures to (src/http/protocol.ts). The
 * protocol names its refusals as plain `ScimWireError`s; statuses live here, never in its routes.
 */
import type { ScimErrorKind } from "../protocols/scim/errors";
import type { EdgeFailure } from "./protocol";

export const SCIM_MEDIA_TYPE = "application/scim+json";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** What went wrong, in words (the protocol's vocabulary); each maps to one status below. */
export type { ScimErrorKind };

export interface ScimWireError {
  kind: ScimErrorKind;
  detail: string;
  /** RFC 7644 §3.12 Table 9 (`invalidFilter`, `invalidValue`, `uniqueness`, `invalidSyntax`, …). */
  scimType?: string;
  allow?: string[];
}

const STATUS: Record<ScimErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  method_not_allowed: 405,
  too_large: 413,
  not_implemented: 501,
  precondition_failed: 412,
  unavailable: 503,
  internal: 500,
};

/** RFC 7644 §3.12: the error body, never cached; a 401 challenges Bearer (RFC 6750 §3). */
/**
 * OpenAPI `responses` of every SCIM operation's refusals: each status the SCIM wire answers, as a
 * SCIM error in `application/scim+json` (the app's problem+json defaults never apply on /scim/v2).
 */
const scimError = (description: string) => ({
  description,
  content: {
    [SCIM_MEDIA_TYPE]: {
      schema: {
        type: "object" as const,
        required: ["schemas", "status"],
        properties: {
          schemas: { type: "array" as const, items: { type: "string" as const } },
          status: { type: "string" as const },
          scimType: { type: "string" as const },
          detail: { type: "string" as const },
        },
      },
    },
  },
});
export const scimErrorResponsesDoc = {
  400: scimError("invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath"),
  401: scimError("A SCIM token is required, or it is unknown or revoked"),
  403: scimError("The user holds a system code: out of the token's reach"),
  404: scimError("No such resource in the token's subtree"),
  405: scimError("The path takes other methods"),
  409: scimError("uniqueness: the userName or displayName is taken"),
  412: scimError("If-Match names another version"),
  413: scimError("The body is too large"),
  501: scimError("Not implemented (POST /.search, bulk)"),
  503: scimError("A backing store is down; retry"),
  default: scimError("An unexpected error (quote x-request-id)"),
};

export function scimErrorResponse(e: ScimWireError): Response {
  const status = STATUS[e.kind];
  const headers: Record<string, string> = { "content-type": SCIM_MEDIA_TYPE, "cache-control": "no-store" };
  if (e.kind === "unauthorized") headers["www-authenticate"] = 'Bearer realm="scim"';
  if (e.allow) headers.allow = e.allow.join(", ");
  const body = {
    schemas: [ERROR_SCHEMA],
    status: String(status),
    ...(e.scimType ? { scimType: e.scimType } : {}),
    detail: e.detail,
  };
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * A SCIM protocol's `renderError`: its own refusals (`refusal` turns a thrown value into a wire
 * error, or null), then the edge's failures in SCIM's words (invalid or unparsable body, method,
 * size, store down, internal error).
 */
export function scimFailureRenderer(refusal: (thrown: unknown) => ScimWireError | null) {
  return (failure: EdgeFailure): Response | null => {
    switch (failure.kind) {
      case "thrown": {
        // Not ours (a body the schema refused, an unknown route, a crash): the app asks again by kind.
        const own = refusal(failure.error);
        return own ? scimErrorResponse(own) : null;
      }
      case "invalid_body":
        return scimErrorResponse({
          kind: "invalid",
          scimType: "invalidSyntax",
          detail: "The request body is not valid.",
        });
      case "unparsable_body":
        return scimErrorResponse({
          kind: "invalid",
          scimType: "invalidSyntax",
          detail: "The request body is not JSON.",
        });
      case "method_not_allowed":
        return scimErrorResponse({
          kind: "method_not_allowed",
          detail: `This endpoint takes ${failure.allow.join(", ")}.`,
          allow: failure.allow,
        });
      case "too_large":
        return scimErrorResponse({
          kind: "too_large",
          detail: `The request body is larger than ${failure.limitMiB} MiB.`,
        });
      case "unavailable":
        return scimErrorResponse({ kind: "unavailable", detail: failure.detail });
      default:
        return scimErrorResponse({ kind: "internal", detail: "An unexpected error occurred; it has been logged." });
    }
  };
}

/** A SCIM answer: the resource (201 when created), with its `Location` and `ETag` when given. */
export function scimResponse(
  body: unknown,
  opts: { created?: boolean; location?: string; etag?: string } = {},
): Response {
  const headers: Record<string, string> = { "content-type": SCIM_MEDIA_TYPE, "cache-control": "no-store" };
  if (opts.location) headers.location = opts.location;
  if (opts.etag) headers.etag = opts.etag;
  return new Response(JSON.stringify(body), { status: opts.created ? 201 : 200, headers });
}

/** RFC 7644 §3.6: a deleted resource answers 204 without a body. */
export const scimNoContent = () => new Response(null, { status: 204 });
