/**
 * Contracts of DomainRepo and ConnectionRepo (CONTRACT §16): a domain once per tenant; verified for
 * one tenant at most, service-wide, even for racers; every method tenant-filtered (another tenant
 * sees null, false or nothing); a failed unit leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ConnectionSettings } from "../../src/features/connections/ports";
import { ConflictError } from "../../src/kernel/errors";
import { randomToken } from "../../src/kernel/secrets";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const enterpriseContract: ContractSuite = {
  name: "enterprise sign-in (domains, connections)",
  run(make) {
    let s: TestStores;
    let tenant: number;
    let other: number;
    let third: number;
    const at = new Date("2026-03-04T05:06:07.000Z");
    const name = () =>
      `${randomToken(6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x")}.example`;
    beforeAll(async () => {
      s = await make();
      tenant = (await s.store.tenants.create({ name: "E", slug: `e${Date.now()}` })).id;
      other = (await s.store.tenants.create({ name: "F", slug: `f${Date.now()}` })).id;
      third = (await s.store.tenants.create({ name: "G", slug: `g${Date.now()}` })).id;
    });
    afterAll(() => s.close());
    const add = (tenantId: number, domain: string, organizationId = 10) =>
      s.store.domains.add({ tenantId, organizationId, domain, txtToken: randomToken(8), createdAt: at });

    describe("DomainRepo", () => {
      test("add, get, list by org and verified by orgs; tenant-filtered; a second add in a tenant is a ConflictError", async () => {
        const d = name();
        const rec = await add(tenant, d);
        expect(rec).toMatchObject({
          tenantId: tenant,
          organizationId: 10,
          domain: d,
          verified: false,
          verifiedAt: null,
        });
        expect(await s.store.domains.get(tenant, d)).toEqual(rec);
        expect(await s.store.domains.get(other, d)).toBeNull();
        await expect(add(tenant, d, 11)).rejects.toBeInstanceOf(ConflictError);
        // Another tenant may record the same name.
        await add(other, d);
        const e = name();
        await add(tenant, e, 11);
        expect((await s.store.domains.listByOrg(tenant, 10)).map((x) => x.domain)).toContain(d);
        expect((await s.store.domains.listByOrg(tenant, 10)).map((x) => x.domain)).not.toContain(e);
        expect(await s.store.domains.listByOrg(other, 11)).toEqual([]);
        expect(await s.store.domains.listVerified(tenant, [10, 11])).toEqual([]);
      });

      test("markVerified: once per domain service-wide (ConflictError for another tenant, also when racing); idempotent; tenant-filtered", async () => {
        const d = name();
        await add(tenant, d);
        await add(other, d);
        expect(await s.store.domains.markVerified(third, d, at)).toBeNull();
        expect(await s.store.domains.verifiedBy(d)).toBeNull();
        const v = await s.store.domains.markVerified(tenant, d, at);
        expect(v).toMatchObject({ verified: true, verifiedAt: at });
        expect(await s.store.domains.markVerified(tenant, d, new Date())).toEqual(v);
        expect(await s.store.domains.verifiedBy(d)).toBe(tenant);
        await expect(s.store.domains.markVerified(other, d, at)).rejects.toBeInstanceOf(ConflictError);
        expect((await s.store.domains.get(other, d))!.verified).toBe(false);
        expect((await s.store.domains.listVerified(tenant, [10])).map((x) => x.domain)).toContain(d);
        expect((await s.store.domains.listVerified(other, [10])).map((x) => x.domain)).not.toContain(d);

        const raced = name();
        await Promise.all([add(tenant, raced), add(other, raced), add(third, raced)]);
        const results = await Promise.allSettled(
          [tenant, other, third].map((x) => s.store.transaction((tx) => tx.domains.markVerified(x, raced, at))),
        );
        expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
        for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ConflictError);
        await s.store.recover();
        const winner = await s.store.domains.verifiedBy(raced);
        const verifiedRecords = (
          await Promise.all([tenant, other, third].map((x) => s.store.domains.get(x, raced)))
        ).filter((x) => x!.verified);
        expect(verifiedRecords.map((x) => x!.tenantId)).toEqual([winner!]);
      });

      test("remove: tenant-filtered; a verified domain's ownership goes with it", async () => {
        const d = name();
        await add(tenant, d);
        await s.store.domains.markVerified(tenant, d, at);
        expect(await s.store.domains.remove(other, d)).toBe(false);
        expect(await s.store.domains.verifiedBy(d)).toBe(tenant);
        expect(await s.store.domains.remove(tenant, d)).toBe(true);
        expect(await s.store.domains.remove(tenant, d)).toBe(false);
        expect(await s.store.domains.verifiedBy(d)).toBeNull();
        await add(other, d);
        expect((await s.store.domains.markVerified(other, d, at))!.verified).toBe(true);
      });

      test("inside a unit that fails, neither the record nor its verification is kept", async () => {
        const d = name();
        await expect(
          s.store.transaction(async (tx) => {
            await tx.domains.add({ tenantId: tenant, organizationId: 10, domain: d, txtToken: "t", createdAt: at });
            await tx.domains.markVerified(tenant, d, at);
            throw new Error("crash");
          }),
        ).rejects.toThrow("crash");
        await s.store.recover();
        expect(await s.store.domains.get(tenant, d)).toBeNull();
        expect(await s.store.domains.verifiedBy(d)).toBeNull();
      });
    });

    describe("ConnectionRepo", () => {
      const settings = (over: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
        kind: "oidc",
        name: "Contoso",
        enabled: true,
        domains: ["contoso.example"],
        jit: { enabled: true, roleId: 5 },
        oidc: { issuer: "https://idp.example", clientId: "c", clientSecretEnc: "v1.sealed", scopes: ["openid"] },
        saml: null,
        ssoRequired: false,
        ...over,
      });

      test("create, get, list by org and by domain, replace, remove; every method tenant-filtered", async () => {
        const c = await s.store.connections.create({ ...settings(), tenantId: tenant, organizationId: 20 }, at);
        expect(c).toEqual({
          ...settings(),
          id: c.id,
          tenantId: tenant,
          organizationId: 20,
          createdAt: at,
          updatedAt: at,
        });
        expect(await s.store.connections.get(tenant, c.id)).toEqual(c);
        expect(await s.store.connections.get("any", c.id)).toEqual(c);
        expect(await s.store.connections.get(other, c.id)).toBeNull();
        const saml = await s.store.connections.create(
          {
            ...settings({
              kind: "saml",
              oidc: null,
              saml: { entityId: "urn:x", ssoUrl: "https://idp.example/sso", certificates: ["pem"], metadataXml: null },
              domains: [],
              jit: { enabled: false, roleId: null },
            }),
            tenantId: tenant,
            organizationId: 20,
          },
          at,
        );
        expect((await s.store.connections.listByOrg(tenant, 20)).map((x) => x.id)).toEqual([c.id, saml.id]);
        expect(await s.store.connections.listByOrg(other, 20)).toEqual([]);
        expect((await s.store.connections.listByDomain(tenant, "contoso.example")).map((x) => x.id)).toEqual([c.id]);
        expect(await s.store.connections.listByDomain(other, "contoso.example")).toEqual([]);
        expect(await s.store.connections.listByDomain(tenant, "fabrikam.example")).toEqual([]);

        const later = new Date(at.getTime() + 60_000);
        const next = settings({ name: "Renamed", domains: ["fabrikam.example"], ssoRequired: true, enabled: false });
        expect(await s.store.connections.replace(other, c.id, next, later)).toBeNull();
        const replaced = await s.store.connections.replace(tenant, c.id, next, later);
        expect(replaced).toEqual({
          ...next,
          id: c.id,
          tenantId: tenant,
          organizationId: 20,
          createdAt: at,
          updatedAt: later,
        });
        expect((await s.store.connections.listByDomain(tenant, "fabrikam.example")).map((x) => x.id)).toEqual([c.id]);
        expect(await s.store.connections.remove(other, c.id)).toBe(false);
        expect(await s.store.connections.remove(tenant, c.id)).toBe(true);
        expect(await s.store.connections.get(tenant, c.id)).toBeNull();
        expect(await s.store.connections.remove(tenant, c.id)).toBe(false);
      });

      test("inside a unit that fails, no connection and no change is kept", async () => {
        const c = await s.store.connections.create({ ...settings(), tenantId: tenant, organizationId: 21 }, at);
        let made = 0;
        await expect(
          s.store.transaction(async (tx) => {
            made = (await tx.connections.create({ ...settings(), tenantId: tenant, organizationId: 21 }, at)).id;
            await tx.connections.replace(tenant, c.id, settings({ name: "Changed" }), new Date());
            throw new Error("crash");
          }),
        ).rejects.toThrow("crash");
        await s.store.recover();
        expect(await s.store.connections.get(tenant, made)).toBeNull();
        expect((await s.store.connections.get(tenant, c.id))!.name).toBe("Contoso");
      });
    });

    describe("ExternalIdentityRepo", () => {
      const ident = (tenantId: number, connectionId: number, subject: string, userId: number) => ({
        tenantId,
        connectionId,
        subject,
        userId,
        email: `${subject}@contoso.example`,
        createdAt: at,
      });

      test("links (connection, subject) once; find is tenant-filtered; list and delete per user", async () => {
        const conn = 1000 + Math.floor(Math.random() * 1e6);
        await s.store.externalIdentities.link(ident(tenant, conn, "sub-1", 7));
        expect(await s.store.externalIdentities.find(tenant, conn, "sub-1")).toEqual(ident(tenant, conn, "sub-1", 7));
        expect(await s.store.externalIdentities.find(other, conn, "sub-1")).toBeNull();
        expect(await s.store.externalIdentities.find(tenant, conn + 1, "sub-1")).toBeNull();
        expect(await s.store.externalIdentities.find(tenant, conn, "SUB-1")).toBeNull();
        await expect(s.store.externalIdentities.link(ident(tenant, conn, "sub-1", 8))).rejects.toBeInstanceOf(
          ConflictError,
        );
        // The same subject at another connection is another account.
        await s.store.externalIdentities.link(ident(tenant, conn + 1, "sub-1", 7));
        expect((await s.store.externalIdentities.listUser(tenant, 7)).map((x) => x.connectionId).sort()).toEqual([
          conn,
          conn + 1,
        ]);
        expect(await s.store.externalIdentities.listUser(other, 7)).toEqual([]);
        await s.store.externalIdentities.deleteUser(other, 7);
        expect(await s.store.externalIdentities.listUser(tenant, 7)).toHaveLength(2);
        await s.store.externalIdentities.deleteUser(tenant, 7);
        expect(await s.store.externalIdentities.listUser(tenant, 7)).toEqual([]);
        expect(await s.store.externalIdentities.find(tenant, conn, "sub-1")).toBeNull();
      });

      test("two first sign-ins racing link once", async () => {
        const conn = 1000 + Math.floor(Math.random() * 1e6);
        const r = await Promise.allSettled(
          [1, 2, 3, 4].map((u) => s.store.externalIdentities.link(ident(tenant, conn, "racer", u))),
        );
        expect(r.filter((x) => x.status === "fulfilled")).toHaveLength(1);
        for (const x of r) if (x.status === "rejected") expect(x.reason).toBeInstanceOf(ConflictError);
      });

      test("inside a unit that fails, no link is kept", async () => {
        const conn = 1000 + Math.floor(Math.random() * 1e6);
        await expect(
          s.store.transaction(async (tx) => {
            await tx.externalIdentities.link(ident(tenant, conn, "crash", 9));
            throw new Error("crash");
          }),
        ).rejects.toThrow("crash");
        await s.store.recover();
        expect(await s.store.externalIdentities.find(tenant, conn, "crash")).toBeNull();
      });

      test("listByTenant lists every connection of the tenant only", async () => {
        const mine = await s.store.connections.listByTenant(tenant);
        expect(mine.every((c) => c.tenantId === tenant)).toBe(true);
        expect(await s.store.connections.listByTenant(third)).toEqual([]);
      });
    });
  },
};
