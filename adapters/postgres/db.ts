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
