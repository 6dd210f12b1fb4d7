/** Passkeys (`passkeys`) and the users' WebAuthn handles (`passkey_handles`), CONTRACT §14. */
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { Passkey, PasskeyRepo } from "../../src/features/passkeys/ports";
import { schema, type Db } from "./db";

const { passkeys: pk, passkeyHandles: ph, users: u } = schema;

const toPasskey = (r: typeof pk.$inferSelect): Passkey => ({
  ...r,
  deviceType: r.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
});

export function createPgPasskeys(db: Db): PasskeyRepo {
  return {
    async userHandle(tenantId, userId, fresh) {
      const [user] = await db
        .select({ id: u.id })
        .from(u)
        .where(and(eq(u.id, userId), eq(u.tenantId, tenantId)));
      if (!user) return null;
      // One statement: of concurrent first calls, one inserts and every other reads its handle.
      await db.insert(ph).values({ userId, tenantId, handle: fresh }).onConflictDoNothing({ target: ph.userId });
      const [r] = await db.select({ handle: ph.handle }).from(ph).where(eq(ph.userId, userId));
      return r?.handle ?? null;
    },
    async handleOf(tenantId, userId) {
      const [r] = await db
        .select({ handle: ph.handle })
        .from(ph)
        .where(and(eq(ph.userId, userId), eq(ph.tenantId, tenantId)));
      return r?.handle ?? null;
    },
    async add(p) {
      await db.insert(pk).values(p);
    },
    async listUser(tenantId, userId) {
      const rows = await db
        .select()
        .from(pk)
        .where(and(eq(pk.userId, userId), eq(pk.tenantId, tenantId)))
        .orderBy(asc(pk.createdAt), asc(pk.id));
      return rows.map(toPasskey);
    },
    async get(tenantId, userId, id) {
      const [r] = await db
        .select()
        .from(pk)
        .where(and(eq(pk.id, id), eq(pk.userId, userId), eq(pk.tenantId, tenantId)));
      return r ? toPasskey(r) : null;
    },
    async findByCredentialId(credentialId) {
      const [r] = await db.select().from(pk).where(eq(pk.credentialId, credentialId));
      return r ? toPasskey(r) : null;
    },
    async rename(tenantId, userId, id, name) {
      const rows = await db
        .update(pk)
        .set({ name })
        .where(and(eq(pk.id, id), eq(pk.userId, userId), eq(pk.tenantId, tenantId)))
        .returning({ id: pk.id });
      return rows.length > 0;
    },
    async delete(tenantId, userId, id) {
      const rows = await db
        .delete(pk)
        .where(and(eq(pk.id, id), eq(pk.userId, userId), eq(pk.tenantId, tenantId)))
        .returning({ id: pk.id });
      return rows.length > 0;
    },
    async recordUse(id, counter, backedUp, at) {
      // One conditional update: the counter only moves forward (both 0: an authenticator without one).
      const rows = await db
        .update(pk)
        .set({ counter, backedUp, lastUsedAt: at })
        .where(and(eq(pk.id, id), or(lt(pk.counter, counter), and(eq(pk.counter, 0), sql`${counter} = 0`))))
        .returning({ id: pk.id });
      return rows.length > 0;
    },
    async deleteUser(tenantId, userId) {
      const rows = await db
        .delete(pk)
        .where(and(eq(pk.userId, userId), eq(pk.tenantId, tenantId)))
        .returning({ id: pk.id });
      await db.delete(ph).where(and(eq(ph.userId, userId), eq(ph.tenantId, tenantId)));
      return rows.length;
    },
  };
}
