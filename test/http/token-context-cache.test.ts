// Token contexts reused between refreshes (features/sessions/context-cache.ts): every change made
// through the API reaches the very next refresh, and an org's expiry reaches it without any write.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { manualClock } from "../support/clock";
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
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
const clock = manualClock();
beforeAll(async () => {
  t = await makeTestApp({ clock });
  ten = await provisionTenant(t, "Context Cache Tenant");
});
afterAll(() => t.close());

const refresh = async (token: string) => t.call("POST", "/api/auth/refresh", { body: { refreshToken: token } });
/** Refreshes twice (the second answer comes from a reused context where the store keeps a version). */
async function warm(refreshToken: string): Promise<string> {
  let token = refreshToken;
  for (let i = 0; i < 2; i++) token = (await ok(refresh(token))).refreshToken;
  return token;
}

describe("reused token contexts never outlive a change", () => {
  test("a role revoked, then assigned again, through the API shows in the very next refresh", async () => {
    const role = await createRole(t, ten.token, ten.rootOrgId, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, ten.rootOrgId, { roleId: role.id });
    let rt = await warm((await t.login(u.email, PASSWORD)).refreshToken);

    await ok(
      t.call("POST", `/api/roles/${role.id}/revoke`, {
        token: ten.token,
        body: { userId: u.id, organizationId: ten.rootOrgId },
      }),
    );
    let r = await ok(refresh(rt));
    expect(claimsOf(r.accessToken).permissions).toEqual([]);
    rt = await warm(r.refreshToken);

    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: ten.rootOrgId },
      }),
    );
    r = await ok(refresh(rt));
    expect(claimsOf(r.accessToken).permissions).toEqual(["AUDIT_VIEW"]);
    rt = await warm(r.refreshToken);

    // A change to the role itself (its permissions) reaches every holder too.
    await ok(
      t.call("PUT", `/api/roles/${role.id}/permissions`, {
        token: ten.token,
        body: { permissionCodes: ["USER_MANAGE"] },
      }),
    );
    r = await ok(refresh(rt));
    expect(claimsOf(r.accessToken).permissions).toEqual(["USER_MANAGE"]);
  });

  test("a user disabled through the API cannot refresh", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const rt = await warm((await t.login(u.email, PASSWORD)).refreshToken);
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    expectProblem(await refresh(rt), 401, "INVALID_TOKEN");
  });

  test("an ancestor suspended through the API ends the next refresh at a child org", async () => {
    const parent = await createOrg(t, ten.token, ten.rootOrgId);
    const child = await createOrg(t, ten.token, parent.id);
    const u = await createUser(t, ten.token, child.id);
    const rt = await warm((await t.login(u.email, PASSWORD)).refreshToken);
    await ok(t.call("POST", `/api/organizations/${parent.id}/suspend`, { token: ten.token }));
    expectProblem(await refresh(rt), 403, "ORG_SUSPENDED");
  });

  test("without a version, as when a unit skips it, the reused context stays: the version is what guards it", async () => {
    // Guards the test above from passing vacuously: contexts are reused (every store keeps a
    // version), so a direct store write without an advance is not seen by the next refresh.
    expect(t.stores.sessions.epoch).not.toBeNull();
    const role = await createRole(t, ten.token, ten.rootOrgId, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, ten.rootOrgId, { roleId: role.id });
    const rt = await warm((await t.login(u.email, PASSWORD)).refreshToken);
    await t.stores.store.roles.revoke({
      tenantId: ten.tenantId,
      userId: u.id,
      roleId: role.id,
      organizationId: ten.rootOrgId,
    });
    const stale = await ok(refresh(rt));
    expect(claimsOf(stale.accessToken).permissions).toEqual(["AUDIT_VIEW"]);
    await t.directoryChanged();
    expect(claimsOf((await ok(refresh(stale.refreshToken))).accessToken).permissions).toEqual([]);
  });
  test("a unit naming a directory port moves the version on, also when it fails; a unit outside the directory does not", async () => {
    const epoch = t.stores.sessions.epoch!;
    const v0 = await epoch.read();
    for (const port of ["devices", "oneTimeTokens", "keys", "webhooks", "socialIdentities"] as const)
      await t.svc.units.unit("test.outside", [port, "events"], async () => {});
    expect(await epoch.read()).toBe(v0);
    // Every port a directory cache reads: token contexts, applications, clients, claims mappings.
    for (const port of ["users", "orgs", "roles", "apps", "clients", "claims", "tenants", "mfa", "imports"] as const) {
      const before = await epoch.read();
      await t.svc.units.unit(`test.${port}`, [port], async () => {});
      expect(await epoch.read()).not.toBe(before);
    }
    const v0b = await epoch.read();
    await expect(
      t.svc.units.unit("test.fails", ["users", "events"], async () => Promise.reject(new Error("refused"))),
    ).rejects.toThrow("refused");
    const v1 = await epoch.read();
    expect(v1).not.toBe(v0b);
    await t.svc.units.unit("test.roles", ["roles"], async () => {});
    expect(await epoch.read()).not.toBe(v1);
  });

  test("a Redis reconnection changes the version this instance reports (a failover cannot bring an old one back)", async () => {
    const sessions = t.stores.sessions as typeof t.stores.sessions & {
      redis?: { disconnect(reconnect?: boolean): void; once(event: string, f: () => void): void };
    };
    if (sessions.kind !== "redis") return void expect(["local", "primary"]).toContain(sessions.kind);
    const before = await sessions.epoch!.read();
    const ready = new Promise<void>((done) => sessions.redis!.once("ready", done));
    sessions.redis!.disconnect(true);
    await ready;
    await Bun.sleep(10);
    const after = await sessions.epoch!.read();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  test("an org whose expiry passes refuses the next refresh with no write in between", async () => {
    const parent = await createOrg(t, ten.token, ten.rootOrgId);
    const child = await createOrg(t, ten.token, parent.id);
    // An expiry an hour ahead (set in the store, as a sandbox's is): a context read now is good until then.
    await t.stores.store.orgs.update(ten.tenantId, parent.id, {
      expiresAt: new Date(clock.now().getTime() + 3_600_000),
    });
    await t.directoryChanged();
    const u = await createUser(t, ten.token, child.id);
    const rt = await warm((await t.login(u.email, PASSWORD)).refreshToken);
    clock.advance(3_601); // last in the file: the tenant admin's access token expires too
    expectProblem(await refresh(rt), 403, "ORG_SUSPENDED");
  });
});

