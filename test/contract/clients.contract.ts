/**
 * Contract for ClientRepo: create, duplicate → ConflictError, lookup, tenant-scoped get, per-org
 * listing and update, each with a wrong-tenant twin; the browser-client fields (CONTRACT §12)
 * round-trip, `requirePkce` among them, and a record written before them reads as a confidential
 * machine client that requires PKCE.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { Db as MongoDb } from "mongodb";
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
      type: "confidential",
      grantTypes: ["client_credentials"],
      redirectUris: [],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      firstParty: true,
      requirePkce: true,
      createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
      ...over,
    });
    const browser = (tenantId: number, organizationId: number, over: Partial<ApiClient> = {}): ApiClient =>
      client(tenantId, organizationId, {
        applicationId: appA,
        secretHash: null,
        type: "public",
        grantTypes: ["authorization_code", "refresh_token"],
        redirectUris: ["com.example.app:/callback", "http://127.0.0.1/cb"],
        postLogoutRedirectUris: ["https://app.example.com/bye"],
        backchannelLogoutUri: "https://app.example.com/logout",
        firstParty: false,
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

    test("countByTenant counts one tenant's clients, every org of it", async () => {
      const [a0, b0] = [await s.store.clients.countByTenant(tenantA), await s.store.clients.countByTenant(tenantB)];
      await s.store.clients.create(client(tenantA, orgA));
      await s.store.clients.create(client(tenantA, orgA));
      await s.store.clients.create(client(tenantB, orgB));
      expect(await s.store.clients.countByTenant(tenantA)).toBe(a0 + 2);
      expect(await s.store.clients.countByTenant(tenantB)).toBe(b0 + 1);
      expect(await s.store.clients.countByTenant(999_999)).toBe(0);
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

    test("the browser-client fields round-trip: public client without secret, grants, URIs, first-party", async () => {
      const c = browser(tenantA, orgA);
      expect(await s.store.clients.create(c)).toEqual(c);
      expect(await s.store.clients.findByClientId(c.clientId)).toEqual(c);
      expect(await s.store.clients.get(tenantA, c.clientId)).toEqual(c);
      expect((await s.store.clients.listByOrg(tenantA, orgA)).find((x) => x.clientId === c.clientId)).toEqual(c);
    });

    test("requirePkce round-trips: a confidential browser client registered without PKCE", async () => {
      const c = browser(tenantA, orgA, {
        type: "confidential",
        secretHash: sha256Hex(randomToken(32)),
        firstParty: true,
        requirePkce: false,
      });
      expect(await s.store.clients.create(c)).toEqual(c);
      expect(await s.store.clients.findByClientId(c.clientId)).toEqual(c);
      expect(await s.store.clients.get(tenantA, c.clientId)).toEqual(c);
      expect((await s.store.clients.listByOrg(tenantA, orgA)).find((x) => x.clientId === c.clientId)).toEqual(c);
      // update turns it on and off again, and only it
      const on = await s.store.clients.update(tenantA, c.clientId, { requirePkce: true });
      expect(on).toEqual({ ...c, requirePkce: true });
      expect(await s.store.clients.findByClientId(c.clientId)).toEqual({ ...c, requirePkce: true });
      expect(await s.store.clients.update(tenantA, c.clientId, { requirePkce: false })).toEqual(c);
      // wrong-tenant twin: nothing changes
      expect(await s.store.clients.update(tenantB, c.clientId, { requirePkce: true })).toBeNull();
      expect(await s.store.clients.get(tenantA, c.clientId)).toEqual(c);
    });

    test("get is tenant-scoped: another tenant sees null, 'any' sees it, an unknown id is null", async () => {
      const c = await s.store.clients.create(client(tenantA, orgA));
      expect(await s.store.clients.get(tenantA, c.clientId)).toEqual(c);
      expect(await s.store.clients.get(tenantB, c.clientId)).toBeNull();
      expect(await s.store.clients.get("any", c.clientId)).toEqual(c);
      expect(await s.store.clients.get(tenantA, "cli_unknown")).toBeNull();
    });

    test("update changes only the patched fields and returns the stored client", async () => {
      const c = await s.store.clients.create(browser(tenantA, orgA));
      const next = await s.store.clients.update(tenantA, c.clientId, {
        name: "renamed",
        redirectUris: ["https://app.example.com/cb"],
      });
      const expected = { ...c, name: "renamed", redirectUris: ["https://app.example.com/cb"] };
      expect(next).toEqual(expected);
      expect(await s.store.clients.findByClientId(c.clientId)).toEqual(expected);

      const more = await s.store.clients.update(tenantA, c.clientId, {
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
        firstParty: true,
      });
      expect(more).toEqual({
        ...expected,
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
        firstParty: true,
      });
      // an empty patch writes nothing and answers the client as it is
      expect(await s.store.clients.update(tenantA, c.clientId, {})).toEqual(more);
    });

    test("update of another tenant's client, or an unknown id, is null and writes nothing", async () => {
      const c = await s.store.clients.create(browser(tenantA, orgA));
      expect(await s.store.clients.update(tenantB, c.clientId, { name: "stolen", firstParty: true })).toBeNull();
      expect(await s.store.clients.update(tenantB, c.clientId, {})).toBeNull();
      expect(await s.store.clients.findByClientId(c.clientId)).toEqual(c);
      expect(await s.store.clients.update(tenantA, "cli_unknown", { name: "x" })).toBeNull();
    });

    test("a record written before the browser fields existed reads as a confidential machine client", async () => {
      const clientId = `cli_${randomToken(16)}`;
      const secretHash = sha256Hex("legacy");
      const mongo = (s.store as { ctx?: { db: MongoDb } }).ctx?.db;
      if (mongo)
        await mongo.collection("api_clients").insertOne({
          _id: clientId as never,
          seq: 0,
          tenantId: tenantA,
          organizationId: orgA,
          applicationId: null,
          name: "legacy",
          secretHash,
          scopes: ["api.default"],
          createdAt: new Date(),
        });
      else
        await (s.store as unknown as { db: { execute(q: unknown): Promise<unknown> } }).db.execute(
          sql`insert into api_clients (client_id, tenant_id, organization_id, name, secret_hash, scopes)
              values (${clientId}, ${tenantA}, ${orgA}, 'legacy', ${secretHash}, '["api.default"]'::jsonb)`,
        );
      expect(await s.store.clients.get(tenantA, clientId)).toMatchObject({
        secretHash,
        type: "confidential",
        grantTypes: ["client_credentials"],
        redirectUris: [],
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
        firstParty: true,
        requirePkce: true,
      });
    });
  },
};
