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
