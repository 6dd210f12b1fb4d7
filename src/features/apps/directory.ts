/**
 * Applications by token audience, for every sign-in, refresh and organization switch: the
 * application's identifier, its refresh TTL overrides and its social client ids. Cached with every
 * other kind of directory data (kernel/directory-cache.ts): an application created, changed or
 * deleted through the API reaches the very next request on every instance; unknown audiences are
 * cached as misses in their own bounded map.
 */
import type { Clock } from "../../kernel/clock";
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import type { Application, AppRepo } from "./ports";

export interface AppDirectoryDeps {
  apps: Pick<AppRepo, "system" | "findByIdentifier">;
  /** The directory's shared version; null reads the store for every lookup. */
  version: Pick<DirectoryVersion, "read"> | null;
  /** Bound on an entry's age (ms; SSO_CACHE_SECONDS): only matters when a version advance was lost. */
  maxAgeMs: number;
  clock: Clock;
}

export function createAppDirectory(deps: AppDirectoryDeps) {
  const cache = createDirectoryCache<Application | null>(deps.version, {
    maxAgeMs: deps.maxAgeMs,
    now: () => deps.clock.now().getTime(),
  });
  return {
    /**
     * The application whose identifier is `audience` (`""`: the system application), or null.
     * `version` is the directory's version when the caller already read it for this request.
     */
    find(audience: string, version?: Promise<string | null>): Promise<Application | null> {
      return cache.get(audience, () => (audience === "" ? deps.apps.system() : deps.apps.findByIdentifier(audience)), {
        version,
      });
    },
    /** Cached applications and misses (tests, metrics). */
    size: cache.size,
  };
}

export type AppDirectory = ReturnType<typeof createAppDirectory>;
