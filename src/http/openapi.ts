/**
 * Finishes the OpenAPI 3.1 document the Elysia plugin generates from the route schemas, so that
 * real tools accept it (redocly lint, client generators, schemathesis):
 * - request bodies: the plugin cannot see through the app's own JSON body reader and leaves
 *   `content: {}`; each body is written back from its route schema (JSON; the token endpoint a form);
 * - errors: shared `Problem` / `ValidationProblem` (RFC 9457) and `OAuthError` (RFC 6749) components,
 *   and each operation's error responses;
 * - plain integers where the plugin wrote Elysia's "string or integer" query/path coercion, and no
 *   3.0-style `nullable`;
 * - `servers`, and an explicit empty `security` on public operations.
 */
type Json = Record<string, any>;

const problem = {
  type: "object",
  description: "RFC 9457 problem details",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: { type: "string", examples: ["urn:sso:problem:forbidden"] },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string", description: "what went wrong and what to do" },
    code: { type: "string", description: "stable UPPER_SNAKE code (CONTRACT §1)", examples: ["FORBIDDEN"] },
  },
  additionalProperties: true,
};
const validationProblem = {
  ...problem,
  description:
    "RFC 9457 problem details; `errors` lists the failing fields (VALIDATION_FAILED). A spent token sent in a body is 400 INVALID_TOKEN, without `errors`.",
  properties: {
    ...problem.properties,
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["field", "message"],
        properties: { field: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};
const oauthError = {
  type: "object",
  description: "RFC 6749 §5.2 error",
  required: ["error", "error_description"],
  properties: { error: { type: "string", examples: ["invalid_client"] }, error_description: { type: "string" } },
};

const ref = (name: string, description: string, mediaType = "application/problem+json") => ({
  description,
  content: { [mediaType]: { schema: { $ref: `#/components/schemas/${name}` } } },
});

/** Elysia's coercing query integer (`anyOf: [numeric string, integer]`) as the plain integer it means. */
function plainTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainTypes);
  if (!node || typeof node !== "object") return node;
  const o = node as Json;
  if (Array.isArray(o.anyOf)) {
    const ints = o.anyOf.filter((x: Json) => x?.type === "integer" || x?.type === "number");
    const strs = o.anyOf.filter(
      (x: Json) => x?.type === "string" && (x.format === "integer" || x.format === "numeric"),
    );
    if (ints.length === 1 && strs.length === 1 && o.anyOf.length === 2) {
      const { anyOf: _, ...rest } = o;
      return plainTypes({ ...rest, ...ints[0] });
    }
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === "nullable") continue; // 3.0 keyword; 3.1 unions say null themselves
    out[k] = plainTypes(v);
  }
  if (o.nullable === true && typeof o.type === "string") out.type = [o.type, "null"];
  return out;
}

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/**
 * Completes `doc` from the mounted `routes` (Elysia's `app.routes`). Pure: returns a new document.
 */
export function finishOpenApi(
  doc: Json,
  routes: { method: string; path: string; hooks?: Json }[],
  issuer: string,
): Json {
  const out = plainTypes(structuredClone(doc)) as Json;
  out.servers = [{ url: issuer, description: "this deployment" }];
  out.components ??= {};
  out.components.schemas = {
    ...(out.components.schemas ?? {}),
    Problem: problem,
    ValidationProblem: validationProblem,
    OAuthError: oauthError,
  };
  const bodies = new Map(
    routes
      .filter((r) => r.hooks?.body)
      .map((r) => [
        `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`,
        plainTypes(JSON.parse(JSON.stringify(r.hooks!.body))),
      ]),
  );
  // A body declared with t.Optional may be left out: TypeBox marks that with a symbol JSON drops.
  const optionalBodies = new Set(
    routes
      .filter((r) => r.hooks?.body && Symbol.for("TypeBox.Optional") in (r.hooks.body as object))
      .map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`),
  );
  for (const [path, item] of Object.entries<Json>(out.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!op || typeof op !== "object" || !("responses" in op || "summary" in op || "operationId" in op)) continue;
      // The OAuth endpoints that take a form (RFC 6749 §3.2, RFC 7009 §2.1, RFC 7662 §2.1) and answer RFC 6749 errors.
      const token = path === "/oauth2/token" || path === "/oauth2/revoke" || path === "/oauth2/introspect";
      // UserInfo parses its own optional form (RFC 6750 §2.2) and declares it with the route.
      const ownForm = path === "/oauth2/userinfo";
      const schema = bodies.get(`${method} ${path}`);
      if (!ownForm && (op.requestBody || schema)) {
        op.requestBody = {
          required: !optionalBodies.has(`${method} ${path}`),
          content: { [token ? "application/x-www-form-urlencoded" : "application/json"]: { schema: schema ?? {} } },
        };
      }
      op.responses ??= {};
      if (!Object.keys(op.responses).some((s) => s.startsWith("2")))
        op.responses["200"] = { description: "Done (no body)" };
      for (const r of Object.values<Json>(op.responses)) if (r && !r.description) r.description = "Success";
      const secured = Array.isArray(op.security) ? op.security.length > 0 : false;
      if (!Array.isArray(op.security)) op.security = [];
      const add = (status: string, value: Json) => {
        op.responses[status] ??= value;
      };
      if (token) {
        add(
          "400",
          ref(
            "OAuthError",
            "RFC 6749 error: invalid_request, unsupported_grant_type, invalid_scope or unauthorized_client",
            "application/json",
          ),
        );
        add("401", ref("OAuthError", "invalid_client (WWW-Authenticate: Basic)", "application/json"));
        add("405", ref("OAuthError", "only POST", "application/json"));
        add("413", ref("OAuthError", "body too large", "application/json"));
        add("429", ref("OAuthError", "slow_down: the client is over its rate (Retry-After)", "application/json"));
        add("503", ref("OAuthError", "temporarily_unavailable: a store is down", "application/json"));
        continue;
      }
      if (op.requestBody || op.parameters?.length)
        add(
          "400",
          ref("ValidationProblem", "VALIDATION_FAILED: the request is malformed (every failing field listed)"),
        );
      if (secured || path.startsWith("/api/auth/") || path.startsWith("/api/users/me") || path.startsWith("/api/mfa/"))
        add(
          "401",
          ref(
            "Problem",
            "UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE",
          ),
        );
      if (secured)
        add(
          "403",
          ref("Problem", "FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED"),
        );
      if (path.includes("{")) add("404", ref("Problem", "NOT_FOUND: no such id in your tenant"));
      if (op.requestBody && !ownForm) {
        add("409", ref("Problem", "CONFLICT: a duplicate"));
        add("413", ref("Problem", "PAYLOAD_TOO_LARGE"));
        add("415", ref("Problem", "UNSUPPORTED_MEDIA_TYPE: JSON bodies only"));
      }
      if (path.startsWith("/api/auth/")) add("429", ref("Problem", "RATE_LIMITED or ACCOUNT_LOCKED (Retry-After)"));
      add("503", ref("Problem", "UNAVAILABLE: a backing store is down; retry"));
      add("default", ref("Problem", "INTERNAL: an unexpected error (quote x-request-id)"));
    }
  }
  return out;
}
