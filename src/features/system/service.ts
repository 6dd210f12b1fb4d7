/**
 * Health, readiness, metrics and the discovery documents (CONTRACT §5, §10) as plain functions:
 * the routes only shape them for the wire.
 */
import { DomainError } from "../../kernel/errors";
import {
  buildAuthorizationServerMetadata,
  buildOpenIdConfiguration,
  type ProviderFeature,
  type ProviderMetadata,
} from "../../protocols/oidc";

export interface SystemDeps {
  issuer: string;
  /** Named readiness checks; each throws when its store cannot answer. */
  checks: [name: string, ping: () => Promise<void>][];
  jwks(): { keys: Record<string, unknown>[] };
  renderMetrics(): string;
  /** Bounds every readiness check (a hung connection must not hang the probe). */
  checkTimeoutMs?: number;
  /** What the OpenID provider serves (the composition root lists what it mounts); none: client credentials only. */
  features?: readonly ProviderFeature[];
  /** Locales of the hosted pages (`ui_locales_supported`). */
  uiLocales?: readonly string[];
}

export function createSystemService(deps: SystemDeps) {
  const { issuer } = deps;
  /**
   * RFC 8414 and OpenID Connect Discovery metadata from the one builder, listing exactly what is
   * mounted (CONTRACT §12); the OpenID document is null (404) when no authorization endpoint is.
   */
  const options = { issuer, features: deps.features ?? [], uiLocales: deps.uiLocales };
  const discovery: ProviderMetadata = buildAuthorizationServerMetadata(options);
  const openid: ProviderMetadata | null = buildOpenIdConfiguration(options);

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

  return {
    ready,
    discovery: () => discovery,
    openidConfiguration: () => openid,
    jwks: deps.jwks,
    metrics: deps.renderMetrics,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
