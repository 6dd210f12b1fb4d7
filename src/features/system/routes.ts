/** Health, readiness, metrics and the discovery documents (CONTRACT §5, §10). */
import { Elysia, t } from "elysia";
import type { Services } from "../../services";

export function systemRoutes(svc: Services) {
  const { issuer } = svc.config;
  const discovery = {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    token_endpoint: `${issuer}/oauth2/token`,
    grant_types_supported: ["client_credentials"],
    token_endpoint_auth_methods_supported: ["client_secret_basic"],
    response_types_supported: ["token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_signing_alg_values_supported: ["RS256"],
    access_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["api.default"],
    claims_supported: ["sub", "uid", "org_id", "org_name", "org_path", "tenant_id", "scope_self", "scope_subtree", "permissions", "aud", "iss", "exp", "iat", "jti", "sid", "device_id", "token_use", "scope", "client_id", "app_id"],
    service_documentation: `${issuer}/docs`,
  };
  const tags = ["System"];
  return new Elysia({ name: "system-routes" })
    .get("/healthz", () => ({ status: "ok" }), { detail: { tags, summary: "Liveness: the process is up" } })
    .get(
      "/readyz",
      async ({ set }) => {
        const checks: Record<string, string> = {};
        let ok = true;
        for (const [name, ping] of [["store", () => svc.store.ping()], ["sessions", () => svc.sessions.ping()]] as const) {
          try {
            // A hung connection must not hang the probe.
            await Promise.race([ping(), Bun.sleep(2000).then(() => Promise.reject(new Error("timeout")))]);
            checks[name] = "ok";
          } catch {
            checks[name] = "unavailable";
            ok = false;
          }
        }
        if (!ok) {
          set.status = 503;
          set.headers["content-type"] = "application/problem+json";
          return { type: "urn:sso:problem:unavailable", title: "Service unavailable", status: 503, detail: "A backing store is unreachable.", code: "UNAVAILABLE", checks };
        }
        return { status: "ready", checks };
      },
      { detail: { tags, summary: "Readiness: every backing store answers" } },
    )
    .get(
      "/metrics",
      ({ set }) => {
        set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
        return svc.metrics.render();
      },
      { detail: { tags, summary: "Prometheus metrics" } },
    )
    .get(
      "/.well-known/jwks.json",
      ({ set }) => {
        set.headers["cache-control"] = "public, max-age=300";
        return svc.keys.jwks();
      },
      { detail: { tags, summary: "Published signing keys (public parts only)" }, response: t.Object({ keys: t.Array(t.Record(t.String(), t.Unknown())) }) },
    )
    .get("/.well-known/openid-configuration", () => discovery, { detail: { tags, summary: "Discovery document" } })
    .get("/.well-known/oauth-authorization-server", () => discovery, { detail: { tags, summary: "OAuth 2.0 authorization server metadata (RFC 8414)" } });
}
