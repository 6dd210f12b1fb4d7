/**
 * Contract of PasskeyRepo (CONTRACT §14): a credential id is stored once service-wide; a user's
 * handle is made once and then stable; the counter moves forward once even for concurrent callers;
 * every per-user read and write is tenant-filtered; erasure removes passkeys and the handle.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ConflictError } from "../../src/kernel/errors";
import { randomToken } from "../../src/kernel/secrets";
import type { Passkey } from "../../src/features/passkeys/ports";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const passkeysContract: ContractSuite = {
  name: "passkeys",
  run(make) {
    let s: TestStores;
    let tenant: number;
    let other: number;
    let userId: number;
    let user2: number;
    const key = (over: Partial<Passkey>): Passkey => ({
      id: randomToken(12),
      tenantId: tenant,
      userId,
      credentialId: randomToken(16),
      publicKey: "pk",
      counter: 0,
      transports: ["internal"],
      name: "Laptop",
      deviceType: "multiDevice",
      backedUp: true,
      createdAt: new Date(Date.now() - 1000),
      lastUsedAt: null,
      ...over,
    });
    beforeAll(async () => {
      s = await make();
      tenant = (await s.store.tenants.create({ name: "P", slug: "p" })).id;
      other = (await s.store.tenants.create({ name: "O", slug: "o" })).id;
      const org = await s.store.orgs.create({
        tenantId: tenant,
        parentId: null,
        name: "Root",
        slug: "root",
        type: "organization",
      });
      const mk = async (n: string) =>
        (
          await s.store.users.create({
            tenantId: tenant,
            organizationId: org.id,
            email: `pk-${n}-${Date.now()}@c.test`,
            fullName: n,
            passwordHash: null,
          })
        ).id;
      userId = await mk("a");
      user2 = await mk("b");
    });
    afterAll(() => s.close());

    describe("PasskeyRepo", () => {
      test("the user handle is made once (concurrent first calls agree) and is tenant-filtered", async () => {
        expect(await s.store.passkeys.handleOf(tenant, userId)).toBeNull();
        const got = await Promise.all(
          Array.from({ length: 5 }, (_, i) => s.store.passkeys.userHandle(tenant, userId, `h${i}-${userId}`)),
        );
        expect(new Set(got).size).toBe(1);
        expect(got[0]).toMatch(/^h\d-/);
        expect(await s.store.passkeys.userHandle(tenant, userId, "later")).toBe(got[0]);
        expect(await s.store.passkeys.handleOf(tenant, userId)).toBe(got[0]);
        expect(await s.store.passkeys.handleOf(other, userId)).toBeNull();
        expect(await s.store.passkeys.userHandle(other, userId, "x")).toBeNull();
      });

      test("add, list (oldest first), get, find by credential id; a credential id is stored once", async () => {
        const a = key({ name: "A", createdAt: new Date(Date.now() - 5000) });
        const b = key({ name: "B", deviceType: "singleDevice", backedUp: false, transports: [] });
        await s.store.passkeys.add(b);
        await s.store.passkeys.add(a);
        const list = await s.store.passkeys.listUser(tenant, userId);
        expect(list.map((p) => p.name)).toEqual(["A", "B"]);
        expect(list[1]).toEqual(b);
        expect(await s.store.passkeys.get(tenant, userId, a.id)).toEqual(a);
        expect(await s.store.passkeys.get(other, userId, a.id)).toBeNull();
        expect(await s.store.passkeys.get(tenant, user2, a.id)).toBeNull();
        expect(await s.store.passkeys.listUser(other, userId)).toEqual([]);
        expect(await s.store.passkeys.findByCredentialId(a.credentialId)).toEqual(a);
        expect(await s.store.passkeys.findByCredentialId("nope")).toBeNull();
        const dup = await s.store.passkeys.add(key({ userId: user2, credentialId: a.credentialId })).catch((e) => e);
        expect(dup).toBeInstanceOf(ConflictError);
      });

      test("rename and delete touch only the owner's passkey in its tenant", async () => {
        const p = key({ name: "Old" });
        await s.store.passkeys.add(p);
        expect(await s.store.passkeys.rename(other, userId, p.id, "X")).toBe(false);
        expect(await s.store.passkeys.rename(tenant, user2, p.id, "X")).toBe(false);
        expect(await s.store.passkeys.rename(tenant, userId, p.id, "New")).toBe(true);
        expect((await s.store.passkeys.get(tenant, userId, p.id))!.name).toBe("New");
        expect(await s.store.passkeys.delete(other, userId, p.id)).toBe(false);
        expect(await s.store.passkeys.delete(tenant, user2, p.id)).toBe(false);
        expect(await s.store.passkeys.delete(tenant, userId, p.id)).toBe(true);
        expect(await s.store.passkeys.delete(tenant, userId, p.id)).toBe(false);
        expect(await s.store.passkeys.get(tenant, userId, p.id)).toBeNull();
      });

      test("recordUse: the counter only moves forward, once among concurrent callers; 0 → 0 is accepted", async () => {
        const p = key({ counter: 5, backedUp: false });
        await s.store.passkeys.add(p);
        const at = new Date(Date.now() + 1000);
        expect(await s.store.passkeys.recordUse(p.id, 5, true, at)).toBe(false);
        expect(await s.store.passkeys.recordUse(p.id, 4, true, at)).toBe(false);
        const r = await Promise.all(Array.from({ length: 8 }, () => s.store.passkeys.recordUse(p.id, 6, true, at)));
        expect(r.filter(Boolean)).toHaveLength(1);
        const after = (await s.store.passkeys.get(tenant, userId, p.id))!;
        expect(after.counter).toBe(6);
        expect(after.backedUp).toBe(true);
        expect(after.lastUsedAt?.getTime()).toBe(at.getTime());
        const z = key({ counter: 0 });
        await s.store.passkeys.add(z);
        expect(await s.store.passkeys.recordUse(z.id, 0, true, at)).toBe(true);
        expect(await s.store.passkeys.recordUse(z.id, 0, true, at)).toBe(true);
        expect(await s.store.passkeys.recordUse(z.id, 3, true, at)).toBe(true);
        expect(await s.store.passkeys.recordUse(z.id, 0, true, at)).toBe(false);
        expect(await s.store.passkeys.recordUse("unknown", 9, true, at)).toBe(false);
      });

      test("deleteUser removes the user's passkeys and handle, in its tenant only; others stay", async () => {
        const mine = key({ userId: user2 });
        await s.store.passkeys.add(mine);
        await s.store.passkeys.userHandle(tenant, user2, `h-${user2}`);
        expect(await s.store.passkeys.deleteUser(other, userId)).toBe(0);
        const before = (await s.store.passkeys.listUser(tenant, userId)).length;
        expect(before).toBeGreaterThan(0);
        expect(await s.store.passkeys.deleteUser(tenant, userId)).toBe(before);
        expect(await s.store.passkeys.listUser(tenant, userId)).toEqual([]);
        expect(await s.store.passkeys.handleOf(tenant, userId)).toBeNull();
        expect(await s.store.passkeys.listUser(tenant, user2)).toEqual([mine]);
        expect(await s.store.passkeys.handleOf(tenant, user2)).toBe(`h-${user2}`);
      });

      test("inside a unit: a rolled-back add leaves nothing", async () => {
        const p = key({});
        const err = await s.store
          .transaction(async (tx) => {
            await tx.passkeys.add(p);
            throw new Error("roll back");
          })
          .catch((e) => e);
        expect(String(err)).toContain("roll back");
        await s.store.recover();
        expect(await s.store.passkeys.findByCredentialId(p.credentialId)).toBeNull();
      });
    });
  },
};
