// Sign-in: the three session modes, audiences, the exact claim set, lockout, per-IP limits,
// uniform failures and the audit trail (SPEC 2.1–2.2, 4.1, 5; CONTRACT §2, §4, §11).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, jwtVerify } from "jose";
import { ADMIN_EMAIL, ADMIN_PASSWORD, ISSUER, makeTestApp, type TestApp } from "../support/app";
import {
  auditOf,
  claimsOf,
  login,
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

describe("login modes", () => {
  test("plain: the refresh token is in the body, no cookie, Cache-Control no-store", async () => {
    const u = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    const r = await login(t, u.email);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(r.body).sort()).toEqual(["accessToken", "expiresInSeconds", "refreshToken", "tokenType"]);
    expect(r.body.tokenType).toBe("Bearer");
    expect(r.body.expiresInSeconds).toBe(900);
    expect(r.body.refreshToken).toMatch(/^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{32,}$/);
    expect(refreshCookie(r.headers)).toBeNull();
    expect((await refresh(t, r.body.refreshToken)).status).toBe(200);
  });

  test("web=true: HttpOnly SameSite=Strict cookie on /api/auth, no refresh token in the body", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const r = await login(t, u.email, PASSWORD, {}, "?web=true");
    expect(r.body.refreshToken).toBeUndefined();
    expect(r.body.accessToken).toBeString();
    const c = refreshCookie(r.headers)!;
    expect(c.value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(c.attrs).toContain("HttpOnly");
    expect(c.attrs).toMatch(/SameSite=Strict/i);
    expect(c.attrs).toContain("Path=/api/auth");
    expect(c.attrs).toContain(`Max-Age=${30 * 86400}`);
    // The issuer is plain http here, so the cookie is not Secure (CONTRACT §4).
    expect(c.attrs).not.toContain("Secure");
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  test("device: a server-issued deviceId, the device_id claim, and re-login reuses the device row and replaces its session", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const first = await login(t, u.email, PASSWORD, { device: { name: "Pixel", platform: "android" } });
    const deviceId = first.body.deviceId as string;
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(first.body.refreshToken).toBeString();
    expect(claimsOf(first.body.accessToken).device_id).toBe(deviceId);

    const again = await login(t, u.email, PASSWORD, { device: { deviceId, name: "Pixel 9", platform: "android" } });
    expect(again.body.deviceId).toBe(deviceId);
    const devices = await t.stores.store.devices.listUser(u.id);
    expect(devices.length).toBe(1);
    expect(devices[0].name).toBe("Pixel 9");
    // One live session per device: the first login's refresh token is dead.
    const old = await refresh(t, first.body.refreshToken);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe("INVALID_TOKEN");
    expect((await refresh(t, again.body.refreshToken)).status).toBe(200);
  });

  test("device: an unknown or another user's deviceId gets a fresh server-issued id", async () => {
    const a = await seedUser(t, acme, acme.root.id);
    const b = await seedUser(t, acme, acme.root.id);
    const aDev = (await login(t, a.email, PASSWORD, { device: { name: "A phone" } })).body.deviceId;
    const bLogin = await login(t, b.email, PASSWORD, { device: { deviceId: aDev, name: "B phone" } });
    expect(bLogin.body.deviceId).not.toBe(aDev);
    const made = await login(t, b.email, PASSWORD, { device: { deviceId: "made-up-by-client" } });
    expect(made.body.deviceId).not.toBe("made-up-by-client");
    expect((await t.stores.store.devices.listUser(a.id)).length).toBe(1);
    expect((await t.stores.store.devices.listUser(b.id)).length).toBe(2);
  });
});

describe("audience and claims", () => {
  test("a management token carries exactly the SPEC 2.1 claims plus iat, jti, sid and verifies against the JWKS", async () => {
    const u = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    const r = await login(t, u.email);
    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const { payload, protectedHeader } = await jwtVerify(r.body.accessToken, jwks, {
      issuer: ISSUER,
      audience: ISSUER,
      algorithms: ["RS256"],
      typ: "at+jwt",
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(Object.keys(payload).sort()).toEqual(
      [
        "aud",
        "client_id",
        "exp",
        "iat",
        "iss",
        "jti",
        "org_id",
        "org_name",
        "org_path",
        "permissions",
        "scope",
        "scope_self",
        "scope_subtree",
        "sid",
        "sub",
        "tenant_id",
        "token_use",
        "uid",
      ].sort(),
    );
    expect(payload).toMatchObject({
      token_use: "access",
      sub: u.email,
      uid: u.id,
      org_id: acme.root.id,
      org_name: "Acme",
      org_path: acme.root.path,
      tenant_id: acme.tenantId,
      scope_self: [acme.root.path],
      scope_subtree: [],
      permissions: ["USER_MANAGE"],
      scope: "USER_MANAGE",
      client_id: ISSUER,
      aud: ISSUER,
      iss: ISSUER,
    });
    expect(acme.root.path).toBe(`/${acme.tenantId}/${acme.root.id}/`);
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(60);
    const again = claimsOf((await login(t, u.email)).body.accessToken);
    expect(again.jti).not.toBe(payload.jti);
    expect(again.sid).not.toBe(payload.sid);
  });

  test("an application audience carries only that application's codes, never system codes", async () => {
    const u = await seedUser(t, acme, acme.root.id, [
      [acme.roles.admin, acme.root.id],
      [acme.roles.subtreeViewer, acme.root.id],
    ]);
    const inv = claimsOf((await login(t, u.email, PASSWORD, { audience: acme.app.identifier })).body.accessToken);
    expect(inv.aud).toBe(acme.app.identifier);
    expect(inv.permissions).toEqual(["invoice.read", "invoice.write"]);
    const rep = claimsOf((await login(t, u.email, PASSWORD, { audience: acme.otherApp.identifier })).body.accessToken);
    expect(rep.permissions).toEqual(["report.view"]);
    const mgmt = claimsOf((await login(t, u.email, PASSWORD, { audience: ISSUER })).body.accessToken);
    expect(mgmt.aud).toBe(ISSUER);
    expect(mgmt.permissions).toEqual(["USER_MANAGE", "AUDIT_VIEW"]);
  });

  test("SUBTREE roles assigned at an ancestor are inherited; SELF roles there are not", async () => {
    // Home org is the grandchild; roles are assigned at the root.
    const u = await seedUser(t, acme, acme.grandchild.id, [
      [acme.roles.subtreeViewer, acme.root.id],
      [acme.roles.selfWriter, acme.root.id],
    ]);
    const c = claimsOf((await login(t, u.email, PASSWORD, { audience: acme.app.identifier })).body.accessToken);
    expect(c.org_id).toBe(acme.grandchild.id);
    expect(c.org_path).toBe(`${acme.child.path}${acme.grandchild.id}/`);
    expect(c.scope_self).toEqual([acme.grandchild.path]);
    expect(c.scope_subtree).toEqual([acme.grandchild.path]);
    expect(c.permissions).toEqual(["invoice.read"]);
    const plain = await seedUser(t, acme, acme.grandchild.id, [[acme.roles.selfWriter, acme.root.id]]);
    const p = claimsOf((await login(t, plain.email, PASSWORD, { audience: acme.app.identifier })).body.accessToken);
    expect(p.permissions).toEqual([]);
    expect(p.scope_subtree).toEqual([]);
  });

  test("any other audience is 400 VALIDATION_FAILED naming the field", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    for (const audience of ["https://unknown.example", "", acme.app.identifier + "/"]) {
      const r = await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD, audience } });
      if (audience === "") {
        // An empty audience is "absent": a management token.
        expect(r.status).toBe(200);
        continue;
      }
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
      expect(r.body.errors).toEqual([{ field: "audience", message: expect.any(String) }]);
    }
  });

  test("an application token is 403 on a management endpoint whatever roles the user holds", async () => {
    const adminApp = (await login(t, ADMIN_EMAIL, ADMIN_PASSWORD, { audience: acme.app.identifier })).body.accessToken;
    const target = await seedUser(t, acme, acme.root.id);
    const denied = await t.call("POST", `/api/users/${target.id}/password-setup-link`, { token: adminApp });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("FORBIDDEN");
    const adminMgmt = (await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.accessToken;
    expect((await t.call("POST", `/api/users/${target.id}/password-setup-link`, { token: adminMgmt })).status).toBe(
      200,
    );
    // The same application token is fine on /api/users/me/**.
    expect((await t.call("GET", "/api/users/me/memberships", { token: adminApp })).status).toBe(200);
  });
});

