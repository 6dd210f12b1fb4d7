/**
 * The outside-attack findings (docs/security.md), each pinned as behaviour: a weaker administrator
 * cannot act on a stronger user; no body key reaches an object's prototype; JSON routes refuse
 * other media types; bodies are never coerced.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  createOrg,
  createRole,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let team: { id: number };
/** USER_MANAGE + ROLE_MANAGE over the team's subtree, nothing else. */
let weak: { id: number; token: string; roleId: number };
/** At the team: a tenant administrator (Tenant Admin role at the root), and an org manager. */
let tenantAdmin: { id: number; email: string };
let orgManager: { id: number; email: string };
let plain: { id: number; email: string };
let harmlessRole: { id: number };

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  team = await createOrg(t, ten.token, ten.rootOrgId);
  weak = await userWith(t, ten.token, team.id, ["USER_MANAGE", "ROLE_MANAGE"], "SUBTREE");
  tenantAdmin = await createUser(t, ten.token, team.id);
  await ok(
    t.call("POST", `/api/roles/${ten.adminRoleId}/assign`, {
      token: ten.token,
      body: { userId: tenantAdmin.id, organizationId: ten.rootOrgId },
    }),
  );
  const managerRole = await createRole(t, ten.token, team.id, ["ORG_MANAGE", "USER_MANAGE"]);
  orgManager = await createUser(t, ten.token, team.id, { roleId: managerRole.id });
  plain = await createUser(t, ten.token, team.id);
  harmlessRole = await createRole(t, ten.token, team.id, []);
});
afterAll(() => t.close());

/** Every route that acts on another user, as [method, path, body]. */
const actions = (userId: number): [string, string, unknown?][] => [
  ["POST", `/api/users/${userId}/password-setup-link`],
  ["PUT", `/api/users/${userId}`, { fullName: "Taken Over" }],
  ["POST", `/api/users/${userId}/disable`],
  ["POST", `/api/users/${userId}/enable`],
  ["GET", `/api/users/${userId}/export`],
  ["POST", `/api/roles/HARMLESS/assign`, { userId, organizationId: 0 }],
  ["POST", `/api/roles/HARMLESS/revoke`, { userId, organizationId: 0 }],
  ["POST", `/api/users/${userId}/erase`],
];
const call = (token: string, [method, path, body]: [string, string, unknown?]) =>
  t.call(method, path.replace("HARMLESS", String(harmlessRole.id)), {
    token,
    body: body && JSON.parse(JSON.stringify(body).replace('"organizationId":0', `"organizationId":${team.id}`)),
  });

