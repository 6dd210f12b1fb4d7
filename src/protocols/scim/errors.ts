/**
 * The SCIM protocol's refusals (RFC 7644 §3.12): one class, a kind and an optional `scimType`,
 * rendered once by render-error.ts through src/http/scim.ts, which also maps the features' domain
 * errors (a duplicate email is 409 `uniqueness`, a refused field 400 `invalidValue`).
 */

/** What went wrong, in words (src/http/scim.ts gives each its status). */
export type ScimErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "method_not_allowed"
  | "too_large"
  | "not_implemented"
  | "precondition_failed"
  | "unavailable"
  | "internal";

export class ScimProtocolError extends Error {
  constructor(
    readonly kind: ScimErrorKind,
    readonly detail: string,
    readonly scimType?: string,
    /** For `method_not_allowed`: the methods the path takes. */
    readonly allow?: string[],
  ) {
    super(detail);
    this.name = "ScimProtocolError";
  }
}

export const invalidFilter = (detail: string) => new ScimProtocolError("invalid", detail, "invalidFilter");
export const invalidValue = (detail: string) => new ScimProtocolError("invalid", detail, "invalidValue");
export const invalidSyntax = (detail: string) => new ScimProtocolError("invalid", detail, "invalidSyntax");
export const invalidPath = (detail: string) => new ScimProtocolError("invalid", detail, "invalidPath");
export const noTarget = (detail: string) => new ScimProtocolError("invalid", detail, "noTarget");
export const mutability = (detail: string) => new ScimProtocolError("invalid", detail, "mutability");
export const unauthorized = () =>
  new ScimProtocolError("unauthorized", "A SCIM token is required (Authorization: Bearer scim_…).");
export const notFound = (what: string) => new ScimProtocolError("not_found", `${what} not found.`);
export const notImplemented = (detail: string) => new ScimProtocolError("not_implemented", detail);
