/**
 * Contract of BrandingRepo: one record per tenant and one per application, replaced whole by an
 * atomic upsert; logos content-addressed and idempotent; every read tenant-filtered.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { BrandingRecord } from "../../src/features/branding/ports";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);

export const brandingContract: ContractSuite = {
  name: "branding",
  run(make) {
    let s: TestStores;
    let tenant: number;
    let other: number;
    beforeAll(async () => {
      s = await make();
      tenant = (await s.store.tenants.create({ name: "B", slug: `b${Date.now()}` })).id;
      other = (await s.store.tenants.create({ name: "O", slug: `o${Date.now()}` })).id;
    });
    afterAll(() => s.close());

    const record = (over: Partial<BrandingRecord> = {}): BrandingRecord => ({
      tenantId: tenant,
      applicationId: null,
      displayName: "Acme",
      primaryColor: "#1f5fbf",
      supportUrl: "https://help.acme.test/",
      logoHash: null,
      newDeviceAlert: true,
      updatedAt: new Date("2026-01-02T03:04:05Z"),
      ...over,
    });

    describe("BrandingRepo", () => {
      test("put creates the tenant's record and then replaces it whole; get is tenant-filtered", async () => {
        expect(await s.store.branding.get(tenant, null)).toBeNull();
        expect(await s.store.branding.put(record())).toEqual(record());
        expect(await s.store.branding.get(tenant, null)).toEqual(record());
        const second = record({ displayName: null, primaryColor: "#000000", newDeviceAlert: false });
        expect(await s.store.branding.put(second)).toEqual(second);
        expect(await s.store.branding.get(tenant, null)).toEqual(second);
        expect(await s.store.branding.get(other, null)).toBeNull();
      });

      test("an application's override is a record of its own, removable; another tenant sees none", async () => {
        const app = record({ applicationId: 42, displayName: "Photos", primaryColor: null, newDeviceAlert: null });
        await s.store.branding.put(app);
        expect(await s.store.branding.get(tenant, 42)).toEqual(app);
        expect(await s.store.branding.get(other, 42)).toBeNull();
        expect((await s.store.branding.get(tenant, null))?.displayName).toBeNull();
        await s.store.branding.remove(other, 42);
        expect(await s.store.branding.get(tenant, 42)).toEqual(app);
        await s.store.branding.remove(tenant, 42);
        expect(await s.store.branding.get(tenant, 42)).toBeNull();
      });

      test("concurrent puts of one record leave one of them whole", async () => {
        const a = record({ applicationId: 7, displayName: "A", primaryColor: "#111111", supportUrl: null });
        const b = record({
          applicationId: 7,
          displayName: "B",
          primaryColor: "#222222",
          supportUrl: "https://b.test/",
        });
        await Promise.all([s.store.branding.put(a), s.store.branding.put(b)]);
        const got = await s.store.branding.get(tenant, 7);
        expect([a, b]).toContainEqual(got!);
      });

      test("logos: kept per tenant under their hash, a second put of one hash changes nothing", async () => {
        const hash = "a".repeat(64);
        await Promise.all([
          s.store.branding.putLogo(tenant, hash, { contentType: "image/png", bytes: PNG }),
          s.store.branding.putLogo(tenant, hash, { contentType: "image/png", bytes: PNG }),
        ]);
        await s.store.branding.putLogo(tenant, hash, { contentType: "image/png", bytes: PNG });
        const got = await s.store.branding.getLogo(tenant, hash);
        expect(got?.contentType).toBe("image/png");
        expect([...got!.bytes]).toEqual([...PNG]);
        expect(await s.store.branding.getLogo(other, hash)).toBeNull();
        expect(await s.store.branding.getLogo(tenant, "b".repeat(64))).toBeNull();
      });

      test("inside a unit that fails, nothing of the branding is kept", async () => {
        const fail = s.store.transaction(async (tx) => {
          await tx.branding.putLogo(tenant, "c".repeat(64), { contentType: "image/png", bytes: PNG });
          await tx.branding.put(record({ applicationId: 9 }));
          throw new Error("crash");
        });
        await expect(fail).rejects.toThrow("crash");
        await s.store.recover();
        expect(await s.store.branding.get(tenant, 9)).toBeNull();
        expect(await s.store.branding.getLogo(tenant, "c".repeat(64))).toBeNull();
      });
    });
  },
};
