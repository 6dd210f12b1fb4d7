/**
 * Token contexts reused between refreshes without ever serving a stale one.
 *
 * A refresh needs the user, the org, whether the org or an ancestor is blocked, and the grants
 * (TokenContextReader, one store read). Those change only through units of work, and every unit
 * that may change them moves the shared DirectoryVersion on after it commits and before it answers
 * (src/units.ts). A context is reused only while the epoch read *before* it was loaded is still
 * the current one, so a refresh that starts after a change has been answered always sees it:
 *
 *   1. read the epoch (in parallel with the rotation, on the refresh path);
 *   2. a cached context filled under that same epoch, not past its `blockedFrom` instant or its
 *      maximum age, is the answer;
 *   3. otherwise read the store and keep the result under the epoch of step 1.
 *
 * The order matters: a change that commits while step 3 reads is followed by an advance, which
 * makes the entry of step 3 stale at the next read. An unknown epoch (null: no shared epoch, or
 * it could not be read) reads the store every time. Entries are bounded in number and age; the age
 * bound (`maxAgeMs`, SSO_CACHE_SECONDS) only matters when an advance was lost (docs/sessions.md).
 * This is one use of the directory cache every kind of directory data shares
 * (kernel/directory-cache.ts).
 */
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import type { TokenContext, TokenContextReader } from "./ports";

export interface CachedTokenContext {
  /**
   * The context of (user, org) at `now`: reused when still valid under `epoch` (read before
   * calling; started now when omitted), else read from the store.
   */
  load(
    tenantId: number,
    userId: number,
    orgId: number,
    now: Date,
    epoch?: Promise<string | null>,
  ): Promise<TokenContext>;
  /** Starts reading the epoch; never rejects (a failed read is null: the store is read). */
  epoch(): Promise<string | null>;
  readonly size: number;
}

/** Only a context that mints is kept: a refusal revokes the session, so it is not read twice. */
const mints = (ctx: TokenContext) => !!(ctx.user && ctx.user.status === "ACTIVE" && ctx.org && !ctx.blocked);

export function createCachedTokenContext(
  reader: TokenContextReader,
  epochs: Pick<DirectoryVersion, "read"> | null,
  opts: { maxEntries?: number; maxAgeMs?: number } = {},
): CachedTokenContext {
  const cache = createDirectoryCache<TokenContext>(epochs, {
    maxAgeMs: opts.maxAgeMs ?? 60_000,
    maxEntries: opts.maxEntries ?? 50_000,
    now: () => Date.now(),
    keep: mints,
    until: (ctx) => ctx.blockedFrom,
  });
  return {
    load: (tenantId, userId, orgId, now, epoch) =>
      cache.get(
        `${tenantId}:${userId}:${orgId}`,
        async () => {
          const ctx = await reader.load(tenantId, userId, orgId, now);
          return mints(ctx) ? frozen(ctx) : ctx;
        },
        { version: epoch, now: now.getTime() },
      ),
    epoch: cache.version,
    get size() {
      return cache.size().entries;
    },
  };
}

/** A reused context is shared by concurrent requests: nobody may change it. */
function frozen(ctx: TokenContext): TokenContext {
  for (const g of ctx.grants) {
    for (const p of g.permissions) Object.freeze(p);
    Object.freeze(g.permissions);
    Object.freeze(g);
  }
  Object.freeze(ctx.grants);
  if (ctx.user) Object.freeze(ctx.user);
  if (ctx.org) Object.freeze(ctx.org);
  return Object.freeze(ctx);
}
