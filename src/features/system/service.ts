/**
 * Health, readiness, metrics and the discovery documents (CONTRACT §5, §10) as plain functions:
 * the routes only shape them for the wire.
 */
import { DomainError } from "../../kernel/errors";

export interface SystemDeps {
  issuer: string;
  /** Named readiness checks; each throws when its store cannot answer. */
  checks: [name: string, ping: () => Promise<void>][];
  jwks(): { keys: Record<string, unknown>[] };
  renderMetrics(): string;
  /** Bounds every readiness check (a hung connection must not hang the probe). */
  checkTimeoutMs?: number;
}

export function createSystemService(deps: SystemDeps) {
  const { issuer } = deps;
  /**
   * RFC 8414 metadata, listing exactly what exists: the token endpoint with the client-credentials
   * grant and HTTP Basic client authentication, and the key set. There is no authorization endpoint,
   * so no response type is supported, and no OpenID Connect document is served (the service issues
   * no id_tokens; docs/decisions.md, "Discovery").
   */
  const discovery = {
    issuer,
    token_endpoint: `${issuer}/oauth2/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    grant_types_supported: ["client_credentials"],
    response_types_supported: [] as string[],
    token_endpoint_auth_methods_supported: ["client_secret_basic"],
    service_documentation: `${issuer}/docs`,
  };

  /** Every check's state; UNAVAILABLE (with the per-check states) when one fails. */
  async function ready(): Promise<{ status: "ready"; checks: Record<string, string> }> {
    const checks: Record<string, string> = {};
    let ok = true;
    const timeout = deps.checkTimeoutMs ?? 2000;
    for (const [name, ping] of deps.checks) {
      try {
        await Promise.race([ping(), Bun.sleep(timeout).then(() => Promise.reject(new Error("timeout")))]);
        checks[name] = "ok";
      } catch {
        checks[name] = "unavailable";
        ok = false;
      }
    }
    if (!ok) throw new DomainError("UNAVAILABLE", "A backing store is unreachable.", { extensions: { checks } });
    return { status: "ready", checks };
  }

  return { ready, discovery: () => discovery, jwks: deps.jwks, metrics: deps.renderMetrics };
}

export type SystemService = ReturnType<typeof createSystemService>;
