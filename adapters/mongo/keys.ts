import type { KeyRepo, StoredKey } from "../../src/features/tokens/ports";
import { coll, type Doc, fromDoc, insertDocs, updateDocs, type Ctx } from "./db";
import { C } from "./schema";

/** Signing keys keyed by `kid`. */
export function createMongoKeys(ctx: Ctx): KeyRepo {
  const c = coll(ctx, C.keys);
  return {
    async published(now) {
      const rows = await c
        .find({ $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] })
        .sort({ activatesAt: -1 })
        .toArray();
      return rows.map((d: Doc) => fromDoc<StoredKey>(d, "kid")!);
    },
    async insert(key) {
      const { kid, ...rest } = key;
      await insertDocs(ctx, C.keys, [{ _id: kid, ...rest }]);
    },
    async retireOthers(kid, at, expiresAt) {
      await updateDocs(
        ctx,
        C.keys,
        { _id: { $ne: kid }, retiredAt: null, activatesAt: { $lt: at } },
        { $set: { retiredAt: at, expiresAt } },
        { many: true },
      );
    },
  };
}
