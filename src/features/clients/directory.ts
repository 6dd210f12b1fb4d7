/**
 * The token endpoint's view of API clients: the client record, whether its org (or an ancestor)
 * is SUSPENDED or past `expiresAt`, and the bound application's identifier (the token's `aud`).
 *
 * Cached with every other kind of directory data (kernel/directory-cache.ts): an entry is served
 * only while the directory's version read for this request is the one it was loaded under, so a
 * registration, a suspension, an activation or an identifier change made through the API reaches
 * the very next token request on every instance; an org expiry ends the entry at its instant with
 * no write. Unknown client ids are cached as misses in their own bounded map, malformed ids never
 * reach the store, and concurrent lookups of one id share a single load, so a flood of random ids
 * costs bounded memory and at most one store load per id and version.
 */
import type { DirectoryVersion } from "../../kernel/directory-cache";
import { createDirectoryCache } from "../../kernel/directory-cache";
import { pathIds } from "../../kernel/tenancy";
import type { Clock } from "../../kernel/clock";
import type { AppRepo } from "../apps/ports";
import type { OrgRepo } from "../orgs/ports";
import type { ApiClient, ClientRepo } from "./ports";

/** Client ids are `cli_` + base64url of 16 random bytes; anything else is refused without a lookup. */
export const CLIENT_ID_PATTERN = /^cli_[A-Za-z0-9_-]{16,64}$/;

export type ClientUsability = "ok" | "org_blocked" | "org_missing" | "app_missing";

export interface ResolvedClient {
  client: ApiClient;
  /** `aud` of its tokens: the bound application's identifier, else the client id (SPEC 2.3). */
  audience: string;
  usability: ClientUsability;
  /** From this instant (ms) the org chain is blocked by an expiry with no write; null when none. */
  blockedFrom: number | null;
}

export interface ClientDirectoryDeps {
  clients: Pick<ClientRepo, "findByClientId">;
  orgs: Pick<OrgRepo, "get" | "getMany">;
  apps: Pick<AppRepo, "get">;
  clock: Clock;
  /** The directory's shared version; null serves every lookup from the store. */
  version: Pick<DirectoryVersion, "read"> | null;
  /** Bound on an entry's age (ms; SSO_CACHE_SECONDS): only matters when a version advance was lost. */
  maxAgeMs: number;
  /** Bound on cached records and on cached misses (each). */
  maxEntries?: number;
  /** Clients that are part of the service itself (the console: console-client.ts), by id; never stored. */
  builtIn?: ResolvedClient[];
}

export function createClientDirectory(deps: ClientDirectoryDeps) {
  const cache = createDirectoryCache<ResolvedClient | null>(deps.version, {
    maxAgeMs: deps.maxAgeMs,
    maxEntries: deps.maxEntries ?? 10_000,
    now: () => deps.clock.now().getTime(),
    until: (r) => r?.blockedFrom ?? null,
  });

  async function load(clientId: string): Promise<ResolvedClient | null> {
    const client = await deps.clients.findByClientId(clientId);
    if (!client) return null;
    const org = await deps.orgs.get(client.tenantId, client.organizationId);
    const now = deps.clock.now().getTime();
    const [chain, app] = await Promise.all([
      org ? deps.orgs.getMany(client.tenantId, pathIds(org.path).slice(1)) : [],
      client.applicationId !== null ? deps.apps.get(client.tenantId, client.applicationId) : null,
    ]);
    // As OrgRepo.isBlocked: the org or an ancestor is SUSPENDED or past its expiry.
    const blocked = chain.some((o) => o.status === "SUSPENDED" || (o.expiresAt && o.expiresAt.getTime() <= now));
    const expiries = chain.flatMap((o) => (o.expiresAt && o.expiresAt.getTime() > now ? [o.expiresAt.getTime()] : []));
    const usability: ClientUsability = !org
      ? "org_missing"
      : blocked
        ? "org_blocked"
        : client.applicationId !== null && !app
          ? "app_missing"
          : "ok";
    return {
      client,
      audience: app ? app.identifier : client.clientId,
      usability,
      blockedFrom: expiries.length ? Math.min(...expiries) : null,
    };
  }

  /**
   * The client with its current org status and audience, or null when no such client exists.
   * Served from memory while the directory's version holds; at most one store load per id at a time.
   */
  const builtIn = new Map((deps.builtIn ?? []).map((r) => [r.client.clientId, r]));

  async function resolve(clientId: string): Promise<ResolvedClient | null> {
    const own = builtIn.get(clientId);
    if (own) return own;
    if (!CLIENT_ID_PATTERN.test(clientId)) return null;
    return cache.get(clientId, () => load(clientId));
  }

  return {
    resolve,
    /** Cached records and misses (for tests and metrics). */
    size: cache.size,
  };
}

export type ClientDirectory = ReturnType<typeof createClientDirectory>;