describe("acting on another user needs at least that user's system permissions and reach", () => {
  for (const [label, target] of [
    ["a tenant administrator", () => tenantAdmin],
    ["an org manager", () => orgManager],
  ] as const) {
    test(`a USER_MANAGE + ROLE_MANAGE admin gets 403 on every user route against ${label}, and nothing changes`, async () => {
      const victim = target();
      for (const a of actions(victim.id)) {
        const r = await call(weak.token, a);
        if (r.status !== 403)
          throw new Error(`${a[0]} ${a[1]}: expected 403, got ${r.status} ${JSON.stringify(r.body)}`);
        expectProblem(r, 403, "FORBIDDEN");
      }
      // The victim still signs in with the old password, with the old name.
      await t.login(victim.email, PASSWORD);
      expect((await t.svc.store.users.get(ten.tenantId, victim.id))?.fullName).toBe("Some One");
    });
  }

  test("the same admin may act on a user holding no system permission (positive control)", async () => {
    for (const a of actions(plain.id)) {
      const r = await call(weak.token, a);
      if (r.status !== 200) throw new Error(`${a[0]} ${a[1]}: expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
    }
  });

  test("an administrator holding the same codes over the whole subtree may act on the org manager", async () => {
    const peer = await userWith(t, ten.token, team.id, ["ORG_MANAGE", "USER_MANAGE", "ROLE_MANAGE"], "SUBTREE");
    expect(
      (await t.call("POST", `/api/users/${orgManager.id}/password-setup-link`, { token: peer.token })).status,
    ).toBe(200);
  });

  test("a SELF-scoped admin cannot act on a holder of a SUBTREE role over more than it reaches", async () => {
    const sub = await createOrg(t, ten.token, team.id);
    const selfAdmin = await userWith(t, ten.token, team.id, ["USER_MANAGE", "ORG_MANAGE"], "SELF");
    const subtreeRole = await createRole(t, ten.token, team.id, ["ORG_MANAGE"], "SUBTREE");
    const holder = await createUser(t, ten.token, team.id, { roleId: subtreeRole.id });
    expectProblem(
      await t.call("POST", `/api/users/${holder.id}/disable`, { token: selfAdmin.token }),
      403,
      "FORBIDDEN",
    );
    expect(sub.id).toBeGreaterThan(0);
  });

  test("the platform administrator can be acted on only by another platform administrator", async () => {
    const admin = await t.adminToken();
    const me = await ok(t.call("GET", "/api/users/me/memberships", { token: admin }));
    const platformRoot = me[0].organizationId;
    const adminId = JSON.parse(Buffer.from(admin.split(".")[1], "base64url").toString()).uid;
    const helper = await userWith(
      t,
      admin,
      platformRoot,
      ["USER_MANAGE", "ROLE_MANAGE", "ORG_MANAGE", "CLIENT_MANAGE", "AUDIT_VIEW"],
      "SUBTREE",
    );
    expectProblem(
      await t.call("POST", `/api/users/${adminId}/password-setup-link`, { token: helper.token }),
      403,
      "FORBIDDEN",
    );
    expectProblem(await t.call("POST", `/api/users/${adminId}/disable`, { token: helper.token }), 403, "FORBIDDEN");
  });
});

describe("request bodies", () => {
  test("a __proto__, constructor or prototype key anywhere in a JSON body is 400 on every JSON route, and nothing is written", async () => {
    const routes: [string, string][] = [
      ["POST", "/api/users"],
      ["PUT", `/api/users/${plain.id}`],
      ["POST", "/api/organizations"],
      ["POST", "/api/roles"],
      ["POST", "/api/applications"],
      ["POST", "/api/clients"],
      ["POST", "/api/auth/login"],
      ["POST", "/api/auth/refresh"],
      ["POST", "/api/auth/password/reset"],
      ["POST", "/api/platform/tenants"],
    ];
    const before = (await t.svc.store.users.listByOrg(ten.tenantId, team.id, 1000)).length;
    for (const key of ["__proto__", "constructor", "prototype"]) {
      for (const [method, path] of routes) {
        const raw = `{"organizationId":${team.id},"email":"proto-${key}@t.test","fullName":"P","nested":{"a":[{"${key}":{"roleId":1}}]},"${key}":{"roleId":1}}`;
        const r = await t.call(method, path, {
          token: ten.token,
          raw,
          headers: { "content-type": "application/json" },
        });
        expectProblem(r, 400, "VALIDATION_FAILED");
      }
      // An escaped key is the same key.
      const escaped = `{"organizationId":${team.id},"email":"esc@t.test","fullName":"P","\\u005f_proto__":{"roleId":1}}`;
      expectProblem(
        await t.call("POST", "/api/users", {
          token: ten.token,
          raw: escaped,
          headers: { "content-type": "application/json" },
        }),
        400,
        "VALIDATION_FAILED",
      );
    }
    expect((await t.svc.store.users.listByOrg(ten.tenantId, team.id, 1000)).length).toBe(before);
  });

  test("a body nested deeper than 64 levels is 400 on every kind of route (never a validator's stack overflow)", async () => {
    const deep = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
    for (const [method, path] of [
      ["PUT", "/api/token-claims"],
      ["POST", "/api/users"],
      ["POST", "/api/import/validate"],
      ["POST", "/api/auth/login"],
    ] as const) {
      for (const n of [65, 5_000, 100_000]) {
        const r = await t.call(method, path, {
          token: ten.token,
          raw: deep(n),
          headers: { "content-type": "application/json" },
        });
        if (r.status !== 400) throw new Error(`${method} ${path} depth ${n}: ${r.status}`);
      }
    }
    // 64 levels are fine as far as the reader goes (the route then judges the content).
    expect(
      (await t.call("POST", "/api/auth/login", { raw: deep(64), headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
  });

  test("JSON routes answer 415 to form, multipart and text bodies; +json types are accepted", async () => {
    const form = new URLSearchParams({ email: "a@b.test", password: "whatever-1" }).toString();
    expectProblem(
      await t.call("POST", "/api/auth/login", {
        raw: form,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const fd = new FormData();
    fd.set("email", "a@b.test");
    fd.set("password", "whatever-1");
    const multipart = await t.app.handle(new Request("http://sso.test/api/auth/login", { method: "POST", body: fd }));
    expect(multipart.status).toBe(415);
    expectProblem(
      await t.call("POST", "/api/auth/login", {
        raw: '{"email":"a@b.test","password":"x"}',
        headers: { "content-type": "text/plain" },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectProblem(
      await t.call("POST", `/api/users/${plain.id}/disable`, {
        token: ten.token,
        raw: "a=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const merge = await t.call("POST", "/api/auth/login", {
      raw: JSON.stringify({ email: ten.adminEmail, password: PASSWORD }),
      headers: { "content-type": "application/vnd.api+json; charset=utf-8" },
    });
    expect(merge.status).toBe(200);
    // The token endpoint stays form-only (RFC 6749).
    const tok = await t.call("POST", "/oauth2/token", {
      raw: '{"grant_type":"client_credentials"}',
      headers: { "content-type": "application/json" },
    });
    expect(tok.status).toBe(400);
    expect(tok.body.error).toBe("invalid_request");
  });

  test("bodies are never coerced: numeric strings and boolean strings are 400 naming the field", async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        "POST",
        "/api/applications",
        { organizationId: String(team.id), identifier: "https://coerce.test", name: "c" },
        "organizationId",
      ],
      [
        "POST",
        "/api/applications",
        { organizationId: team.id, identifier: "https://coerce2.test", name: "c", webRefreshTtlDays: "30" },
        "webRefreshTtlDays",
      ],
      ["POST", `/api/roles/${harmlessRole.id}/assign`, { userId: String(plain.id), organizationId: team.id }, "userId"],
      ["PUT", `/api/platform/tenants/${ten.tenantId}/features`, { customClaims: "true" }, "customClaims"],
      ["PUT", `/api/platform/tenants/${ten.tenantId}/limits`, { maxApplications: "5" }, "maxApplications"],
    ];
    const admin = await t.adminToken();
    for (const [method, path, body, field] of cases) {
      const r = await t.call(method, path, { token: path.includes("platform") ? admin : ten.token, body });
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // Query strings are text: they are parsed as the OpenAPI document declares them.
    expect((await t.call("GET", `/api/users?organizationId=${team.id}&size=5`, { token: ten.token })).status).toBe(200);
  });

  test("a malformed refresh body is 400; a well-formed unknown token is 401", async () => {
    for (const body of [
      { refreshToken: 5 },
      { refreshToken: "" },
      { refreshToken: "garbage" },
      [1, 2],
      "str",
      { refreshToken: "x".repeat(5000) },
    ])
      expectProblem(await t.call("POST", "/api/auth/refresh", { body }), 400, "VALIDATION_FAILED");
    expectProblem(
      await t.call("POST", "/api/auth/refresh", { raw: "{bad", headers: { "content-type": "application/json" } }),
      400,
      "VALIDATION_FAILED",
    );
    const wellFormed = `${"a".repeat(22)}.${"b".repeat(43)}`;
    expectProblem(
      await t.call("POST", "/api/auth/refresh", { body: { refreshToken: wellFormed } }),
      401,
      "INVALID_TOKEN",
    );
    expectProblem(await t.call("POST", "/api/auth/logout", { body: { refreshToken: 5 } }), 400, "VALIDATION_FAILED");
  });
});

describe("confusable emails", () => {
  test("invisible, control and bidirectional characters are refused; case, width of spaces and Unicode form do not make a second account", async () => {
    const base = `confuse-${Date.now()}@t.test`;
    await createUser(t, ten.token, team.id, { email: base });
    for (const bad of [
      `confuse\u200b-${base}`,
      `${base.replace("@", "\u200d@")}`,
      `\u202e${base}`,
      `${base}\u0000`,
      `con\u00adfuse@t.test`,
      `${base.replace("@", "\u00a0@")}`,
    ]) {
      const r = await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: team.id, email: bad, fullName: "Twin" },
      });
      expectProblem(r, 400, "VALIDATION_FAILED");
    }
    expectProblem(
      await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: team.id, email: base.toUpperCase(), fullName: "Twin" },
      }),
      409,
      "CONFLICT",
    );
    // Surrounding spaces are refused by the address pattern before anything else.
    expect(
      (
        await t.call("POST", "/api/users", {
          token: ten.token,
          body: { organizationId: team.id, email: `  ${base}  `, fullName: "Twin" },
        })
      ).status,
    ).toBe(400);
    // NFC: "é" written as e + combining acute is the same address as the precomposed one.
    const composed = `jos\u00e9-${Date.now()}@t.test`;
    const u = await createUser(t, ten.token, team.id, { email: composed });
    expectProblem(
      await t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: team.id, email: composed.normalize("NFD"), fullName: "Twin" },
      }),
      409,
      "CONFLICT",
    );
    // Sign-in and password reset look the address up in the same form.
    expect(
      (
        await t.call("POST", "/api/auth/login", {
          body: { email: composed.normalize("NFD").toUpperCase(), password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(u.id).toBeGreaterThan(0);
  });

  test("provisioning refuses a confusable admin email", async () => {
    const admin = await t.adminToken();
    const r = await t.call("POST", "/api/platform/tenants", {
      token: admin,
      body: { orgName: "Confusable", adminEmail: "boss\u200b@t.test", adminFullName: "Boss" },
    });
    expectProblem(r, 400, "VALIDATION_FAILED");
    expect(r.body.errors[0].field).toBe("adminEmail");
  });
});

describe("web-session cookie calls and client addresses", () => {
  test("refresh and logout with the cookie need an allowed Origin; a web login from a foreign page is refused", async () => {
    const web = await t.call("POST", "/api/auth/login?web=true", {
      body: { email: ten.adminEmail, password: PASSWORD },
      headers: { origin: "http://sso.test" },
    });
    expect(web.status).toBe(200);
    const cookie = /sso_refresh=([^;]+)/.exec(web.headers.get("set-cookie") ?? "")![1];
    expectProblem(
      await t.call("POST", "/api/auth/refresh", { headers: { cookie: `sso_refresh=${cookie}` } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", "/api/auth/refresh", {
        headers: { cookie: `sso_refresh=${cookie}`, origin: "https://evil.test" },
      }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", "/api/auth/logout", {
        headers: { cookie: `sso_refresh=${cookie}`, origin: "https://evil.test" },
      }),
      403,
      "FORBIDDEN",
    );
    expect(
      (
        await t.call("POST", "/api/auth/refresh", {
          headers: { cookie: `sso_refresh=${cookie}`, origin: "http://sso.test" },
        })
      ).status,
    ).toBe(200);
    expectProblem(
      await t.call("POST", "/api/auth/login?web=true", {
        body: { email: ten.adminEmail, password: PASSWORD },
        headers: { origin: "https://evil.test" },
      }),
      403,
      "FORBIDDEN",
    );
  });

  test("SSO_WEB_ORIGINS adds a front-end origin", async () => {
    const t2 = await makeTestApp({ env: { SSO_WEB_ORIGINS: "https://app.example.com" } });
    try {
      const web = await t2.call("POST", "/api/auth/login?web=true", {
        body: { email: "admin@platform.test", password: "admin-password-1" },
        headers: { origin: "https://app.example.com" },
      });
      expect(web.status).toBe(200);
      const cookie = /sso_refresh=([^;]+)/.exec(web.headers.get("set-cookie") ?? "")![1];
      expect(
        (
          await t2.call("POST", "/api/auth/refresh", {
            headers: { cookie: `sso_refresh=${cookie}`, origin: "https://app.example.com" },
          })
        ).status,
      ).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe("limits and client addresses behind proxies", () => {
  const served = async (env: Record<string, string>, fn: (base: string, app: TestApp) => Promise<void>) => {
    const app = await makeTestApp({ env });
    const server = app.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      await fn(`http://127.0.0.1:${server.server!.port}`, app);
    } finally {
      server.stop();
      await app.close();
    }
  };
  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  test("X-Forwarded-For is ignored unless the peer is a trusted proxy; then the client address is the last untrusted hop", async () => {
    await served({}, async (base, app) => {
      await post(
        base,
        "/api/auth/login",
        { email: "nobody@t.test", password: "whatever-1" },
        { "x-forwarded-for": "203.0.113.9" },
      );
      await post(
        base,
        "/api/auth/login",
        { email: "admin@platform.test", password: "wrong-password" },
        { "x-forwarded-for": "203.0.113.9" },
      );
      await app.svc.idle();
      const [entry] = await app.svc.store.audit.query({
        tenant: "any",
        orgPath: "/",
        action: "auth.login.failed",
        size: 1,
      });
      expect(entry.ipAddress).toBe("127.0.0.1");
    });
    await served({ SSO_TRUSTED_PROXIES: "127.0.0.0/8,10.0.0.1" }, async (base, app) => {
      await post(
        base,
        "/api/auth/login",
        { email: "admin@platform.test", password: "wrong-password" },
        { "x-forwarded-for": "198.51.100.7, 203.0.113.9, 10.0.0.1" },
      );
      await app.svc.idle();
      const [entry] = await app.svc.store.audit.query({
        tenant: "any",
        orgPath: "/",
        action: "auth.login.failed",
        size: 1,
      });
      expect(entry.ipAddress).toBe("203.0.113.9");
    });
  });

  test("per-address sign-in limit is configurable and counts the forwarded client address", async () => {
    await served(
      { SSO_RATE_LIMIT: "on", SSO_LOGIN_RATE_LIMIT: "3", SSO_TRUSTED_PROXIES: "127.0.0.1" },
      async (base) => {
        const from = (ip: string) =>
          post(base, "/api/auth/login", { email: `x-${ip}@t.test`, password: "whatever-1" }, { "x-forwarded-for": ip });
        for (let i = 0; i < 3; i++) expect((await from("203.0.113.1")).status).toBe(401);
        const over = await from("203.0.113.1");
        expect(over.status).toBe(429);
        expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await from("203.0.113.2")).status).toBe(401);
      },
    );
  });

  test("the per-client token limit is configurable: 429 slow_down with Retry-After", async () => {
    await served({ SSO_RATE_LIMIT: "on", SSO_CLIENT_RATE_LIMIT: "2" }, async (base, app) => {
      const admin = await app.adminToken();
      const me = await ok(app.call("GET", "/api/users/me/memberships", { token: admin }));
      const c = await ok(
        app.call("POST", "/api/clients", { token: admin, body: { name: "limited", orgId: me[0].organizationId } }),
      );
      const basic = `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`;
      const token = () =>
        fetch(`${base}/oauth2/token`, {
          method: "POST",
          headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=client_credentials",
        });
      expect((await token()).status).toBe(200);
      expect((await token()).status).toBe(200);
      const over = await token();
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await over.json()) as { error: string }).error).toBe("slow_down");
    });
  });
});

describe("timing of failed sign-ins", () => {
  test("a known email's failure is audited after the answer: the answer never waits on the audit write", async () => {
    const stores = await (await import("../support/stores")).openTestStores();
    const append = stores.store.audit.append;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stores.store.audit = {
      ...stores.store.audit,
      append: async (e) => (e.action === "auth.login.failed" ? gate.then(() => append(e)) : append(e)),
    };
    const app = await makeTestApp({ stores });
    try {
      // Were the audit on the answer path, this call would wait on the closed gate until the test times out.
      const r = await app.call("POST", "/api/auth/login", {
        body: { email: "admin@platform.test", password: "wrong-password" },
      });
      expectProblem(r, 401, "INVALID_CREDENTIALS");
      release();
      await app.svc.idle();
      const entries = await stores.store.audit.query({
        tenant: "any",
        orgPath: "/",
        action: "auth.login.failed",
        size: 5,
      });
      expect(entries).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
