/**
 * The embedded database's value parsers, set once on the PGlite instance instead of on every query.
 *
 * drizzle's PGlite driver passes its parsers (timestamps, dates, intervals and their arrays left as
 * the text drizzle maps itself) with every query, and PGlite merges them into its own table with an
 * object spread per query: about a tenth of the embedded store's CPU on the sign-in paths
 * (docs/performance.md). PGlite built with the same parsers, and a client for drizzle that leaves
 * the per-query copy out, reads every value exactly as before.
 *
 * Code that queries the PGlite instance directly sees these parsers too: timestamps arrive as text.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";

const asText = (value: string) => value;

/** drizzle-orm/pglite's parsers (PglitePreparedQuery): the values it maps from text itself. */
export const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
} as const;

type Queryable = Pick<PGlite, "query"> | Pick<Transaction, "query">;

/** `query` with drizzle's per-query parsers removed (the instance has them already). */
function withoutParsers<T extends Queryable>(target: T): T["query"] {
  return ((text: string, params?: unknown[], options?: { parsers?: unknown }) =>
    target.query(
      text,
      params as never,
      options?.parsers ? ({ ...options, parsers: undefined } as never) : (options as never),
    )) as T["query"];
}

function wrapTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "query") return withoutParsers(target);
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

/**
 * The client drizzle gets: the instance itself but for `query` (and the queries of its
 * transactions), which drop the parsers drizzle repeats on every call. The instance must have been
 * created with `parsers: DRIZZLE_PARSERS`.
 */
export function forDrizzle(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "query") return withoutParsers(target);
      if (prop === "transaction")
        return <T>(fn: (tx: Transaction) => Promise<T>) => target.transaction((tx) => fn(wrapTransaction(tx)));
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
