/**
 * The SDK against the real service running as a separate process (`bun src/main.ts`), on the store
 * named by TEST_STORE: clients registered through the API, machine tokens from the helper, local
 * verification from the discovered JWKS, and the guards in a resource server of our own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { generateKeyPair, SignJWT } from "jose";
import {
  AudienceMismatchError,
  canAct,
  createClientCredentials,
  createVerifier,
  InsufficientScopeError,
  InvalidClientError,
  InvalidScopeError,
  InvalidTokenError,
  KeysUnavailableError,
  machineAuth,
  userAuth,
  WrongTokenKindError,
  type AnySsoError,
} from "../../src/sdk";
import { REDIS_TARGET, redisEnv, TEST_STORE } from "../support/stores";
import { startSeededServer, SERVER_ADMIN, type SeededServer } from "./server";
import { PASSWORD } from "./world";

let s: SeededServer;
let adminToken: string;

async function post(path: string, body: unknown, token?: string) {
  const r = await fetch(`${s.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as any };
}
const login = async (email: string, password: string, audience?: string) => {
  const r = await post("/api/auth/login", { email, password, audience });
  if (r.status !== 200) throw new Error(`login ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.accessToken as string;
};
const registerClient = async (body: Record<string, unknown>) => {
  const r = await post("/api/clients", { name: "sdk test", ...body }, adminToken);
  if (r.status !== 200) throw new Error(`register ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { clientId: string; clientSecret: string };
};

beforeAll(async () => {
  s = await startSeededServer({
    postgres: TEST_STORE === "postgres",
    mongo: TEST_STORE === "mongo",
    redisEnv: REDIS_TARGET ? redisEnv(`sdk${Date.now()}:`) : undefined,
  });
  adminToken = await login(SERVER_ADMIN.email, SERVER_ADMIN.password);
}, 90_000);
afterAll(async () => {
  await s?.close();
});

describe("SDK against the running service", () => {
  test("a bound client gets a machine token from the helper; the verifier discovers the keys and accepts it with its scopes", async () => {
    const { world: w } = s;
    const c = await registerClient({
      orgId: w.orgA1.id,
      applicationId: w.appOrders.id,
      scopes: ["orders.read", "api.default"],
    });
    const cc = createClientCredentials({ issuer: s.issuer, clientId: c.clientId, clientSecret: c.clientSecret });
    const token = await cc.getToken();
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const m = await verifier.verifyMachine(token, { scopes: ["orders.read"] });
    expect(m).toMatchObject({
      kind: "machine",
      clientId: c.clientId,
      orgId: w.orgA1.id,
      tenantId: w.tenantA,
      applicationId: w.appOrders.id,
      scopes: ["orders.read", "api.default"],
    });
    expect(m.claims.aud).toBe(w.appOrders.identifier);
    expect(m.claims.exp - m.claims.iat!).toBe(900);
  });

  test("the helper caches the token until shortly before expiry and shares one request between concurrent callers", async () => {
    const { world: w } = s;
    const c = await registerClient({ orgId: w.orgA.id });
    let requests = 0;
    let clock = Date.now();
    const counting: typeof fetch = Object.assign(
      (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith("/oauth2/token")) requests++;
        return fetch(input, init);
      },
      { preconnect: fetch.preconnect },
    );
    const cc = createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      fetch: counting,
      now: () => clock,
    });
    const tokens = await Promise.all(Array.from({ length: 8 }, () => cc.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(requests).toBe(1);
    expect(await cc.getToken()).toBe(tokens[0]);
    clock += 800_000; // 100 s left: still cached (skew 60 s)
    expect(await cc.getToken()).toBe(tokens[0]);
    expect(requests).toBe(1);
    clock += 50_000; // 50 s left: renewed
    const renewed = await cc.getTokenResponse();
    expect(renewed.accessToken).not.toBe(tokens[0]);
    expect(renewed.scope).toEqual(["api.default"]);
    expect(requests).toBe(2);
    cc.invalidate();
    await cc.getToken();
    expect(requests).toBe(3);
  });

  test("a user token is refused on a machine route and a machine token on a user route", async () => {
    const { world: w } = s;
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const userToken = await login(w.emails.adminA, PASSWORD, w.appOrders.identifier);
    const user = await verifier.verifyUser(userToken);
    expect(user).toMatchObject({
      kind: "user",
      email: w.emails.adminA,
      orgId: w.orgA.id,
      orgPath: w.orgA.path,
      tenantId: w.tenantA,
    });
    const e1 = await verifier.verifyMachine(userToken).catch((e) => e);
    expect(e1).toBeInstanceOf(WrongTokenKindError);
    expect(e1.code).toBe("WRONG_TOKEN_KIND");

    const c = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id });
    const machineToken = await createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }).getToken();
    expect((await verifier.verifyMachine(machineToken)).clientId).toBe(c.clientId);
    const e2 = await verifier.verifyUser(machineToken).catch((e) => e);
    expect(e2).toBeInstanceOf(WrongTokenKindError);
    expect((e2 as AnySsoError).code).toBe("WRONG_TOKEN_KIND");
  });

  test("canAct is the one prefix comparison: own org, subtree below it, nothing outside", async () => {
    const { world: w } = s;
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const tenantAdmin = await verifier.verifyUser(await login(w.emails.adminA, PASSWORD, w.appOrders.identifier)); // SUBTREE at A
    expect(canAct(tenantAdmin, w.orgA.path)).toBe(true);
    expect(canAct(tenantAdmin, w.orgA1a.path)).toBe(true);
    expect(canAct(tenantAdmin.claims, w.orgA2.path)).toBe(true);
    expect(canAct(tenantAdmin, w.orgB.path)).toBe(false);
    expect(canAct(tenantAdmin, w.orgA1a.path.slice(0, -1))).toBe(false);
    const selfOnly = await verifier.verifyUser(await login(w.emails.subAdmin, PASSWORD, w.appOrders.identifier)); // SELF at A1
    expect(canAct(selfOnly, w.orgA1.path)).toBe(true);
    expect(canAct(selfOnly, w.orgA1a.path)).toBe(false);
    expect(canAct(selfOnly, w.orgA.path)).toBe(false);
  });

  test("an unbound client's token (aud = client id) is an audience mismatch for an application's verifier", async () => {
    const { world: w } = s;
    const c = await registerClient({ orgId: w.orgA.id });
    const token = await createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }).getToken();
    const e = await createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier })
      .verifyMachine(token)
      .catch((x) => x);
    expect(e).toBeInstanceOf(AudienceMismatchError);
    expect(e.code).toBe("AUDIENCE_MISMATCH");
    expect(
      (await createVerifier({ issuer: s.issuer, audience: c.clientId }).verifyMachine(token)).applicationId,
    ).toBeNull();
    // The management token (aud = issuer) is not for an application either.
    expect(
      await createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier })
        .verifyUser(adminToken)
        .catch((x) => x.code),
    ).toBe("AUDIENCE_MISMATCH");
  });

  test("a machine token without a required scope is InsufficientScopeError; asking the endpoint for an ungranted scope is InvalidScopeError", async () => {
    const { world: w } = s;
    const c = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id, scopes: ["orders.read"] });
    const token = await createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }).getToken();
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const e = await verifier.verifyMachine(token, { scopes: ["orders.read", "orders.write"] }).catch((x) => x);
    expect(e).toBeInstanceOf(InsufficientScopeError);
    expect(e.code).toBe("INSUFFICIENT_SCOPE");
    expect(e.required).toEqual(["orders.read", "orders.write"]);
    expect(e.granted).toEqual(["orders.read"]);
    const asked = await createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      scope: ["orders.write"],
    })
      .getToken()
      .catch((x) => x);
    expect(asked).toBeInstanceOf(InvalidScopeError);
    expect(asked.code).toBe("INVALID_SCOPE");
    expect(asked.status).toBe(400);
  });

  test("a wrong secret is InvalidClientError", async () => {
    const c = await registerClient({ orgId: s.world.orgA.id });
    const e = await createClientCredentials({ issuer: s.issuer, clientId: c.clientId, clientSecret: "not-the-secret" })
      .getToken()
      .catch((x) => x);
    expect(e).toBeInstanceOf(InvalidClientError);
    expect(e.code).toBe("INVALID_CLIENT");
    expect(e.status).toBe(401);
  });

  test("forged, tampered, HS256 and foreign-issuer tokens are InvalidTokenError with a reason", async () => {
    const { world: w } = s;
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const c = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id });
    const good = await createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }).getToken();
    const [h, p, sig] = good.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, scope: "orders.read orders.write" })).toString("base64url")}.${sig}`;
    const { privateKey } = await generateKeyPair("RS256");
    const kid = JSON.parse(Buffer.from(h, "base64url").toString()).kid;
    const forged = await new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid }).sign(privateKey);
    const hs = await new SignJWT(payload)
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid })
      .sign(new Uint8Array(32));
    const reasons = async (t: string) => {
      const e = await verifier.verifyMachine(t).catch((x) => x);
      expect(e).toBeInstanceOf(InvalidTokenError);
      return e.reason;
    };
    expect(await reasons(tampered)).toBe("signature");
    expect(await reasons(forged)).toBe("signature");
    expect(await reasons(hs)).toBe("algorithm");
    expect(await reasons("not-a-jwt")).toBe("malformed");
    expect(await reasons("")).toBe("missing");
    const e = await createVerifier({
      issuer: s.issuer,
      audience: w.appOrders.identifier,
      jwksUri: `${s.url}/.well-known/jwks.json`,
      clockToleranceSeconds: 0,
    })
      .verifyMachine(
        await new SignJWT({ ...payload, iss: "https://evil.test" })
          .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid })
          .sign(privateKey),
      )
      .catch((x) => x);
    expect(e).toBeInstanceOf(InvalidTokenError);
  });

  test("a verifier whose issuer cannot be discovered fails with KeysUnavailable/Discovery, not as a bad token", async () => {
    const e = await createVerifier({ issuer: "http://127.0.0.1:9", audience: "x", timeoutMs: 500 })
      .verifyUser("a.b.c")
      .catch((x) => x);
    expect(["DISCOVERY_FAILED", "KEYS_UNAVAILABLE"]).toContain(e.code);
  });
});

describe("SDK guards in a resource server", () => {
  test("fetch guards: 401 with WWW-Authenticate for no/wrong-kind/wrong-audience tokens, 403 insufficient_scope, 200 otherwise", async () => {
    const { world: w } = s;
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const machineRoute = verifier.withMachine((_req, m) => Response.json({ client: m.clientId }), {
      scopes: ["orders.read"],
    });
    const userRoute = verifier.withUser((_req, u) => Response.json({ uid: u.userId }));
    const rs = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (req) => (new URL(req.url).pathname === "/machine" ? machineRoute(req) : userRoute(req)),
    });
    try {
      const call = async (path: string, token?: string) => {
        const r = await fetch(`http://127.0.0.1:${rs.port}${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        return { status: r.status, www: r.headers.get("www-authenticate"), body: (await r.json()) as any };
      };
      const reader = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id, scopes: ["orders.read"] });
      const weak = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id, scopes: ["api.default"] });
      const unbound = await registerClient({ orgId: w.orgA.id });
      const tok = (c: { clientId: string; clientSecret: string }) =>
        createClientCredentials({ issuer: s.issuer, clientId: c.clientId, clientSecret: c.clientSecret }).getToken();
      const userToken = await login(w.emails.adminA, PASSWORD, w.appOrders.identifier);

      const ok = await call("/machine", await tok(reader));
      expect(ok.status).toBe(200);
      expect(ok.body.client).toBe(reader.clientId);
      expect((await call("/user", userToken)).body.uid).toBeGreaterThan(0);

      const none = await call("/machine");
      expect(none.status).toBe(401);
      expect(none.www).toBe(`Bearer realm="${w.appOrders.identifier}"`);
      for (const [path, token] of [
        ["/machine", userToken],
        ["/user", await tok(reader)],
        ["/machine", await tok(unbound)],
        ["/user", "garbage"],
      ] as const) {
        const r = await call(path, token);
        expect(r.status).toBe(401);
        expect(r.www).toContain('error="invalid_token"');
        expect(r.body.error).toBe("invalid_token");
      }
      const scope = await call("/machine", await tok(weak));
      expect(scope.status).toBe(403);
      expect(scope.www).toContain('error="insufficient_scope"');
      expect(scope.www).toContain('scope="orders.read"');
    } finally {
      rs.stop(true);
    }
  });

  test("Elysia guards: machineAuth and userAuth put the identity on the context and answer 401/403 themselves", async () => {
    const { world: w } = s;
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier });
    const app = new Elysia()
      .onError(() => new Response("host onError must not be reached", { status: 500 }))
      .group("/m", (g) =>
        g
          .use(machineAuth(verifier, { scopes: ["orders.write"] }))
          .get("/orders", ({ machine }) => ({ client: machine.clientId, scopes: machine.scopes })),
      )
      .group("/u", (g) =>
        g
          .use(userAuth(verifier))
          .get("/me", ({ user }) => ({ uid: user.userId, canActA2: canAct(user, w.orgA2.path) })),
      );
    const call = async (path: string, token?: string) => {
      const r = await app.handle(
        new Request(`http://rs.test${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
      );
      return { status: r.status, www: r.headers.get("www-authenticate"), body: (await r.json()) as any };
    };
    const writer = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id, scopes: ["orders.write"] });
    const reader = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id, scopes: ["orders.read"] });
    const tok = (c: { clientId: string; clientSecret: string }) =>
      createClientCredentials({ issuer: s.issuer, clientId: c.clientId, clientSecret: c.clientSecret }).getToken();
    const userToken = await login(w.emails.adminA, PASSWORD, w.appOrders.identifier);

    expect(await call("/m/orders", await tok(writer))).toMatchObject({
      status: 200,
      body: { client: writer.clientId, scopes: ["orders.write"] },
    });
    expect(await call("/u/me", userToken)).toMatchObject({ status: 200, body: { canActA2: true } });
    expect((await call("/m/orders", await tok(reader))).status).toBe(403);
    expect((await call("/m/orders", userToken)).status).toBe(401);
    expect((await call("/u/me", await tok(writer))).status).toBe(401);
    const none = await call("/u/me");
    expect(none.status).toBe(401);
    expect(none.www).toMatch(/^Bearer realm=/);
  });

  test("verification is local: no request reaches the service per verified token once the keys are cached", async () => {
    const { world: w } = s;
    let fetches = 0;
    const counting: typeof fetch = Object.assign(
      (input: RequestInfo | URL, init?: RequestInit) => {
        fetches++;
        return fetch(input, init);
      },
      { preconnect: fetch.preconnect },
    );
    const verifier = createVerifier({ issuer: s.issuer, audience: w.appOrders.identifier, fetch: counting });
    const c = await registerClient({ orgId: w.orgA.id, applicationId: w.appOrders.id });
    const token = await createClientCredentials({
      issuer: s.issuer,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }).getToken();
    await verifier.verifyMachine(token);
    const after = fetches;
    for (let i = 0; i < 20; i++) await verifier.verifyMachine(token);
    expect(fetches).toBe(after);
    expect(after).toBe(2); // the discovery document and the JWKS, once each
  });
});

test("KeysUnavailableError is exported with a stable code", () => {
  expect(new KeysUnavailableError("x").code).toBe("KEYS_UNAVAILABLE");
});
