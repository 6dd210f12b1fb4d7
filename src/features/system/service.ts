/**
 * Health, readiness, metrics and the key set (CONTRACT §5, §10) as plain functions: the routes
 * only shape them for the wire. The discovery documents are the OpenID provider's
 * (src/protocols/oidc/discovery.ts).
 */
import { DomainError } from "../../kernel/errors";

export interface SystemDeps {
  /** Named readiness checks; each throws when its store cannot answer. */
  checks: [name: string, ping: () => Promise<void>][];
  jwks(): { keys: Record<string, unknown>[] };
  renderMetrics(): string;
  /** Bounds every readiness check (a hung connection must not hang the probe). */
  checkTimeoutMs?: number;
}

export function createSystemService(deps: SystemDeps) {
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
    jwks: deps.jwks,
    metrics: deps.renderMetrics,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
