/**
 * The SCIM protocol's error renderer (its `ProtocolModule.renderError`): its refusals and the
 * features' domain errors as RFC 7644 §3.12 errors, through src/http/scim.ts.
 */
import { scimFailureRenderer, type ScimWireError } from "../../http/scim";
import { DomainError } from "../../kernel/errors";
import { ScimProtocolError } from "./errors";

/** The wire of a refusal (ours, or a feature's DomainError); null for anything else. */
export function scimRefusal(thrown: unknown): ScimWireError | null {
  const e =
    thrown instanceof ScimProtocolError || thrown instanceof DomainError
      ? thrown
      : (thrown as { cause?: unknown } | null)?.cause;
  if (e instanceof ScimProtocolError)
    return {
      kind: e.kind,
      detail: e.detail,
      ...(e.scimType ? { scimType: e.scimType } : {}),
      ...(e.allow ? { allow: e.allow } : {}),
    };
  if (!(e instanceof DomainError)) return null;
  const detail = e.errors?.length
    ? `${e.detail} ${e.errors.map((f) => `${f.field}: ${f.message}`).join("; ")}`
    : e.detail;
  switch (e.code) {
    case "VALIDATION_FAILED":
      return { kind: "invalid", scimType: "invalidValue", detail };
    case "CONFLICT":
      return { kind: "conflict", scimType: "uniqueness", detail };
    case "NOT_FOUND":
      return { kind: "not_found", detail };
    case "FORBIDDEN":
      return { kind: "forbidden", detail };
    case "INVALID_TOKEN":
    case "UNAUTHENTICATED":
      return { kind: "unauthorized", detail };
    case "UNAVAILABLE":
      return { kind: "unavailable", detail };
    default:
      return null;
  }
}

export const renderScimError = scimFailureRenderer(scimRefusal);
