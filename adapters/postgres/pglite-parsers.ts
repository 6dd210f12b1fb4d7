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
import type { PGlite, Results, Transaction } from "@electric-sql/pglite";
import { parse, protocol, types } from "@electric-sql/pglite";

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

/** PGlite's own locks (base.ts), the ones its `query` takes: not in its public typings. */
interface Locks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  parsers: Parameters<typeof parse.parseResults>[1];
}

type QueryOptions = { parsers?: unknown; rowMode?: "array" | "object" };

/** A value whose text form is the same whatever the parameter's type (PGlite's serializers agree). */
const plain = (v: unknown) =>
  v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "bigint";

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * One statement in one call into PGlite: Parse, Bind, Describe, Execute and Sync sent together, as
 * a client on a socket pipelines them. PGlite's `query` makes six calls (it also describes the
 * statement to learn its parameter types), each a trip into WebAssembly and through its protocol
 * parser: about half of a small statement's CPU (docs/performance.md). The answer is parsed by
 * PGlite's own parser into the same result, and an error is PGlite's own DatabaseError.
 *
 * Only for parameters whose text is the same for every type: strings, numbers, bigints and nulls
 * (drizzle maps dates, JSON and arrays to strings itself). Anything else (a boolean, a Date, bytes,
 * an object) and any option but `rowMode` go through PGlite's `query`, which serializes by type.
 */
function oneTrip(
  client: PGlite,
  inTransaction: boolean,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): Promise<Results<unknown>> | null {
  const values = params ?? [];
  for (const v of values) if (!plain(v)) return null;
  if (options) for (const k in options) if (k !== "rowMode" && k !== "parsers") return null;
  const locks = client as unknown as Locks;
  const serialize = protocol.serialize;
  const run = async () => {
    // A statement without parameters is a one-off (a migration's DDL, a ping): not worth a name.
    const name = values.length ? await preparedName(client, text) : "";
    const message = concat([
      ...(name ? [] : [serialize.parse({ text })]),
      serialize.bind({
        statement: name,
        values: values.map((v) => (v === null || v === undefined ? null : String(v))),
      }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await client.execProtocol(message, { syncToFs: false });
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, locks.parsers, { rowMode: options?.rowMode })[0] as Results<unknown>;
  };
  // The locks PGlite's `query` takes: a statement outside a transaction waits for any transaction.
  return inTransaction
    ? locks._runExclusiveQuery(run)
    : locks._runExclusiveTransaction(() => locks._runExclusiveQuery(run));
}

/** The most statements kept prepared per database (each holds a plan in PGlite's memory). */
const MAX_PREPARED = 128;
const prepared = new WeakMap<PGlite, Map<string, string>>();

/**
 * The name of `text` prepared in this database's one session, preparing it the first time ("" when
 * it cannot be: the cap is reached, or Postgres refused it, e.g. in an aborted transaction; the
 * statement then runs unnamed and meets the same error there). A prepared statement outlives any
 * rollback, and Postgres plans it again itself when a table it reads changes.
 */
async function preparedName(client: PGlite, text: string): Promise<string> {
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Map()));
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_PREPARED) return "";
  const name = `sso_${names.size + 1}`;
  try {
    await client.execProtocol(concat([protocol.serialize.parse({ name, text }), protocol.serialize.sync()]), {
      syncToFs: false,
    });
  } catch {
    return "";
  }
  names.set(text, name);
  return name;
}

/** `query` with drizzle's per-query parsers removed (the instance has them already), in one trip when it can. */
function withoutParsers(client: PGlite, tx: Transaction | null): Queryable["query"] {
  const target: Queryable = tx ?? client;
  return ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (tx?.closed) throw new Error("Transaction is closed");
    return (
      oneTrip(client, tx !== null, text, params, options) ??
      target.query(
        text,
        params as never,
        options?.parsers ? ({ ...options, parsers: undefined } as never) : (options as never),
      )
    );
  }) as Queryable["query"];
}

function wrapTransaction(client: PGlite, tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "query") return withoutParsers(client, target);
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
      if (prop === "query") return withoutParsers(target, null);
      if (prop === "transaction")
        return <T>(fn: (tx: Transaction) => Promise<T>) => target.transaction((tx) => fn(wrapTransaction(target, tx)));
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