describe("refusals", () => {
  test("unknown email, wrong password, disabled and erased users get the same 401 body", async () => {
    const disabled = await seedUser(t, acme, acme.root.id);
    await t.stores.store.users.update(acme.tenantId, disabled.id, { status: "DISABLED" });
    const erased = await seedUser(t, acme, acme.root.id);
    await t.stores.store.users.update(acme.tenantId, erased.id, {
      status: "ERASED",
      passwordHash: null,
      email: `erased+${erased.id}@erased.invalid`,
    });
    const good = await seedUser(t, acme, acme.root.id);
    const attempts = [
      { email: "nobody-at-all@acme.test", password: PASSWORD },
      { email: good.email, password: "wrong-password" },
      { email: disabled.email, password: PASSWORD },
      { email: erased.email, password: PASSWORD },
    ];
    const bodies = [];
    for (const a of attempts) {
      const r = await t.call("POST", "/api/auth/login", { body: a });
      expect(r.status).toBe(401);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      bodies.push(r.body);
    }
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(bodies[0].code).toBe("INVALID_CREDENTIALS");
  });

  test("an unknown email and a wrong password take similar time (both run one argon2id check)", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const time = async (email: string) => {
      const t0 = performance.now();
      const r = await t.call("POST", "/api/auth/login", { body: { email, password: "not-it-at-all" } });
      expect(r.status).toBe(401);
      return performance.now() - t0;
    };
    await time(`warm-${u.email}`);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(u.email));
      unknown.push(await time(`nobody-${i}@acme.test`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // Both paths did real hashing work (argon2id at 19 MiB takes milliseconds, a lookup does not).
    expect(median(unknown)).toBeGreaterThan(3);
  });

  test("a suspended home org (or ancestor) gets no tokens: 403 ORG_SUSPENDED", async () => {
    const t2 = await seedTenant(t);
    const u = await seedUser(t, t2, t2.grandchild.id);
    await t.stores.store.orgs.update(t2.tenantId, t2.child.id, { status: "SUSPENDED" });
    const r = await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("ORG_SUSPENDED");
    await t.stores.store.orgs.update(t2.tenantId, t2.child.id, { status: "ACTIVE" });
    expect((await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } })).status).toBe(
      200,
    );
  });

  test("an org past its expiresAt gets no tokens", async () => {
    const t2 = await seedTenant(t);
    const u = await seedUser(t, t2, t2.child.id);
    await t.stores.store.orgs.update(t2.tenantId, t2.root.id, { expiresAt: new Date(Date.now() - 1000) });
    const r = await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("ORG_SUSPENDED");
  });
});

