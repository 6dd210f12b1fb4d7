// Sessions after sign-in: refresh rotation and reuse, web cookies, logout, TTLs (fixed and
// sliding, per-application overrides), devices, and switching the active organization
// (SPEC 2.4, 3.3, 4.1; CONTRACT §4, §11).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import {
  auditOf,
  claimsOf,
  DAY_MS,
  login,
  manualClock,
  PASSWORD,
  refresh,
  refreshCookie,
  seedTenant,
  seedUser,
  type Tenant,
} from "./sessions-fixtures";

let t: TestApp;
let acme: Tenant;
beforeAll(async () => {
  t = await makeTestApp();
  acme = await seedTenant(t);
});
afterAll(() => t.close());

describe("refresh", () => {
  test("rotates: a new pair in the same session; replaying the old token revokes the family (401 REFRESH_TOKEN_REUSED)", async () => {
    const u = await seedUser(t, acme, acme.child.id);
    const first = (await login(t, u.email)).body;
    const r = await refresh(t, first.refreshToken);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(r.body).sort()).toEqual(["accessToken", "expiresInSeconds", "refreshToken", "tokenType"]);
    expect(r.body.refreshToken).not.toBe(first.refreshToken);
    const a = claimsOf(first.accessToken);
    const b = claimsOf(r.body.accessToken);
    expect(b.sid).toBe(a.sid);
    expect(b.jti).not.toBe(a.jti);
    expect(b.org_id).toBe(acme.child.id);
    expect(b.exp - b.iat).toBe(900);

    const replay = await refresh(t, first.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("REFRESH_TOKEN_REUSED");
    const successor = await refresh(t, r.body.refreshToken);
    expect(successor.status).toBe(401);
    expect(successor.body.code).toBe("INVALID_TOKEN");
    const reuse = (await auditOf(t, u.id)).filter((e) => e.action === "auth.refresh.reuse_detected");
    expect(reuse.length).toBe(1);
    expect(reuse[0].organizationId).toBe(acme.child.id);
    expect(reuse[0].metadata.sessionId).toBe(a.sid);
  });

  test("of 10 simultaneous refreshes with one token exactly one wins; the rest are reuse and the family dies", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const { refreshToken } = (await login(t, u.email)).body;
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(t, refreshToken)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(1);
    expect(results.filter((r) => r.status === 401 && r.body.code === "REFRESH_TOKEN_REUSED").length).toBe(9);
    expect((await refresh(t, ok[0].body.refreshToken)).status).toBe(401);
  });

  test("malformed tokens are 400; unknown and wrong-verifier tokens are 401 INVALID_TOKEN; none consumes anything", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const { refreshToken } = (await login(t, u.email)).body;
    const [selector] = refreshToken.split(".");
    for (const bad of [
      "garbage",
      "a.b",
      `${selector}.${"A".repeat(10)}`,
      `${"A".repeat(65)}.${"C".repeat(43)}`,
      `${refreshToken}.${selector}`,
    ]) {
      const r = await refresh(t, bad);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
    }
    // Well-formed but unknown: a wrong verifier, a foreign selector, one too short to name a family, the token reversed.
    for (const bad of [
      `${selector}.${"A".repeat(43)}`,
      `${"B".repeat(22)}.${"C".repeat(43)}`,
      `${"D".repeat(16)}.${"C".repeat(43)}`,
      refreshToken.split("").reverse().join(""),
    ]) {
      const r = await refresh(t, bad);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe("INVALID_TOKEN");
    }
    expect((await refresh(t, refreshToken)).status).toBe(200);
  });

  test("a body without refreshToken is 400; no body and no cookie is 401 UNAUTHENTICATED", async () => {
    const empty = await t.call("POST", "/api/auth/refresh", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe("refreshToken");
    const wrongType = await t.call("POST", "/api/auth/refresh", { body: { refreshToken: 42 } });
    expect(wrongType.status).toBe(400);
    const none = await t.call("POST", "/api/auth/refresh");
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("UNAUTHENTICATED");
  });

  test("`audience` on refresh mints for it and the session keeps it; an unknown one is 400 and consumes nothing", async () => {
    const u = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    const first = (await login(t, u.email)).body;
    expect(claimsOf(first.accessToken).aud).toBe(ISSUER);
    const bad = await refresh(t, first.refreshToken, { audience: "https://nope.example" });
    expect(bad.status).toBe(400);
    const toApp = await refresh(t, first.refreshToken, { audience: acme.app.identifier });
    expect(toApp.status).toBe(200);
    expect(claimsOf(toApp.body.accessToken)).toMatchObject({
      aud: acme.app.identifier,
      permissions: ["invoice.write"],
    });
    const keeps = await refresh(t, toApp.body.refreshToken);
    expect(claimsOf(keeps.body.accessToken).aud).toBe(acme.app.identifier);
    const back = await refresh(t, keeps.body.refreshToken, { audience: ISSUER });
    expect(claimsOf(back.body.accessToken)).toMatchObject({ aud: ISSUER, permissions: ["USER_MANAGE"] });
  });

  test("a disabled user's refresh is 401 INVALID_TOKEN; a suspended org's is 403 ORG_SUSPENDED", async () => {
    const t2 = await seedTenant(t);
    const disabled = await seedUser(t, t2, t2.root.id);
    const d = (await login(t, disabled.email)).body;
    await t.stores.store.users.update(t2.tenantId, disabled.id, { status: "DISABLED" });
    await t.directoryChanged();
    const r1 = await refresh(t, d.refreshToken);
    expect(r1.status).toBe(401);
    expect(r1.body.code).toBe("INVALID_TOKEN");

    const member = await seedUser(t, t2, t2.grandchild.id);
    const m = (await login(t, member.email)).body;
    await t.stores.store.orgs.update(t2.tenantId, t2.root.id, { status: "SUSPENDED" });
    await t.directoryChanged();
    const r2 = await refresh(t, m.refreshToken);
    expect(r2.status).toBe(403);
    expect(r2.body.code).toBe("ORG_SUSPENDED");
  });

  test("a device refresh carries device_id and the deviceId, and updates lastSeenAt", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const first = (await login(t, u.email, PASSWORD, { device: { name: "iPhone", platform: "ios" } })).body;
    const before = (await t.stores.store.devices.get(u.id, first.deviceId))!.lastSeenAt.getTime();
    await Bun.sleep(5);
    const r = await refresh(t, first.refreshToken);
    expect(r.status).toBe(200);
    expect(r.body.deviceId).toBe(first.deviceId);
    expect(r.body.refreshToken).toBeString();
    expect(claimsOf(r.body.accessToken).device_id).toBe(first.deviceId);
    expect((await t.stores.store.devices.get(u.id, first.deviceId))!.lastSeenAt.getTime()).toBeGreaterThan(before);
  });
});

