import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, ISSUER, type TestApp } from "../support/app";
import {
  createOrg,
  createRole,
  expectProblem,
  ok,
  provisionTenant,
  uniq,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let admin: string;
let ten: TenantFixture;
beforeAll(async () => {
  t = await makeTestApp({ env: { SSO_DEFAULT_MAX_APPLICATIONS: "3" } });
  admin = await t.adminToken();
  ten = await provisionTenant(t, "Apps Tenant");
});
afterAll(() => t.close());

const ident = () => `https://${uniq("app")}.example`;

describe("applications", () => {
  test("create with TTLs and social client ids as array or comma-separated string; list; update", async () => {
    const org = await createOrg(t, ten.token);
    const a = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: {
          organizationId: org.id,
          identifier: ident(),
          name: "Shop",
          webRefreshTtlDays: 7,
          deviceRefreshTtlDays: 180,
          googleClientIds: " g1.apps , g2.apps ,",
          microsoftClientIds: ["m1"],
        },
      }),
    );
    expect(a).toMatchObject({
      organizationId: org.id,
      name: "Shop",
      webRefreshTtlDays: 7,
      deviceRefreshTtlDays: 180,
      googleClientIds: ["g1.apps", "g2.apps"],
      microsoftClientIds: ["m1"],
    });
    const plain = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: org.id, identifier: ident(), name: "Plain" },
      }),
    );
    expect(plain).toMatchObject({
      webRefreshTtlDays: null,
      deviceRefreshTtlDays: null,
      googleClientIds: [],
      microsoftClientIds: [],
    });
    const list = await ok(t.call("GET", `/api/applications?organizationId=${org.id}`, { token: ten.token }));
    expect(list.map((x: { id: number }) => x.id)).toEqual([a.id, plain.id]);
    const u = await ok(
      t.call("PUT", `/api/applications/${a.id}`, {
        token: ten.token,
        body: { name: "Shop 2", webRefreshTtlDays: null, googleClientIds: "g3" },
      }),
    );
    expect(u).toMatchObject({
      id: a.id,
      identifier: a.identifier,
      name: "Shop 2",
      webRefreshTtlDays: null,
      deviceRefreshTtlDays: 180,
      googleClientIds: ["g3"],
      microsoftClientIds: ["m1"],
    });
  });

  test("TTL bounds 1..180, name required, identifier unique service-wide (409, also the issuer)", async () => {
    for (const bad of [
      { webRefreshTtlDays: 0 },
      { deviceRefreshTtlDays: 181 },
      { name: "" },
      { webRefreshTtlDays: 1.5 },
    ])
      expectProblem(
        await t.call("POST", "/api/applications", {
          token: ten.token,
          body: { organizationId: ten.rootOrgId, identifier: ident(), name: "X", ...bad },
        }),
        400,
        "VALIDATION_FAILED",
      );
    const id = ident();
    await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: id, name: "One" },
      }),
    );
    const other = await provisionTenant(t, "Apps Other");
    expectProblem(
      await t.call("POST", "/api/applications", {
        token: other.token,
        body: { organizationId: other.rootOrgId, identifier: id, name: "Two" },
      }),
      409,
      "CONFLICT",
    );
    expectProblem(
      await t.call("POST", "/api/applications", {
        token: other.token,
        body: { organizationId: other.rootOrgId, identifier: ISSUER, name: "Me" },
      }),
      409,
      "CONFLICT",
    );
    expectProblem(
      await t.call("PUT", "/api/applications/999999", { token: ten.token, body: { name: "x" } }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("PUT", `/api/applications/1`, { token: ten.token, body: { name: "x" } }),
      404,
      "NOT_FOUND",
    );
  });

  test("quota: used per org, limit from the tenant (default from config); past it 403 QUOTA_EXCEEDED", async () => {
    const org = await createOrg(t, ten.token);
    expect(await ok(t.call("GET", `/api/applications/quota?organizationId=${org.id}`, { token: ten.token }))).toEqual({
      used: 0,
      limit: 3,
    });
    for (let i = 0; i < 3; i++)
      await ok(
        t.call("POST", "/api/applications", {
          token: ten.token,
          body: { organizationId: org.id, identifier: ident(), name: `A${i}` },
        }),
      );
    expectProblem(
      await t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: org.id, identifier: ident(), name: "Over" },
      }),
      403,
      "QUOTA_EXCEEDED",
    );
    expect(await ok(t.call("GET", `/api/applications/quota?organizationId=${org.id}`, { token: ten.token }))).toEqual({
      used: 3,
      limit: 3,
    });
    await ok(
      t.call("PUT", `/api/platform/tenants/${ten.tenantId}/limits`, { token: admin, body: { maxApplications: 4 } }),
    );
    expect(await ok(t.call("GET", `/api/applications/quota?organizationId=${org.id}`, { token: ten.token }))).toEqual({
      used: 3,
      limit: 4,
    });
    // concurrent creators cannot pass the limit
    const racers = await Promise.all(
      [0, 1, 2].map((i) =>
        t.call("POST", "/api/applications", {
          token: ten.token,
          body: { organizationId: org.id, identifier: ident(), name: `R${i}` },
        }),
      ),
    );
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 403 && r.body.code === "QUOTA_EXCEEDED")).toHaveLength(2);
    expectProblem(await t.call("GET", `/api/applications/quota`, { token: ten.token }), 400, "VALIDATION_FAILED");
  });

  test("the system application cannot be changed; ORG_MANAGE needed; reach enforced", async () => {
    const sys = (await t.stores.store.apps.system())!;
    expectProblem(
      await t.call("PUT", `/api/applications/${sys.id}`, { token: admin, body: { name: "Hijack" } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", `/api/applications/${sys.id}/permissions`, { token: admin, body: { code: "EXTRA" } }),
      403,
      "FORBIDDEN",
    );
    const um = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(
      await t.call("GET", `/api/applications?organizationId=${ten.rootOrgId}`, { token: um.token }),
      403,
      "FORBIDDEN",
    );
    const child = await createOrg(t, ten.token);
    const scoped = await userWith(t, ten.token, child.id, ["ORG_MANAGE", "ROLE_MANAGE"], "SUBTREE");
    const top = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: ident(), name: "Top" },
      }),
    );
    expectProblem(
      await t.call("PUT", `/api/applications/${top.id}`, { token: scoped.token, body: { name: "x" } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("GET", `/api/applications/${top.id}/permissions`, { token: scoped.token }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", "/api/applications", {
        token: scoped.token,
        body: { organizationId: ten.rootOrgId, identifier: ident(), name: "x" },
      }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("application permissions", () => {
  test("create, list, duplicate 409, bad code 400, delete removes it from roles, unknown 404", async () => {
    const a = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: ident(), name: "Perms" },
      }),
    );
    const p1 = await ok(
      t.call("POST", `/api/applications/${a.id}/permissions`, {
        token: ten.token,
        body: { code: "docs.read", description: "Read docs" },
      }),
    );
    expect(p1).toEqual({ id: expect.any(Number), applicationId: a.id, code: "docs.read", description: "Read docs" });
    const p2 = await ok(
      t.call("POST", `/api/applications/${a.id}/permissions`, { token: ten.token, body: { code: "docs.write" } }),
    );
    expect(p2.description).toBe("");
    expectProblem(
      await t.call("POST", `/api/applications/${a.id}/permissions`, { token: ten.token, body: { code: "docs.read" } }),
      409,
      "CONFLICT",
    );
    for (const code of ["", "has space", "x".repeat(129)])
      expectProblem(
        await t.call("POST", `/api/applications/${a.id}/permissions`, { token: ten.token, body: { code } }),
        400,
        "VALIDATION_FAILED",
      );
    expect(
      (await ok(t.call("GET", `/api/applications/${a.id}/permissions`, { token: ten.token }))).map(
        (x: { code: string }) => x.code,
      ),
    ).toEqual(["docs.read", "docs.write"]);
    const role = await createRole(t, ten.token, ten.rootOrgId, ["docs.read", "docs.write"]);
    expect(
      (await t.call("DELETE", `/api/applications/${a.id}/permissions/${p1.id}`, { token: ten.token })).status,
    ).toBe(200);
    const roles = await ok(t.call("GET", `/api/roles?organizationId=${ten.rootOrgId}`, { token: ten.token }));
    expect(
      roles.find((r: { id: number }) => r.id === role.id).permissions.map((x: { code: string }) => x.code),
    ).toEqual(["docs.write"]);
    expectProblem(
      await t.call("DELETE", `/api/applications/${a.id}/permissions/${p1.id}`, { token: ten.token }),
      404,
      "NOT_FOUND",
    );
    expectProblem(await t.call("GET", `/api/applications/999999/permissions`, { token: ten.token }), 404, "NOT_FOUND");
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&q=docs.read`, { token: ten.token }),
    );
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(["permission.created", "permission.deleted"]),
    );
  });
});
