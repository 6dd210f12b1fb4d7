/** Health, readiness, metrics and the key set (CONTRACT §5, §10); discovery is the OIDC module's. */
import { Elysia, t } from "elysia";
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
    );
}
