/**
 * Custom token claims, black-box (SPEC 2.15, 4.12; CONTRACT §9): every mapping rule, the feature
 * gate, the owning-org rule, preview, and the claims on real tokens (login and refresh), never
 * replacing a standard claim, `roles` and `memberships` when used, a change seen by the next token.
 */
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
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let product: { id: number; identifier: string };
let admin: string;

const put = (token: string, mapping: unknown, enabled = true) =>
  t.call("PUT", "/api/token-claims", { token, body: { mapping, enabled } });

beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.adminToken();
  ten = await provisionTenant(t);
  product = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: `https://${uniq("product")}.test`, name: "Product" },
    }),
  );
  await ok(
    t.call("POST", `/api/applications/${product.id}/permissions`, { token: ten.token, body: { code: "orders.read" } }),
  );
});
afterAll(() => t.close());

describe("saving a mapping", () => {
  test("nothing saved: { mapping: { add: [] }, enabled: false }", async () => {
    expect(await ok(t.call("GET", "/api/token-claims", { token: ten.token }))).toEqual({
      mapping: { add: [] },
      enabled: false,
    });
  });

  test("enabling needs the tenant's customClaims feature (403 FEATURE_NOT_ENABLED); saving it disabled does not", async () => {
    const m = { add: [{ key: "plan", value: "gold" }] };
    expectProblem(await put(ten.token, m, true), 403, "FEATURE_NOT_ENABLED");
    expect(await ok(put(ten.token, m, false))).toEqual({ mapping: m, enabled: false });
    await ok(
      t.call("PUT", `/api/platform/tenants/${ten.tenantId}/features`, { token: admin, body: { customClaims: true } }),
    );
    expect(await ok(put(ten.token, m, true))).toEqual({ mapping: m, enabled: true });
    expect(await ok(t.call("GET", "/api/token-claims", { token: ten.token }))).toEqual({ mapping: m, enabled: true });
  });

  test("refused with 400 and every error listed: standard claims, both/neither of from and value, unknown sources, duplicates, over 50 entries", async () => {
    const bad = await put(ten.token, {
      add: [
        { key: "sub", value: 1 },
        { key: "permissions.extra", from: "roles" },
        { key: "x", from: "roles", value: 1 },
        { key: "y" },
        { key: "z", from: "password" },
        { key: "dup", value: 1 },
        { key: "dup", value: 2 },
        { key: "dup.inner", value: 3 },
        { key: "x.__proto__.polluted", value: true },
        { key: "constructor", value: 1 },
      ],
    });
    expectProblem(bad, 400, "VALIDATION_FAILED");
    const fields = bad.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "mapping.add.0.key",
        "mapping.add.1.key",
        "mapping.add.2",
        "mapping.add.3",
        "mapping.add.4.from",
        "mapping.add.6.key",
        "mapping.add.7.key",
        "mapping.add.8.key",
        "mapping.add.9.key",
      ]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const many = await put(ten.token, { add: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: i })) });
    expectProblem(many, 400, "VALIDATION_FAILED");
    // Nothing of the refused ones was saved.
    expect((await ok(t.call("GET", "/api/token-claims", { token: ten.token }))).mapping).toEqual({
      add: [{ key: "plan", value: "gold" }],
    });
  });

  test("only the organization that owns the product may set it; ORG_MANAGE is needed", async () => {
    const team = await createOrg(t, ten.token, ten.rootOrgId);
    const u = await createUser(t, ten.token, team.id);
    const role = await createRole(t, ten.token, team.id, ["ORG_MANAGE"]);
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: team.id },
      }),
    );
    const teamToken = (await t.login(u.email, PASSWORD)).accessToken;
    expectProblem(await put(teamToken, { add: [{ key: "a", value: 1 }] }, false), 403, "FORBIDDEN");
    const noRights = (await t.login((await createUser(t, ten.token, ten.rootOrgId)).email, PASSWORD)).accessToken;
    expectProblem(await t.call("GET", "/api/token-claims", { token: noRights }), 403, "FORBIDDEN");
  });
});

