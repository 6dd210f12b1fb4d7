import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { clientRateKey, CLIENT_RATE_LIMIT } from "../../src/protocols/oidc/token";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { PASSWORD, seedWorld, type World } from "../sdk/world";

/** Real time plus an offset the tests can move forward (cache TTLs, expiry). */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
let w: World;
let adminA: string;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  w = await seedWorld(t.svc.store, (pw) => t.svc.hasher.hash(pw));
  adminA = (await t.login(w.emails.adminA, PASSWORD)).accessToken;
});
afterAll(() => t.close());

interface Client {
  clientId: string;
  clientSecret: string;
}

async function registerClient(body: Record<string, unknown>): Promise<Client> {
  const r = await t.call("POST", "/api/clients", { token: adminA, body: { name: "svc", ...body } });
  if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** POST /oauth2/token with a form body (or `raw`/`contentType` to break the rules). */
function token(
  opts: {
    auth?: string | null;
    form?: Record<string, string> | string;
    contentType?: string | null;
    query?: string;
    client?: Client;
  } = {},
) {
  const headers: Record<string, string> = {};
  const auth =
    opts.auth !== undefined ? opts.auth : opts.client ? basic(opts.client.clientId, opts.client.clientSecret) : null;
  if (auth) headers.authorization = auth;
  if (opts.contentType !== null) headers["content-type"] = opts.contentType ?? "application/x-www-form-urlencoded";
  const form = opts.form ?? { grant_type: "client_credentials" };
  const raw = typeof form === "string" ? form : new URLSearchParams(form).toString();
  return t.call("POST", `/oauth2/token${opts.query ?? ""}`, { headers, raw });
}

async function jwks() {
  return createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
}

/** Every RFC 6749 error answer: the body is exactly { error, error_description } and never cached. */
function expectOAuthError(r: { status: number; headers: Headers; body: any }, status: number, error: string) {
  expect(r.status).toBe(status);
  expect(Object.keys(r.body).sort()).toEqual(["error", "error_description"]);
  expect(r.body.error).toBe(error);
  expect(typeof r.body.error_description).toBe("string");
  expect(r.headers.get("content-type")).toContain("application/json");
  expect(r.headers.get("cache-control")).toBe("no-store");
  if (status === 401) expect(r.headers.get("www-authenticate")).toMatch(/^Basic /);
}

describe("POST /oauth2/token: success", () => {
  test("an unbound client gets a machine token: aud = client id, the CONTRACT §5 claims, no refresh token, no-store", async () => {
    const c = await registerClient({ orgId: w.orgA1a.id });
    const r = await token({ client: c });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("pragma")).toBe("no-cache");
    expect(Object.keys(r.body).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
    expect(r.body.token_type).toBe("Bearer");
    expect(r.body.expires_in).toBe(900);
    expect(r.body.scope).toBe("api.default");

    const header = decodeProtectedHeader(r.body.access_token);
    expect(header).toEqual({ alg: "RS256", typ: "at+jwt", kid: expect.any(String) });
    const { payload } = await jwtVerify(r.body.access_token, await jwks(), {
      issuer: ISSUER,
      audience: c.clientId,
      algorithms: ["RS256"],
      typ: "at+jwt",
      currentDate: clock.now(),
    });
    expect(payload).toEqual({
      token_use: "machine",
      sub: c.clientId,
      client_id: c.clientId,
      scope: "api.default",
      org_id: w.orgA1a.id,
      tenant_id: w.tenantA,
      aud: c.clientId,
      iss: ISSUER,
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(Math.abs(payload.iat! - clock.now().getTime() / 1000)).toBeLessThan(5);
  });

  test("a bound client's token has aud = the application identifier and app_id; scope narrows to what was asked", async () => {
    const c = await registerClient({
      orgId: w.orgA1.id,
      applicationId: w.appOrders.id,
      scopes: ["orders.read", "orders.write", "api.default"],
    });
    const all = await token({ client: c });
    expect(all.status).toBe(200);
    expect(all.body.scope).toBe("orders.read orders.write api.default");
    const { payload } = await jwtVerify(all.body.access_token, await jwks(), {
      issuer: ISSUER,
      audience: w.appOrders.identifier,
      currentDate: clock.now(),
    });
    expect(payload.app_id).toBe(w.appOrders.id);
    expect(payload.aud).toBe(w.appOrders.identifier);
    expect(payload.sub).toBe(c.clientId);
    expect(payload.uid).toBeUndefined();
    expect(payload.permissions).toBeUndefined();
    expect(payload.scope_self).toBeUndefined();

    const narrow = await token({
      client: c,
      form: { grant_type: "client_credentials", scope: "orders.read  orders.read" },
    });
    expect(narrow.status).toBe(200);
    expect(narrow.body.scope).toBe("orders.read");
    expect(JSON.parse(Buffer.from(narrow.body.access_token.split(".")[1], "base64url").toString()).scope).toBe(
      "orders.read",
    );
    const blank = await token({ client: c, form: { grant_type: "client_credentials", scope: " " } });
    expect(blank.body.scope).toBe("orders.read orders.write api.default");
  });

  test("Basic credentials are form-urlencoded before base64 (RFC 6749 §2.3.1) and are decoded", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    const enc = (s: string) =>
      [...s].map((ch) => "%" + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")).join("");
    const r = await token({
      auth: `Basic ${Buffer.from(`${enc(c.clientId)}:${enc(c.clientSecret)}`).toString("base64")}`,
    });
    expect(r.status).toBe(200);
    expect(r.body.token_type).toBe("Bearer");
  });

  test("client_id in the body equal to the Basic user name is accepted; a charset parameter on the content type too", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    const r = await token({
      client: c,
      contentType: "application/x-www-form-urlencoded; charset=UTF-8",
      form: { grant_type: "client_credentials", client_id: c.clientId },
    });
    expect(r.status).toBe(200);
  });

  test("every token is new (jti) even for the same client in the same second", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    const [a, b] = await Promise.all([token({ client: c }), token({ client: c })]);
    const jti = (x: string) => JSON.parse(Buffer.from(x.split(".")[1], "base64url").toString()).jti;
    expect(jti(a.body.access_token)).not.toBe(jti(b.body.access_token));
  });
});

describe("POST /oauth2/token: client authentication (401 invalid_client, WWW-Authenticate: Basic)", () => {
  test("unknown client, wrong secret, malformed id, no credentials, another scheme, malformed Basic", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    const cases: (string | null)[] = [
      basic("cli_AAAAAAAAAAAAAAAAAAAAAA", c.clientSecret),
      basic(c.clientId, c.clientSecret + "x"),
      basic(c.clientId, c.clientSecret.slice(0, -1)),
      basic(c.clientId, ""),
      basic("not-a-client", c.clientSecret),
      null,
      `Bearer ${c.clientSecret}`,
      "Basic !!!",
      `Basic ${Buffer.from(c.clientId).toString("base64")}`,
      `Basic ${Buffer.from(`%zz:${c.clientSecret}`).toString("base64")}`,
    ];
    for (const auth of cases) expectOAuthError(await token({ auth }), 401, "invalid_client");
  });

  test("two authentication methods, or a secret in the URL, are 400 invalid_request; client_secret_post alone works", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    // RFC 6749 §2.3: one method per request (Basic and client_secret in the body are two).
    expectOAuthError(
      await token({ client: c, form: { grant_type: "client_credentials", client_secret: c.clientSecret } }),
      400,
      "invalid_request",
    );
    // client_secret_post (CONTRACT §12): client_id and client_secret in the body, no Basic.
    const post = await token({
      auth: null,
      form: { grant_type: "client_credentials", client_id: c.clientId, client_secret: c.clientSecret },
    });
    expect(post.status).toBe(200);
    expect(post.headers.get("cache-control")).toBe("no-store");
    expectOAuthError(
      await token({
        auth: null,
        form: { grant_type: "client_credentials", client_id: c.clientId, client_secret: `${c.clientSecret}x` },
      }),
      401,
      "invalid_client",
    );
    // A confidential client cannot authenticate with `none` (client_id alone).
    expectOAuthError(
      await token({ auth: null, form: { grant_type: "client_credentials", client_id: c.clientId } }),
      401,
      "invalid_client",
    );
    expectOAuthError(await token({ client: c, query: `?client_secret=${c.clientSecret}` }), 400, "invalid_request");
    expectOAuthError(
      await token({ client: c, form: { grant_type: "client_credentials", client_id: "cli_someoneelse0000000000" } }),
      400,
      "invalid_request",
    );
  });
});

