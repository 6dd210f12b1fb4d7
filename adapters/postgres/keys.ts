import { and, desc, gt, isNull, ne, or, lt } from "drizzle-orm";
import type { KeyRepo, StoredKey } from "../../src/features/tokens/ports";
import { schema, type Db } from "./db";

const { signingKeys: k } = schema;

export function createPgKeys(db: Db): KeyRepo {
  return {
    async published(now) {
      const rows = await db
        .select()
        .from(k)
        .where(or(isNull(k.expiresAt), gt(k.expiresAt, now)))
        .orderBy(desc(k.activatesAt));
      return rows.map((r) => ({ ...r }) as StoredKey);
    },
    async insert(key) {
      await db.insert(k).values(key);
    },
    async retireOthers(kid, at, expiresAt) {
      await db
        .update(k)
        .set({ retiredAt: at, expiresAt })
        .where(and(ne(k.kid, kid), isNull(k.retiredAt), lt(k.activatesAt, at)));
    },
  };
}
