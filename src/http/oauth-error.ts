/**
 * The OAuth wire of an error, with no protocol class behind it: RFC 6749 §5.2 JSON bodies (the
 * token, revocation and introspection endpoints), RFC 6750 §3.1 Bearer challenges (UserInfo) and
 * the parameters of an RFC 6749 §4.1.2.1 error redirect. A protocol speaking OAuth renders its
 * paths' failures with `oauthFailureRenderer`, handing its own refusals over as plain
 * `OAuthWireError`s (src/protocols/oidc/render-error.ts): the other half of the one error renderer
 * (the first is problem.ts). Statuses live here, never in the routes.
 */
import type { EdgeFailure } from "./protocol";

/** An RFC 6749 §5.2 error answer: its code, its description, and how it travels. */
export interface OAuthErrorAnswer {
  error: string;
  description: string;
  retryAfter?: number;
  /** The body was over the size limit (413). */
  tooLarge?: boolean;
  /** RFC 9110 §15.5.6: the methods the path takes (answered 405 with `Allow`). */
  allow?: string[];
  /** A client over its rate (429). */
  rateLimited?: boolean;
}

function statusOf(e: OAuthErrorAnswer): number {
  if (e.allow) return 405;
  if (e.tooLarge) return 413;
  if (e.rateLimited) return 429;
  return e.error === "invalid_client"
    ? 401
    : e.error === "server_error"
      ? 500
      : e.error === "temporarily_unavailable"
        ? 503
        : 400;
}

/** RFC 6749 §5.2: the JSON error body, never cached; `invalid_client` challenges HTTP Basic. */
export function oauthErrorResponse(err: OAuthErrorAnswer): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "cache-control": "no-store",
    pragma: "no-cache",
  };
  if (err.error === "invalid_client") headers["www-authenticate"] = 'Basic realm="sso", charset="UTF-8"';
  if (err.allow) headers["allow"] = err.allow.join(", ");
  if (err.retryAfter !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(err.retryAfter)));
  return new Response(JSON.stringify({ error: err.error, error_description: err.description }), {
    status: statusOf(err),
    headers,
  });
}

/**
 * RFC 6750 §3.1 at UserInfo: 401 with `WWW-Authenticate: Bearer` naming the error (none when no
 * token was sent: `error` null), 400 for `invalid_request`, 403 for `insufficient_scope`; the body
 * repeats it as JSON (OIDC Core §5.3.3). `description` is already reduced to the RFC 6749 §4.1.2.1
 * characters (it travels in a header).
 */
export function bearerErrorResponse(e: { error: string | null; description: string }): Response {
  const { description } = e;
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
export interface AuthorizationErrorParameters {
  error: string;
  /** Already reduced to the characters RFC 6749 §4.1.2.1 allows. */
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
export function errorParameters(r: AuthorizationErrorParameters): [string, string][] {
  const params: [string, string][] = [["error", r.error]];
  if (r.description) params.push(["error_description", r.description]);
  if (r.state !== undefined) params.push(["state", r.state]);
  params.push(["iss", r.iss]);
  return params;
}

/** A protocol's refusal as the OAuth wire carries it: a JSON error body, or a Bearer challenge. */
export type OAuthWireError =
  | ({ kind: "json" } & OAuthErrorAnswer)
  /** `error` null: no token was sent (RFC 6750 §3.1: no error code in the challenge). */
  | { kind: "bearer"; error: string | null; description: string };

/**
 * The `renderError` of a protocol speaking OAuth on its paths: its own refusals (`refusalOf` reads
 * them; null for anything else), and the edge's failures as RFC 6749 §5.2 bodies.
 */
export function oauthFailureRenderer(refusalOf: (thrown: unknown) => OAuthWireError | null) {
  const json = (error: string, description: string, opts: Omit<OAuthErrorAnswer, "error" | "description"> = {}) =>
    oauthErrorResponse({ error, description, ...opts });
  return (failure: EdgeFailure): Response | null => {
    switch (failure.kind) {
      case "thrown": {
        const r = refusalOf(failure.error);
        if (!r) return null;
        if (r.kind === "bearer") return bearerErrorResponse(r);
        const { kind: _, ...answer } = r;
        return oauthErrorResponse(answer);
      }
      case "unavailable":
        return json("temporarily_unavailable", failure.detail);
      case "invalid_body":
        return json("invalid_request", "The form body is missing a parameter or has an invalid one.");
      case "unparsable_body":
        return json("invalid_request", "The request body could not be parsed.");
      case "method_not_allowed":
        return json("invalid_request", `This endpoint takes ${failure.allow.join(", ")}.`, { allow: failure.allow });
      case "too_large":
        return json("invalid_request", `The request body is larger than ${failure.limitMiB} MiB.`, { tooLarge: true });
      case "internal":
        return json("server_error", "An unexpected error occurred.");
    }
  };
}
