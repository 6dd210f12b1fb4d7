import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { sha256Hex } from "../../src/kernel/secrets";
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
let ten: TenantFixture;
beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t, "Users Tenant");
});
afterAll(() => t.close());

describe("POST /api/users", () => {
  test("creates a user with a password (email stored lower-case) who can sign in", async () => {
    const email = `${uniq("Mixed")}@Example.TEST`;
    const u = await ok(
      t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, email, fullName: "Ann Example", password: PASSWORD },
      }),
    );
    expect(u).toEqual({
      id: expect.any(Number),
      email: email.toLowerCase(),
      organizationId: ten.rootOrgId,
      setupMailSent: false,
    });
    const claims = claimsOf((await t.login(email.toLowerCase(), PASSWORD)).accessToken);
    expect(claims.uid).toBe(u.id);
    expect(claims.org_id).toBe(ten.rootOrgId);
  });

  test("without a password the user exists with hasPassword false and cannot sign in", async () => {
    const org = await createOrg(t, ten.token);
    const u = await createUser(t, ten.token, org.id, { password: null });
    const list = await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }));
    expect(list).toEqual([
      {
        id: u.id,
        email: u.email,
        fullName: "Some One",
        status: "ACTIVE",
        hasPassword: false,
        emailVerified: false,
        organizationId: org.id,
        roles: [],
      },
    ]);
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      401,
      "INVALID_CREDENTIALS",
    );
  });

  test("with roleId the role is assigned at the home org and shows in the listing and the token", async () => {
    const org = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, org.id, ["USER_MANAGE"]);
    const u = await createUser(t, ten.token, org.id, { roleId: role.id });
    const list = await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }));
    expect(list.find((x: { id: number }) => x.id === u.id).roles).toEqual([{ id: role.id, name: role.name }]);
    expect(claimsOf((await t.login(u.email, PASSWORD)).accessToken).permissions).toEqual(["USER_MANAGE"]);
  });

  test("duplicate email (any case) is 409; bad input is 400 listing every field", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    expectProblem(
      await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, email: u.email.toUpperCase(), fullName: "Dup" },
      }),
      409,
      "CONFLICT",
    );
    const r = await t.call("POST", "/api/users", {
      token: ten.token,
      body: { organizationId: "x", email: "not-an-email", password: "short" },
    });
    expectProblem(r, 400, "VALIDATION_FAILED");
    const fields = r.body.errors.map((e: { field: string }) => e.field);
    for (const f of ["organizationId", "email", "fullName", "password"]) expect(fields).toContain(f);
    expectProblem(
      await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, email: `${uniq("p")}@t.test`, fullName: "X", password: "x".repeat(201) },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("permission, reach and roleId rules: 403 without USER_MANAGE, 403 outside reach, 404 unknown org/role, 403 roleId without ROLE_MANAGE", async () => {
    const org = await createOrg(t, ten.token);
    const noUser = await userWith(t, ten.token, org.id, ["ORG_MANAGE"]);
    expectProblem(
      await t.call("POST", "/api/users", {
        token: noUser.token,
        body: { organizationId: org.id, email: `${uniq("a")}@t.test`, fullName: "A" },
      }),
      403,
      "FORBIDDEN",
    );
    const scoped = await userWith(t, ten.token, org.id, ["USER_MANAGE"]);
    expectProblem(
      await t.call("POST", "/api/users", {
        token: scoped.token,
        body: { organizationId: ten.rootOrgId, email: `${uniq("a")}@t.test`, fullName: "A" },
      }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: 999999, email: `${uniq("a")}@t.test`, fullName: "A" },
      }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: org.id, email: `${uniq("a")}@t.test`, fullName: "A", roleId: 999999 },
      }),
      404,
      "NOT_FOUND",
    );
    const role = await createRole(t, ten.token, org.id, []);
    expectProblem(
      await t.call("POST", "/api/users", {
        token: scoped.token,
        body: { organizationId: org.id, email: `${uniq("a")}@t.test`, fullName: "A", roleId: role.id },
      }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("GET /api/users", () => {
  test("lists home-org users and role holders of the org, with their roles at that org; size bounds", async () => {
    const org = await createOrg(t, ten.token);
    const other = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, org.id, []);
    const home = await createUser(t, ten.token, org.id);
    const holder = await createUser(t, ten.token, other.id);
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: holder.id, organizationId: org.id },
      }),
    );
    const list = await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }));
    expect(list.map((u: { id: number }) => u.id)).toEqual([home.id, holder.id]);
    expect(list[1]).toMatchObject({
      organizationId: other.id,
      hasPassword: true,
      roles: [{ id: role.id, name: role.name }],
    });
    expect(await ok(t.call("GET", `/api/users?organizationId=${org.id}&size=1`, { token: ten.token }))).toHaveLength(1);
    expectProblem(
      await t.call("GET", `/api/users?organizationId=${org.id}&size=1001`, { token: ten.token }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(await t.call("GET", `/api/users`, { token: ten.token }), 400, "VALIDATION_FAILED");
    expectProblem(await t.call("GET", `/api/users?organizationId=999999`, { token: ten.token }), 404, "NOT_FOUND");
  });

  test("q filters by email or name (literal, any case) and after pages by id, for home users and role holders alike", async () => {
    const org = await createOrg(t, ten.token);
    const other = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, org.id, []);
    const ann = await createUser(t, ten.token, org.id, { email: `${uniq("ann")}@t.test` });
    const bob = await createUser(t, ten.token, other.id, { email: `${uniq("bob")}@t.test` });
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: bob.id, organizationId: org.id },
      }),
    );
    const ids = async (query: string) =>
      (await ok(t.call("GET", `/api/users?organizationId=${org.id}&${query}`, { token: ten.token }))).map(
        (u: { id: number }) => u.id,
      );
    expect(await ids("q=ANN")).toEqual([ann.id]);
    expect(await ids("q=bob")).toEqual([bob.id]);
    expect(await ids("q=some%20one")).toEqual([ann.id, bob.id]); // the fixtures' full name
    expect(await ids("q=%25")).toEqual([]);
    expect(await ids(`after=${ann.id}`)).toEqual([bob.id]);
    expect(await ids(`size=1`)).toEqual([ann.id]);
    expect(await ids(`size=1&after=${ann.id}`)).toEqual([bob.id]);
    expect(await ids(`size=1&after=${bob.id}`)).toEqual([]);
    expectProblem(
      await t.call("GET", `/api/users?organizationId=${org.id}&after=-1`, { token: ten.token }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(
      await t.call("GET", `/api/users?organizationId=${org.id}&q=${"x".repeat(201)}`, { token: ten.token }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("PUT /api/users/{id}", () => {
  test("renames and moves the home org inside reach; outside reach 403; unknown 404", async () => {
    const a = await createOrg(t, ten.token);
    const b = await createOrg(t, ten.token);
    const u = await createUser(t, ten.token, a.id);
    const r = await t.call("PUT", `/api/users/${u.id}`, {
      token: ten.token,
      body: { fullName: "New Name", organizationId: b.id },
    });
    expect(r.status).toBe(200);
    const list = await ok(t.call("GET", `/api/users?organizationId=${b.id}`, { token: ten.token }));
    expect(list).toEqual([expect.objectContaining({ id: u.id, fullName: "New Name", organizationId: b.id })]);
    const scoped = await userWith(t, ten.token, b.id, ["USER_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("PUT", `/api/users/${u.id}`, { token: scoped.token, body: { organizationId: a.id } }),
      403,
      "FORBIDDEN",
    );
    const inA = await createUser(t, ten.token, a.id);
    expectProblem(
      await t.call("PUT", `/api/users/${inA.id}`, { token: scoped.token, body: { fullName: "x" } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("PUT", `/api/users/999999`, { token: ten.token, body: { fullName: "x" } }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { organizationId: 999999 } }),
      404,
      "NOT_FOUND",
    );
  });
});

describe("disable, enable, erase, export", () => {
  test("disable ends sessions and refuses sign-in; enable restores it; both are audited", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const pair = await t.login(u.email, PASSWORD);
    expect((await t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token })).status).toBe(200);
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      401,
      "INVALID_CREDENTIALS",
    );
    expect(await t.svc.sessions.families.listUser(u.id, new Date())).toEqual([]);
    const refresh = await t.call("POST", "/api/auth/refresh", { body: { refreshToken: pair.refreshToken } });
    if (refresh.status !== 404) expectProblem(refresh, 401);
    const list = await ok(t.call("GET", `/api/users?organizationId=${ten.rootOrgId}`, { token: ten.token }));
    expect(list.find((x: { id: number }) => x.id === u.id).status).toBe("DISABLED");
    expect((await t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token })).status).toBe(200);
    expect((await t.login(u.email, PASSWORD)).accessToken).toBeString();
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&userId=${u.id}`, { token: ten.token }),
    );
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(["user.disabled", "user.enabled", "user.created"]),
    );
  });

  test("callers cannot disable or erase themselves; unknown ids are 404", async () => {
    const me = claimsOf(ten.token).uid;
    expectProblem(await t.call("POST", `/api/users/${me}/disable`, { token: ten.token }), 403, "FORBIDDEN");
    expectProblem(await t.call("POST", `/api/users/${me}/erase`, { token: ten.token }), 403, "FORBIDDEN");
    for (const a of ["enable", "disable", "erase"])
      expectProblem(await t.call("POST", `/api/users/999999/${a}`, { token: ten.token }), 404, "NOT_FOUND");
    expectProblem(await t.call("GET", `/api/users/999999/export`, { token: ten.token }), 404, "NOT_FOUND");
  });

  test("erase is irreversible: email, name, password, MFA, devices, sessions, assignments, one-time tokens gone; audit scrubbed", async () => {
    const org = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, org.id, []);
    const u = await createUser(t, ten.token, org.id, { roleId: role.id });
    await t.login(u.email, PASSWORD, { device: { name: "Phone", platform: "ios" } });
    await t.stores.store.oneTimeTokens.create(sha256Hex("erase-me"), {
      kind: "reset",
      tenantId: ten.tenantId,
      userId: u.id,
      data: {},
      attempts: 0,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(
      (
        await t.call("POST", `/api/users/${u.id}/erase`, {
          token: ten.token,
          headers: { "x-forwarded-for": "10.0.0.1" },
        })
      ).status,
    ).toBe(200);
    const row = await t.stores.store.users.get(ten.tenantId, u.id);
    expect(row).toMatchObject({
      email: `erased+${u.id}@erased.invalid`,
      fullName: "",
      passwordHash: null,
      status: "ERASED",
      mfaEnabled: false,
    });
    expect(await t.stores.store.devices.listUser(u.id)).toEqual([]);
    expect(await t.stores.store.roles.assignmentsOf(u.id)).toEqual([]);
    expect(await t.svc.sessions.families.listUser(u.id, new Date())).toEqual([]);
    expect(await t.stores.store.oneTimeTokens.peek(sha256Hex("erase-me"), "reset", new Date())).toBeNull();
    const entries = await t.stores.store.audit.forUser(u.id, 100);
    for (const e of entries.filter((x) => x.action !== "user.erased")) {
      expect(e.ipAddress).toBeNull();
      expect(JSON.stringify(e.metadata)).not.toContain(u.email);
    }
    // The erasure, then (CONTRACT §13) the end of the user's sessions it caused.
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(["auth.sessions.ended", "user.erased"]);
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      401,
      "INVALID_CREDENTIALS",
    );
    expectProblem(
      await t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { fullName: "Back" } }),
      409,
      "CONFLICT",
    );
    expectProblem(await t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token }), 409, "CONFLICT");
    expect((await t.call("POST", `/api/users/${u.id}/erase`, { token: ten.token })).status).toBe(200);
    expect(await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }))).toEqual([]);
    // the email is free again
    await createUser(t, ten.token, org.id, { email: u.email });
  });

  test("export of a user and of oneself has every CONTRACT §3 section and no secrets", async () => {
    const org = await createOrg(t, ten.token);
    const role = await createRole(t, ten.token, org.id, []);
    const u = await createUser(t, ten.token, org.id, { roleId: role.id });
    const pair = await t.login(u.email, PASSWORD, { device: { name: "Phone", platform: "android" } });
    const e = await ok(t.call("GET", `/api/users/${u.id}/export`, { token: ten.token }));
    expect(Object.keys(e).sort()).toEqual([
      "auditEntries",
      "devices",
      "memberships",
      "mfa",
      "passkeys",
      "roles",
      "sessions",
      "user",
    ]);
    expect(e.user).toMatchObject({
      id: u.id,
      email: u.email,
      organizationId: org.id,
      status: "ACTIVE",
      hasPassword: true,
      emailVerified: false,
    });
    expect(e.memberships).toEqual([
      expect.objectContaining({ organizationId: org.id, roles: [{ id: role.id, name: role.name }] }),
    ]);
    expect(e.roles).toEqual([{ roleId: role.id, roleName: role.name, organizationId: org.id }]);
    expect(e.devices).toEqual([expect.objectContaining({ name: "Phone", platform: "android" })]);
    expect(e.sessions.length).toBeGreaterThanOrEqual(1);
    expect(e.mfa).toEqual({ enabled: false });
    expect(e.auditEntries.map((x: { action: string }) => x.action)).toContain("user.created");
    const raw = JSON.stringify(e);
    expect(raw).not.toContain("argon2");
    expect(raw).not.toContain(pair.refreshToken.split(".")[1]);
    const mine = await ok(t.call("GET", "/api/users/me/export", { token: pair.accessToken }));
    expect(mine.user.id).toBe(u.id);
    expectProblem(await t.call("GET", "/api/users/me/export"), 401, "UNAUTHENTICATED");
    expectProblem(await t.call("GET", `/api/users/${u.id}/export`, { token: pair.accessToken }), 403, "FORBIDDEN");
  });
});