describe("preview", () => {
  test("answers what the mapping adds to the caller's own token; roles and memberships are absent", async () => {
    const r = await ok(
      t.call("POST", "/api/token-claims/preview", {
        token: ten.token,
        body: {
          add: [
            { key: "ctx.org", from: "org_id" },
            { key: "ctx.name", from: "org_name" },
            { key: "who", from: ["uid", "tenant_id"] },
            { key: "r", from: "roles" },
            { key: "mixed", from: ["roles", "org_path"] },
            { key: "k", value: { a: [1] } },
          ],
        },
      }),
    );
    const c = claimsOf(ten.token);
    expect(r.claims).toEqual({
      ctx: { org: c.org_id, name: c.org_name },
      who: [c.uid, c.tenant_id],
      mixed: [c.org_path],
      k: { a: [1] },
    });
  });

  test("a refused mapping is 400 in preview too", async () => {
    expectProblem(
      await t.call("POST", "/api/token-claims/preview", {
        token: ten.token,
        body: { add: [{ key: "iss", value: "x" }] },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("claims on real tokens", () => {
  test("login and refresh tokens for the product carry the mapped claims after the standard ones; other audiences and management tokens do not", async () => {
    const role = await createRole(t, ten.token, ten.rootOrgId, []);
    await ok(
      t.call("PUT", `/api/roles/${role.id}/permissions`, {
        token: ten.token,
        body: { permissionCodes: ["orders.read"] },
      }),
    );
    const u = await createUser(t, ten.token, ten.rootOrgId, { roleId: role.id });
    const other = await createOrg(t, ten.token, ten.rootOrgId);
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: other.id },
      }),
    );
    await ok(
      put(ten.token, {
        add: [
          { key: "plan", value: "gold" },
          { key: "app.perms", from: "permissions" },
          { key: "app.roles", from: "roles" },
          { key: "app.orgs", from: "memberships" },
          { key: "reach", from: ["scope_self", "scope_subtree"] },
        ],
      }),
    );
    const login = await t.login(u.email, PASSWORD, { audience: product.identifier });
    const c = claimsOf(login.accessToken);
    expect(c.plan).toBe("gold");
    expect(c.app.perms).toEqual(["orders.read"]);
    expect(c.app.roles).toEqual([role.name]);
    expect(c.app.orgs.map((o: { id: number }) => o.id).sort()).toEqual([ten.rootOrgId, other.id].sort());
    expect(c.app.orgs[0]).toEqual({ id: expect.any(Number), name: expect.any(String), path: expect.any(String) });
    expect(c.reach).toEqual([c.org_path]);
    // Standard claims unchanged.
    expect(c.permissions).toEqual(["orders.read"]);
    expect(c.sub).toBe(u.email);
    const refreshed = await ok(t.call("POST", "/api/auth/refresh", { body: { refreshToken: login.refreshToken } }));
    expect(claimsOf(refreshed.accessToken).plan).toBe("gold");
    // The management token (audience = issuer) carries none.
    expect(claimsOf((await t.login(u.email, PASSWORD)).accessToken).plan).toBeUndefined();
  });

  test("a change applies to the next token at once (the cache follows the directory's version); disabling stops it", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await ok(put(ten.token, { add: [{ key: "tier", value: 1 }] }));
    expect(claimsOf((await t.login(u.email, PASSWORD, { audience: product.identifier })).accessToken).tier).toBe(1);
    await ok(put(ten.token, { add: [{ key: "tier", value: 2 }] }));
    expect(claimsOf((await t.login(u.email, PASSWORD, { audience: product.identifier })).accessToken).tier).toBe(2);
    await ok(put(ten.token, { add: [{ key: "tier", value: 3 }] }, false));
    expect(
      claimsOf((await t.login(u.email, PASSWORD, { audience: product.identifier })).accessToken).tier,
    ).toBeUndefined();
    await t.svc.idle();
    const audit = await t.svc.store.audit.query({
      tenant: ten.tenantId,
      orgPath: `/${ten.tenantId}/`,
      action: "claims.updated",
      size: 50,
    });
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });
});

describe("minting never reaches a prototype", () => {
  test("even a mapping stored behind validation's back cannot pollute Object.prototype", async () => {
    const { applyMapping } = await import("../../src/features/claims");
    const out = applyMapping(
      {
        add: [
          { key: "__proto__.polluted", value: true },
          { key: "a.constructor.prototype.polluted", value: true },
        ],
      },
      {},
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(JSON.parse(JSON.stringify(out))).toEqual({
      __proto__: { polluted: true },
      a: { constructor: { prototype: { polluted: true } } },
    });
  });
});
