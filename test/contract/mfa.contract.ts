/**
 * Contract of MfaRepo and SocialIdentityRepo: TOTP steps and recovery codes are spent once even by
 * concurrent callers; a provider account links to one user; reads are tenant-filtered.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ConflictError } from "../../src/kernel/errors";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const mfaContract: ContractSuite = {
  name: "mfa and social identities",
  run(make) {
    let s: TestStores;
    let tenant: number;
    let other: number;
    let userId: number;
    beforeAll(async () => {
      s = await make();
      tenant = (await s.store.tenants.create({ name: "M", slug: "m" })).id;
      other = (await s.store.tenants.create({ name: "O", slug: "o" })).id;
      const org = await s.store.orgs.create({
        tenantId: tenant,
        parentId: null,
        name: "Root",
        slug: "root",
        type: "organization",
      });
      userId = (
        await s.store.users.create({
          tenantId: tenant,
          organizationId: org.id,
          email: `mfa-${Date.now()}@c.test`,
          fullName: "M",
          passwordHash: null,
        })
      ).id;
    });
    afterAll(() => s.close());

    describe("MfaRepo", () => {
      test("begin keeps MFA off; enable turns it on with its step; get is tenant-filtered", async () => {
        await s.store.mfa.begin(userId, "v1.sealed");
        expect(await s.store.mfa.get(tenant, userId)).toEqual({
          secretEnc: "v1.sealed",
          enabled: false,
          lastStep: null,
        });
        expect(await s.store.mfa.get(other, userId)).toBeNull();
        await s.store.mfa.enable(userId, 100, ["h1", "h2", "h3"]);
        expect(await s.store.mfa.get("any", userId)).toEqual({ secretEnc: "v1.sealed", enabled: true, lastStep: 100 });
        expect(await s.store.mfa.recoveryCodesLeft(userId)).toBe(3);
      });

      test("a step is accepted once and only when later than the last; 10 concurrent uses of one step: exactly one wins", async () => {
        expect(await s.store.mfa.useStep(userId, 100)).toBe(false);
        expect(await s.store.mfa.useStep(userId, 99)).toBe(false);
        const results = await Promise.all(Array.from({ length: 10 }, () => s.store.mfa.useStep(userId, 101)));
        expect(results.filter(Boolean)).toHaveLength(1);
        expect((await s.store.mfa.get(tenant, userId))!.lastStep).toBe(101);
      });

      test("a recovery code is spent once, also by concurrent callers; unknown codes are refused", async () => {
        const at = new Date();
        const results = await Promise.all(
          Array.from({ length: 10 }, () => s.store.mfa.useRecoveryCode(userId, "h1", at)),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await s.store.mfa.useRecoveryCode(userId, "nope", at)).toBe(false);
        expect(await s.store.mfa.recoveryCodesLeft(userId)).toBe(2);
      });

      test("disable removes the secret, the replay guard and the codes", async () => {
        await s.store.mfa.disable(userId);
        expect(await s.store.mfa.get(tenant, userId)).toEqual({ secretEnc: null, enabled: false, lastStep: null });
        expect(await s.store.mfa.recoveryCodesLeft(userId)).toBe(0);
      });
    });

    describe("SocialIdentityRepo", () => {
      test("a provider account links to one user; find, listUser and deleteUser", async () => {
        const id = { provider: "google" as const, subject: `sub-${Date.now()}`, tenantId: tenant, userId };
        expect(await s.store.socialIdentities.find("google", id.subject)).toBeNull();
        await s.store.socialIdentities.link(id);
        expect(await s.store.socialIdentities.find("google", id.subject)).toEqual(id);
        expect(await s.store.socialIdentities.find("microsoft", id.subject)).toBeNull();
        await expect(s.store.socialIdentities.link({ ...id, userId: userId + 1 })).rejects.toBeInstanceOf(
          ConflictError,
        );
        expect(await s.store.socialIdentities.listUser(userId)).toEqual([id]);
        await s.store.socialIdentities.deleteUser(userId);
        expect(await s.store.socialIdentities.listUser(userId)).toEqual([]);
      });
    });
  },
};
