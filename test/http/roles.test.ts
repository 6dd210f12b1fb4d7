import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  claimsOf,
  createOrg,
  createRole,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let admin: string;
let ten: TenantFixture;
let app: { id: number; identifier: string };
let perms: Record<string, { id: number }> = {};
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.adminToken();
  ten = await provisionTenant(t, "Roles Tenant");
  app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: "https://orders.roles.test", name: "Orders" },
    }),
  );
  for (const code of ["orders.read", "orders.write"])
    perms[code] = await ok(
      t.call("POST", `/api/applications/${app.id}/permissions`, { token: ten.token, body: { code } }),
    );
});
afterAll(() => t.close());

describe("POST /api/roles", () => {
  test("by codes (application and system) and by ids; SELF by default; organizationId defaults to the active org", async () => {
    const r = await ok(
      t.call("POST", "/api/roles", {
        token: ten.token,
        body: { name: "Reader", description: "reads", permissionCodes: ["orders.read", "USER_MANAGE"] },
      }),
    );
    expect(r).toMatchObject({ organizationId: ten.rootOrgId, name: "Reader", description: "reads", scope: "SELF" });
    expect(r.permissions.map((x: { code: string }) => x.code).sort()).toEqual(["USER_MANAGE", "orders.read"]);
    expect(r.permissions.find((x: { code: string }) => x.code === "orders.read")).toEqual({
      id: perms["orders.read"].id,
      code: "orders.read",
      applicationId: app.id,
    });
    const byId = await ok(
      t.call("POST", "/api/roles", {
        token: ten.token,
        body: { name: "Writer", permissionIds: [perms["orders.write"].id], scope: "SUBTREE" },
      }),
    );
    expect(byId.scope).toBe("SUBTREE");
    expect(byId.permissions.map((x: { code: string }) => x.code)).toEqual(["orders.write"]);
  });

  test("codes of an ancestor's applications resolve in a child org; unknown codes and foreign ids are 400", async () => {
    const child = await createOrg(t, ten.token);
    const r = await ok(
      t.call("POST", "/api/roles", {
        token: ten.token,
        body: { name: "Child reader", organizationId: child.id, permissionCodes: ["orders.read"] },
      }),
    );
    expect(r.organizationId).toBe(child.id);
    const bad = await t.call("POST", "/api/roles", {
      token: ten.token,
      body: { name: "Bad", permissionCodes: ["nope.code", "orders.read"], permissionIds: [999999] },
    });
    expectProblem(bad, 400, "VALIDATION_FAILED");
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["permissionCodes", "permissionIds"]);
    // a permission of another tenant's application is not in this org's vocabulary
    const other = await provisionTenant(t, "Roles Other");
    const otherApp = await ok(
      t.call("POST", "/api/applications", {
        token: other.token,
        body: { organizationId: other.rootOrgId, identifier: `https://${uniq("o")}.test`, name: "O" },
      }),
    );
    const foreign = await ok(
      t.call("POST", `/api/applications/${otherApp.id}/permissions`, {
        token: other.token,
        body: { code: "orders.read" },
      }),
    );
    expectProblem(
      await t.call("POST", "/api/roles", { token: ten.token, body: { name: "Foreign", permissionIds: [foreign.id] } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("a code defined by two applications the org may use is ambiguous: 400 asking for ids", async () => {
    const child = await createOrg(t, ten.token);
    const app2 = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: child.id, identifier: `https://${uniq("second")}.test`, name: "Second" },
      }),
    );
    const dup = await ok(
      t.call("POST", `/api/applications/${app2.id}/permissions`, { token: ten.token, body: { code: "orders.read" } }),
    );
    const r = await t.call("POST", "/api/roles", {
      token: ten.token,
      body: { name: "Amb", organizationId: child.id, permissionCodes: ["orders.read"] },
    });
    expectProblem(r, 400, "VALIDATION_FAILED");
    expect(r.body.errors[0].message).toContain("permissionIds");
    const byIds = await ok(
      t.call("POST", "/api/roles", {
        token: ten.token,
        body: { name: "Amb", organizationId: child.id, permissionIds: [dup.id] },
      }),
    );
    expect(byIds.permissions[0].applicationId).toBe(app2.id);
  });

  test("no escalation: system codes the caller lacks are 403; PLATFORM_ADMIN outside the platform tenant is 400", async () => {
    const rm = await userWith(t, ten.token, ten.rootOrgId, ["ROLE_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("POST", "/api/roles", {
        token: rm.token,
        body: { name: uniq("esc"), permissionCodes: ["USER_MANAGE"] },
      }),
      403,
      "FORBIDDEN",
    );
    await ok(
      t.call("POST", "/api/roles", {
        token: rm.token,
        body: { name: uniq("fine"), permissionCodes: ["ROLE_MANAGE", "orders.write"] },
      }),
    );
    expectProblem(
      await t.call("POST", "/api/roles", {
        token: ten.token,
        body: { name: uniq("pa"), permissionCodes: ["PLATFORM_ADMIN"] },
      }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", "/api/roles", {
        token: admin,
        body: { name: uniq("pa"), organizationId: ten.rootOrgId, permissionCodes: ["PLATFORM_ADMIN"] },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("duplicate name in the org is 409; bad scope 400; outside reach 403; no ROLE_MANAGE 403", async () => {
    await ok(t.call("POST", "/api/roles", { token: ten.token, body: { name: "Same" } }));
    expectProblem(await t.call("POST", "/api/roles", { token: ten.token, body: { name: "Same" } }), 409, "CONFLICT");
    expectProblem(
      await t.call("POST", "/api/roles", { token: ten.token, body: { name: "Scoped", scope: "GLOBAL" } }),
      400,
      "VALIDATION_FAILED",
    );
    const child = await createOrg(t, ten.token);
    const scoped = await userWith(t, ten.token, child.id, ["ROLE_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("POST", "/api/roles", { token: scoped.token, body: { name: "Up", organizationId: ten.rootOrgId } }),
      403,
      "FORBIDDEN",
    );
    const um = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(await t.call("POST", "/api/roles", { token: um.token, body: { name: "No" } }), 403, "FORBIDDEN");
  });
});

describe("PUT /api/roles/{roleId}/permissions", () => {
  test("replaces the set; unknown role 404; escalation 403; audited with added/removed", async () => {
    const role = await createRole(t, ten.token, ten.rootOrgId, ["AUDIT_VIEW"]);
    const r = await ok(
      t.call("PUT", `/api/roles/${role.id}/permissions`, {
        token: ten.token,
        body: { permissionCodes: ["orders.read"], permissionIds: [perms["orders.write"].id] },
      }),
    );
    expect(r.permissions.map((x: { code: string }) => x.code).sort()).toEqual(["orders.read", "orders.write"]);
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=role.permissions_changed`, { token: ten.token }),
    );
    expect(audit[0].metadata).toMatchObject({
      roleId: role.id,
      added: expect.arrayContaining(["orders.read", "orders.write"]),
      removed: ["AUDIT_VIEW"],
    });
    expectProblem(
      await t.call("PUT", `/api/roles/999999/permissions`, { token: ten.token, body: { permissionCodes: [] } }),
      404,
      "NOT_FOUND",
    );
    const rm = await userWith(t, ten.token, ten.rootOrgId, ["ROLE_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("PUT", `/api/roles/${role.id}/permissions`, {
        token: rm.token,
        body: { permissionCodes: ["ORG_MANAGE"] },
      }),
      403,
      "FORBIDDEN",
    );
    const powerful = await createRole(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(
      await t.call("PUT", `/api/roles/${powerful.id}/permissions`, { token: rm.token, body: { permissionCodes: [] } }),
      403,
      "FORBIDDEN",
    );
    const cleared = await ok(t.call("PUT", `/api/roles/${role.id}/permissions`, { token: rm.token, body: {} }));
    expect(cleared.permissions).toEqual([]);
  });
});

describe("assign and revoke", () => {
  test("assign is idempotent and takes effect in the next token; revoke removes it; both audited once", async () => {
    const org = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, org.id, ["AUDIT_VIEW"], "SUBTREE");
    const u = await createUser(t, ten.token, org.id);
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.call("POST", `/api/roles/${role.id}/assign`, {
            token: ten.token,
            body: { userId: u.id, organizationId: org.id },
          })
        ).status,
      ).toBe(200);
    const c = claimsOf((await t.login(u.email, PASSWORD)).accessToken);
    expect(c.permissions).toEqual(["AUDIT_VIEW"]);
    expect(c.scope_subtree).toEqual([org.path]);
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.call("POST", `/api/roles/${role.id}/revoke`, {
            token: ten.token,
            body: { userId: u.id, organizationId: org.id },
          })
        ).status,
      ).toBe(200);
    expect(claimsOf((await t.login(u.email, PASSWORD)).accessToken).permissions).toEqual([]);
    const audit = await ok(t.call("GET", `/api/audit?organizationId=${org.id}&userId=${u.id}`, { token: ten.token }));
    const actions = audit.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === "role.assigned")).toHaveLength(1);
    expect(actions.filter((a: string) => a === "role.revoked")).toHaveLength(1);
  });

  test("assign checks: org below the role's org (else 400), unknown user/role/org 404, escalation 403", async () => {
    const a = await createOrg(t, ten.token);
    const b = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, a.id, ["USER_MANAGE"]);
    const u = await createUser(t, ten.token, b.id);
    expectProblem(
      await t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: b.id },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(
      await t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: 999999, organizationId: a.id },
      }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("POST", `/api/roles/999999/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: a.id },
      }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: 999999 },
      }),
      404,
      "NOT_FOUND",
    );
    const rm = await userWith(t, ten.token, ten.rootOrgId, ["ROLE_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("POST", `/api/roles/${role.id}/assign`, {
        token: rm.token,
        body: { userId: u.id, organizationId: a.id },
      }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", `/api/roles/${role.id}/revoke`, {
        token: rm.token,
        body: { userId: u.id, organizationId: a.id },
      }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", `/api/roles/${role.id}/assign`, { token: ten.token, body: { userId: u.id } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("GET /api/roles", () => {
  test("lists the org's roles with permissions; size and bounds; unknown org 404", async () => {
    const org = await createOrg(t, ten.token);
    const r1 = await createRole(t, ten.token, org.id, ["USER_MANAGE"]);
    const r2 = await createRole(t, ten.token, org.id, []);
    const list = await ok(t.call("GET", `/api/roles?organizationId=${org.id}`, { token: ten.token }));
    expect(list.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id]);
    expect(list[0].permissions.map((x: { code: string }) => x.code)).toEqual(["USER_MANAGE"]);
    expect(await ok(t.call("GET", `/api/roles?organizationId=${org.id}&size=1`, { token: ten.token }))).toHaveLength(1);
    expectProblem(
      await t.call("GET", `/api/roles?organizationId=${org.id}&size=1001`, { token: ten.token }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(await t.call("GET", `/api/roles?organizationId=999999`, { token: ten.token }), 404, "NOT_FOUND");
  });
});
