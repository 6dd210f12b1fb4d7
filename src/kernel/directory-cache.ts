/**
 * The one way directory data (applications, clients, orgs, users, roles, grants, claims mappings)
 * is cached in memory, on every instance, without ever serving it after a change was answered.
 *
 * Directory data changes only through units of work, and every unit that may change it moves the
 * shared DirectoryVersion on after it commits and before it answers (src/units.ts). An entry is
 * served only while the version read *before* it was loaded is still the current one:
 *
 *   1. read the version (once per request where the caller already holds it: `opts.version`);
 *   2. an entry loaded under that same version, younger than `maxAgeMs` and not past its own
 *      instant (`until`: an org expiry), is the answer;
 *   3. a load of that key already in flight under that same version is shared;
 *   4. otherwise load, and keep the result under the version of step 1.
 *
 * The order matters: a change that commits while step 4 reads is followed by an advance, so the
 * entry of step 4 is never served again. Sharing (3) is safe for the same reason: a version equal
 * to the one read before the shared load began means no change was answered in between. An
 * unknown version (null: caching off, or the version could not be read) loads every time. The age
 * bound only matters when an advance was lost (a crash between a commit and its advance, a store
 * that lost the version); it is one setting, SSO_CACHE_SECONDS (docs/sessions.md).
 *
 * Entries are bounded in number (oldest first out); misses (a null value) live in a separate
 * bounded map, so a flood of unknown keys never evicts the entries in use. Entries that can no
 * longer be served are dropped a few per load, oldest first, so the cache drains after a change.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The shared version of the directory: in Redis, in the primary store, or in memory (one process). */
export interface DirectoryVersion {
  /** The current version; null when unknown (callers then load every time). */
  read(): Promise<string | null>;
  /** Moves the version on: every instance's cached entries stop being served. */
  advance(): Promise<void>;
}

export interface DirectoryCacheOptions<V> {
  /** Bound on the age of an entry (ms): the harm of a lost advance. 0 = nothing is cached. */
  maxAgeMs: number;
  /** Bound on kept entries, and separately on kept misses (null values). */
  maxEntries?: number;
  /** Milliseconds now (the injected clock; entries' ages and `until` instants use it). */
  now: () => number;
  /** Whether a loaded value may be kept (default: always). A value that is not kept is still answered. */
  keep?: (value: V) => boolean;
  /** An instant (ms) from which the value no longer holds without any change (an org expiry), or null. */
  until?: (value: V) => number | null;
}

export interface DirectoryCache<V> {
  /**
   * The value of `key`: served from memory while the version read before it was loaded is still
   * current (see the module comment), else loaded by `load` (one load per key and version at a
   * time). `opts.version` is a version the caller read after its request began; without it one
   * is read now. A rejected load is not kept.
   */
  get(key: string, load: () => Promise<V>, opts?: { version?: Promise<string | null>; now?: number }): Promise<V>;
  /** Starts reading the version; never rejects (a failed read is null: nothing is served from memory). */
  version(): Promise<string | null>;
  /** Kept entries and misses (tests, metrics). */
  size(): { entries: number; misses: number };
}

/** Stale entries dropped per load: more than one, so the cache shrinks while it refills. */
const SWEEP_PER_LOAD = 2;

interface Entry<V> {
  version: string;
  value: V;
  /** Served strictly before this instant (ms): min(loaded + maxAge, until(value)). */
  until: number;
}

/**
 * A cache of one kind of directory data over the shared version (`versions` null, or `maxAgeMs`
 * 0: every get loads).
 */
