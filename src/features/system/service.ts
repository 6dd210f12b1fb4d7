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
