/**
 * Audience → application resolution for sign-in, refresh, org switch and social sign-in: the
 * application a token is minted for, named by its identifier (absent or the issuer: the system
 * application, i.e. a management token). Served by the application directory (./directory.ts).
 */
import { DomainError, fieldError } from "../../kernel/errors";
import type { AppDirectory } from "./directory";
import type { Application } from "./ports";

/** A resolver over the application directory (one per instance, as the directory). */
export function createAudienceResolver(deps: { audiences: Pick<AppDirectory, "find">; issuer: string }) {
  /**
   * Resolves `audience` (absent or the issuer = management) to its application; anything else
   * that is not a registered identifier is 400. Served by the application directory (cached until
   * the next change; `version`: the directory's version already read for this request).
   */
  async function resolveAudience(audience: string | undefined, version?: Promise<string | null>): Promise<Application> {
    const key = !audience || audience === deps.issuer ? "" : audience;
    const app = await deps.audiences.find(key, version);
    if (!app) {
      if (key === "") throw new DomainError("UNAVAILABLE", "The service is not bootstrapped yet.");
      throw fieldError("audience", "must be the issuer or the identifier of a registered application");
    }
    return app;
  }

  return { resolveAudience };
}

/** The audience resolver sign-in, sessions and social sign-in share. */
export type AudienceResolver = ReturnType<typeof createAudienceResolver>;
