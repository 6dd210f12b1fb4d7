/**
 * Contract for the directory repositories (TenantRepo, OrgRepo, UserRepo, RoleRepo, AppRepo,
 * AuditRepo): every read has a wrong-tenant twin that sees null/empty, duplicates throw
 * ConflictError, org paths are maintained, effective grants follow SELF/SUBTREE, isBlocked sees
 * suspended and expired ancestors, audit queries filter and order newest first.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Org } from "../../src/features/orgs/ports";
import { ConflictError } from "../../src/kernel/errors";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const directoryContract: ContractSuite = {
  name: "directory",
  run(make) {
    let s: TestStores;
    let A: number;
    let B: number;
    let rootA: Org;
    let childA: Org;
    let leafA: Org;
    let rootB: Org;
    const newApp = (tenantId: number, organizationId: number, identifier: string) => ({
      tenantId,
      organizationId,
      identifier,
      name: identifier,
      webRefreshTtlDays: null,
      deviceRefreshTtlDays: null,
      googleClientIds: [] as string[],
      microsoftClientIds: [] as string[],
    });
    beforeAll(async () => {
      s = await make();
      A = (await s.store.tenants.create({ name: "A", slug: "a" })).id;
      B = (await s.store.tenants.create({ name: "B", slug: "b", isSandbox: true })).id;
      rootA = await s.store.orgs.create({
        tenantId: A,
        parentId: null,
        name: "Root A",
        slug: "root",
        type: "organization",
      });
      childA = await s.store.orgs.create({
        tenantId: A,
        parentId: rootA.id,
        name: "Child 50%",
        slug: "child",
        type: "team",
      });
      leafA = await s.store.orgs.create({
        tenantId: A,
        parentId: childA.id,
        name: "Leaf",
        slug: "leaf",
        type: "organization",
      });
      rootB = await s.store.orgs.create({
        tenantId: B,
        parentId: null,
        name: "Root B",
        slug: "root",
        type: "organization",
      });
    });
    afterAll(() => s.close());

    describe("tenants", () => {
      test("create/get/update/listSandboxes; unknown id is null", async () => {
        const t = await s.store.tenants.get(A);
        expect(t).toMatchObject({
          id: A,
          name: "A",
          slug: "a",
          isPlatform: false,
          maxApplications: null,
          customClaims: false,
          isSandbox: false,
        });
        expect(await s.store.tenants.update(A, { maxApplications: 5, customClaims: true })).toMatchObject({
          maxApplications: 5,
          customClaims: true,
        });
        expect(await s.store.tenants.get(999999)).toBeNull();
        expect(await s.store.tenants.update(999999, { maxApplications: 1 })).toBeNull();
        expect((await s.store.tenants.listSandboxes()).map((x) => x.id)).toEqual([B]);
      });
    });

    describe("orgs", () => {
      test("create sets the path from the parent; root path is /tenant/id/", () => {
        expect(rootA.path).toBe(`/${A}/${rootA.id}/`);
        expect(childA.path).toBe(`${rootA.path}${childA.id}/`);
        expect(leafA.path).toBe(`${childA.path}${leafA.id}/`);
        expect(rootA.parentId).toBeNull();
        expect(childA).toMatchObject({
          tenantId: A,
          parentId: rootA.id,
          status: "ACTIVE",
          type: "team",
          expiresAt: null,
        });
      });

      test("duplicate slug in a tenant is ConflictError; the same slug in another tenant is fine", async () => {
        await expect(
          s.store.orgs.create({ tenantId: A, parentId: rootA.id, name: "x", slug: "child", type: "organization" }),
        ).rejects.toBeInstanceOf(ConflictError);
        expect(rootB.slug).toBe(rootA.slug);
      });

      test("a parent from another tenant is refused", async () => {
        await expect(
          s.store.orgs.create({ tenantId: B, parentId: childA.id, name: "x", slug: "sneaky", type: "organization" }),
        ).rejects.toThrow();
      });

      test("get/getMany/update/root/children with a wrong-tenant twin", async () => {
        expect((await s.store.orgs.get(A, childA.id))?.id).toBe(childA.id);
        expect(await s.store.orgs.get(B, childA.id)).toBeNull();
        expect((await s.store.orgs.get("any", childA.id))?.id).toBe(childA.id);
        expect((await s.store.orgs.getMany(A, [rootA.id, rootB.id])).map((o) => o.id)).toEqual([rootA.id]);
        expect(await s.store.orgs.update(B, childA.id, { name: "Pwned" })).toBeNull();
        expect((await s.store.orgs.get(A, childA.id))?.name).toBe("Child 50%");
        const renamed = await s.store.orgs.update(A, leafA.id, { name: "Leaf 2", type: "x" });
        expect(renamed).toMatchObject({ name: "Leaf 2", type: "x", path: leafA.path });
        expect(renamed!.updatedAt.getTime()).toBeGreaterThanOrEqual(leafA.updatedAt.getTime());
        expect((await s.store.orgs.root(A))?.id).toBe(rootA.id);
        expect((await s.store.orgs.children(A, rootA.id, 0, 10)).map((o) => o.id)).toEqual([childA.id]);
        expect(await s.store.orgs.children(B, rootA.id, 0, 10)).toEqual([]);
        expect(await s.store.orgs.children(A, rootA.id, childA.id, 10)).toEqual([]);
      });

      test("listReachable: self paths, subtree prefixes, all, cursor and size; wrong tenant empty", async () => {
        const sub = { selfPaths: [childA.path], subtreePaths: [childA.path] };
        expect((await s.store.orgs.listReachable(A, sub, 0, 10)).map((o) => o.id)).toEqual([childA.id, leafA.id]);
        expect(
          (await s.store.orgs.listReachable(A, { selfPaths: [childA.path], subtreePaths: [] }, 0, 10)).map((o) => o.id),
        ).toEqual([childA.id]);
        expect((await s.store.orgs.listReachable(A, sub, childA.id, 10)).map((o) => o.id)).toEqual([leafA.id]);
        expect((await s.store.orgs.listReachable(A, sub, 0, 1)).map((o) => o.id)).toEqual([childA.id]);
        expect(await s.store.orgs.listReachable(B, sub, 0, 10)).toEqual([]);
        expect(await s.store.orgs.listReachable(A, { selfPaths: [], subtreePaths: [] }, 0, 10)).toEqual([]);
        const every = await s.store.orgs.listReachable("any", { selfPaths: [], subtreePaths: [], all: true }, 0, 100);
        expect(every.map((o) => o.id)).toEqual(expect.arrayContaining([rootA.id, rootB.id]));
      });

      test("search: literal case-insensitive substring of name or slug, status filter, reach, tenant", async () => {
        const all = { selfPaths: [rootA.path], subtreePaths: [rootA.path] };
        expect((await s.store.orgs.search(A, all, "CHILD", undefined, 10)).map((o) => o.id)).toEqual([childA.id]);
        expect((await s.store.orgs.search(A, all, "50%", undefined, 10)).map((o) => o.id)).toEqual([childA.id]);
        expect(await s.store.orgs.search(A, all, "_", undefined, 10)).toEqual([]);
        expect((await s.store.orgs.search(A, all, "", undefined, 2)).length).toBe(2);
        expect(await s.store.orgs.search(A, all, "root", "SUSPENDED", 10)).toEqual([]);
        expect(await s.store.orgs.search(B, all, "child", undefined, 10)).toEqual([]);
        expect(
          (await s.store.orgs.search(A, { selfPaths: [leafA.path], subtreePaths: [] }, "", undefined, 10)).map(
            (o) => o.id,
          ),
        ).toEqual([leafA.id]);
      });

      test("isBlocked: a suspended ancestor or a passed expiresAt blocks; another tenant's path never unblocks", async () => {
        const now = new Date();
        expect(await s.store.orgs.isBlocked(A, leafA.path, now)).toBe(false);
        await s.store.orgs.update(A, childA.id, { status: "SUSPENDED" });
        expect(await s.store.orgs.isBlocked(A, leafA.path, now)).toBe(true);
        expect(await s.store.orgs.isBlocked(A, rootA.path, now)).toBe(false);
        await s.store.orgs.update(A, childA.id, { status: "ACTIVE" });
        await s.store.orgs.update(A, rootA.id, { expiresAt: new Date(now.getTime() + 60_000) });
        expect(await s.store.orgs.isBlocked(A, leafA.path, now)).toBe(false);
        expect(await s.store.orgs.isBlocked(A, leafA.path, new Date(now.getTime() + 120_000))).toBe(true);
        await s.store.orgs.update(A, rootA.id, { expiresAt: null });
        expect(await s.store.orgs.isBlocked(A, leafA.path, now)).toBe(false);
      });
    });

    describe("tenant counts", () => {
      test("organizations and users (erased ones left out) of one tenant, each a count", async () => {
        const C = (await s.store.tenants.create({ name: "Counted", slug: "counted" })).id;
        const root = await s.store.orgs.create({
          tenantId: C,
          parentId: null,
          name: "R",
          slug: "r",
          type: "organization",
        });
        const child = await s.store.orgs.create({ tenantId: C, parentId: root.id, name: "K", slug: "k", type: "team" });
        const user = (email: string, organizationId: number) =>
          s.store.users.create({ tenantId: C, organizationId, email, fullName: "U", passwordHash: null });
        await user("one@counted.test", root.id);
        await user("two@counted.test", child.id);
        const gone = await user("three@counted.test", child.id);
        const [orgsB, usersB] = [await s.store.orgs.countByTenant(B), await s.store.users.countByTenant(B)];
        expect(await s.store.orgs.countByTenant(C)).toBe(2);
        expect(await s.store.users.countByTenant(C)).toBe(3);
        await s.store.users.erase(C, gone.id, "erased-3@counted.invalid");
        expect(await s.store.users.countByTenant(C)).toBe(2);
        // Another tenant's numbers are its own.
        expect(await s.store.orgs.countByTenant(B)).toBe(orgsB);
        expect(await s.store.users.countByTenant(B)).toBe(usersB);
        expect(await s.store.orgs.countByTenant(999_999)).toBe(0);
      });

      test("audit count: one tenant, one action, at or after `from`", async () => {
        const D = (await s.store.tenants.create({ name: "Journal", slug: "journal" })).id;
        const root = await s.store.orgs.create({
          tenantId: D,
          parentId: null,
          name: "J",
          slug: "j",
          type: "organization",
        });
        const t0 = new Date("2029-03-01T12:00:00.000Z");
        const entry = (tenantId: number, action: string, ms: number) =>
          s.store.audit.append({
            tenantId,
            organizationId: root.id,
            orgPath: root.path,
            userId: 1,
            actorId: null,
            ipAddress: null,
            action,
            metadata: {},
            createdAt: new Date(t0.getTime() + ms),
          });
        await entry(D, "auth.login.succeeded", -1);
        await entry(D, "auth.login.succeeded", 0);
        await entry(D, "auth.login.succeeded", 5000);
        await entry(D, "auth.login.failed", 10);
        await entry(B, "auth.login.succeeded", 10);
        expect(await s.store.audit.count({ tenant: D, action: "auth.login.succeeded", from: t0 })).toBe(2);
        expect(await s.store.audit.count({ tenant: D, action: "auth.login.failed", from: t0 })).toBe(1);
        expect(
          await s.store.audit.count({ tenant: D, action: "auth.login.failed", from: new Date(t0.getTime() + 11) }),
        ).toBe(0);
        expect(await s.store.audit.count({ tenant: D, action: "org.created", from: t0 })).toBe(0);
      });
    });

    describe("users", () => {
      test("create lower-cases the email; duplicate email (any case, any tenant) is ConflictError", async () => {
        const u = await s.store.users.create({
          tenantId: A,
          organizationId: childA.id,
          email: "Dup@Example.Test",
          fullName: "D",
          passwordHash: null,
        });
        expect(u).toMatchObject({ email: "dup@example.test", status: "ACTIVE", mfaEnabled: false, passwordHash: null });
        await expect(
          s.store.users.create({
            tenantId: B,
            organizationId: rootB.id,
            email: "DUP@example.test",
            fullName: "D",
            passwordHash: null,
          }),
        ).rejects.toBeInstanceOf(ConflictError);
        expect((await s.store.users.findByEmail("dup@EXAMPLE.test"))?.id).toBe(u.id);
      });

      test("get/update/erase with a wrong-tenant twin", async () => {
        const u = await s.store.users.create({
          tenantId: A,
          organizationId: childA.id,
          email: "twin@example.test",
          fullName: "Twin",
          passwordHash: "h",
        });
        expect(await s.store.users.get(B, u.id)).toBeNull();
        expect(await s.store.users.update(B, u.id, { fullName: "Pwned" })).toBeNull();
        expect(await s.store.users.erase(B, u.id, `erased+${u.id}@erased.invalid`)).toBeNull();
        expect((await s.store.users.get(A, u.id))?.fullName).toBe("Twin");
        const erased = await s.store.users.erase(A, u.id, `erased+${u.id}@erased.invalid`);
        expect(erased).toMatchObject({
          email: `erased+${u.id}@erased.invalid`,
          fullName: "",
          passwordHash: null,
          status: "ERASED",
          mfaEnabled: false,
        });
        expect(await s.store.users.findByEmail("twin@example.test")).toBeNull();
      });

      test("emailVerified: false by default, set at create or by update, cleared with the email in one update, by erasure; wrong tenant changes nothing", async () => {
        const u = await s.store.users.create({
          tenantId: A,
          organizationId: childA.id,
          email: "verify@example.test",
          fullName: "V",
          passwordHash: null,
        });
        expect(u.emailVerified).toBe(false);
        const fromProvider = await s.store.users.create({
          tenantId: A,
          organizationId: childA.id,
          email: "provider-verified@example.test",
          fullName: "P",
          passwordHash: null,
          emailVerified: true,
        });
        expect((await s.store.users.get(A, fromProvider.id))?.emailVerified).toBe(true);
        expect(await s.store.users.update(B, u.id, { emailVerified: true })).toBeNull();
        expect((await s.store.users.get(A, u.id))?.emailVerified).toBe(false);
        expect((await s.store.users.update(A, u.id, { emailVerified: true }))?.emailVerified).toBe(true);
        expect((await s.store.users.findByEmail("verify@example.test"))?.emailVerified).toBe(true);
        const tc = await s.store.tokenContext.load(A, u.id, childA.id, new Date());
        expect(tc.user?.emailVerified).toBe(true);
        const moved = await s.store.users.update(A, u.id, { email: "Moved@Example.Test", emailVerified: false });
        expect(moved).toMatchObject({ email: "moved@example.test", emailVerified: false });
        expect((await s.store.tokenContext.load(A, u.id, childA.id, new Date())).user?.emailVerified).toBe(false);
        // A taken email (any case) is ConflictError and changes nothing.
        await expect(
          s.store.users.update(A, u.id, { email: "Provider-Verified@example.test", emailVerified: false }),
        ).rejects.toBeInstanceOf(ConflictError);
        expect((await s.store.users.get(A, u.id))?.email).toBe("moved@example.test");
        await s.store.users.update(A, fromProvider.id, { fullName: "Renamed" });
        expect((await s.store.users.get(A, fromProvider.id))?.emailVerified).toBe(true);
        const erased = await s.store.users.erase(A, fromProvider.id, `erased+${fromProvider.id}@erased.invalid`);
        expect(erased?.emailVerified).toBe(false);
      });

      test("listByOrg: home-org users and role holders, erased excluded, by id, size, tenant", async () => {
        const home = await s.store.users.create({
          tenantId: A,
          organizationId: leafA.id,
          email: "home@example.test",
          fullName: "H",
          passwordHash: null,
        });
        const holder = await s.store.users.create({
          tenantId: A,
          organizationId: rootA.id,
          email: "holder@example.test",
          fullName: "R",
          passwordHash: null,
        });
        const gone = await s.store.users.create({
          tenantId: A,
          organizationId: leafA.id,
          email: "gone@example.test",
          fullName: "G",
          passwordHash: null,
        });
        await s.store.users.erase(A, gone.id, `erased+${gone.id}@erased.invalid`);
        const role = await s.store.roles.create({
          tenantId: A,
          organizationId: leafA.id,
          name: "holders",
          description: "",
          scope: "SELF",
          permissionIds: [],
        });
        await s.store.roles.assign({ tenantId: A, userId: holder.id, roleId: role.id, organizationId: leafA.id });
        expect((await s.store.users.listByOrg(A, leafA.id, 10)).map((u) => u.id)).toEqual([home.id, holder.id]);
        expect((await s.store.users.listByOrg(A, leafA.id, 1)).map((u) => u.id)).toEqual([home.id]);
        expect(await s.store.users.listByOrg(B, leafA.id, 10)).toEqual([]);
        // Paging by id and a literal, case-insensitive text filter over email and name, for both kinds.
        expect((await s.store.users.listByOrg(A, leafA.id, 10, { afterId: home.id })).map((u) => u.id)).toEqual([
          holder.id,
        ]);
        expect((await s.store.users.listByOrg(A, leafA.id, 10, { q: "HOLDER@" })).map((u) => u.id)).toEqual([
          holder.id,
        ]);
        expect((await s.store.users.listByOrg(A, leafA.id, 10, { q: "h" })).map((u) => u.id)).toEqual([
          home.id,
          holder.id,
        ]);
        expect((await s.store.users.listByOrg(A, leafA.id, 10, { q: "home" })).map((u) => u.id)).toEqual([home.id]);
        expect(await s.store.users.listByOrg(A, leafA.id, 10, { q: ".*" })).toEqual([]);
        expect(await s.store.users.listByOrg(A, leafA.id, 10, { q: "%" })).toEqual([]);
        expect((await s.store.users.listByOrg(A, leafA.id, 10, { q: "r", afterId: home.id })).map((u) => u.id)).toEqual(
          [holder.id],
        );
        const at = await s.store.roles.rolesAt(A, leafA.id, [home.id, holder.id]);
        expect(at.get(holder.id)).toEqual([{ id: role.id, name: "holders" }]);
        expect(at.get(home.id)).toBeUndefined();
        expect((await s.store.roles.rolesAt(B, leafA.id, [holder.id])).size).toBe(0);
      });
    });

    describe("apps and permissions", () => {
      test("identifier unique service-wide; permission code unique per app; wrong-tenant twins", async () => {
        const app = await s.store.apps.create(newApp(A, rootA.id, "https://contract-a.test"));
        await expect(s.store.apps.create(newApp(B, rootB.id, "https://contract-a.test"))).rejects.toBeInstanceOf(
          ConflictError,
        );
        expect(await s.store.apps.get(B, app.id)).toBeNull();
        expect(await s.store.apps.update(B, app.id, { name: "Pwned" })).toBeNull();
        expect((await s.store.apps.findByIdentifier("https://contract-a.test"))?.id).toBe(app.id);
        expect(await s.store.apps.listByOrg(B, rootA.id)).toEqual([]);
        expect(await s.store.apps.countByOrg(B, rootA.id)).toBe(0);
        expect(await s.store.apps.listByOrgs(B, [rootA.id])).toEqual([]);
        expect((await s.store.apps.listByOrgs(A, [rootA.id, childA.id])).map((x) => x.id)).toEqual([app.id]);
        const p = await s.store.apps.createPermission({
          tenantId: A,
          applicationId: app.id,
          code: "x.read",
          description: "",
        });
        await expect(
          s.store.apps.createPermission({ tenantId: A, applicationId: app.id, code: "x.read", description: "" }),
        ).rejects.toBeInstanceOf(ConflictError);
        expect(await s.store.apps.listPermissions(B, app.id)).toEqual([]);
        expect(await s.store.apps.deletePermission(B, app.id, p.id)).toBe(false);
        expect((await s.store.apps.permissionsByCodes([app.id], ["x.read", "nope"])).map((x) => x.id)).toEqual([p.id]);
        const role = await s.store.roles.create({
          tenantId: A,
          organizationId: rootA.id,
          name: "uses x",
          description: "",
          scope: "SELF",
          permissionIds: [p.id],
        });
        expect(await s.store.apps.deletePermission(A, app.id, p.id)).toBe(true);
        expect((await s.store.roles.get(A, role.id))!.permissions).toEqual([]);
        expect(await s.store.apps.permissionsByIds([p.id])).toEqual([]);
      });

      test("createWithinQuota never passes the limit, even with concurrent callers", async () => {
        const org = await s.store.orgs.create({
          tenantId: A,
          parentId: rootA.id,
          name: "Q",
          slug: "quota",
          type: "organization",
        });
        const results = await Promise.all(
          [0, 1, 2, 3].map((i) => s.store.apps.createWithinQuota(newApp(A, org.id, `https://q${i}.test`), 2)),
        );
        expect(results.filter(Boolean)).toHaveLength(2);
        expect(await s.store.apps.countByOrg(A, org.id)).toBe(2);
        expect(await s.store.apps.countByTenant(A)).toBeGreaterThanOrEqual(2);
      });
    });

    describe("roles", () => {
      test("duplicate name per org is ConflictError; setPermissions replaces; wrong tenant is null", async () => {
        const app = await s.store.apps.create(newApp(A, rootA.id, "https://roles-contract.test"));
        const p1 = await s.store.apps.createPermission({
          tenantId: A,
          applicationId: app.id,
          code: "r.1",
          description: "",
        });
        const p2 = await s.store.apps.createPermission({
          tenantId: A,
          applicationId: app.id,
          code: "r.2",
          description: "",
        });
        const role = await s.store.roles.create({
          tenantId: A,
          organizationId: childA.id,
          name: "R",
          description: "d",
          scope: "SUBTREE",
          permissionIds: [p1.id, p1.id],
        });
        expect(role).toMatchObject({
          organizationId: childA.id,
          name: "R",
          description: "d",
          scope: "SUBTREE",
          permissions: [{ id: p1.id, code: "r.1", applicationId: app.id }],
        });
        await expect(
          s.store.roles.create({
            tenantId: A,
            organizationId: childA.id,
            name: "R",
            description: "",
            scope: "SELF",
            permissionIds: [],
          }),
        ).rejects.toBeInstanceOf(ConflictError);
        expect(await s.store.roles.get(B, role.id)).toBeNull();
        expect(await s.store.roles.setPermissions(B, role.id, [])).toBeNull();
        expect((await s.store.roles.setPermissions(A, role.id, [p2.id]))!.permissions.map((x) => x.code)).toEqual([
          "r.2",
        ]);
        expect((await s.store.roles.listByOrg(A, childA.id, 10)).map((r) => r.id)).toContain(role.id);
        expect(await s.store.roles.listByOrg(B, childA.id, 10)).toEqual([]);
      });

      test("assign/revoke are idempotent; effectiveGrants: SUBTREE from ancestors, SELF only at its org", async () => {
        const u = await s.store.users.create({
          tenantId: A,
          organizationId: rootA.id,
          email: "grants@example.test",
          fullName: "G",
          passwordHash: null,
        });
        const sub = await s.store.roles.create({
          tenantId: A,
          organizationId: rootA.id,
          name: "sub",
          description: "",
          scope: "SUBTREE",
          permissionIds: [],
        });
        const self = await s.store.roles.create({
          tenantId: A,
          organizationId: rootA.id,
          name: "self",
          description: "",
          scope: "SELF",
          permissionIds: [],
        });
        const a1 = { tenantId: A, userId: u.id, roleId: sub.id, organizationId: rootA.id };
        expect(await s.store.roles.assign(a1)).toBe(true);
        expect(await s.store.roles.assign(a1)).toBe(false);
        expect(
          await s.store.roles.assign({ tenantId: A, userId: u.id, roleId: self.id, organizationId: rootA.id }),
        ).toBe(true);
        const atRoot = await s.store.roles.effectiveGrants(u.id, rootA.path);
        expect(atRoot.map((g) => g.roleName).sort()).toEqual(["self", "sub"]);
        const atLeaf = await s.store.roles.effectiveGrants(u.id, leafA.path);
        expect(atLeaf).toEqual([
          expect.objectContaining({
            roleId: sub.id,
            scope: "SUBTREE",
            assignedOrgId: rootA.id,
            assignedOrgPath: rootA.path,
            roleTenantId: A,
          }),
        ]);
        expect(await s.store.roles.effectiveGrants(u.id, rootB.path)).toEqual([]);
        expect((await s.store.roles.assignmentsOf(u.id)).map((x) => x.roleName).sort()).toEqual(["self", "sub"]);
        expect(await s.store.roles.revoke({ ...a1, tenantId: B })).toBe(false);
        expect(await s.store.roles.revoke(a1)).toBe(true);
        expect(await s.store.roles.revoke(a1)).toBe(false);
        expect(await s.store.roles.effectiveGrants(u.id, leafA.path)).toEqual([]);
        await s.store.roles.removeAllFor(u.id);
        expect(await s.store.roles.assignmentsOf(u.id)).toEqual([]);
      });
    });

    describe("audit", () => {
      test("appendMany: several entries in one call, ids ascending in the given order; none is nothing", async () => {
        // Before the 2030 entries of the test below, which reads from 2030 on.
        const t0 = new Date("2029-03-01T00:00:00.000Z");
        const entry = (action: string, ms: number) => ({
          tenantId: A,
          organizationId: rootA.id,
          orgPath: rootA.path,
          userId: 11,
          actorId: null,
          action,
          ipAddress: null,
          metadata: { n: ms },
          createdAt: new Date(t0.getTime() + ms),
        });
        await s.store.audit.appendMany([]);
        await s.store.audit.appendMany([entry("batch.first", 0), entry("batch.second", 0), entry("batch.third", 0)]);
        const got = await s.store.audit.query({
          tenant: A,
          orgPath: rootA.path,
          size: 10,
          from: t0,
          to: new Date(t0.getTime() + 1),
        });
        // Newest first by id: the order they were given, reversed.
        expect(got.map((e) => e.action)).toEqual(["batch.third", "batch.second", "batch.first"]);
        expect(got[0].id).toBeGreaterThan(got[1].id);
        expect(got[1].id).toBeGreaterThan(got[2].id);
        expect(got[2]).toMatchObject({ userId: 11, organizationId: rootA.id, metadata: { n: 0 } });
      });

      test("appendMany as the journal sends it (stamped by the store): every field of every row, ids in order, any batch size", async () => {
        const before = new Date(Date.now() - 60_000);
        for (const n of [1, 2, 5, 33]) {
          const entries = Array.from({ length: n }, (_, i) => ({
            tenantId: A,
            organizationId: i % 2 ? null : rootA.id,
            orgPath: rootA.path,
            userId: i % 3 ? 40 + i : null,
            actorId: i % 2 ? 7 : null,
            action: `journalbatch${n}.n${i}`,
            ipAddress: i % 2 ? "10.1.2.3" : null,
            metadata: { i, nested: { list: [n, i], text: `row ${i}` } },
          }));
          await s.store.audit.appendMany(entries);
          const got = (
            await s.store.audit.query({
              tenant: A,
              orgPath: rootA.path,
              size: 50,
              q: `journalbatch${n}.`,
              from: before,
            })
          ).reverse();
          expect(got.map((e) => e.action)).toEqual(entries.map((e) => e.action));
          for (let i = 1; i < got.length; i++) expect(got[i].id).toBeGreaterThan(got[i - 1].id);
          got.forEach((row, i) => {
            expect(row).toMatchObject(entries[i]);
            expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
          });
        }
      });

      test("query: tenant, subtree, action, user, q (literal), from inclusive / to exclusive, newest first, size", async () => {
        const t0 = new Date("2030-01-01T00:00:00.000Z");
        const at = (ms: number) => new Date(t0.getTime() + ms);
        const base = { tenantId: A, actorId: 1, ipAddress: "10.0.0.1" };
        await s.store.audit.append({
          ...base,
          organizationId: rootA.id,
          orgPath: rootA.path,
          userId: 7,
          action: "org.created",
          metadata: { note: "root" },
          createdAt: at(0),
        });
        await s.store.audit.append({
          ...base,
          organizationId: childA.id,
          orgPath: childA.path,
          userId: 8,
          action: "user.created",
          metadata: { email: "u8@x.test", note: "100%" },
          createdAt: at(1000),
        });
        await s.store.audit.append({
          ...base,
          organizationId: leafA.id,
          orgPath: leafA.path,
          userId: 8,
          action: "role.assigned",
          metadata: { roleId: 3 },
          createdAt: at(2000),
        });
        await s.store.audit.append({
          tenantId: B,
          actorId: 1,
          ipAddress: null,
          organizationId: rootB.id,
          orgPath: rootB.path,
          userId: 8,
          action: "user.created",
          metadata: {},
          createdAt: at(1500),
        });
        const q = (over: object) =>
          s.store.audit.query({ tenant: A, orgPath: rootA.path, size: 100, from: t0, ...over });
        expect((await q({})).map((e) => e.action)).toEqual(["role.assigned", "user.created", "org.created"]);
        expect((await q({ orgPath: childA.path })).map((e) => e.action)).toEqual(["role.assigned", "user.created"]);
        expect((await q({ action: "user.created" })).map((e) => e.userId)).toEqual([8]);
        expect((await q({ userId: 8 })).length).toBe(2);
        expect((await q({ q: "U8@X" })).map((e) => e.action)).toEqual(["user.created"]);
        expect((await q({ q: "100%" })).length).toBe(1);
        expect(await q({ q: "1_0%" })).toEqual([]);
        expect((await q({ q: "ROLE." })).length).toBe(1);
        // The metadata text is what Postgres prints for jsonb on every store: `": "` between key and value.
        expect((await q({ q: '"note": "root"' })).map((e) => e.action)).toEqual(["org.created"]);
        // Keys in jsonb's order: shorter first.
        expect((await q({ q: '{"note": "100%", "email": "u8@x.test"}' })).map((e) => e.action)).toEqual([
          "user.created",
        ]);
        expect((await q({ from: at(1000), to: at(2000) })).map((e) => e.action)).toEqual(["user.created"]);
        expect((await q({ size: 1 })).map((e) => e.action)).toEqual(["role.assigned"]);
        expect(await s.store.audit.query({ tenant: B, orgPath: rootA.path, size: 100 })).toEqual([]);
        expect((await s.store.audit.query({ tenant: "any", orgPath: `/`, size: 100, from: t0 })).length).toBe(4);
      });

      test("forUser and scrubUser: keeps ids and actions, drops IP and personal metadata", async () => {
        await s.store.audit.append({
          tenantId: A,
          organizationId: rootA.id,
          orgPath: rootA.path,
          userId: 4242,
          actorId: 1,
          action: "user.updated",
          ipAddress: "10.1.1.1",
          metadata: { email: "pii@x.test", actorId: 1 },
        });
        await s.store.audit.append({
          tenantId: A,
          organizationId: rootA.id,
          orgPath: rootA.path,
          userId: 99,
          actorId: 4242,
          action: "org.updated",
          ipAddress: "10.1.1.2",
          metadata: { name: "x" },
        });
        expect((await s.store.audit.forUser(4242, 10)).length).toBe(2);
        await s.store.audit.scrubUser(4242);
        const after = await s.store.audit.forUser(4242, 10);
        expect(after.map((e) => e.action)).toEqual(["org.updated", "user.updated"]);
        for (const e of after) {
          expect(e.ipAddress).toBeNull();
          expect(JSON.stringify(e.metadata)).not.toContain("pii@x.test");
          expect(e.metadata.erased).toBe(true);
        }
        expect(after[1]).toMatchObject({ userId: 4242, actorId: 1, metadata: { erased: true, actorId: 1 } });
      });
    });
  },
};
