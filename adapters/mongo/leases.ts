import type { LeaseStore } from "../../src/kernel/lease";
import { exclusive } from "./atomic";
import { coll, type Ctx } from "./db";
import { C } from "./schema";

export function createMongoLeases(ctx: Ctx): LeaseStore {
  const c = coll<{ _id: string; holder: string; expiresAt: Date }>(ctx, C.leases);
  return {
    async acquire(name, holder, ttlSeconds) {
      const now = new Date();
      const until = new Date(now.getTime() + ttlSeconds * 1000);
      // Take-or-renew in one conditional single-document write: free (upsert), expired, or ours.
      // When another live holder has it, the filter misses and the upsert's insert hits the _id: a conflict = not ours.
      try {
        const r = await exclusive(ctx, `lease:${name}`, () =>
          c.findOneAndUpdate(
            { _id: name, $or: [{ expiresAt: { $lt: now } }, { holder }] },
            { $set: { holder, expiresAt: until } },
            { upsert: true, returnDocument: "after" },
          ),
        );
        return r?.holder === holder;
      } catch (e) {
        if ((e as { code?: number }).code === 11000) return false;
        throw e;
      }
    },
    async release(name, holder) {
      await c.deleteOne({ _id: name, holder });
    },
  };
}
