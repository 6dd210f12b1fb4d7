/**
 * Audience → application resolution for sign-in, refresh, org switch and social sign-in: the
 * application a token is minted for, named by its identifier (absent or the issuer: the system
 * application, i.e. a management token).
 */
import { DomainError, fieldError } from "../../kernel/errors";
import type { Application, AppRepo } from "./ports";

/** How long resolved audiences are cached (application TTL overrides show up within this). */
const AUDIENCE_CACHE_MS = 10_000;

/** One resolver per instance: its cache is local and short-lived (see AUDIENCE_CACHE_MS). */
export function createAudienceResolver(deps: { apps: Pick<AppRepo, "system" | "findByIdentifier">; issuer: string }) {
  const audiences = new Map<string, { app: Application; until: number }>();

  /**
   * Resolves `audience` (absent or the issuer = management) to its application; anything else
   * that is not a registered identifier is 400. Cached briefly: this is on the refresh hot path.
   */
  async function resolveAudience(audience: string | undefined): Promise<Application> {
    const key = !audience || audience === deps.issuer ? "" : audience;
    const hit = audiences.get(key);
    const t = performance.now();
    if (hit && hit.until > t) return hit.app;
    const app = key === "" ? await deps.apps.system() : await deps.apps.findByIdentifier(key);
    if (!app) {
      if (key === "") throw new DomainError("UNAVAILABLE", "The service is not bootstrapped yet.");
      throw fieldError("audience", "must be the issuer or the identifier of a registered application");
    }
    if (audiences.size > 10_000) audiences.clear();
    audiences.set(key, { app, until: t + AUDIENCE_CACHE_MS });
    return app;
  }

  return { resolveAudience };
}

/** The audience resolver sign-in, sessions and social sign-in share (one per instance). */
export type AudienceResolver = ReturnType<typeof createAudienceResolver>;
