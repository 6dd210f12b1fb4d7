import { and, eq, sql } from "drizzle-orm";
import type { LeaseStore } from "../../src/kernel/lease";
import { schema, type Db } from "./db";

const { leases: l } = schema;

export function createPgLeases(db: Db): LeaseStore {
  return {
    async acquire(name, holder, ttlSeconds) {
      const until = new Date(Date.now() + ttlSeconds * 1000);
      // Atomic take-or-renew: the conditional upsert only writes when free, expired or ours.
      const rows = await db
        .insert(l)
        .values({ name, holder, expiresAt: until })
        .onConflictDoUpdate({
          target: l.name,
          set: { holder, expiresAt: until },
          setWhere: sql`${l.expiresAt} < now() or ${l.holder} = ${holder}`,
        })
        .returning({ holder: l.holder });
      return rows.length === 1 && rows[0].holder === holder;
    },
    async release(name, holder) {
      await db.delete(l).where(and(eq(l.name, name), eq(l.holder, holder)));
    },
  };
}