describe("SSO_CACHE_SECONDS=0 (or its former name, SSO_TOKEN_CONTEXT_SECONDS=0)", () => {
  test.each(["SSO_CACHE_SECONDS", "SSO_TOKEN_CONTEXT_SECONDS"])(
    "%s=0 turns reuse off: a direct store write is seen by the next refresh without any advance",
    async (variable) => {
      const off = await makeTestApp({ env: { [variable]: "0" }, stores: t.stores });
      try {
        const role = await createRole(off, ten.token, ten.rootOrgId, ["AUDIT_VIEW"]);
        const u = await createUser(off, ten.token, ten.rootOrgId, { roleId: role.id });
        let rt = (await off.login(u.email, PASSWORD)).refreshToken;
        for (let i = 0; i < 2; i++)
          rt = (await ok(off.call("POST", "/api/auth/refresh", { body: { refreshToken: rt } }))).refreshToken;
        await off.stores.store.roles.revoke({
          tenantId: ten.tenantId,
          userId: u.id,
          roleId: role.id,
          organizationId: ten.rootOrgId,
        });
        const r = await ok(off.call("POST", "/api/auth/refresh", { body: { refreshToken: rt } }));
        expect(claimsOf(r.accessToken).permissions).toEqual([]);
      } finally {
        await off.svc.delivery.stop(); // the stores are the suite's own: closed in afterAll
      }
    },
  );
});
