/**
 * Tenant isolation across every directory and platform route: a tenant admin of A, holding every
 * tenant permission over A's whole tree, tries each route with B's ids. Each answer is 404 (never
 * revealing that B's record exists), 400 for ids inside a payload, or 403 for platform routes,
 * always problem+json; and B's data is unchanged afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  createOrg,
  createRole,
  createUser,
  expectProblem,
  ok,
  provisionTenant,
  uniq,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let A: TenantFixture;
let B: TenantFixture;
let a: { org: any; role: any; user: { id: number }; app: any; perm: any };
let b: { org: any; role: any; user: { id: number }; app: any; perm: any };

async function world(ten: TenantFixture) {
  const org = await createOrg(t, ten.token);
  const role = await createRole(t, ten.token, org.id, ["USER_MANAGE"]);
  const user = await createUser(t, ten.token, org.id, { roleId: role.id });
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: org.id, identifier: `https://${uniq("iso")}.test`, name: "Iso" },
    }),
  );
  const perm = await ok(
    t.call("POST", `/api/applications/${app.id}/permissions`, { token: ten.token, body: { code: "iso.read" } }),
  );
  return { org, role, user, app, perm };
}

beforeAll(async () => {
  t = await makeTestApp();
  A = await provisionTenant(t, "Tenant A");
  B = await provisionTenant(t, "Tenant B");
  a = await world(A);
  b = await world(B);
});
afterAll(() => t.close());

async function snapshot(ten: TenantFixture, w: typeof b) {
  return {
    orgs: await ok(t.call("GET", "/api/organizations?size=1000", { token: ten.token })),
    users: await ok(t.call("GET", `/api/users?organizationId=${w.org.id}`, { token: ten.token })),
    roles: await ok(t.call("GET", `/api/roles?organizationId=${w.org.id}`, { token: ten.token })),
    apps: await ok(t.call("GET", `/api/applications?organizationId=${w.org.id}`, { token: ten.token })),
    perms: await ok(t.call("GET", `/api/applications/${w.app.id}/permissions`, { token: ten.token })),
    audit: (await ok(t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&size=1000`, { token: ten.token })))
      .length,
  };
}

describe("two tenants", () => {
  test("every directory route refuses the other tenant's ids with 404 (or 400 inside a payload); B is untouched", async () => {
    const before = await snapshot(B, b);
    const cases: [string, string, unknown, number][] = [
      // organizations
      ["POST", "/api/organizations", { name: "X", slug: uniq("x"), parentId: b.org.id }, 404],
      ["PUT", `/api/organizations/${b.org.id}`, { name: "Pwned" }, 404],
      ["POST", `/api/organizations/${b.org.id}/suspend`, undefined, 404],
      ["POST", `/api/organizations/${b.org.id}/activate`, undefined, 404],
      ["GET", `/api/tenant-hierarchy/visible-orgs/${B.rootOrgId}`, undefined, 404],
      // users
      ["POST", "/api/users", { organizationId: b.org.id, email: `${uniq("x")}@t.test`, fullName: "X" }, 404],
      [
        "POST",
        "/api/users",
        { organizationId: a.org.id, email: `${uniq("x")}@t.test`, fullName: "X", roleId: b.role.id },
        404,
      ],
      ["GET", `/api/users?organizationId=${b.org.id}`, undefined, 404],
      ["PUT", `/api/users/${b.user.id}`, { fullName: "Pwned" }, 404],
      ["PUT", `/api/users/${a.user.id}`, { organizationId: b.org.id }, 404],
      ["POST", `/api/users/${b.user.id}/disable`, undefined, 404],
      ["POST", `/api/users/${b.user.id}/enable`, undefined, 404],
      ["POST", `/api/users/${b.user.id}/erase`, undefined, 404],
      ["GET", `/api/users/${b.user.id}/export`, undefined, 404],
      // roles
      ["POST", "/api/roles", { name: uniq("x"), organizationId: b.org.id }, 404],
      ["POST", "/api/roles", { name: uniq("x"), organizationId: a.org.id, permissionIds: [b.perm.id] }, 400],
      ["PUT", `/api/roles/${b.role.id}/permissions`, { permissionCodes: [] }, 404],
      ["PUT", `/api/roles/${a.role.id}/permissions`, { permissionIds: [b.perm.id] }, 400],
      ["POST", `/api/roles/${b.role.id}/assign`, { userId: a.user.id, organizationId: a.org.id }, 404],
      ["POST", `/api/roles/${a.role.id}/assign`, { userId: b.user.id, organizationId: a.org.id }, 404],
      ["POST", `/api/roles/${a.role.id}/assign`, { userId: a.user.id, organizationId: b.org.id }, 404],
      ["POST", `/api/roles/${b.role.id}/revoke`, { userId: b.user.id, organizationId: b.org.id }, 404],
      ["POST", `/api/roles/${a.role.id}/revoke`, { userId: b.user.id, organizationId: a.org.id }, 404],
      ["GET", `/api/roles?organizationId=${b.org.id}`, undefined, 404],
      // applications and permissions
      [
        "POST",
        "/api/applications",
        { organizationId: b.org.id, identifier: `https://${uniq("x")}.test`, name: "X" },
        404,
      ],
      ["GET", `/api/applications?organizationId=${b.org.id}`, undefined, 404],
      ["GET", `/api/applications/quota?organizationId=${b.org.id}`, undefined, 404],
      ["PUT", `/api/applications/${b.app.id}`, { name: "Pwned" }, 404],
      ["GET", `/api/applications/${b.app.id}/permissions`, undefined, 404],
      ["POST", `/api/applications/${b.app.id}/permissions`, { code: "pwned" }, 404],
      ["DELETE", `/api/applications/${b.app.id}/permissions/${b.perm.id}`, undefined, 404],
      ["DELETE", `/api/applications/${a.app.id}/permissions/${b.perm.id}`, undefined, 404],
      // audit
      ["GET", `/api/audit?organizationId=${b.org.id}`, undefined, 404],
      ["GET", `/api/audit?organizationId=${B.rootOrgId}`, undefined, 404],
    ];
    for (const [method, path, body, status] of cases) {
      const r = await t.call(method, path, { token: A.token, body });
      try {
        expectProblem(r, status, status === 404 ? "NOT_FOUND" : "VALIDATION_FAILED");
      } catch (e) {
        throw new Error(`${method} ${path}: ${(e as Error).message}`);
      }
      expect(JSON.stringify(r.body)).not.toContain("Tenant B");
    }
    expect(await snapshot(B, b)).toEqual(before);
  });

  test("listings and search never show the other tenant", async () => {
    const orgs = await ok(t.call("GET", "/api/organizations?size=1000", { token: A.token }));
    expect(orgs.items.every((o: { tenantId: number }) => o.tenantId === A.tenantId)).toBe(true);
    expect(await ok(t.call("GET", "/api/organizations/search?q=Tenant%20B", { token: A.token }))).toEqual([]);
    const found = await ok(t.call("GET", "/api/organizations/search?q=Tenant", { token: A.token }));
    expect(found.map((o: { id: number }) => o.id)).toEqual([A.rootOrgId]);
    const audit = await ok(t.call("GET", `/api/audit?organizationId=${A.rootOrgId}&size=1000`, { token: A.token }));
    expect(
      audit.every((e: { organizationId: number }) => orgs.items.some((o: { id: number }) => o.id === e.organizationId)),
    ).toBe(true);
    const mine = await ok(t.call("GET", "/api/users/me/export", { token: A.token }));
    expect(mine.memberships.every((m: { tenantId: number }) => m.tenantId === A.tenantId)).toBe(true);
  });

  test("platform routes are 403 for a tenant admin; the platform admin reaches both tenants", async () => {
    for (const [m, path, body] of [
      ["GET", "/api/platform/sandboxes", undefined],
      ["GET", `/api/platform/tenants/${B.tenantId}/usage`, undefined],
      ["PUT", `/api/platform/tenants/${B.tenantId}/limits`, { maxApplications: 99 }],
      ["PUT", `/api/platform/tenants/${B.tenantId}/features`, { customClaims: true }],
      ["POST", "/api/platform/tenants", { orgName: "Evil", adminEmail: `${uniq("e")}@t.test`, adminFullName: "E" }],
    ] as const)
      expectProblem(await t.call(m, path, { token: A.token, body }), 403, "FORBIDDEN");
    const admin = await t.adminToken();
    for (const w of [a, b]) {
      expect(
        (await ok(t.call("GET", `/api/users?organizationId=${w.org.id}`, { token: admin }))).map(
          (u: { id: number }) => u.id,
        ),
      ).toEqual([w.user.id]);
      expect((await ok(t.call("GET", `/api/applications?organizationId=${w.org.id}`, { token: admin }))).length).toBe(
        1,
      );
    }
    const all = await ok(t.call("GET", "/api/organizations?size=1000", { token: admin }));
    const tenants = new Set(all.items.map((o: { tenantId: number }) => o.tenantId));
    expect(tenants.has(A.tenantId) && tenants.has(B.tenantId)).toBe(true);
  });
});
