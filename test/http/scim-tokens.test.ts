/**
 * SCIM tokens through HTTP (CONTRACT §18): created (shown once, no-store, stored hashed), listed
 * with lastUsedAt, revoked; USER_MANAGE and ROLE_MANAGE with the organization in reach; audited.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sha256Hex } from "../../src/kernel/secrets";
import { makeTestApp, type TestApp } from "../support/app";
import { createOrg, expectProblem, ok, provisionTenant, userWith, type TenantFixture } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
});
afterAll(() => t.close());

const path = (orgId: number) => `/api/organizations/${orgId}/scim-tokens`;

describe("SCIM tokens", () => {
  test("POST answers the secret once (no-store, stored as its SHA-256); GET lists without it; DELETE revokes", async () => {
    const r = await t.call("POST", path(ten.rootOrgId), { token: ten.token, body: { name: "  Entra ID " } });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toContain("no-store");
    expect(Object.keys(r.body).sort()).toEqual(["createdAt", "id", "name", "token"]);
    expect(r.body.name).toBe("Entra ID");
    expect(r.body.token).toMatch(/^scim_[A-Za-z0-9_-]{40,}$/);
    const stored = await t.stores.store.scimTokens.findByHash(sha256Hex(r.body.token));
    expect(stored?.id).toBe(r.body.id);

    const list = await ok(t.call("GET", path(ten.rootOrgId), { token: ten.token }));
    const row = list.find((k: { id: number }) => k.id === r.body.id);
    expect(row).toEqual({ id: r.body.id, name: "Entra ID", createdAt: r.body.createdAt });
    expect(JSON.stringify(list)).not.toContain(r.body.token);

    // A use notes lastUsedAt.
    await t.svc.scimTokens.authenticate(r.body.token);
    const after = await ok(t.call("GET", path(ten.rootOrgId), { token: ten.token }));
    expect(after.find((k: { id: number }) => k.id === r.body.id).lastUsedAt).toBeString();

    expect((await t.call("DELETE", `${path(ten.rootOrgId)}/${r.body.id}`, { token: ten.token })).status).toBe(200);
    expect(await t.svc.scimTokens.authenticate(r.body.token)).toBeNull();
    expectProblem(
      await t.call("DELETE", `${path(ten.rootOrgId)}/${r.body.id}`, { token: ten.token }),
      404,
      "NOT_FOUND",
    );
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&q=scim_token`, { token: ten.token }),
    );
    const actions = audit.items
      ? audit.items.map((e: { action: string }) => e.action)
      : audit.map((e: { action: string }) => e.action);
    expect(actions).toContain("scim_token.created");
    expect(actions).toContain("scim_token.revoked");
  });

  test("a token of another organization is 404 on this one's DELETE", async () => {
    const child = await createOrg(t, ten.token, ten.rootOrgId);
    const k = await ok(t.call("POST", path(child.id), { token: ten.token, body: { name: "Okta" } }));
    expectProblem(await t.call("DELETE", `${path(ten.rootOrgId)}/${k.id}`, { token: ten.token }), 404, "NOT_FOUND");
  });

  test("needs USER_MANAGE and ROLE_MANAGE, the organization in reach; another tenant's organization is 404", async () => {
    const onlyUsers = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(await t.call("GET", path(ten.rootOrgId), { token: onlyUsers.token }), 403, "FORBIDDEN");
    const onlyRoles = await userWith(t, ten.token, ten.rootOrgId, ["ROLE_MANAGE"]);
    expectProblem(
      await t.call("POST", path(ten.rootOrgId), { token: onlyRoles.token, body: { name: "x" } }),
      403,
      "FORBIDDEN",
    );
    const child = await createOrg(t, ten.token, ten.rootOrgId);
    const childAdmin = await userWith(t, ten.token, child.id, ["USER_MANAGE", "ROLE_MANAGE"]);
    expectProblem(await t.call("GET", path(ten.rootOrgId), { token: childAdmin.token }), 403, "FORBIDDEN");
    expect((await t.call("GET", path(child.id), { token: childAdmin.token })).status).toBe(200);
    const other = await provisionTenant(t);
    expectProblem(await t.call("GET", path(other.rootOrgId), { token: ten.token }), 404, "NOT_FOUND");
    expectProblem(await t.call("GET", path(ten.rootOrgId)), 401);
    expectProblem(
      await t.call("POST", path(ten.rootOrgId), { token: ten.token, body: { name: "" } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});