export function createDirectoryCache<V>(
  versions: Pick<DirectoryVersion, "read"> | null,
  opts: DirectoryCacheOptions<V>,
): DirectoryCache<V> {
  const maxEntries = opts.maxEntries ?? 10_000;
  const on = versions !== null && opts.maxAgeMs > 0;
  const entries = new Map<string, Entry<V>>();
  const misses = new Map<string, Entry<V>>();
  const inflight = new Map<string, { version: string; value: Promise<V> }>();

  const version = (): Promise<string | null> => (on ? versions.read().catch(() => null) : Promise.resolve(null));

  /** Drops entries that can no longer be served from the oldest end of `map`; the first valid one ends it. */
  function sweep(map: Map<string, Entry<V>>, current: string, t: number) {
    for (let i = 0; i < SWEEP_PER_LOAD; i++) {
      const first = map.entries().next();
      if (first.done) return;
      const [key, e] = first.value;
      if (e.version === current && t < e.until) return;
      map.delete(key);
    }
  }

  function remember(key: string, entry: Entry<V>) {
    const map = entry.value === null ? misses : entries;
    entries.delete(key);
    misses.delete(key);
    if (map.size >= maxEntries) map.delete(map.keys().next().value as string);
    map.set(key, entry);
  }

  async function get(key: string, load: () => Promise<V>, o: { version?: Promise<string | null>; now?: number } = {}) {
    const current = on ? await (o.version ?? version()) : null;
    if (current === null) return load();
    const t = o.now ?? opts.now();
    sweep(entries, current, t);
    sweep(misses, current, t);
    const hit = entries.get(key) ?? misses.get(key);
    if (hit && hit.version === current && t < hit.until) return hit.value;
    const pending = inflight.get(key);
    if (pending && pending.version === current) return pending.value;
    const value = load().then((v) => {
      if (opts.keep?.(v) ?? true)
        remember(key, { version: current, value: v, until: Math.min(t + opts.maxAgeMs, opts.until?.(v) ?? Infinity) });
      return v;
    });
    const mine = { version: current, value };
    inflight.set(key, mine);
    const done = () => {
      if (inflight.get(key) === mine) inflight.delete(key);
    };
    value.then(done, done);
    return value;
  }

  return {
    get,
    version,
    size: () => ({ entries: entries.size, misses: misses.size }),
  };
}

/** What a request has read of the directory's version (`beginRequestScope`). */
interface RequestRead {
  read: Promise<string | null> | null;
  /** performance.now() when `read` was taken. */
  at: number;
  /** The process's local-advance count when `read` was taken. */
  advances: number;
}

const requestScope = new AsyncLocalStorage<RequestRead>();

/**
 * How long a request reuses its read (ms): longer than a request, so only work a request left
 * behind (a timer it started) ever reads again because of it.
 */
const REQUEST_READ_MS = 250;

/**
 * Starts the directory-version scope of the request being handled (called as the request enters
 * the app, src/app.ts): its first read of the version is sent after the request began, so it
 * reflects every change answered before then, and the request's later reads share it (step 1 of
 * the module comment: one read per request), until this process moves the version (a change the
 * request itself made, or another request here) or `REQUEST_READ_MS` passed. A request on Redis
 * read the version once per cached lookup before: 8–11 round trips per sign-in.
 */
export function beginRequestScope(): void {
  requestScope.enterWith({ read: null, at: 0, advances: -1 });
}

/**
 * One read of `version` for every caller that asks before that read is sent: a read sent after a
 * caller asked reflects every change answered before the caller asked, so it is as good for that
 * caller as a read of its own. Reads are sent once per turn of the event loop (setImmediate), so
 * concurrent requests share one round trip instead of one each. A read already sent is never
 * joined: it may predate a change answered since. Within a request (`beginRequestScope`) the
 * request's first read is reused.
 */
export function coalescedReads(version: DirectoryVersion): DirectoryVersion {
  let next: Promise<string | null> | null = null;
  // Moved on when an advance starts and again when it has finished: a read taken while one was on
  // its way is not reused after it.
  let advances = 0;
  return {
    read() {
      const scope = requestScope.getStore();
      const now = scope ? performance.now() : 0;
      if (scope?.read && scope.advances === advances && now - scope.at < REQUEST_READ_MS) return scope.read;
      next ??= new Promise<string | null>((resolve, reject) =>
        setImmediate(() => {
          next = null;
          version.read().then(resolve, reject);
        }),
      );
      if (scope) {
        scope.read = next;
        scope.at = now;
        scope.advances = advances;
      }
      return next;
    },
    async advance() {
      advances++;
      try {
        await version.advance();
      } finally {
        advances++;
      }
    },
  };
}

/** The version of a single process (the embedded store): a counter in memory. */
export function createLocalDirectoryVersion(): DirectoryVersion {
  let n = 0;
  return {
    read: async () => String(n),
    advance: async () => {
      n++;
    },
  };
}
