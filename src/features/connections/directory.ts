/**
 * A tenant's identity-provider connections as every sign-in reads them (home-realm discovery on the
 * sign-in page, `ssoRequired` on every password): one read of the store per tenant and change of
 * the directory, not per request. Connections change only through units of work
 * (`identity_providers.*`), and each of those moves the directory's version on (src/units.ts), so a
 * connection created, changed or deleted reaches the very next sign-in on every instance
 * (kernel/directory-cache.ts). The list by domain is the tenant's list filtered, in the same order
 * (by id) as the store's own `listByDomain`.
 */
import type { Clock } from "../../kernel/clock";
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import type { Connection, ConnectionRepo } from "./ports";

export interface ConnectionDirectoryDeps {
  connections: Pick<ConnectionRepo, "get" | "listByTenant">;
  /** The directory's shared version; null reads the store for every lookup. */
  version: Pick<DirectoryVersion, "read"> | null;
  /** Bound on an entry's age (ms; SSO_CACHE_SECONDS): only matters when a version advance was lost. */
  maxAgeMs: number;
  clock: Clock;
}

export function createConnectionDirectory(deps: ConnectionDirectoryDeps) {
  const cache = createDirectoryCache<readonly Connection[]>(deps.version, {
    maxAgeMs: deps.maxAgeMs,
    now: () => deps.clock.now().getTime(),
  });
  const ofTenant = (tenantId: number) =>
    cache.get(String(tenantId), async () => Object.freeze(await deps.connections.listByTenant(tenantId)));
  return {
    /** One connection, read from the store (the upstream's start and callback read it fresh). */
    get: (tenant: number | "any", id: number) => deps.connections.get(tenant, id),
    /** Every connection of the tenant, by id. */
    async listByTenant(tenantId: number): Promise<Connection[]> {
      return [...(await ofTenant(tenantId))];
    },
    /** The tenant's connections that list `domain`, by id. */
    async listByDomain(tenantId: number, domain: string): Promise<Connection[]> {
      return (await ofTenant(tenantId)).filter((c) => c.domains.includes(domain));
    },
    /** Cached tenants (tests, metrics). */
    size: cache.size,
  };
}

export type ConnectionDirectory = ReturnType<typeof createConnectionDirectory>;
