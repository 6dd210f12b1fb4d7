/**
 * Token contexts reused between refreshes without ever serving a stale one.
 *
 * A refresh needs the user, the org, whether the org or an ancestor is blocked, and the grants
 * (TokenContextReader, one store read). Those change only through units of work, and every unit
 * that may change them moves the shared ContextEpoch on after it commits and before it answers
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
 * bound (`maxAgeMs`) only matters when an advance was lost (docs/sessions.md). Entries that can no
 * longer be reused are dropped a few per load, oldest first.
 */
import type { ContextEpoch, TokenContext, TokenContextReader } from "./ports";

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

/** Stale entries dropped per load (see `sweep`): more than one, so the cache shrinks while it refills. */
const SWEEP_PER_LOAD = 2;

interface Entry {
  epoch: string;
  ctx: TokenContext;
  /** Reusable strictly before this instant (ms): min(filled + maxAge, blockedFrom). */
  until: number;
}

export function createCachedTokenContext(
  reader: TokenContextReader,
  epochs: ContextEpoch | null,
  opts: { maxEntries?: number; maxAgeMs?: number } = {},
): CachedTokenContext {
  const maxEntries = opts.maxEntries ?? 50_000;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const entries = new Map<string, Entry>();

  const epoch = (): Promise<string | null> => (epochs ? epochs.read().catch(() => null) : Promise.resolve(null));

  /**
   * Drops entries that can no longer be reused (filled under another version, or past their
   * instant) from the oldest end, a few per load: after a version change the cache drains as
   * traffic goes on instead of holding every old context until it is replaced or evicted. Entries
   * are kept in fill order, so the first valid one ends the sweep.
   */
  function sweep(current: string, t: number) {
    for (let i = 0; i < SWEEP_PER_LOAD; i++) {
      const first = entries.entries().next();
      if (first.done) return;
      const [key, e] = first.value;
      if (e.epoch === current && t < e.until) return;
      entries.delete(key);
    }
  }

  async function load(
    tenantId: number,
    userId: number,
    orgId: number,
    now: Date,
    pending?: Promise<string | null>,
  ): Promise<TokenContext> {
    const current = await (pending ?? epoch());
    if (current === null) return reader.load(tenantId, userId, orgId, now);
    const key = `${tenantId}:${userId}:${orgId}`;
    const t = now.getTime();
    sweep(current, t);
    const hit = entries.get(key);
    if (hit && hit.epoch === current && t < hit.until) return hit.ctx;
    const ctx = await reader.load(tenantId, userId, orgId, now);
    // Only a context that mints is kept: a refusal revokes the session, so it is not read twice.
    if (ctx.user && ctx.user.status === "ACTIVE" && ctx.org && !ctx.blocked) {
      if (hit) entries.delete(key);
      else if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, {
        epoch: current,
        ctx: frozen(ctx),
        until: Math.min(t + maxAgeMs, ctx.blockedFrom ?? Infinity),
      });
    }
    return ctx;
  }

  return {
    load,
    epoch,
    get size() {
      return entries.size;
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

/** The epoch of a single process (the embedded store): a counter in memory. */
export function createLocalContextEpoch(): ContextEpoch {
  let n = 0;
  return {
    read: async () => String(n),
    advance: async () => {
      n++;
    },
  };
}
