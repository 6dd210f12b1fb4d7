/**
 * Passkeys (CONTRACT §14): `passkeys` keyed by the credential id (unique service-wide by `_id`),
 * with the public id in `pid`; the users' WebAuthn handles in `passkey_handles` (one per user).
 * Conditional writes go through modifyOne (atomic on MongoDB, under the per-collection lock on
 * FerretDB v1), so a counter moves forward once.
 */
import { ConflictError } from "../../src/kernel/errors";
import type { Passkey, PasskeyRepo } from "../../src/features/passkeys/ports";
import { coll, deleteDocs, insertDocs, modifyOne, updateDocs, type Ctx, type Doc } from "./db";
import { C } from "./schema";

const toPasskey = (d: Doc): Passkey => ({
  id: d.pid,
  tenantId: d.tenantId,
  userId: d.userId,
  credentialId: d._id,
  publicKey: d.publicKey,
  counter: d.counter,
  transports: d.transports ?? [],
  name: d.name,
  deviceType: d.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
  backedUp: !!d.backedUp,
  createdAt: d.createdAt,
  lastUsedAt: d.lastUsedAt ?? null,
});

const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

export function createMongoPasskeys(ctx: Ctx): PasskeyRepo {
  const users = coll(ctx, C.users);
  const passkeys = coll(ctx, C.passkeys);
  const handles = coll(ctx, C.passkeyHandles);
  const mine = (tenantId: number, userId: number, id: string) => ({ pid: id, userId, tenantId });
  return {
    async userHandle(tenantId, userId, fresh) {
      const user = await users.findOne({ _id: userId, tenantId }, { projection: { _id: 1 } });
      if (!user) return null;
      const found = await handles.findOne({ _id: userId });
      if (found) return found.handle;
      try {
        await insertDocs(ctx, C.passkeyHandles, [{ _id: userId, tenantId, handle: fresh }]);
      } catch (e) {
        // A concurrent first call stored its handle: that one stands.
        if (!isDuplicate(e)) throw e;
      }
      return (await handles.findOne({ _id: userId }))?.handle ?? null;
    },
    async handleOf(tenantId, userId) {
      return (await handles.findOne({ _id: userId, tenantId }))?.handle ?? null;
    },
    async add(p) {
      try {
        await insertDocs(ctx, C.passkeys, [
          {
            _id: p.credentialId,
            pid: p.id,
            tenantId: p.tenantId,
            userId: p.userId,
            publicKey: p.publicKey,
            counter: p.counter,
            transports: p.transports,
            name: p.name,
            deviceType: p.deviceType,
            backedUp: p.backedUp,
            createdAt: p.createdAt,
            lastUsedAt: p.lastUsedAt,
          },
        ]);
      } catch (e) {
        if (isDuplicate(e)) throw new ConflictError("This passkey is already registered.");
        throw e;
      }
    },
    async listUser(tenantId, userId) {
      const docs = await passkeys.find({ userId, tenantId }).sort({ createdAt: 1, pid: 1 }).toArray();
      return docs.map(toPasskey);
    },
    async get(tenantId, userId, id) {
      const d = await passkeys.findOne(mine(tenantId, userId, id));
      return d ? toPasskey(d) : null;
    },
    async findByCredentialId(credentialId) {
      const d = await passkeys.findOne({ _id: credentialId });
      return d ? toPasskey(d) : null;
    },
    async rename(tenantId, userId, id, name) {
      return (await updateDocs(ctx, C.passkeys, mine(tenantId, userId, id), { $set: { name } })) > 0;
    },
    async delete(tenantId, userId, id) {
      return (await deleteDocs(ctx, C.passkeys, mine(tenantId, userId, id))) > 0;
    },
    async recordUse(id, counter, backedUp, at) {
      // The counter only moves forward (both 0: an authenticator that keeps none).
      const moved = counter === 0 ? { counter: 0 } : { counter: { $lt: counter } };
      const d = await modifyOne(
        ctx,
        C.passkeys,
        { pid: id, ...moved },
        { $set: { counter, backedUp, lastUsedAt: at } },
      );
      return !!d;
    },
    async deleteUser(tenantId, userId) {
      const n = await deleteDocs(ctx, C.passkeys, { userId, tenantId }, { many: true });
      await deleteDocs(ctx, C.passkeyHandles, { _id: userId, tenantId });
      return n;
    },
  };
}
