/**
 * GET /.well-known/oauth-authorization-server (RFC 8414 §3) and
 * /.well-known/openid-configuration (OpenID Connect Discovery 1.0 §4): the OIDC module's
 * `discovery` (CONTRACT §12).
 */
import { Elysia } from "elysia";
import { DomainError } from "../../kernel/errors";
import type { Discovery } from "./discovery";

export function discoveryRoutes({ discovery }: { discovery: Discovery }) {
  const tags = ["System"];
  return new Elysia({ name: "oidc-discovery-routes" })
    .get("/.well-known/oauth-authorization-server", () => discovery.discovery(), {
      detail: { tags, summary: "OAuth 2.0 authorization server metadata (RFC 8414)" },
    })
    .get(
      "/.well-known/openid-configuration",
      () => {
        const doc = discovery.openidConfiguration();
        if (!doc) throw new DomainError("NOT_FOUND", "No such endpoint. See /openapi.json for the API.");
        return doc;
      },
      { detail: { tags, summary: "OpenID Provider metadata (OpenID Connect Discovery 1.0 §3)" } },
    );
}