describe("POST /oauth2/token: request errors (400)", () => {
  test("unknown grant types are unsupported_grant_type; known ones the client does not hold, unauthorized_client", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    for (const g of ["password", "implicit", "CLIENT_CREDENTIALS"])
      expectOAuthError(await token({ client: c, form: { grant_type: g } }), 400, "unsupported_grant_type");
    for (const g of ["refresh_token", "authorization_code"])
      expectOAuthError(await token({ client: c, form: { grant_type: g } }), 400, "unauthorized_client");
  });

  test("missing grant_type (Elysia validation) is an RFC 6749 invalid_request, not a problem+json", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    const r = await token({ client: c, form: { scope: "api.default" } });
    expectOAuthError(r, 400, "invalid_request");
    expect(r.body.code).toBeUndefined();
    expectOAuthError(await token({ client: c, form: "" }), 400, "invalid_request");
  });

  test("a body that is not application/x-www-form-urlencoded is invalid_request", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    expectOAuthError(
      await token({
        client: c,
        contentType: "application/json",
        form: JSON.stringify({ grant_type: "client_credentials" }),
      }),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await token({ client: c, contentType: "text/plain", form: "grant_type=client_credentials" }),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await token({ client: c, contentType: null, form: "grant_type=client_credentials" }),
      400,
      "invalid_request",
    );
  });

  test("a repeated parameter is invalid_request (RFC 6749 §3.2)", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    expectOAuthError(
      await token({ client: c, form: "grant_type=client_credentials&grant_type=client_credentials" }),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await token({ client: c, form: "grant_type=client_credentials&scope=api.default&scope=x" }),
      400,
      "invalid_request",
    );
  });

  test("a scope the client was not granted is invalid_scope, even next to granted ones", async () => {
    const c = await registerClient({ orgId: w.orgA1.id, applicationId: w.appOrders.id, scopes: ["orders.read"] });
    for (const scope of ["orders.write", "orders.read orders.write", "api.default", "ORDERS.READ"])
      expectOAuthError(
        await token({ client: c, form: { grant_type: "client_credentials", scope } }),
        400,
        "invalid_scope",
      );
  });
});

