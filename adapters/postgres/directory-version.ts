/**
 * The directory's version (kernel/directory-cache.ts) kept in the primary store, for deployments
 * without Redis: the `directory_version` sequence. `advance` is nextval (not transactional, so it
 * takes no row lock and never waits on a writer); `read` is the sequence's last value, which every
 * session sees as soon as nextval returns (0 before the first). Always the primary: a replica's
 * copy may lag behind. A crash only moves a sequence forward, never back to a value already read.
 */
import { sql } from "drizzle-orm";
import type { DirectoryVersion } from "../../src/kernel/directory-cache";
import { type Db, rowsOf } from "./db";

export function createPgDirectoryVersion(db: Db): DirectoryVersion {
  return {
    async read() {
      const [row] = rowsOf(
        await db.execute(
          sql`select (case when is_called then last_value else 0 end)::text as v from directory_version`,
        ),
      );
      return row ? String(row.v) : null;
    },
    async advance() {
      await db.execute(sql`select nextval('directory_version')`);
    },
  };
}