describe("web sessions (cookie)", () => {
  test("refresh and logout read the cookie when no body is sent; refresh re-sets the rotated cookie; logout clears it", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const l = await login(t, u.email, PASSWORD, {}, "?web=true");
    const c1 = refreshCookie(l.headers)!.value;
    const r = await t.call("POST", "/api/auth/refresh", { headers: { cookie: `sso_refresh=${c1}`, origin: ISSUER } });
    expect(r.status).toBe(200);
    expect(r.body.refreshToken).toBeUndefined();
    expect(r.body.accessToken).toBeString();
    expect(r.headers.get("cache-control")).toBe("no-store");
    const rotated = refreshCookie(r.headers)!;
    expect(rotated.value).not.toBe(c1);
    expect(rotated.attrs).toContain("HttpOnly");
    expect(rotated.attrs).toContain("Path=/api/auth");

    const replay = await t.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${c1}`, origin: ISSUER },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("REFRESH_TOKEN_REUSED");

    // A fresh web session, then logout by cookie.
    const l2 = await login(t, u.email, PASSWORD, {}, "?web=true");
    const c2 = refreshCookie(l2.headers)!.value;
    const out = await t.call("POST", "/api/auth/logout", { headers: { cookie: `sso_refresh=${c2}`, origin: ISSUER } });
    expect(out.status).toBe(200);
    const cleared = refreshCookie(out.headers)!;
    expect(cleared.value).toBe("");
    expect(cleared.attrs).toContain("Max-Age=0");
    expect(cleared.attrs).toContain("Path=/api/auth");
    const after = await t.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${c2}`, origin: ISSUER },
    });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("INVALID_TOKEN");
  });

  test("a web session's token sent in a body still answers in web mode (cookie, no body token)", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const c = refreshCookie((await login(t, u.email, PASSWORD, {}, "?web=true")).headers)!.value;
    const r = await refresh(t, c);
    expect(r.status).toBe(200);
    expect(r.body.refreshToken).toBeUndefined();
    expect(refreshCookie(r.headers)!.value).toMatch(/\./);
  });
});