describe("POST /oauth2/token: the client's organization", () => {
  test("a suspended org (or ancestor) is 400 unauthorized_client as soon as the directory's version moves on, and usable again after activation", async () => {
    const c = await registerClient({ orgId: w.orgA1a.id });
    expect((await token({ client: c })).status).toBe(200); // cached as usable
    // A direct store write, then the advance every unit makes after it commits.
    await t.svc.store.orgs.update(w.tenantA, w.orgA1.id, { status: "SUSPENDED" });
    await t.directoryChanged();
    expectOAuthError(await token({ client: c }), 400, "unauthorized_client");
    await t.svc.store.orgs.update(w.tenantA, w.orgA1.id, { status: "ACTIVE" });
    await t.directoryChanged();
    expect((await token({ client: c })).status).toBe(200);
  });

  test("POST /api/organizations/{id}/suspend and /activate reach the very next token request", async () => {
    const c = await registerClient({ orgId: w.orgA1a.id });
    expect((await token({ client: c })).status).toBe(200);
    expect((await token({ client: c })).status).toBe(200);
    const platform = await t.adminToken();
    expect((await t.call("POST", `/api/organizations/${w.orgA.id}/suspend`, { token: platform })).status).toBe(200);
    expectOAuthError(await token({ client: c }), 400, "unauthorized_client");
    expect((await t.call("POST", `/api/organizations/${w.orgA.id}/activate`, { token: platform })).status).toBe(200);
    expect((await token({ client: c })).status).toBe(200);
  });

  test("without a version advance (a lost one), a suspension still takes effect once SSO_CACHE_SECONDS (60 s) has passed", async () => {
    const c = await registerClient({ orgId: w.orgA2.id });
    expect((await token({ client: c })).status).toBe(200);
    await t.svc.store.orgs.update(w.tenantA, w.orgA2.id, { status: "SUSPENDED" });
    expect((await token({ client: c })).status).toBe(200); // the bound on a lost advance: documented staleness
    offsetMs += 61_000;
    expectOAuthError(await token({ client: c }), 400, "unauthorized_client");
    await t.svc.store.orgs.update(w.tenantA, w.orgA2.id, { status: "ACTIVE" });
    offsetMs += 61_000;
    expect((await token({ client: c })).status).toBe(200);
  });

  test("an org past its expiresAt is unauthorized_client", async () => {
    const org = await t.svc.store.orgs.create({
      tenantId: w.tenantA,
      parentId: w.orgA.id,
      name: "Sandbox",
      slug: `sandbox-${Date.now()}`,
      type: "organization",
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    const c = await registerClient({ orgId: org.id });
    expect((await token({ client: c })).status).toBe(200);
    offsetMs += 120_000;
    expectOAuthError(await token({ client: c }), 400, "unauthorized_client");
  });
});

describe("POST /oauth2/token: rate limit", () => {
  test("with SSO_RATE_LIMIT=off nothing is counted", async () => {
    const c = await registerClient({ orgId: w.orgA.id });
    expect((await token({ client: c })).status).toBe(200);
    expect((await t.svc.sessions.counters.peek(clientRateKey(c.clientId), new Date())).count).toBe(0);
  });

  test("with rate limiting on, a client over its budget gets 429 with Retry-After; other clients are unaffected", async () => {
    const on = await makeTestApp({ env: { SSO_RATE_LIMIT: "on" } });
    try {
      const ow = await seedWorld(on.svc.store, (pw) => on.svc.hasher.hash(pw));
      const admin = (await on.login(ow.emails.adminA, PASSWORD)).accessToken;
      const reg = async () =>
        (await on.call("POST", "/api/clients", { token: admin, body: { name: "busy", orgId: ow.orgA.id } }))
          .body as Client;
      const [busy, calm] = [await reg(), await reg()];
      const post = (c: Client) =>
        on.call("POST", "/oauth2/token", {
          headers: {
            authorization: basic(c.clientId, c.clientSecret),
            "content-type": "application/x-www-form-urlencoded",
          },
          raw: "grant_type=client_credentials",
        });
      expect((await post(busy)).status).toBe(200);
      expect((await on.svc.sessions.counters.peek(clientRateKey(busy.clientId), new Date())).count).toBe(1);
      // Spend the rest of the window's budget directly in the counter store rather than with 300 requests.
      await on.svc.sessions.counters.set(
        clientRateKey(busy.clientId),
        CLIENT_RATE_LIMIT.max,
        CLIENT_RATE_LIMIT.windowSeconds,
        new Date(),
      );
      const r = await post(busy);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(CLIENT_RATE_LIMIT.windowSeconds);
      expect(r.body.error).toBe("slow_down");
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect((await post(calm)).status).toBe(200);
      // Bad secrets do not spend a client's budget.
      const before = (await on.svc.sessions.counters.peek(clientRateKey(calm.clientId), new Date())).count;
      expect((await post({ clientId: calm.clientId, clientSecret: "wrong" })).status).toBe(401);
      expect((await on.svc.sessions.counters.peek(clientRateKey(calm.clientId), new Date())).count).toBe(before);
    } finally {
      await on.close();
    }
  });
});

describe("POST /oauth2/token: OpenAPI", () => {
  test("the operation documents a form body, Basic (or body) security and the token response", async () => {
    const spec = (await t.call("GET", "/openapi.json")).body;
    const op = spec.paths["/oauth2/token"].post;
    expect(Object.keys(op.requestBody.content)).toEqual(["application/x-www-form-urlencoded"]);
    expect(op.requestBody.content["application/x-www-form-urlencoded"].schema.required).toEqual(["grant_type"]);
    expect(op.security).toEqual([{ basic: [] }, {}]);
    expect(op.responses["200"]).toBeDefined();
    for (const path of ["/api/clients"])
      for (const m of ["get", "post"]) expect(spec.paths[path][m].security).toEqual([{ bearer: [] }]);
  });
});
