/**
 * The token endpoint's view of API clients, served from memory so the hot path makes no store
 * round trip that a cache can serve safely.
 *
 * What is cached, and how it is kept correct:
 * - The client record (id, secret hash, scopes, org, app). Records are immutable (secrets cannot be
 *   rotated, CONTRACT §5.9), so a cached record is never wrong; it is dropped on a `client:<id>`
 *   message.
 * - What can change: whether the client's org (or an ancestor) is SUSPENDED or past `expiresAt`,
 *   and the bound application's identifier (the token's `aud`). These are re-read when an entry is
 *   older than `ttlMs` (default 5 s), and at once on any `org:`/`app:`/`*` message on
 *   CLIENTS_CACHE_CHANNEL. The TTL is the backstop: a suspension made by code that does not publish,
 *   or a notification lost while a LISTEN connection reconnects, still takes effect on every
 *   instance within `ttlMs`.
 * - Unknown client ids are cached as misses for `ttlMs` in a bounded map, and malformed ids never
 *   reach the store, so a flood of random ids costs bounded memory.
 * Concurrent lookups of one id share a single load.
 */
import type { Clock } from "../../kernel/clock";
import type { AppRepo } from "../apps/ports";
import type { OrgRepo } from "../orgs/ports";
import type { ApiClient, ClientRepo } from "./ports";

/** Postgres LISTEN/NOTIFY channel (in-process on embedded) that invalidates client caches. */
export const CLIENTS_CACHE_CHANNEL = "sso_clients_cache";

/**
 * Messages on CLIENTS_CACHE_CHANNEL. Publish `org` after suspending, activating or changing the
 * expiry of an org (descendants are covered too), `app` after changing an application identifier.
 */
export const clientCacheMessage = {
  client: (clientId: string) => `client:${clientId}`,
  org: (orgId: number) => `org:${orgId}`,
  app: (applicationId: number) => `app:${applicationId}`,
  all: () => "*",
};

/** Client ids are `cli_` + base64url of 16 random bytes; anything else is refused without a lookup. */
export const CLIENT_ID_PATTERN = /^cli_[A-Za-z0-9_-]{16,64}$/;

export type ClientUsability = "ok" | "org_blocked" | "org_missing" | "app_missing";

export interface ResolvedClient {
  client: ApiClient;
  /** `aud` of its tokens: the bound application's identifier, else the client id (SPEC 2.3). */
  audience: string;
  usability: ClientUsability;
}

interface Entry extends ResolvedClient {
  orgPath: string | null;
  epoch: number;
  freshUntil: number;
}

export interface ClientDirectoryDeps {
  clients: Pick<ClientRepo, "findByClientId">;
  orgs: Pick<OrgRepo, "get" | "isBlocked">;
  apps: Pick<AppRepo, "get">;
  clock: Clock;
  /** Freshness of org status and app identifier (ms). */
  ttlMs?: number;
  /** Bound on cached records and on cached misses (each). */
  maxEntries?: number;
}

export function createClientDirectory(deps: ClientDirectoryDeps) {
  const ttl = deps.ttlMs ?? 5000;
  const max = deps.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const misses = new Map<string, number>();
  const inflight = new Map<string, Promise<ResolvedClient | null>>();
  /** Bumped by every invalidation; an entry (or a load) from an older epoch is stale. */
  let epoch = 0;

  function remember<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key);
    if (map.size >= max) map.delete(map.keys().next().value as string); // oldest first
    map.set(key, value);
  }

  async function load(clientId: string, prev: Entry | undefined): Promise<ResolvedClient | null> {
    const started = epoch;
    const client = prev?.client ?? (await deps.clients.findByClientId(clientId));
    if (!client) {
      if (started === epoch) remember(misses, clientId, deps.clock.now().getTime() + ttl);
      entries.delete(clientId);
      return null;
    }
    const orgPath = prev?.orgPath ?? (await deps.orgs.get(client.tenantId, client.organizationId))?.path ?? null;
    const now = deps.clock.now();
    const [blocked, app] = await Promise.all([
      orgPath ? deps.orgs.isBlocked(client.tenantId, orgPath, now) : Promise.resolve(true),
      client.applicationId !== null ? deps.apps.get(client.tenantId, client.applicationId) : Promise.resolve(null),
    ]);
    const usability: ClientUsability = !orgPath
      ? "org_missing"
      : blocked
        ? "org_blocked"
        : client.applicationId !== null && !app
          ? "app_missing"
          : "ok";
    const entry: Entry = {
      client,
      audience: app ? app.identifier : client.clientId,
      usability,
      orgPath,
      epoch: started,
      freshUntil: now.getTime() + ttl,
    };
    // An invalidation that arrived during the load leaves the result usable once but not cached.
    if (started === epoch) remember(entries, clientId, entry);
    return entry;
  }

  /**
   * The client with its current org status and audience, or null when no such client exists.
   * Served from memory while fresh; at most one store load per id at a time.
   */
  function resolve(clientId: string): Promise<ResolvedClient | null> | ResolvedClient | null {
    if (!CLIENT_ID_PATTERN.test(clientId)) return null;
    const now = deps.clock.now().getTime();
    const e = entries.get(clientId);
    if (e && e.epoch === epoch && e.freshUntil > now) return e;
    const miss = misses.get(clientId);
    if (miss !== undefined) {
      if (miss > now) return null;
      misses.delete(clientId);
    }
    let p = inflight.get(clientId);
    if (!p) {
      p = load(clientId, e).finally(() => inflight.delete(clientId));
      inflight.set(clientId, p);
    }
    return p;
  }

  /** Applies one CLIENTS_CACHE_CHANNEL message. Unknown messages flush everything (safe default). */
  function onMessage(message: string) {
    if (message.startsWith("client:")) {
      const id = message.slice(7);
      entries.delete(id);
      misses.delete(id);
      return;
    }
    // org and app changes can affect any entry (descendant orgs, shared apps): re-check them all.
    epoch++;
    misses.clear();
  }

  return {
    resolve,
    onMessage,
    /** Cached records and misses (for tests and metrics). */
    size: () => ({ entries: entries.size, misses: misses.size }),
  };
}

export type ClientDirectory = ReturnType<typeof createClientDirectory>;
