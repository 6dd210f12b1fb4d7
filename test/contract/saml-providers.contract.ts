/**
 * Contract of SamlProviderRepo (CONTRACT §17): SPs per application, the entity id unique within a
 * tenant (ConflictError on create and on update), every read and write tenant-filtered, and a
 * failed unit keeping nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ConflictError } from "../../src/kernel/errors";
import type { SamlProviderInput } from "../../src/features/saml-providers/ports";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const samlProvidersContract: ContractSuite = {
  name: "saml-providers",
  run(make) {
    let s: TestStores;
    let tenant: number;
    let other: number;
    const now = new Date("2026-03-04T05:06:07.000Z");
    beforeAll(async () => {
      s = await make();
      tenant = (await s.store.tenants.create({ name: "S", slug: `s${Date.now()}` })).id;
      other = (await s.store.tenants.create({ name: "O", slug: `so${Date.now()}` })).id;
    });
    afterAll(() => s.close());

    const input = (over: Partial<SamlProviderInput> = {}): SamlProviderInput => ({
      tenantId: tenant,
      applicationId: 11,
      entityId: "https://sp.example.test/metadata",
      acsUrls: ["https://sp.example.test/acs", "https://sp.example.test/acs2"],
      nameIdFormat: "persistent",
      attributes: [{ name: "mail", from: "email" }],
      signAuthnRequests: false,
      certificate: null,
      sloUrl: null,
      ...over,
    });

    describe("SamlProviderRepo", () => {
      test("creates, reads by id and entity id, lists per application; other tenants see nothing", async () => {
        const sp = await s.store.samlProviders.create(input(), now);
        expect(sp).toMatchObject({ ...input(), createdAt: now, updatedAt: now });
        expect(await s.store.samlProviders.get(tenant, sp.id)).toEqual(sp);
        expect(await s.store.samlProviders.findByEntityId(tenant, sp.entityId)).toEqual(sp);
        expect(await s.store.samlProviders.get(other, sp.id)).toBeNull();
        expect(await s.store.samlProviders.findByEntityId(other, sp.entityId)).toBeNull();
        const second = await s.store.samlProviders.create(input({ entityId: "urn:sp:two" }), now);
        expect((await s.store.samlProviders.listByApplication(tenant, 11)).map((x) => x.id)).toEqual([
          sp.id,
          second.id,
        ]);
        expect(await s.store.samlProviders.listByApplication(other, 11)).toEqual([]);
        expect(await s.store.samlProviders.listByApplication(tenant, 12)).toEqual([]);
      });

      test("an entity id is unique within a tenant, not across tenants", async () => {
        await s.store.samlProviders.create(input({ entityId: "urn:sp:dup" }), now);
        await expect(s.store.samlProviders.create(input({ entityId: "urn:sp:dup" }), now)).rejects.toBeInstanceOf(
          ConflictError,
        );
        const elsewhere = await s.store.samlProviders.create(input({ tenantId: other, entityId: "urn:sp:dup" }), now);
        expect(elsewhere.tenantId).toBe(other);
      });

      test("update replaces the fields in its tenant only; a taken entity id is a conflict", async () => {
        const sp = await s.store.samlProviders.create(input({ entityId: "urn:sp:upd" }), now);
        const later = new Date(now.getTime() + 1000);
        const patch = {
          entityId: "urn:sp:upd2",
          acsUrls: ["http://127.0.0.1:9/acs"],
          nameIdFormat: "emailAddress" as const,
          attributes: [],
          signAuthnRequests: true,
          certificate: "-----BEGIN CERTIFICATE-----\nMII=\n-----END CERTIFICATE-----",
          sloUrl: "https://sp.example.test/slo",
        };
        expect(await s.store.samlProviders.update(other, sp.id, patch, later)).toBeNull();
        const got = await s.store.samlProviders.update(tenant, sp.id, patch, later);
        expect(got).toMatchObject({ ...patch, id: sp.id, createdAt: now, updatedAt: later });
        await expect(
          s.store.samlProviders.update(tenant, sp.id, { ...patch, entityId: "urn:sp:dup" }, later),
        ).rejects.toBeInstanceOf(ConflictError);
      });

      test("delete removes in its tenant only", async () => {
        const sp = await s.store.samlProviders.create(input({ entityId: "urn:sp:del" }), now);
        expect(await s.store.samlProviders.delete(other, sp.id)).toBe(false);
        expect(await s.store.samlProviders.delete(tenant, sp.id)).toBe(true);
        expect(await s.store.samlProviders.get(tenant, sp.id)).toBeNull();
        expect(await s.store.samlProviders.delete(tenant, sp.id)).toBe(false);
      });

      test("inside a unit that fails, nothing is kept", async () => {
        const fail = s.store.transaction(async (tx) => {
          await tx.samlProviders.create(input({ entityId: "urn:sp:crash" }), now);
          throw new Error("crash");
        });
        await expect(fail).rejects.toThrow("crash");
        await s.store.recover();
        expect(await s.store.samlProviders.findByEntityId(tenant, "urn:sp:crash")).toBeNull();
      });
    });
  },
};
