import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { sha256Hex } from "../../src/kernel/secrets";
import {
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe("POST /api/platform/tenants", () => {
  test("provisions root org, tenant-admin role (all codes but PLATFORM_ADMIN, SUBTREE), admin user and a 7-day hashed setup token", async () => {
    const email = `${uniq("Owner")}@Acme.test`;
    const r = await t.call("POST", "/api/platform/tenants", {
      token: admin,
      body: { orgName: "Acme Holdings, Inc.", adminEmail: email, adminFullName: "Olga Owner" },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const p = r.body;
    expect(p).toMatchObject({
      orgName: "Acme Holdings, Inc.",
      slug: "acme-holdings-inc",
      adminEmail: email.toLowerCase(),
    });
    expect(p.setupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const exp = Date.parse(p.expiresAt) - Date.now();
    expect(exp).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(exp).toBeLessThanOrEqual(7 * 86400_000);
    const tok = await t.stores.store.oneTimeTokens.peek(sha256Hex(p.setupToken), "setup", new Date());
    expect(tok).toMatchObject({ kind: "setup", tenantId: p.tenantId });
    expect(await t.stores.store.oneTimeTokens.peek(p.setupToken, "setup", new Date())).toBeNull();
    const root = await t.stores.store.orgs.get(p.tenantId, p.rootOrgId);
    expect(root).toMatchObject({
      parentId: null,
      path: `/${p.tenantId}/${p.rootOrgId}/`,
      slug: "acme-holdings-inc",
      status: "ACTIVE",
      expiresAt: null,
    });
    const user = await t.stores.store.users.findByEmail(email);
    expect(user).toMatchObject({
      id: tok!.userId,
      tenantId: p.tenantId,
      organizationId: p.rootOrgId,
      passwordHash: null,
      fullName: "Olga Owner",
    });
    const roles = await ok(t.call("GET", `/api/roles?organizationId=${p.rootOrgId}`, { token: admin }));
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ name: "Tenant Admin", scope: "SUBTREE" });
    expect(roles[0].permissions.map((x: { code: string }) => x.code).sort()).toEqual([
      "AUDIT_VIEW",
      "CLIENT_MANAGE",
      "ORG_MANAGE",
      "ROLE_MANAGE",
      "USER_MANAGE",
    ]);
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${p.rootOrgId}&action=tenant.provisioned`, { token: admin }),
    );
    expect(audit[0].metadata).toMatchObject({ tenantId: p.tenantId, rootOrgId: p.rootOrgId });

    // Redeem the setup token where the reset endpoint exists (built by the sessions feature).
    const reset = await t.call("POST", "/api/auth/password/reset", {
      body: { token: p.setupToken, newPassword: PASSWORD },
    });
    if (reset.status !== 404) {
      expect(reset.status).toBe(200);
      const claims = JSON.parse(
        Buffer.from((await t.login(email, PASSWORD)).accessToken.split(".")[1], "base64url").toString(),
      );
      expect(claims.tenant_id).toBe(p.tenantId);
      expect(claims.permissions).toEqual(["USER_MANAGE", "ORG_MANAGE", "ROLE_MANAGE", "CLIENT_MANAGE", "AUDIT_VIEW"]);
      expect(claims.scope_subtree).toEqual([root!.path]);
    }
  });

  test("bad input 400, taken admin email 409, no token 401", async () => {
    for (const body of [
      { orgName: "", adminEmail: "a@b.c", adminFullName: "A" },
      { orgName: "X", adminEmail: "nope", adminFullName: "A" },
      { orgName: "X", adminEmail: "a@b.c" },
      { orgName: "X", adminEmail: "a@b.c", adminFullName: "A", ttlDays: 0 },
    ])
      expectProblem(await t.call("POST", "/api/platform/tenants", { token: admin, body }), 400, "VALIDATION_FAILED");
    const email = `${uniq("dup")}@t.test`;
    await ok(
      t.call("POST", "/api/platform/tenants", {
        token: admin,
        body: { orgName: "First", adminEmail: email, adminFullName: "A" },
      }),
    );
    expectProblem(
      await t.call("POST", "/api/platform/tenants", {
        token: admin,
        body: { orgName: "Second", adminEmail: email, adminFullName: "A" },
      }),
      409,
      "CONFLICT",
    );
    expectProblem(
      await t.call("POST", "/api/platform/tenants", { body: { orgName: "X", adminEmail: email, adminFullName: "A" } }),
      401,
      "UNAUTHENTICATED",
    );
  });
});

describe("limits, usage, features and sandboxes", () => {
  let ten: TenantFixture;
  beforeAll(async () => {
    ten = await provisionTenant(t, "Plan Tenant");
  });

  test("limits and usage: usage counts the tenant's applications; limits change the quota", async () => {
    expect(await ok(t.call("GET", `/api/platform/tenants/${ten.tenantId}/usage`, { token: admin }))).toEqual({
      applications: 0,
      maxApplications: 10,
    });
    await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: `https://${uniq("u")}.test`, name: "U" },
      }),
    );
    expect(
      await ok(
        t.call("PUT", `/api/platform/tenants/${ten.tenantId}/limits`, { token: admin, body: { maxApplications: 1 } }),
      ),
    ).toEqual({ tenantId: ten.tenantId, maxApplications: 1 });
    expect(await ok(t.call("GET", `/api/platform/tenants/${ten.tenantId}/usage`, { token: admin }))).toEqual({
      applications: 1,
      maxApplications: 1,
    });
    expectProblem(
      await t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: `https://${uniq("u")}.test`, name: "U2" },
      }),
      403,
      "QUOTA_EXCEEDED",
    );
    expectProblem(
      await t.call("PUT", `/api/platform/tenants/${ten.tenantId}/limits`, {
        token: admin,
        body: { maxApplications: -1 },
      }),
      400,
      "VALIDATION_FAILED",
    );
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=tenant.limits_updated`, { token: admin }),
    );
    expect(audit[0].metadata).toMatchObject({ maxApplications: 1 });
  });

  test("features switch customClaims on the tenant record", async () => {
    expect(
      await ok(
        t.call("PUT", `/api/platform/tenants/${ten.tenantId}/features`, { token: admin, body: { customClaims: true } }),
      ),
    ).toEqual({ tenantId: ten.tenantId, customClaims: true });
    expect((await t.stores.store.tenants.get(ten.tenantId))!.customClaims).toBe(true);
    await ok(
      t.call("PUT", `/api/platform/tenants/${ten.tenantId}/features`, { token: admin, body: { customClaims: false } }),
    );
    expect((await t.stores.store.tenants.get(ten.tenantId))!.customClaims).toBe(false);
    expectProblem(
      await t.call("PUT", `/api/platform/tenants/${ten.tenantId}/features`, {
        token: admin,
        body: { customClaims: "yes" },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expect(
      (
        await ok(
          t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=tenant.features_updated`, { token: admin }),
        )
      ).length,
    ).toBe(2);
  });

  test("unknown tenants are 404; tenant admins (even with every tenant code) get 403 on every platform route", async () => {
    expectProblem(await t.call("GET", `/api/platform/tenants/999999/usage`, { token: admin }), 404, "NOT_FOUND");
    expectProblem(
      await t.call("PUT", `/api/platform/tenants/999999/limits`, { token: admin, body: { maxApplications: 1 } }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("PUT", `/api/platform/tenants/999999/features`, { token: admin, body: { customClaims: true } }),
      404,
      "NOT_FOUND",
    );
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/platform/tenants", { orgName: "X", adminEmail: `${uniq("x")}@t.test`, adminFullName: "X" }],
      ["PUT", `/api/platform/tenants/${ten.tenantId}/limits`, { maxApplications: 100 }],
      ["GET", `/api/platform/tenants/${ten.tenantId}/usage`],
      ["PUT", `/api/platform/tenants/${ten.tenantId}/features`, { customClaims: true }],
      ["GET", "/api/platform/sandboxes"],
    ];
    for (const [m, path, body] of calls)
      expectProblem(await t.call(m, path, { token: ten.token, body }), 403, "FORBIDDEN");
  });

  test("a sandbox's root org expires after ttlDays; sandboxes are listed; an expired sandbox behaves as suspended", async () => {
    const p = await ok(
      t.call("POST", "/api/platform/tenants", {
        token: admin,
        body: { orgName: "Try Me", adminEmail: `${uniq("sb")}@t.test`, adminFullName: "S", ttlDays: 14 },
      }),
    );
    const root = (await t.stores.store.orgs.get(p.tenantId, p.rootOrgId))!;
    expect(Math.abs(root.expiresAt!.getTime() - (Date.now() + 14 * 86400_000))).toBeLessThan(60_000);
    const list = await ok(t.call("GET", "/api/platform/sandboxes", { token: admin }));
    expect(list).toContainEqual({
      tenantId: p.tenantId,
      name: "Try Me",
      slug: "try-me",
      expiresAt: root.expiresAt!.toISOString(),
    });
    expect(list.map((s: { tenantId: number }) => s.tenantId)).not.toContain(ten.tenantId);
    const u = await createUser(t, admin, p.rootOrgId);
    expect((await t.login(u.email, PASSWORD)).accessToken).toBeString();
    await t.stores.store.orgs.update(p.tenantId, p.rootOrgId, { expiresAt: new Date(Date.now() - 1000) });
    await t.directoryChanged();
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      403,
      "ORG_SUSPENDED",
    );
  });
});