describe("lockout", () => {
  test("the 5th failure still answers 401, then 429 ACCOUNT_LOCKED with Retry-After, even with the right password", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    for (let i = 1; i <= 5; i++) {
      const r = await t.call("POST", "/api/auth/login", { body: { email: u.email, password: `wrong-${i}` } });
      expect(r.status).toBe(401);
    }
    const locked = await t.call("POST", "/api/auth/login", {
      body: { email: u.email.toUpperCase(), password: PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("ACCOUNT_LOCKED");
    const retry = Number(locked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    const actions = (await auditOf(t, u.id)).map((e) => e.action);
    expect(actions.filter((a) => a === "auth.login.failed").length).toBe(5);
    expect(actions.filter((a) => a === "auth.login.locked").length).toBe(1);
  });

  test("a success clears the failure count", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    for (let i = 0; i < 4; i++)
      expect(
        (await t.call("POST", "/api/auth/login", { body: { email: u.email, password: "nope-nope" } })).status,
      ).toBe(401);
    await login(t, u.email);
    for (let i = 0; i < 4; i++)
      expect(
        (await t.call("POST", "/api/auth/login", { body: { email: u.email, password: "nope-nope" } })).status,
      ).toBe(401);
    await login(t, u.email);
  });

  test("20 parallel wrong attempts: exactly 5 reach the password check (401), 15 are refused as locked", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call("POST", "/api/auth/login", { body: { email: u.email, password: `parallel-${i}` } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
    expect((await auditOf(t, u.id)).filter((e) => e.action === "auth.login.failed").length).toBe(5);
  });

  test("unknown emails lock the same way, so lockout reveals nothing", async () => {
    const email = "ghost-user@acme.test";
    for (let i = 0; i < 5; i++)
      expect((await t.call("POST", "/api/auth/login", { body: { email, password: "whatever-1" } })).status).toBe(401);
    const r = await t.call("POST", "/api/auth/login", { body: { email, password: "whatever-1" } });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe("ACCOUNT_LOCKED");
  });
});

describe("per-IP limit and audit addresses", () => {
  test("more than 100 login attempts a minute from one address: 429 RATE_LIMITED with Retry-After", async () => {
    const limited = await makeTestApp({ env: { SSO_RATE_LIMIT: "on" } });
    try {
      // Distinct unknown emails, so the per-account lockout is not what stops them.
      const batch = (from: number, n: number) =>
        Promise.all(
          Array.from({ length: n }, (_, i) =>
            limited.call("POST", "/api/auth/login", {
              body: { email: `flood-${from + i}@acme.test`, password: "x-y-z-1" },
            }),
          ),
        );
      const first = await batch(0, 100);
      expect(first.every((r) => r.status === 401)).toBe(true);
      const over = await limited.call("POST", "/api/auth/login", {
        body: { email: "flood-x@acme.test", password: "x-y-z-1" },
      });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe("RATE_LIMITED");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });

  test("auth events are audited with the caller's IP address", async () => {
    const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${server.server!.port}`;
      const u = await seedUser(t, acme, acme.child.id);
      const post = (path: string, body: unknown) =>
        fetch(base + path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await post("/api/auth/login", { email: u.email, password: "wrong-one-1" })).status).toBe(401);
      const ok = await (await post("/api/auth/login", { email: u.email, password: PASSWORD })).json();
      const rotated = await (await post("/api/auth/refresh", { refreshToken: ok.refreshToken })).json();
      expect((await post("/api/auth/refresh", { refreshToken: ok.refreshToken })).status).toBe(401);
      expect((await post("/api/auth/logout", { refreshToken: rotated.refreshToken })).status).toBe(200);
      const entries = await auditOf(t, u.id);
      const byAction = new Map(entries.map((e) => [e.action, e]));
      for (const action of ["auth.login.failed", "auth.login.succeeded", "auth.refresh.reuse_detected"]) {
        const e = byAction.get(action);
        expect(e).toBeDefined();
        expect(e!.ipAddress).toMatch(/127\.0\.0\.1/);
        expect(e!.organizationId).toBe(acme.child.id);
        expect(e!.userId).toBe(u.id);
      }
    } finally {
      server.stop();
    }
  });
});
