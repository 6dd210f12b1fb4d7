/** The drizzle handle shared by the PGlite (embedded) and PostgreSQL adapters. */
import type { PgDatabase } from "drizzle-orm/pg-core";
import * as schema from "./schema";

// Both PgliteDatabase and PostgresJsDatabase extend PgDatabase; the repositories see only this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, typeof schema>;
export { schema };

/** Escapes LIKE metacharacters so user input matches literally. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
