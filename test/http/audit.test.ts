import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  claimsOf,
  createOrg,
  createUser,
  expectProblem,
  ok,
  provisionTenant,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let branch: { id: number; path: string };
let leaf: { id: number };
let user: { id: number; email: string };
let marks: string[] = [];
beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t, "Audit Tenant");
  branch = await createOrg(t, ten.token);
  leaf = await createOrg(t, ten.token, branch.id);
  marks.push(new Date().toISOString());
  await Bun.sleep(5);
  user = await createUser(t, ten.token, leaf.id);
  await Bun.sleep(5);
  marks.push(new Date().toISOString());
  await Bun.sleep(5);
  await ok(t.call("PUT", `/api/organizations/${leaf.id}`, { token: ten.token, body: { name: "Leaf 50%_off" } }));
});
afterAll(() => t.close());

const get = (q: string, token = ten.token) => t.call("GET", `/api/audit?${q}`, { token });

describe("GET /api/audit", () => {
  test("records management changes with actor, org and metadata; newest first; subtree of the org", async () => {
    const all = await ok(get(`organizationId=${branch.id}`));
    expect(all.map((e: { action: string }) => e.action)).toEqual([
      "org.updated",
      "user.created",
      "org.created",
      "org.created",
    ]);
    const ids = all.map((e: { id: number }) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const created = all.find((e: { action: string }) => e.action === "user.created");
    expect(created).toMatchObject({
      userId: user.id,
      organizationId: leaf.id,
      ipAddress: null,
      metadata: { actorId: claimsOf(ten.token).uid, email: user.email },
    });
    expect(created.createdAt).toMatch(/\.\d{3}Z$/);
    const leafOnly = await ok(get(`organizationId=${leaf.id}`));
    expect(leafOnly.map((e: { action: string }) => e.action)).toEqual(["org.updated", "user.created", "org.created"]);
    const root = await ok(get(`organizationId=${ten.rootOrgId}`));
    expect(root.map((e: { action: string }) => e.action)).toContain("tenant.provisioned");
  });

  test("names the user and the actor of each entry when they are of the caller's tenant (issue 37, point 10)", async () => {
    const all = await ok(get(`organizationId=${branch.id}`));
    const created = all.find((e: { action: string }) => e.action === "user.created");
    expect(created.userLabel).toContain(user.email);
    const admin = await t.svc.store.users.get(ten.tenantId, claimsOf(ten.token).uid);
    expect(created.actorLabel).toContain(admin!.email);
    // An org entry names no user.
    const org = all.find((e: { action: string }) => e.action === "org.updated");
    expect(org.userLabel === null || typeof org.userLabel === "string").toBe(true);
  });

  test("filters: action, userId, q (literal, case-insensitive, action or metadata), from inclusive, to exclusive, size", async () => {
    expect((await ok(get(`organizationId=${branch.id}&action=org.created`))).length).toBe(2);
    expect(
      (await ok(get(`organizationId=${branch.id}&userId=${user.id}`))).map((e: { action: string }) => e.action),
    ).toEqual(["user.created"]);
    expect((await ok(get(`organizationId=${branch.id}&q=USER.CREATED`))).length).toBe(1);
    expect(
      (await ok(get(`organizationId=${branch.id}&q=${encodeURIComponent("50%_off")}`))).map(
        (e: { action: string }) => e.action,
      ),
    ).toEqual(["org.updated"]);
    expect(await ok(get(`organizationId=${branch.id}&q=${encodeURIComponent("50%_of_")}`))).toEqual([]);
    const between = await ok(get(`organizationId=${branch.id}&from=${marks[0]}&to=${marks[1]}`));
    expect(between.map((e: { action: string }) => e.action)).toEqual(["user.created"]);
    const exact = between[0].createdAt;
    expect((await ok(get(`organizationId=${branch.id}&from=${exact}&to=${marks[1]}`))).length).toBe(1);
    expect(await ok(get(`organizationId=${branch.id}&from=${marks[0]}&to=${exact}`))).toEqual([]);
    expect(await ok(get(`organizationId=${branch.id}&size=1`))).toHaveLength(1);
  });

  test("bad input is 400: missing organizationId, bad dates, size over 1000, to before from", async () => {
    for (const q of [
      "",
      `organizationId=${branch.id}&from=yesterday`,
      `organizationId=${branch.id}&to=2020-13-01`,
      `organizationId=${branch.id}&size=1001`,
      `organizationId=${branch.id}&size=0`,
      `organizationId=${branch.id}&from=${marks[1]}&to=${marks[0]}`,
      `organizationId=${branch.id}&userId=x`,
    ])
      expectProblem(await get(q), 400, "VALIDATION_FAILED");
  });

  test("needs AUDIT_VIEW and reach; unknown org 404; entries cannot be changed or deleted", async () => {
    const um = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(await get(`organizationId=${branch.id}`, um.token), 403, "FORBIDDEN");
    const viewer = await userWith(t, ten.token, leaf.id, ["AUDIT_VIEW"], "SUBTREE");
    expect((await ok(get(`organizationId=${leaf.id}`, viewer.token))).length).toBeGreaterThan(0);
    expectProblem(await get(`organizationId=${branch.id}`, viewer.token), 403, "FORBIDDEN");
    expectProblem(await get(`organizationId=999999`), 404, "NOT_FOUND");
    expectProblem(await get(`organizationId=${branch.id}`, "garbage"), 401, "INVALID_TOKEN");
    const first = (await ok(get(`organizationId=${branch.id}`)))[0];
    for (const m of ["PUT", "DELETE", "PATCH"]) {
      const r = await t.call(m, `/api/audit`, { token: ten.token, body: m === "DELETE" ? undefined : {} });
      expect([404, 405]).toContain(r.status);
      expect(
        (await t.call(m, `/api/audit/${first.id}`, { token: ten.token, body: m === "DELETE" ? undefined : {} })).status,
      ).toBe(404);
    }
    expect((await ok(get(`organizationId=${branch.id}`)))[0]).toEqual(first);
  });
});
