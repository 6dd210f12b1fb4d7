/** Health, readiness, metrics and the discovery documents (CONTRACT §5, §10). */
import { Elysia, t } from "elysia";
import { DomainError } from "../../kernel/errors";
import type { SystemService } from "./service";

export function systemRoutes({ system }: { system: SystemService }) {
  const tags = ["System"];
  return new Elysia({ name: "system-routes" })
    .get("/healthz", () => ({ status: "ok" }), { detail: { tags, summary: "Liveness: the process is up" } })
    .get("/readyz", () => system.ready(), {
      detail: {
        tags,
        summary: "Readiness: every backing store answers (503 UNAVAILABLE with per-check states otherwise)",
      },
    })
    .get(
      "/metrics",
      ({ set }) => {
        set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
        return system.metrics();
      },
      { detail: { tags, summary: "Prometheus metrics" } },
    )
    .get(
      "/.well-known/jwks.json",
      ({ set }) => {
        set.headers["cache-control"] = "public, max-age=300";
        return system.jwks();
      },
      {
        detail: { tags, summary: "Published signing keys (public parts only)" },
        response: t.Object({ keys: t.Array(t.Record(t.String(), t.Unknown())) }),
      },
    )
    .get("/.well-known/oauth-authorization-server", () => system.discovery(), {
      detail: { tags, summary: "OAuth 2.0 authorization server metadata (RFC 8414)" },
    })
    .get(
      "/.well-known/openid-configuration",
      () => {
        const doc = system.openidConfiguration();
        if (!doc) throw new DomainError("NOT_FOUND", "No such endpoint. See /openapi.json for the API.");
        return doc;
      },
      { detail: { tags, summary: "OpenID Provider metadata (OpenID Connect Discovery 1.0 §3)" } },
    );
}
