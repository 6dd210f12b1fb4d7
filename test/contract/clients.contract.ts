/** Contract for ClientRepo: create, duplicate → ConflictError, lookup, per-org listing with a wrong-tenant twin. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { ApiClient } from "../../src/features/clients/ports";
import { ConflictError } from "../../src/kernel/errors";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const clientsContract: ContractSuite = {
  name: "clients",
  run(make) {
    let s: TestStores;
    let tenantA: number;
    let tenantB: number;
    let orgA: number;
    let orgA2: number;
    let orgB: number;
    let appA: number;
    beforeAll(async () => {
      s = await make();
      tenantA = (await s.store.tenants.create({ name: "A", slug: "a" })).id;
      tenantB = (await s.store.tenants.create({ name: "B", slug: "b" })).id;
      orgA = (
        await s.store.orgs.create({ tenantId: tenantA, parentId: null, name: "A", slug: "a", type: "organization" })
      ).id;
      orgA2 = (
        await s.store.orgs.create({ tenantId: tenantA, parentId: orgA, name: "A2", slug: "a2", type: "organization" })
      ).id;
      orgB = (
        await s.store.orgs.create({ tenantId: tenantB, parentId: null, name: "B", slug: "b", type: "organization" })
      ).id;
      appA = (
        await s.store.apps.create({
          tenantId: tenantA,
          organizationId: orgA,
          identifier: "https://a.test",
          name: "A",
          webRefreshTtlDays: null,
          deviceRefreshTtlDays: null,
          googleClientIds: [],
          microsoftClientIds: [],
        })
      ).id;
    });
    afterAll(() => s.close());

    const client = (tenantId: number, organizationId: number, over: Partial<ApiClient> = {}): ApiClient => ({
      clientId: `cli_${randomToken(16)}`,
      tenantId,
      organizationId,
      applicationId: null,
      name: "svc",
      secretHash: sha256Hex(randomToken(32)),
      scopes: ["api.default"],
      createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
      ...over,
    });

    test("create returns the stored client; findByClientId returns it field for field", async () => {
      const c = client(tenantA, orgA, {
        applicationId: appA,
        scopes: ["orders.read", "api.default"],
        name: "orders sync",
      });
      const created = await s.store.clients.create(c);
      expect(created).toEqual(c);
      expect(await s.store.clients.findByClientId(c.clientId)).toEqual(c);
    });

    test("an unknown client id is null", async () => {
      expect(await s.store.clients.findByClientId("cli_unknown")).toBeNull();
    });

    test("a duplicate clientId is ConflictError and does not replace the first", async () => {
      const c = client(tenantA, orgA);
      await s.store.clients.create(c);
      await expect(
        s.store.clients.create({ ...c, secretHash: sha256Hex("other"), organizationId: orgA2 }),
      ).rejects.toBeInstanceOf(ConflictError);
      expect((await s.store.clients.findByClientId(c.clientId))!.secretHash).toBe(c.secretHash);
    });

    test("listByOrg lists one org's clients oldest first; another tenant sees []; 'any' sees them", async () => {
      const first = await s.store.clients.create(client(tenantA, orgA2, { name: "first" }));
      const second = await s.store.clients.create(client(tenantA, orgA2, { name: "second" }));
      await s.store.clients.create(client(tenantB, orgB));
      expect((await s.store.clients.listByOrg(tenantA, orgA2)).map((c) => c.clientId)).toEqual([
        first.clientId,
        second.clientId,
      ]);
      // wrong-tenant twin: the same org id asked for by another tenant
      expect(await s.store.clients.listByOrg(tenantB, orgA2)).toEqual([]);
      expect(await s.store.clients.listByOrg(tenantA, orgB)).toEqual([]);
      expect((await s.store.clients.listByOrg("any", orgA2)).length).toBe(2);
      expect((await s.store.clients.listByOrg(tenantB, orgB)).every((c) => c.tenantId === tenantB)).toBe(true);
    });
  },
};
