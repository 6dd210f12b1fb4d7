/** The drizzle handle shared by the PGlite (embedded) and PostgreSQL adapters. */
import type { PgDatabase } from "drizzle-orm/pg-core";
import * as schema from "./schema";

// Both PgliteDatabase and PostgresJsDatabase extend PgDatabase; the repositories see only this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, typeof schema>;
export { schema };

/** Escapes LIKE metacharacters so user input matches literally. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows of `db.execute`: postgres.js answers an array, PGlite an object with `rows`. */
export const rowsOf = (res: unknown): Record<string, unknown>[] =>
  Array.isArray(res) ? res : ((res as { rows?: Record<string, unknown>[] }).rows ?? []);

/**
 * A statement built by drizzle once per handle (the root, a replica, or one transaction) instead of
 * on every call: `build` makes the query with `sql.placeholder`s and `.prepare(NO_NAME)`. Hot paths
 * only (the sign-in's user lookup and audit entry); building the SQL cost about as much CPU as
 * PGlite's execution of a small statement.
 */
export function preparedPer<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const made = new WeakMap<Db, Q>();
  return (db) => {
    let q = made.get(db);
    if (q === undefined) {
      q = build(db);
      made.set(db, q);
    }
    return q;
  };
}

/**
 * The name given to drizzle's `.prepare`: none. drizzle's postgres.js driver asks the server for a
 * named prepared statement when a name is given, which a pooler in transaction mode cannot keep;
 * without one the query runs exactly as an unprepared one does (PGlite ignores the name).
 */
export const NO_NAME = undefined as unknown as string;
