/**
 * Contract for the SCIM-token port (CONTRACT §18): stored under the hash of the secret, found by
 * it, listed per organization, touched at most once a minute without moving back, deleted; a
 * duplicate hash is a ConflictError; every method has a wrong-tenant twin that sees nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConflictError } from "../../src/kernel/errors";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const scimTokensContract: ContractSuite = {
  name: "scim tokens",
  run(make) {
    let s: TestStores;
    let tenantA: number;
    let tenantB: number;
    let orgA: number;
    let orgA2: number;
    beforeAll(async () => {
      s = await make();
      tenantA = (await s.store.tenants.create({ name: "A", slug: "a" })).id;
      tenantB = (await s.store.tenants.create({ name: "B", slug: "b" })).id;
      const mk = async (tenantId: number, slug: string) =>
        (await s.store.orgs.create({ tenantId, parentId: null, name: slug, slug, type: "organization" })).id;
      orgA = await mk(tenantA, "a");
      orgA2 = await mk(tenantA, "a2");
    });
    afterAll(() => s.close());

    const at = new Date("2026-01-01T10:00:00.000Z");
    const newToken = (tenantId: number, organizationId: number, name = "Entra ID") =>
      s.store.scimTokens.create({ tenantId, organizationId, name, tokenHash: sha256Hex(randomToken()), createdAt: at });

    test("create answers the token without its hash; findByHash finds it across tenants; get is tenant-bound", async () => {
      const hash = sha256Hex(randomToken());
      const k = await s.store.scimTokens.create({
        tenantId: tenantA,
        organizationId: orgA,
        name: "Okta",
        tokenHash: hash,
        createdAt: at,
      });
      expect(k).toEqual({
        id: k.id,
        tenantId: tenantA,
        organizationId: orgA,
        name: "Okta",
        createdAt: at,
        lastUsedAt: null,
      });
      expect(await s.store.scimTokens.findByHash(hash)).toEqual(k);
      expect(await s.store.scimTokens.findByHash(sha256Hex("nothing"))).toBeNull();
      expect(await s.store.scimTokens.get(tenantA, k.id)).toEqual(k);
      expect(await s.store.scimTokens.get(tenantB, k.id)).toBeNull();
    });

    test("a second token with the same hash is a ConflictError", async () => {
      const hash = sha256Hex(randomToken());
      const input = { tenantId: tenantA, organizationId: orgA, name: "x", tokenHash: hash, createdAt: at };
      await s.store.scimTokens.create(input);
      expect(s.store.scimTokens.create(input)).rejects.toBeInstanceOf(ConflictError);
    });

    test("listByOrg: the organization's tokens oldest first; another org's or tenant's none", async () => {
      const a = await newToken(tenantA, orgA2, "first");
      const b = await newToken(tenantA, orgA2, "second");
      expect((await s.store.scimTokens.listByOrg(tenantA, orgA2)).map((k) => k.id)).toEqual([a.id, b.id]);
      expect(await s.store.scimTokens.listByOrg(tenantB, orgA2)).toEqual([]);
    });

    test("touch sets lastUsedAt, moves it at most once a minute and never back; another tenant's touch changes nothing", async () => {
      const k = await newToken(tenantA, orgA);
      await s.store.scimTokens.touch(tenantB, k.id, at);
      expect((await s.store.scimTokens.get(tenantA, k.id))!.lastUsedAt).toBeNull();
      await s.store.scimTokens.touch(tenantA, k.id, at);
      expect((await s.store.scimTokens.get(tenantA, k.id))!.lastUsedAt).toEqual(at);
      const soon = new Date(at.getTime() + 30_000);
      await s.store.scimTokens.touch(tenantA, k.id, soon);
      expect((await s.store.scimTokens.get(tenantA, k.id))!.lastUsedAt).toEqual(at);
      const earlier = new Date(at.getTime() - 3_600_000);
      await s.store.scimTokens.touch(tenantA, k.id, earlier);
      expect((await s.store.scimTokens.get(tenantA, k.id))!.lastUsedAt).toEqual(at);
      const later = new Date(at.getTime() + 61_000);
      await s.store.scimTokens.touch(tenantA, k.id, later);
      expect((await s.store.scimTokens.get(tenantA, k.id))!.lastUsedAt).toEqual(later);
    });

    test("delete removes only the organization's own token of that id; then findByHash misses it", async () => {
      const hash = sha256Hex(randomToken());
      const k = await s.store.scimTokens.create({
        tenantId: tenantA,
        organizationId: orgA,
        name: "gone",
        tokenHash: hash,
        createdAt: at,
      });
      expect(await s.store.scimTokens.delete(tenantB, orgA, k.id)).toBe(false);
      expect(await s.store.scimTokens.delete(tenantA, orgA2, k.id)).toBe(false);
      expect(await s.store.scimTokens.findByHash(hash)).not.toBeNull();
      expect(await s.store.scimTokens.delete(tenantA, orgA, k.id)).toBe(true);
      expect(await s.store.scimTokens.findByHash(hash)).toBeNull();
      expect(await s.store.scimTokens.delete(tenantA, orgA, k.id)).toBe(false);
    });
  },
};
