/**
 * Contract for the port methods SCIM provisioning adds (CONTRACT §18): a user's external id and
 * deprovisioning mark, the users of a subtree (erased users and other tenants excluded), and a
 * role's rename (duplicate → ConflictError) and removal with its assignments. Wrong-tenant twins
 * see nothing and change nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConflictError } from "../../src/kernel/errors";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const provisioningContract: ContractSuite = {
  name: "provisioning ports",
  run(make) {
    let s: TestStores;
    let A: number;
    let B: number;
    let root: { id: number; path: string };
    let child: { id: number; path: string };
    let sibling: { id: number; path: string };
    let other: { id: number; path: string };
    beforeAll(async () => {
      s = await make();
      A = (await s.store.tenants.create({ name: "A", slug: "a" })).id;
      B = (await s.store.tenants.create({ name: "B", slug: "b" })).id;
      const org = (tenantId: number, parentId: number | null, slug: string) =>
        s.store.orgs.create({ tenantId, parentId, name: slug, slug, type: "organization" });
      root = await org(A, null, "root");
      child = await org(A, root.id, "child");
      sibling = await org(A, null, "sibling");
      other = await org(B, null, "other");
    });
    afterAll(() => s.close());

    const user = (tenantId: number, organizationId: number, email: string, externalId?: string) =>
      s.store.users.create({ tenantId, organizationId, email, fullName: "P", passwordHash: null, externalId });

    test("externalId and deprovisionedAt round-trip through create and update; absent by default", async () => {
      const u = await user(A, root.id, "ext@p.test", "entra-1");
      expect(u.externalId).toBe("entra-1");
      expect(u.deprovisionedAt ?? null).toBeNull();
      const at = new Date("2026-02-01T00:00:00.000Z");
      const v = await s.store.users.update(A, u.id, { externalId: null, deprovisionedAt: at, status: "DISABLED" });
      expect(v).toMatchObject({ externalId: null, deprovisionedAt: at, status: "DISABLED" });
      expect((await s.store.users.get(A, u.id))?.deprovisionedAt).toEqual(at);
      expect(await s.store.users.update(B, u.id, { externalId: "x" })).toBeNull();
      const plain = await user(A, root.id, "plain@p.test");
      expect(plain.externalId ?? null).toBeNull();
    });

    test("listInSubtree: home orgs at or below the path, ordered by id, paged, erased and other tenants excluded", async () => {
      const a = await user(A, root.id, "sub-a@p.test");
      const b = await user(A, child.id, "sub-b@p.test");
      const c = await user(A, sibling.id, "sub-c@p.test");
      const d = await user(A, child.id, "sub-d@p.test");
      await user(B, other.id, "sub-e@p.test");
      await s.store.users.erase(A, d.id, `erased+${d.id}@erased.invalid`);
      const ids = (await s.store.users.listInSubtree(A, root.path, 100)).map((u) => u.id);
      expect(ids).toContain(a.id);
      expect(ids).toContain(b.id);
      expect(ids).not.toContain(c.id);
      expect(ids).not.toContain(d.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect((await s.store.users.listInSubtree(A, child.path, 100)).map((u) => u.id)).toEqual([b.id]);
      expect((await s.store.users.listInSubtree(A, root.path, 1, a.id)).length).toBe(1);
      expect(await s.store.users.listInSubtree(B, root.path, 100)).toEqual([]);
      expect(await s.store.users.listInSubtree(A, root.path, 0)).toEqual([]);
    });

    test("roles: rename (duplicate name in the org is a ConflictError) and remove with every assignment", async () => {
      const mk = (name: string) =>
        s.store.roles.create({
          tenantId: A,
          organizationId: root.id,
          name,
          description: "",
          scope: "SELF",
          permissionIds: [],
        });
      const r = await mk("Engineering");
      await mk("Sales");
      expect((await s.store.roles.rename(A, r.id, "Platform"))?.name).toBe("Platform");
      expect((await s.store.roles.setExternalId(A, r.id, "okta-group-1"))?.externalId).toBe("okta-group-1");
      expect((await s.store.roles.get(A, r.id))?.externalId).toBe("okta-group-1");
      expect(await s.store.roles.setExternalId(B, r.id, "x")).toBeNull();
      expect((await s.store.roles.setExternalId(A, r.id, null))?.externalId ?? null).toBeNull();
      expect(await s.store.roles.rename(B, r.id, "Nope")).toBeNull();
      expect(s.store.roles.rename(A, r.id, "Sales")).rejects.toBeInstanceOf(ConflictError);
      const u1 = await user(A, root.id, "m1@p.test");
      const u2 = await user(A, child.id, "m2@p.test");
      await s.store.roles.assign({ tenantId: A, userId: u1.id, roleId: r.id, organizationId: root.id });
      await s.store.roles.assign({ tenantId: A, userId: u2.id, roleId: r.id, organizationId: child.id });
      expect(await s.store.roles.remove(B, r.id)).toBeNull();
      const gone = await s.store.roles.remove(A, r.id);
      expect(gone?.map((x) => x.userId).sort()).toEqual([u1.id, u2.id].sort());
      expect(gone?.every((x) => x.roleId === r.id && x.tenantId === A)).toBe(true);
      expect(await s.store.roles.get(A, r.id)).toBeNull();
      expect(await s.store.roles.assignmentsOf(u1.id)).toEqual([]);
      expect(await s.store.roles.remove(A, r.id)).toBeNull();
    });
  },
};
