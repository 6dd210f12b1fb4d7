/** Contract for the one-statement token-context read used by refresh. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const tokenContextContract: ContractSuite = {
  name: "token context",
  run(make) {
    let s: TestStores;
    let ids: {
      t: number;
      other: number;
      root: { id: number; path: string };
      child: { id: number; path: string };
      user: number;
      app: number;
      perm: number;
    };
    beforeAll(async () => {
      s = await make();
      const t = (await s.store.tenants.create({ name: "T", slug: "t" })).id;
      const other = (await s.store.tenants.create({ name: "O", slug: "o" })).id;
      const root = await s.store.orgs.create({
        tenantId: t,
        parentId: null,
        name: "Root",
        slug: "root",
        type: "organization",
      });
      const child = await s.store.orgs.create({
        tenantId: t,
        parentId: root.id,
        name: "Child",
        slug: "child",
        type: "organization",
      });
      const app = await s.store.apps.create({
        tenantId: t,
        organizationId: root.id,
        identifier: "https://api.t.test",
        name: "API",
        webRefreshTtlDays: null,
        deviceRefreshTtlDays: null,
        googleClientIds: [],
        microsoftClientIds: [],
      });
      const perm = await s.store.apps.createPermission({
        tenantId: t,
        applicationId: app.id,
        code: "read",
        description: "",
      });
      const user = await s.store.users.create({
        tenantId: t,
        organizationId: root.id,
        email: "ctx@t.test",
        fullName: "Ctx",
        passwordHash: "secret-hash",
      });
      const subtree = await s.store.roles.create({
        tenantId: t,
        organizationId: root.id,
        name: "Sub",
        description: "",
        scope: "SUBTREE",
        permissionIds: [perm.id],
      });
      const selfRoot = await s.store.roles.create({
        tenantId: t,
        organizationId: root.id,
        name: "SelfRoot",
        description: "",
        scope: "SELF",
        permissionIds: [],
      });
      const selfChild = await s.store.roles.create({
        tenantId: t,
        organizationId: child.id,
        name: "SelfChild",
        description: "",
        scope: "SELF",
        permissionIds: [perm.id],
      });
      for (const [roleId, orgId] of [
        [subtree.id, root.id],
        [selfRoot.id, root.id],
        [selfChild.id, child.id],
      ])
        await s.store.roles.assign({ tenantId: t, userId: user.id, roleId, organizationId: orgId });
      ids = { t, other, root, child, user: user.id, app: app.id, perm: perm.id };
    });
    afterAll(() => s.close());

    test("reads user (without password hash), org and the grants effective at the org", async () => {
      const c = await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, new Date());
      expect(c.user?.email).toBe("ctx@t.test");
      expect((c.user as Record<string, unknown>).passwordHash).toBeUndefined();
      expect(c.org?.path).toBe(ids.child.path);
      expect(c.org?.createdAt).toBeInstanceOf(Date);
      expect(c.blocked).toBe(false);
      const names = c.grants.map((g) => g.roleName).sort();
      expect(names).toEqual(["SelfChild", "Sub"]);
      const sub = c.grants.find((g) => g.roleName === "Sub")!;
      expect(sub.scope).toBe("SUBTREE");
      expect(sub.assignedOrgPath).toBe(ids.root.path);
      expect(sub.permissions).toEqual([{ id: ids.perm, code: "read", applicationId: ids.app }]);
    });

    test("matches RoleRepo.effectiveGrants", async () => {
      const c = await s.store.tokenContext.load(ids.t, ids.user, ids.root.id, new Date());
      const g = await s.store.roles.effectiveGrants(ids.user, ids.root.path);
      const key = (x: { roleId: number; assignedOrgId: number }) => `${x.roleId}@${x.assignedOrgId}`;
      expect(c.grants.map(key).sort()).toEqual(g.map(key).sort());
    });

    test("a suspended ancestor or an expired org reads as blocked", async () => {
      await s.store.orgs.update(ids.t, ids.root.id, { status: "SUSPENDED" });
      expect((await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, new Date())).blocked).toBe(true);
      await s.store.orgs.update(ids.t, ids.root.id, { status: "ACTIVE" });
      expect((await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, new Date())).blocked).toBe(false);
      await s.store.orgs.update(ids.t, ids.child.id, { expiresAt: new Date(Date.now() - 1000) });
      expect((await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, new Date())).blocked).toBe(true);
      await s.store.orgs.update(ids.t, ids.child.id, { expiresAt: null });
    });

    test("blockedFrom is the soonest future expiry along the chain (null when none)", async () => {
      const now = new Date();
      expect((await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, now)).blockedFrom).toBeNull();
      const soon = new Date(now.getTime() + 60_000);
      const later = new Date(now.getTime() + 3_600_000);
      await s.store.orgs.update(ids.t, ids.root.id, { expiresAt: later });
      await s.store.orgs.update(ids.t, ids.child.id, { expiresAt: soon });
      const c = await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, now);
      expect(c.blocked).toBe(false);
      expect(c.blockedFrom).toBe(soon.getTime());
      // Past `soon`, the child is blocked and the root's expiry is the next one.
      const after = await s.store.tokenContext.load(ids.t, ids.user, ids.child.id, new Date(soon.getTime() + 1));
      expect(after.blocked).toBe(true);
      expect(after.blockedFrom).toBe(later.getTime());
      await s.store.orgs.update(ids.t, ids.root.id, { expiresAt: null });
      await s.store.orgs.update(ids.t, ids.child.id, { expiresAt: null });
    });

    test("another tenant reads nothing", async () => {
      const c = await s.store.tokenContext.load(ids.other, ids.user, ids.child.id, new Date());
      expect(c.user).toBeNull();
      expect(c.org).toBeNull();
    });
  },
};