describe("logout", () => {
  test("logout with the body's token ends that session only, is audited and idempotent", async () => {
    const u = await seedUser(t, acme, acme.child.id);
    const a = (await login(t, u.email)).body;
    const b = (await login(t, u.email)).body;
    const out = await t.call("POST", "/api/auth/logout", { body: { refreshToken: a.refreshToken } });
    expect(out.status).toBe(200);
    expect(out.body).toBeNull();
    expect((await refresh(t, a.refreshToken)).status).toBe(401);
    expect((await refresh(t, b.refreshToken)).status).toBe(200);
    expect((await t.call("POST", "/api/auth/logout", { body: { refreshToken: a.refreshToken } })).status).toBe(200);
    expect(
      (await t.call("POST", "/api/auth/logout", { body: { refreshToken: `${"n".repeat(22)}.${"o".repeat(43)}` } }))
        .status,
    ).toBe(200);
    expect((await t.call("POST", "/api/auth/logout", { body: { refreshToken: "not-a-token" } })).status).toBe(400);
    const entries = (await auditOf(t, u.id)).filter((e) => e.action === "auth.logout");
    expect(entries.length).toBe(1);
    expect(entries[0].organizationId).toBe(acme.child.id);
    expect(entries[0].metadata.sessionId).toBe(claimsOf(a.accessToken).sid);
  });

  test("logout with neither body nor cookie is 401 UNAUTHENTICATED; a body without the token is 400", async () => {
    expect((await t.call("POST", "/api/auth/logout")).status).toBe(401);
    expect((await t.call("POST", "/api/auth/logout", { body: {} })).status).toBe(400);
  });
});

describe("refresh TTLs", () => {
  let tc: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let ten: Tenant;
  let short: Tenant;
  beforeAll(async () => {
    clock = manualClock();
    tc = await makeTestApp({ clock });
    ten = await seedTenant(tc);
    short = await seedTenant(tc, { webRefreshTtlDays: 2, deviceRefreshTtlDays: 1 });
  });
  afterAll(() => tc.close());

  test("plain and web sessions expire 30 days after login, however often they are refreshed", async () => {
    const u = await seedUser(tc, ten, ten.root.id);
    const plain = (await login(tc, u.email)).body;
    const web = refreshCookie((await login(tc, u.email, PASSWORD, {}, "?web=true")).headers)!.value;
    clock.advance(29 * DAY_MS);
    const p1 = await refresh(tc, plain.refreshToken);
    expect(p1.status).toBe(200);
    const w1 = await tc.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${web}`, origin: ISSUER },
    });
    expect(w1.status).toBe(200);
    // The rotated cookie lives only as long as the session: about one day left.
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshCookie(w1.headers)!.attrs)![1]);
    expect(maxAge).toBeGreaterThan(86_400 - 120);
    expect(maxAge).toBeLessThanOrEqual(86_400);
    clock.advance(DAY_MS + 1000);
    const p2 = await refresh(tc, p1.body.refreshToken);
    expect(p2.status).toBe(401);
    expect(p2.body.code).toBe("INVALID_TOKEN");
    const w2 = await tc.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${refreshCookie(w1.headers)!.value}`, origin: ISSUER },
    });
    expect(w2.status).toBe(401);
  });

  test("device sessions slide: each refresh moves the expiry to now + 90 days; 90 idle days end them", async () => {
    const u = await seedUser(tc, ten, ten.root.id);
    let token = (await login(tc, u.email, PASSWORD, { device: { name: "Phone" } })).body.refreshToken;
    for (let i = 0; i < 3; i++) {
      clock.advance(80 * DAY_MS);
      const r = await refresh(tc, token);
      expect(r.status).toBe(200);
      token = r.body.refreshToken;
    }
    clock.advance(90 * DAY_MS + 1000);
    expect((await refresh(tc, token)).status).toBe(401);
  });

  test("an application's webRefreshTtlDays / deviceRefreshTtlDays override the defaults for sessions minted for it", async () => {
    const u = await seedUser(tc, short, short.root.id);
    const web = await login(tc, u.email, PASSWORD, { audience: short.app.identifier }, "?web=true");
    expect(refreshCookie(web.headers)!.attrs).toContain(`Max-Age=${2 * 86400}`);
    const device = (await login(tc, u.email, PASSWORD, { audience: short.app.identifier, device: { name: "Tablet" } }))
      .body;
    const plain = (await login(tc, u.email, PASSWORD, { audience: short.app.identifier })).body;
    const mgmtWeb = await login(tc, u.email, PASSWORD, {}, "?web=true");
    expect(refreshCookie(mgmtWeb.headers)!.attrs).toContain(`Max-Age=${30 * 86400}`);
    clock.advance(DAY_MS + 1000);
    expect((await refresh(tc, device.refreshToken)).status).toBe(401);
    const stillWeb = await tc.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${refreshCookie(web.headers)!.value}`, origin: ISSUER },
    });
    expect(stillWeb.status).toBe(200);
    clock.advance(DAY_MS);
    const webEnd = await tc.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${refreshCookie(stillWeb.headers)!.value}`, origin: ISSUER },
    });
    expect(webEnd.status).toBe(401);
    // Plain sessions keep the 30-day default.
    expect((await refresh(tc, plain.refreshToken)).status).toBe(200);
  });
});

