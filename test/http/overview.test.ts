// GET /api/tenant/summary (the console's Home, docs/console.md): the whole tenant's counts and its
// sign-ins and failures of the last 24 hours from the audit journal; only for a caller whose role
// reaches the root organization's whole subtree; another tenant's writes never show.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  createOrg,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
  userWith,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let other: TenantFixture;
let branch: { id: number };
beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t, "Summary Tenant");
  other = await provisionTenant(t, "Other Tenant");
  branch = await createOrg(t, ten.token);
});
afterAll(() => t.close());

const summary = (token = ten.token) => t.call("GET", "/api/tenant/summary", { token });

describe("GET /api/tenant/summary", () => {
  test("counts the whole tenant: organizations, users, applications, clients; sign-ins and failures of 24 hours", async () => {
    const before = await ok(summary());
    expect(before).toMatchObject({ tenantId: ten.tenantId, organizations: 2, applications: 0, clients: 0 });
    // The provisioned admin (no password yet) and the tenant admin the fixture signed in.
    expect(before.users).toBe(2);
    expect(before.signIns).toBeGreaterThanOrEqual(1);
    expect(Date.now() - Date.parse(before.since)).toBeGreaterThanOrEqual(24 * 3600 * 1000);

    const leaf = await createOrg(t, ten.token, branch.id);
    const user = await createUser(t, ten.token, leaf.id);
    const app = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: leaf.id, identifier: "https://summary.example.test", name: "Summary" },
      }),
    );
    await ok(
      t.call("POST", "/api/clients", {
        token: ten.token,
        body: { orgId: leaf.id, applicationId: app.id, name: "svc", scopes: ["api.default"] },
      }),
    );
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: user.email, password: "wrong-1234" } })).status,
    ).toBe(401);
    await t.login(user.email, PASSWORD);
    // A known email's failure is audited after its answer (docs/security.md, timing): wait for it.
    await t.svc.idle();
    const after = await ok(summary());
    expect(after).toMatchObject({
      organizations: 3,
      users: 3,
      applications: 1,
      clients: 1,
      signIns: before.signIns + 1,
      failedSignIns: before.failedSignIns + 1,
    });

    // Another tenant's writes are its own.
    await createOrg(t, other.token);
    await t.login(other.adminEmail, PASSWORD);
    expect(await ok(summary())).toMatchObject({ organizations: 3, users: 3, signIns: after.signIns });
    expect(await ok(summary(other.token))).toMatchObject({ tenantId: other.tenantId, organizations: 2, clients: 0 });
  });

  test("needs ORG_MANAGE over the root's whole subtree; the journal's numbers need AUDIT_VIEW", async () => {
    const sub = await userWith(t, ten.token, branch.id, ["ORG_MANAGE", "AUDIT_VIEW"]);
    expectProblem(await summary(sub.token), 403, "FORBIDDEN");
    const self = await userWith(t, ten.token, ten.rootOrgId, ["ORG_MANAGE", "AUDIT_VIEW"], "SELF");
    expectProblem(await summary(self.token), 403, "FORBIDDEN");
    const noOrg = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(await summary(noOrg.token), 403, "FORBIDDEN");
    const noAudit = await userWith(t, ten.token, ten.rootOrgId, ["ORG_MANAGE"]);
    const s = await ok(summary(noAudit.token));
    expect(s).toMatchObject({ tenantId: ten.tenantId, signIns: null, failedSignIns: null });
    expect(s.organizations).toBeGreaterThanOrEqual(2);
    expectProblem(await t.call("GET", "/api/tenant/summary"), 401);
  });
});
