import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sha256Hex } from "../../src/kernel/secrets";
import { makeTestApp, type TestApp } from "../support/app";
import { PASSWORD, seedWorld, type World } from "../sdk/world";

let t: TestApp;
let w: World;
let platformToken: string;
let adminA: string;
let subAdmin: string;
let noClient: string;

beforeAll(async () => {
  t = await makeTestApp();
  w = await seedWorld(t.svc.store, (pw) => t.svc.hasher.hash(pw));
  platformToken = await t.adminToken();
  [adminA, subAdmin, noClient] = await Promise.all(
    [w.emails.adminA, w.emails.subAdmin, w.emails.noClient].map(async (e) => (await t.login(e, PASSWORD)).accessToken),
  );
});
afterAll(() => t.close());

const register = (token: string, body: unknown) => t.call("POST", "/api/clients", { token, body });

describe("POST /api/clients", () => {
  test("registers a client: cli_ id, a 32-byte secret shown once, only its SHA-256 stored, no-store, audited", async () => {
    const r = await register(adminA, { name: "  nightly export ", orgId: w.orgA1a.id });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(r.body).sort()).toEqual(["clientId", "clientSecret"]);
    expect(r.body.clientId).toMatch(/^cli_[A-Za-z0-9_-]{22}$/);
    expect(r.body.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(r.body.clientSecret, "base64url").length).toBe(32);

    const stored = await t.svc.store.clients.findByClientId(r.body.clientId);
    expect(stored).not.toBeNull();
    expect(stored!.secretHash).toBe(sha256Hex(r.body.clientSecret));
    expect(JSON.stringify(stored)).not.toContain(r.body.clientSecret);
    expect(stored!.scopes).toEqual(["api.default"]);
    expect(stored!.name).toBe("nightly export");
    expect(stored!.organizationId).toBe(w.orgA1a.id);
    expect(stored!.tenantId).toBe(w.tenantA);
    expect(stored!.applicationId).toBeNull();

    const audit = await t.svc.store.audit.query({
      tenant: w.tenantA,
      orgPath: w.orgA1a.path,
      action: "client.created",
      size: 10,
    });
    const entry = audit.find((a) => a.metadata.clientId === r.body.clientId);
    expect(entry).toBeDefined();
    expect(entry!.organizationId).toBe(w.orgA1a.id);
    expect(entry!.metadata.actorId).toBeGreaterThan(0);
    expect(JSON.stringify(entry)).not.toContain(r.body.clientSecret);
  });

  test("every registration gets a new id and a new secret", async () => {
    const a = await register(adminA, { name: "a", orgId: w.orgA.id });
    const b = await register(adminA, { name: "a", orgId: w.orgA.id });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.clientId).not.toBe(b.body.clientId);
    expect(a.body.clientSecret).not.toBe(b.body.clientSecret);
  });

  test("explicit scopes are kept (deduplicated); an empty list means api.default", async () => {
    const r = await register(adminA, {
      name: "s",
      orgId: w.orgA.id,
      scopes: ["reports:read", "files/upload", "reports:read"],
    });
    expect(r.status).toBe(200);
    expect((await t.svc.store.clients.findByClientId(r.body.clientId))!.scopes).toEqual([
      "reports:read",
      "files/upload",
    ]);
    const e = await register(adminA, { name: "e", orgId: w.orgA.id, scopes: [] });
    expect((await t.svc.store.clients.findByClientId(e.body.clientId))!.scopes).toEqual(["api.default"]);
  });

  test("a scope outside ^[A-Za-z0-9._:/-]{1,128}$ is 400", async () => {
    for (const bad of ["has space", "", "x".repeat(129), "semi;colon"]) {
      const r = await register(adminA, { name: "bad", orgId: w.orgA.id, scopes: ["api.default", bad] });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
      expect(r.body.errors.some((e: { field: string }) => e.field.startsWith("scopes"))).toBe(true);
    }
  });

  test("a bound client may hold api.default and its application's codes only; others are listed in errors", async () => {
    const ok = await register(adminA, {
      name: "orders sync",
      orgId: w.orgA1.id,
      applicationId: w.appOrders.id,
      scopes: ["orders.read", "api.default"],
    });
    expect(ok.status).toBe(200);
    const stored = await t.svc.store.clients.findByClientId(ok.body.clientId);
    expect(stored!.applicationId).toBe(w.appOrders.id);
    expect(stored!.scopes).toEqual(["orders.read", "api.default"]);

    const bad = await register(adminA, {
      name: "x",
      orgId: w.orgA1.id,
      applicationId: w.appOrders.id,
      scopes: ["orders.read", "orders.delete", "billing.read"],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["scopes.1", "scopes.2"]);
  });

  test("applicationId of another tenant or unknown is 404; the management application is refused", async () => {
    expect((await register(adminA, { name: "x", orgId: w.orgA.id, applicationId: w.appBilling.id })).status).toBe(404);
    expect((await register(adminA, { name: "x", orgId: w.orgA.id, applicationId: 987654 })).status).toBe(404);
    const sys = await t.svc.store.apps.system();
    const platformOrg = (await t.svc.store.orgs.get("any", sys!.organizationId))!;
    const r = await register(platformToken, { name: "x", orgId: platformOrg.id, applicationId: sys!.id });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe("applicationId");
  });

  test("another tenant's org is 404 (never revealed); an org outside the caller's reach in its own tenant is 403", async () => {
    const foreign = await register(adminA, { name: "x", orgId: w.orgB.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    expect((await register(adminA, { name: "x", orgId: 99999999 })).status).toBe(404);

    expect((await register(subAdmin, { name: "mine", orgId: w.orgA1.id })).status).toBe(200);
    for (const org of [w.orgA1a, w.orgA2, w.orgA]) {
      const r = await register(subAdmin, { name: "x", orgId: org.id });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("FORBIDDEN");
    }
    expect((await register(subAdmin, { name: "x", orgId: w.orgB.id })).status).toBe(404);
  });

  test("needs CLIENT_MANAGE on a management token", async () => {
    const r = await register(noClient, { name: "x", orgId: w.orgA.id });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("FORBIDDEN");
    const appToken = (await t.login(w.emails.adminA, PASSWORD, { audience: w.appOrders.identifier })).accessToken;
    expect((await register(appToken, { name: "x", orgId: w.orgA.id })).status).toBe(403);
    const none = await t.call("POST", "/api/clients", { body: { name: "x", orgId: w.orgA.id } });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("UNAUTHENTICATED");
  });

  test("PLATFORM_ADMIN may register in any tenant", async () => {
    const r = await register(platformToken, {
      name: "ops",
      orgId: w.orgB.id,
      applicationId: w.appBilling.id,
      scopes: ["billing.read"],
    });
    expect(r.status).toBe(200);
    expect((await t.svc.store.clients.findByClientId(r.body.clientId))!.tenantId).toBe(w.tenantB);
  });

  test("malformed bodies are 400 with every failing field", async () => {
    const r = await t.call("POST", "/api/clients", { token: adminA, body: { name: "", orgId: "abc" } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_FAILED");
    const fields = r.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain("name");
    expect(fields).toContain("orgId");
    expect((await t.call("POST", "/api/clients", { token: adminA, body: { orgId: w.orgA.id } })).status).toBe(400);
    expect(
      (await t.call("POST", "/api/clients", { token: adminA, body: { name: "   ", orgId: w.orgA.id } })).status,
    ).toBe(400);
  });
});

describe("GET /api/clients", () => {
  test("lists the org's clients as ClientSummary, never with a secret or its hash", async () => {
    const made = await register(adminA, {
      name: "listed",
      orgId: w.orgA2.id,
      applicationId: w.appOrders.id,
      scopes: ["orders.write"],
    });
    const unbound = await register(adminA, { name: "listed-2", orgId: w.orgA2.id });
    const r = await t.call("GET", `/api/clients?organizationId=${w.orgA2.id}`, { token: adminA });
    expect(r.status).toBe(200);
    expect(r.body.map((c: { clientId: string }) => c.clientId)).toEqual([made.body.clientId, unbound.body.clientId]);
    expect(r.body[0]).toEqual({
      clientId: made.body.clientId,
      name: "listed",
      scopes: ["orders.write"],
      applicationId: w.appOrders.id,
      organizationId: w.orgA2.id,
      type: "confidential",
      grantTypes: ["client_credentials"],
      redirectUris: [],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      firstParty: true,
      requirePkce: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(r.body[1].applicationId).toBeNull();
    const text = JSON.stringify(r.body);
    for (const secret of [made.body.clientSecret, unbound.body.clientSecret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(sha256Hex(secret));
    }
    expect(text).not.toMatch(/secret|hash/i);
  });

  test("another tenant's org is 404, out of reach 403, an org with no clients an empty list", async () => {
    const fresh = await t.svc.store.orgs.create({
      tenantId: w.tenantA,
      parentId: w.orgA.id,
      name: "Empty",
      slug: `empty-${Date.now()}`,
      type: "organization",
    });
    const none = await t.call("GET", `/api/clients?organizationId=${fresh.id}`, { token: adminA });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    await register(platformToken, { name: "b", orgId: w.orgB.id });
    expect((await t.call("GET", `/api/clients?organizationId=${w.orgB.id}`, { token: adminA })).status).toBe(404);
    expect((await t.call("GET", `/api/clients?organizationId=${w.orgA2.id}`, { token: subAdmin })).status).toBe(403);
    expect((await t.call("GET", `/api/clients?organizationId=${w.orgA2.id}`, { token: noClient })).status).toBe(403);
    expect((await t.call("GET", `/api/clients?organizationId=${w.orgA1a.id}`, { token: subAdmin })).status).toBe(403);
    const mine = await t.call("GET", `/api/clients?organizationId=${w.orgA1.id}`, { token: subAdmin });
    expect(mine.status).toBe(200);
    expect(Array.isArray(mine.body)).toBe(true);
    const platformOrgs = await t.call("GET", `/api/clients?organizationId=${w.orgB.id}`, { token: platformToken });
    expect(platformOrgs.status).toBe(200);
    expect(platformOrgs.body.length).toBeGreaterThan(0);
  });

  test("organizationId is required and must be an integer", async () => {
    expect((await t.call("GET", "/api/clients", { token: adminA })).status).toBe(400);
    expect((await t.call("GET", "/api/clients?organizationId=x", { token: adminA })).status).toBe(400);
  });
});

/** A browser client of application "orders" at org A1 (CONTRACT §12), with `over` on top. */
const browserBody = (over: Record<string, unknown> = {}) => ({
  name: "web shop",
  orgId: w.orgA1.id,
  applicationId: w.appOrders.id,
  grantTypes: ["authorization_code", "refresh_token"],
  redirectUris: ["https://shop.example.com/callback"],
  ...over,
});
const fieldsOf = (r: { body: { errors?: { field: string }[] } }) => (r.body.errors ?? []).map((e) => e.field);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const machineToken = (id: string, secret: string) =>
  t.call("POST", "/oauth2/token", {
    headers: { authorization: basic(id, secret), "content-type": "application/x-www-form-urlencoded" },
    raw: "grant_type=client_credentials",
  });

describe("POST /api/clients: browser and native clients (CONTRACT §12)", () => {
  test("a confidential browser client gets a secret; its fields are stored and listed; the creation is audited", async () => {
    const r = await register(
      adminA,
      browserBody({
        postLogoutRedirectUris: ["https://shop.example.com/bye"],
        backchannelLogoutUri: "https://shop.example.com/backchannel",
        firstParty: false,
      }),
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["clientId", "clientSecret"]);
    const stored = await t.svc.store.clients.findByClientId(r.body.clientId);
    expect(stored).toMatchObject({
      type: "confidential",
      grantTypes: ["authorization_code", "refresh_token"],
      redirectUris: ["https://shop.example.com/callback"],
      postLogoutRedirectUris: ["https://shop.example.com/bye"],
      backchannelLogoutUri: "https://shop.example.com/backchannel",
      firstParty: false,
      secretHash: sha256Hex(r.body.clientSecret),
    });
    const got = await t.call("GET", `/api/clients/${r.body.clientId}`, { token: adminA });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ clientId: r.body.clientId, type: "confidential", firstParty: false });
    expect(JSON.stringify(got.body)).not.toMatch(/secret|hash/i);
    const audit = await t.svc.store.audit.query({
      tenant: w.tenantA,
      orgPath: w.orgA1.path,
      action: "client.created",
      size: 50,
    });
    const entry = audit.find((a) => a.metadata.clientId === r.body.clientId);
    expect(entry!.metadata).toMatchObject({
      type: "confidential",
      redirectUris: ["https://shop.example.com/callback"],
    });
  });

  test("a public client gets no secret (clientSecret absent) and nothing authenticates it at the token endpoint", async () => {
    const r = await register(adminA, browserBody({ type: "public", redirectUris: ["com.example.shop:/callback"] }));
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(r.body)).toEqual(["clientId"]);
    const stored = await t.svc.store.clients.findByClientId(r.body.clientId);
    expect(stored!.type).toBe("public");
    expect(stored!.secretHash).toBeNull();
    for (const secret of ["", "x", sha256Hex("")])
      expect((await machineToken(r.body.clientId, secret)).status).toBe(401);
  });

  test("a confidential client without client_credentials is refused at the token endpoint (unauthorized_client)", async () => {
    const r = await register(adminA, browserBody());
    const tok = await machineToken(r.body.clientId, r.body.clientSecret);
    expect(tok.status).toBe(400);
    expect(tok.body.error).toBe("unauthorized_client");
  });

  test("without the new fields a client is still a confidential machine client", async () => {
    const r = await register(adminA, { name: "machine", orgId: w.orgA.id });
    expect((await t.svc.store.clients.findByClientId(r.body.clientId))!).toMatchObject({
      type: "confidential",
      grantTypes: ["client_credentials"],
      redirectUris: [],
      firstParty: true,
    });
    expect((await machineToken(r.body.clientId, r.body.clientSecret)).status).toBe(200);
  });

  test("accepted redirect URIs: https, http on loopback (127.0.0.1, [::1], localhost), private-use reverse-domain schemes", async () => {
    const uris = [
      "https://shop.example.com/cb?x=1",
      "http://127.0.0.1/cb",
      "http://127.0.0.1:51004/cb",
      "http://[::1]:8080/cb",
      "http://localhost:3000/callback",
      "com.example.shop:/oauth2redirect",
      "com.example.shop://callback",
    ];
    const r = await register(adminA, browserBody({ type: "public", redirectUris: uris }));
    expect(r.status).toBe(200);
    expect((await t.svc.store.clients.findByClientId(r.body.clientId))!.redirectUris).toEqual(uris);
  });

  test("each refused redirect URI is a VALIDATION_FAILED naming its field and what to do", async () => {
    const bad: [string, RegExp][] = [
      ["/callback", /absolute/],
      ["shop.example.com/cb", /absolute/],
      ["https://shop.example.com/cb#frag", /fragment/],
      ["https://shop.example.com/cb#", /fragment/],
      ["http://shop.example.com/cb", /https.*loopback/],
      ["http://10.0.0.1/cb", /loopback/],
      ["myapp:/callback", /private-use scheme/],
      ["javascript:alert(1)", /private-use scheme/],
      ["https://user:pw@shop.example.com/cb", /credentials/],
      ["https://shop.example.com/a b", /whitespace/],
      [`https://shop.example.com/${"x".repeat(2000)}`, /2000/],
    ];
    for (const [uri, why] of bad) {
      for (const field of ["redirectUris", "postLogoutRedirectUris"]) {
        const r = await register(
          adminA,
          browserBody({ redirectUris: ["https://ok.example.com/cb"], [field]: ["https://ok.example.com/x", uri] }),
        );
        expect(r.status).toBe(400);
        expect(r.body.code).toBe("VALIDATION_FAILED");
        const e = r.body.errors.find((x: { field: string }) => x.field === `${field}.1`);
        expect(e?.message ?? JSON.stringify(r.body.errors)).toMatch(why);
      }
    }
    const many = await register(
      adminA,
      browserBody({ redirectUris: Array.from({ length: 21 }, (_, i) => `https://shop.example.com/${i}`) }),
    );
    expect(many.status).toBe(400);
    expect(fieldsOf(many)).toContain("redirectUris");
  });

  test("grant rules: public + client_credentials, refresh_token alone, authorization_code unbound or without redirect URIs", async () => {
    const pub = await register(adminA, browserBody({ type: "public", grantTypes: ["client_credentials"] }));
    expect(pub.status).toBe(400);
    expect(pub.body.errors.find((e: { field: string }) => e.field === "grantTypes").message).toMatch(/public/);
    const pubDefault = await register(adminA, { name: "spa", orgId: w.orgA.id, type: "public" });
    expect(pubDefault.status).toBe(400);
    expect(fieldsOf(pubDefault)).toContain("grantTypes");

    const refreshOnly = await register(adminA, browserBody({ grantTypes: ["client_credentials", "refresh_token"] }));
    expect(refreshOnly.status).toBe(400);
    expect(refreshOnly.body.errors.find((e: { field: string }) => e.field === "grantTypes").message).toMatch(
      /only .*together with authorization_code/,
    );

    const unbound = await register(adminA, browserBody({ applicationId: undefined }));
    expect(unbound.status).toBe(400);
    expect(fieldsOf(unbound)).toEqual(["applicationId"]);

    for (const redirectUris of [undefined, []]) {
      const none = await register(adminA, browserBody({ redirectUris }));
      expect(none.status).toBe(400);
      expect(fieldsOf(none)).toEqual(["redirectUris"]);
    }
    const unknown = await register(adminA, browserBody({ grantTypes: ["implicit"] }));
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown).some((f: string) => f.startsWith("grantTypes"))).toBe(true);
    expect((await register(adminA, browserBody({ grantTypes: [] }))).status).toBe(400);
  });

  test("URIs on a machine client are refused: nothing would use them", async () => {
    const r = await register(adminA, {
      name: "m",
      orgId: w.orgA.id,
      redirectUris: ["https://a.example.com/cb"],
      postLogoutRedirectUris: ["https://a.example.com/bye"],
      backchannelLogoutUri: "https://a.example.com/logout",
    });
    expect(r.status).toBe(400);
    expect(fieldsOf(r).sort()).toEqual(["backchannelLogoutUri", "postLogoutRedirectUris", "redirectUris"]);
  });

  test("backchannelLogoutUri follows the webhook target policy: with private targets allowed, http on loopback only", async () => {
    expect((await register(adminA, browserBody({ backchannelLogoutUri: "http://127.0.0.1:9000/logout" }))).status).toBe(
      200,
    );
    for (const uri of [
      "http://10.0.0.1/logout",
      "https://shop.example.com/logout#x",
      "/logout",
      "ftp://x.example.com/",
    ]) {
      const r = await register(adminA, browserBody({ backchannelLogoutUri: uri }));
      expect(r.status).toBe(400);
      expect(fieldsOf(r)).toEqual(["backchannelLogoutUri"]);
    }
  });

  test("without SSO_WEBHOOK_ALLOW_PRIVATE the back-channel logout URI must be https to a public host", async () => {
    const strict = await makeTestApp({ env: { SSO_WEBHOOK_ALLOW_PRIVATE: "false" } });
    try {
      const sw = await seedWorld(strict.svc.store, (pw) => strict.svc.hasher.hash(pw), "strict");
      const token = (await strict.login(sw.emails.adminA, PASSWORD)).accessToken;
      const body = (uri: string) => ({
        name: "b",
        orgId: sw.orgA.id,
        applicationId: sw.appOrders.id,
        grantTypes: ["authorization_code"],
        redirectUris: ["http://127.0.0.1/cb"],
        backchannelLogoutUri: uri,
      });
      for (const uri of ["http://127.0.0.1/logout", "https://127.0.0.1/logout", "https://localhost/logout"]) {
        const r = await strict.call("POST", "/api/clients", { token, body: body(uri) });
        expect(r.status).toBe(400);
        expect(r.body.errors[0].field).toBe("backchannelLogoutUri");
        // CONTRACT §19: the refusal names the development switch that would lift it.
        expect(r.body.errors[0].message).toContain("SSO_WEBHOOK_ALLOW_PRIVATE=true");
      }
      const ok = await strict.call("POST", "/api/clients", { token, body: body("https://rp.example.com/logout") });
      expect(ok.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("requirePkce (CONTRACT §12: PKCE required of public clients and, by default, of confidential ones)", () => {
  test("a confidential client may register with requirePkce false; it is stored, shown and audited; the default is true", async () => {
    const r = await register(adminA, browserBody({ requirePkce: false }));
    expect(r.status).toBe(200);
    expect((await t.svc.store.clients.findByClientId(r.body.clientId))!.requirePkce).toBe(false);
    const got = await t.call("GET", `/api/clients/${r.body.clientId}`, { token: adminA });
    expect(got.body).toMatchObject({ type: "confidential", requirePkce: false });
    const audit = await t.svc.store.audit.query({
      tenant: w.tenantA,
      orgPath: w.orgA1.path,
      action: "client.created",
      size: 50,
    });
    expect(audit.find((a) => a.metadata.clientId === r.body.clientId)!.metadata).toMatchObject({ requirePkce: false });

    const byDefault = await register(adminA, browserBody());
    expect((await t.call("GET", `/api/clients/${byDefault.body.clientId}`, { token: adminA })).body.requirePkce).toBe(
      true,
    );
    const pub = await register(adminA, browserBody({ type: "public", requirePkce: true }));
    expect(pub.status).toBe(200);
    expect((await t.call("GET", `/api/clients/${pub.body.clientId}`, { token: adminA })).body.requirePkce).toBe(true);
  });

  test("a public client cannot set requirePkce false: 400 naming the field, nothing registered", async () => {
    const r = await register(adminA, browserBody({ name: "spa without pkce", type: "public", requirePkce: false }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_FAILED");
    expect(fieldsOf(r)).toEqual(["requirePkce"]);
    expect(r.body.errors[0].message).toMatch(/public/);
    const listed = await t.call("GET", `/api/clients?organizationId=${w.orgA1.id}`, { token: adminA });
    expect(listed.body.some((c: { name: string }) => c.name === "spa without pkce")).toBe(false);
  });

  test("PATCH turns it off and on for a confidential client (audited); a public client is 400 and keeps it", async () => {
    const conf = (await register(adminA, browserBody())).body.clientId as string;
    const off = await t.call("PATCH", `/api/clients/${conf}`, { token: adminA, body: { requirePkce: false } });
    expect(off.status).toBe(200);
    expect(off.body.requirePkce).toBe(false);
    expect((await t.svc.store.clients.findByClientId(conf))!.requirePkce).toBe(false);
    const audit = await t.svc.store.audit.query({
      tenant: w.tenantA,
      orgPath: w.orgA1.path,
      action: "client.updated",
      size: 50,
    });
    expect(audit.find((a) => a.metadata.clientId === conf)!.metadata.changes).toEqual({ requirePkce: false });
    const on = await t.call("PATCH", `/api/clients/${conf}`, { token: adminA, body: { requirePkce: true } });
    expect(on.body.requirePkce).toBe(true);

    const pub = (await register(adminA, browserBody({ type: "public" }))).body.clientId as string;
    const refused = await t.call("PATCH", `/api/clients/${pub}`, { token: adminA, body: { requirePkce: false } });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(["requirePkce"]);
    expect((await t.svc.store.clients.findByClientId(pub))!.requirePkce).toBe(true);
  });
});

describe("GET and PATCH /api/clients/{clientId}", () => {
  let browser: { clientId: string; clientSecret: string };
  let machine: { clientId: string; clientSecret: string };
  let foreign: string;
  beforeAll(async () => {
    browser = (
      await register(
        adminA,
        browserBody({ postLogoutRedirectUris: ["https://shop.example.com/bye"], firstParty: true }),
      )
    ).body;
    machine = (await register(adminA, { name: "machine", orgId: w.orgA1.id })).body;
    foreign = (await register(platformToken, { name: "b", orgId: w.orgB.id })).body.clientId;
  });
  const patch = (token: string, id: string, body: unknown) => t.call("PATCH", `/api/clients/${id}`, { token, body });

  test("PATCH changes name, URIs and first-party only; the rest stays; audited as client.updated", async () => {
    const before = (await t.svc.store.clients.findByClientId(browser.clientId))!;
    const r = await patch(adminA, browser.clientId, {
      name: " web shop v2 ",
      redirectUris: ["https://shop.example.com/cb2", "http://127.0.0.1/cb"],
      backchannelLogoutUri: "https://shop.example.com/logout",
      firstParty: false,
      // fixed at registration: ignored like every unknown field
      type: "public",
      grantTypes: ["client_credentials"],
      scopes: ["orders.write"],
      orgId: w.orgA.id,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      clientId: browser.clientId,
      name: "web shop v2",
      redirectUris: ["https://shop.example.com/cb2", "http://127.0.0.1/cb"],
      postLogoutRedirectUris: ["https://shop.example.com/bye"],
      backchannelLogoutUri: "https://shop.example.com/logout",
      firstParty: false,
      type: "confidential",
      grantTypes: ["authorization_code", "refresh_token"],
    });
    const after = (await t.svc.store.clients.findByClientId(browser.clientId))!;
    expect(after).toEqual({
      ...before,
      name: "web shop v2",
      redirectUris: ["https://shop.example.com/cb2", "http://127.0.0.1/cb"],
      backchannelLogoutUri: "https://shop.example.com/logout",
      firstParty: false,
    });
    expect((await t.call("GET", `/api/clients/${browser.clientId}`, { token: adminA })).body).toEqual(r.body);

    const audit = await t.svc.store.audit.query({
      tenant: w.tenantA,
      orgPath: w.orgA1.path,
      action: "client.updated",
      size: 50,
    });
    const entry = audit.find((a) => a.metadata.clientId === browser.clientId);
    expect(entry).toBeDefined();
    expect(entry!.organizationId).toBe(w.orgA1.id);
    expect(entry!.metadata.actorId).toBeGreaterThan(0);
    expect(entry!.metadata.changes).toMatchObject({ name: "web shop v2", firstParty: false });

    const removed = await patch(adminA, browser.clientId, { backchannelLogoutUri: null, postLogoutRedirectUris: [] });
    expect(removed.status).toBe(200);
    expect(removed.body.backchannelLogoutUri).toBeNull();
    expect(removed.body.postLogoutRedirectUris).toEqual([]);
  });

  test("PATCH validates like registration: bad URIs, no redirect URI left, URIs on a machine client, blank name", async () => {
    const bad = await patch(adminA, browser.clientId, {
      redirectUris: ["https://ok.example.com/", "http://x.example.com/"],
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(["redirectUris.1"]);
    expect(fieldsOf(await patch(adminA, browser.clientId, { redirectUris: [] }))).toEqual(["redirectUris"]);
    expect(fieldsOf(await patch(adminA, browser.clientId, { name: "  " }))).toEqual(["name"]);
    const m = await patch(adminA, machine.clientId, { redirectUris: ["https://a.example.com/cb"] });
    expect(m.status).toBe(400);
    expect(fieldsOf(m)).toEqual(["redirectUris"]);
    // a refused patch writes nothing
    expect((await t.svc.store.clients.findByClientId(browser.clientId))!.redirectUris).not.toContain(
      "http://x.example.com/",
    );
    // a machine client may be renamed, and keeps working
    const renamed = await patch(adminA, machine.clientId, { name: "machine 2" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("machine 2");
    expect((await machineToken(machine.clientId, machine.clientSecret)).status).toBe(200);
  });

  test("another tenant's client or an unknown id is 404 on GET and PATCH; nothing changes", async () => {
    for (const id of [foreign, "cli_doesnotexist000000000", "x"]) {
      const g = await t.call("GET", `/api/clients/${id}`, { token: adminA });
      expect(g.status).toBe(404);
      expect(g.body.code).toBe("NOT_FOUND");
      expect((await patch(adminA, id, { name: "stolen" })).status).toBe(404);
    }
    expect((await t.svc.store.clients.findByClientId(foreign))!.name).toBe("b");
    expect((await t.call("GET", `/api/clients/${foreign}`, { token: platformToken })).status).toBe(200);
  });

  test("403 without CLIENT_MANAGE, with an application token, or outside the token's reach; 401 without a token", async () => {
    for (const token of [noClient]) {
      expect((await t.call("GET", `/api/clients/${browser.clientId}`, { token })).status).toBe(403);
      expect((await patch(token, browser.clientId, { name: "x" })).status).toBe(403);
    }
    const appToken = (await t.login(w.emails.adminA, PASSWORD, { audience: w.appOrders.identifier })).accessToken;
    expect((await patch(appToken, browser.clientId, { name: "x" })).status).toBe(403);
    const outside = (await register(adminA, { name: "top", orgId: w.orgA.id })).body.clientId;
    expect((await t.call("GET", `/api/clients/${outside}`, { token: subAdmin })).status).toBe(403);
    expect((await patch(subAdmin, outside, { name: "x" })).status).toBe(403);
    expect((await patch(subAdmin, browser.clientId, { firstParty: true })).status).toBe(200);
    expect((await t.call("PATCH", `/api/clients/${browser.clientId}`, { body: { name: "x" } })).status).toBe(401);
  });
});