describe("devices", () => {
  test("lists the caller's devices and logs one out without touching the others", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const phone = (await login(t, u.email, PASSWORD, { device: { name: "Phone", platform: "ios" } })).body;
    const tablet = (await login(t, u.email, PASSWORD, { device: { name: "Tablet", platform: "android" } })).body;
    const web = (await login(t, u.email)).body;
    const list = await t.call("GET", "/api/users/me/devices", { token: web.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.map((d: { deviceId: string }) => d.deviceId).sort()).toEqual(
      [phone.deviceId, tablet.deviceId].sort(),
    );
    const p = list.body.find((d: { deviceId: string }) => d.deviceId === phone.deviceId);
    expect(Object.keys(p).sort()).toEqual(["createdAt", "deviceId", "lastSeenAt", "name", "platform"]);
    expect(p).toMatchObject({ name: "Phone", platform: "ios" });
    expect(p.lastSeenAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const del = await t.call("DELETE", `/api/users/me/devices/${phone.deviceId}`, { token: tablet.accessToken });
    expect(del.status).toBe(200);
    expect((await refresh(t, phone.refreshToken)).status).toBe(401);
    expect((await refresh(t, tablet.refreshToken)).status).toBe(200);
    expect((await refresh(t, web.refreshToken)).status).toBe(200);
    const after = await t.call("GET", "/api/users/me/devices", { token: web.accessToken });
    expect(after.body.map((d: { deviceId: string }) => d.deviceId)).toEqual([tablet.deviceId]);
    const removed = (await auditOf(t, u.id)).find((e) => e.action === "device.removed");
    expect(removed?.metadata.deviceId).toBe(phone.deviceId);
  });

  test("deleting an unknown device or another user's device is 404 and changes nothing", async () => {
    const a = await seedUser(t, acme, acme.root.id);
    const b = await seedUser(t, acme, acme.root.id);
    const aDev = (await login(t, a.email, PASSWORD, { device: { name: "A" } })).body;
    const bTok = (await login(t, b.email)).body.accessToken;
    const r = await t.call("DELETE", `/api/users/me/devices/${aDev.deviceId}`, { token: bTok });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("NOT_FOUND");
    expect((await t.call("DELETE", "/api/users/me/devices/no-such-device", { token: bTok })).status).toBe(404);
    expect((await refresh(t, aDev.refreshToken)).status).toBe(200);
    expect((await t.call("GET", "/api/users/me/devices")).status).toBe(401);
  });
});

describe("switching the active organization", () => {
  test("memberships list the home org and every org with a role; switching answers a pair there and refresh keeps it", async () => {
    const u = await seedUser(t, acme, acme.root.id, [[acme.roles.selfWriter, acme.child.id]]);
    const first = (await login(t, u.email, PASSWORD, { audience: acme.app.identifier })).body;
    const m = await t.call("GET", "/api/users/me/memberships", { token: first.accessToken });
    expect(m.status).toBe(200);
    expect(m.body).toEqual([
      {
        organizationId: acme.root.id,
        tenantId: acme.tenantId,
        name: "Acme",
        path: acme.root.path,
        status: "ACTIVE",
        roles: [],
      },
      {
        organizationId: acme.child.id,
        tenantId: acme.tenantId,
        name: "Acme EU",
        path: acme.child.path,
        status: "ACTIVE",
        roles: [{ id: acme.roles.selfWriter, name: "Writer" }],
      },
    ]);
    const sw = await t.call("POST", "/api/users/me/active-organization", {
      token: first.accessToken,
      body: { organizationId: acme.child.id },
    });
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-store");
    expect(sw.body.refreshToken).toBeString();
    const c = claimsOf(sw.body.accessToken);
    expect(c).toMatchObject({
      org_id: acme.child.id,
      org_name: "Acme EU",
      org_path: acme.child.path,
      scope_self: [acme.child.path],
      aud: acme.app.identifier,
      permissions: ["invoice.write"],
    });
    const r = await refresh(t, sw.body.refreshToken);
    expect(claimsOf(r.body.accessToken).org_id).toBe(acme.child.id);
    // The session the switch came from has ended.
    expect((await refresh(t, first.refreshToken)).status).toBe(401);
    const e = (await auditOf(t, u.id)).find((x) => x.action === "auth.org_switched");
    expect(e).toMatchObject({
      organizationId: acme.child.id,
      metadata: { fromOrganizationId: acme.root.id, toOrganizationId: acme.child.id },
    });
  });

  test("a SUBTREE role above reaches a descendant; no membership is 403; another tenant's org is 404; suspended is 403 ORG_SUSPENDED", async () => {
    const reach = await seedUser(t, acme, acme.root.id, [[acme.roles.subtreeViewer, acme.root.id]]);
    const tok = (await login(t, reach.email)).body.accessToken;
    const deep = await t.call("POST", "/api/users/me/active-organization", {
      token: tok,
      body: { organizationId: acme.grandchild.id, audience: acme.app.identifier },
    });
    expect(deep.status).toBe(200);
    expect(claimsOf(deep.body.accessToken)).toMatchObject({
      org_id: acme.grandchild.id,
      scope_subtree: [acme.grandchild.path],
      permissions: ["invoice.read"],
    });

    const self = await seedUser(t, acme, acme.root.id, [[acme.roles.selfWriter, acme.root.id]]);
    const selfTok = (await login(t, self.email)).body.accessToken;
    const no = await t.call("POST", "/api/users/me/active-organization", {
      token: selfTok,
      body: { organizationId: acme.child.id },
    });
    expect(no.status).toBe(403);
    expect(no.body.code).toBe("FORBIDDEN");

    const other = await seedTenant(t);
    const foreign = await t.call("POST", "/api/users/me/active-organization", {
      token: selfTok,
      body: { organizationId: other.root.id },
    });
    expect(foreign.status).toBe(404);

    const t3 = await seedTenant(t);
    const m = await seedUser(t, t3, t3.root.id, [[t3.roles.selfWriter, t3.child.id]]);
    const mt = (await login(t, m.email)).body.accessToken;
    await t.stores.store.orgs.update(t3.tenantId, t3.child.id, { status: "SUSPENDED" });
    const susp = await t.call("POST", "/api/users/me/active-organization", {
      token: mt,
      body: { organizationId: t3.child.id },
    });
    expect(susp.status).toBe(403);
    expect(susp.body.code).toBe("ORG_SUSPENDED");
    const bad = await t.call("POST", "/api/users/me/active-organization", { token: mt, body: { organizationId: "x" } });
    expect(bad.status).toBe(400);
  });

  test("the switch keeps the session mode: web answers with the cookie, device keeps its deviceId", async () => {
    const u = await seedUser(t, acme, acme.root.id, [[acme.roles.selfWriter, acme.child.id]]);
    const web = await login(t, u.email, PASSWORD, {}, "?web=true");
    const sw = await t.call("POST", "/api/users/me/active-organization", {
      token: web.body.accessToken,
      body: { organizationId: acme.child.id },
    });
    expect(sw.status).toBe(200);
    expect(sw.body.refreshToken).toBeUndefined();
    const cookie = refreshCookie(sw.headers)!;
    expect(cookie.attrs).toContain("HttpOnly");
    const r = await t.call("POST", "/api/auth/refresh", {
      headers: { cookie: `sso_refresh=${cookie.value}`, origin: ISSUER },
    });
    expect(claimsOf(r.body.accessToken).org_id).toBe(acme.child.id);

    const dev = (await login(t, u.email, PASSWORD, { device: { name: "Phone" } })).body;
    const ds = await t.call("POST", "/api/users/me/active-organization", {
      token: dev.accessToken,
      body: { organizationId: acme.child.id },
    });
    expect(ds.body.deviceId).toBe(dev.deviceId);
    expect(claimsOf(ds.body.accessToken).device_id).toBe(dev.deviceId);
    expect((await refresh(t, dev.refreshToken)).status).toBe(401);
    expect((await t.stores.store.devices.listUser(u.id)).length).toBe(1);
  });

  test("an access token whose session has ended cannot start a new one by switching", async () => {
    const u = await seedUser(t, acme, acme.root.id, [[acme.roles.selfWriter, acme.child.id]]);
    const s = (await login(t, u.email)).body;
    await t.call("POST", "/api/auth/logout", { body: { refreshToken: s.refreshToken } });
    const r = await t.call("POST", "/api/users/me/active-organization", {
      token: s.accessToken,
      body: { organizationId: acme.child.id },
    });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("INVALID_TOKEN");
  });
});

describe("my sessions", () => {
  test("lists the caller's live sessions with the calling one marked; ending one leaves the others", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const phone = (await login(t, u.email, PASSWORD, { device: { name: "Phone", platform: "ios" } })).body;
    const web = (await login(t, u.email)).body;
    const list = await t.call("GET", "/api/users/me/sessions", { token: web.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(2);
    const mine = list.body.find((s: { current: boolean }) => s.current);
    const other = list.body.find((s: { current: boolean }) => !s.current);
    // CONTRACT §13: sign-in sessions and refresh families in one list.
    expect(Object.keys(mine).sort()).toEqual([
      "applicationId",
      "audience",
      "clientId",
      "clientName",
      "clientNames",
      "clients",
      "createdAt",
      "current",
      "deviceId",
      "expiresAt",
      "id",
      "ipAddress",
      "kind",
      "lastUsedAt",
      "mode",
      "organizationId",
    ]);
    expect(mine).toMatchObject({ kind: "refresh", mode: "plain", organizationId: acme.root.id, deviceId: null });
    expect(new Date(mine.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(other).toMatchObject({ kind: "refresh", mode: "device", deviceId: phone.deviceId, createdAt: null });
    expect(new Date(other.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const del = await t.call("DELETE", `/api/users/me/sessions/${other.id}`, { token: web.accessToken });
    expect(del.status).toBe(200);
    expect((await refresh(t, phone.refreshToken)).status).toBe(401);
    const after = await t.call("GET", "/api/users/me/sessions", { token: web.accessToken });
    expect(after.body.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    const ended = (await auditOf(t, u.id)).find((e) => e.action === "auth.logout" && e.metadata.via === "sessions");
    expect(ended?.metadata.sessionId).toBe(other.id);
  });

  test("another user's session, or an unknown one, is 404 and stays live; without a token it is 401", async () => {
    const a = await seedUser(t, acme, acme.root.id);
    const b = await seedUser(t, acme, acme.root.id);
    const aS = (await login(t, a.email)).body;
    const bTok = (await login(t, b.email)).body.accessToken;
    const aId = (await t.call("GET", "/api/users/me/sessions", { token: aS.accessToken })).body[0].id;
    const r = await t.call("DELETE", `/api/users/me/sessions/${aId}`, { token: bTok });
    expect(r.status).toBe(404);
    expect((await t.call("DELETE", "/api/users/me/sessions/no-such-session", { token: bTok })).status).toBe(404);
    expect((await refresh(t, aS.refreshToken)).status).toBe(200);
    expect((await t.call("GET", "/api/users/me/sessions")).status).toBe(401);
  });
});
