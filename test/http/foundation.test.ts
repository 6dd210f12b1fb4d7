import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { ADMIN_EMAIL, ISSUER, makeTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("health, discovery and keys", () => {
  test("healthz and readyz answer ok", async () => {
    expect((await t.call("GET", "/healthz")).body).toEqual({ status: "ok" });
    const r = await t.call("GET", "/readyz");
    expect(r.status).toBe(200);
    expect(r.body.checks).toEqual({ store: "ok", sessions: "ok", accepting: "ok" });
  });

  test("JWKS publishes RSA public keys only, cacheable for 300 s", async () => {
    const r = await t.call("GET", "/.well-known/jwks.json");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toContain("max-age=300");
    expect(r.body.keys.length).toBeGreaterThan(0);
    for (const k of r.body.keys) {
      expect(k.kty).toBe("RSA");
      expect(k.alg).toBe("RS256");
      expect(typeof k.kid).toBe("string");
      for (const priv of ["d", "p", "q", "dp", "dq", "qi"]) expect(k[priv]).toBeUndefined();
    }
  });

  test("RFC 8414 metadata and the OpenID document list exactly what exists, from one builder", async () => {
    const r = await t.call("GET", "/.well-known/oauth-authorization-server");
    expect(r.body.issuer).toBe(ISSUER);
    expect(r.body.token_endpoint).toBe(`${ISSUER}/oauth2/token`);
    expect(r.body.userinfo_endpoint).toBe(`${ISSUER}/oauth2/userinfo`);
    expect(r.body.grant_types_supported).toEqual(["authorization_code", "refresh_token", "client_credentials"]);
    expect(r.body.end_session_endpoint).toBe(`${ISSUER}/oauth2/logout`);
    expect(r.body.revocation_endpoint).toBe(`${ISSUER}/oauth2/revoke`);
    expect(r.body.introspection_endpoint).toBe(`${ISSUER}/oauth2/introspect`);
    const oidc = await t.call("GET", "/.well-known/openid-configuration");
    expect(oidc.status).toBe(200);
    expect(oidc.body).toEqual(r.body);
  });
});

describe("management token", () => {
  test("the bootstrap admin's token verifies offline against the JWKS with every SPEC 2.1 claim", async () => {
    const pair = await t.login();
    expect(pair.tokenType).toBe("Bearer");
    expect(pair.expiresInSeconds).toBe(900);
    expect(pair.refreshToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const { payload, protectedHeader } = await jwtVerify(pair.accessToken, jwks, {
      issuer: ISSUER,
      audience: ISSUER,
      algorithms: ["RS256"],
    });
    expect(protectedHeader.typ).toBe("at+jwt");
    expect(payload.token_use).toBe("access");
    expect(payload.sub).toBe(ADMIN_EMAIL);
    expect(typeof payload.uid).toBe("number");
    expect(typeof payload.org_id).toBe("number");
    expect(payload.org_name).toBe("Platform");
    expect(payload.org_path).toBe(`/${payload.tenant_id}/${payload.org_id}/`);
    expect(payload.scope_self).toEqual([payload.org_path]);
    expect(payload.scope_subtree).toEqual([payload.org_path]);
    expect(payload.permissions).toEqual([
      "USER_MANAGE",
      "ORG_MANAGE",
      "ROLE_MANAGE",
      "CLIENT_MANAGE",
      "AUDIT_VIEW",
      "PLATFORM_ADMIN",
    ]);
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(typeof payload.jti).toBe("string");
    expect(typeof payload.sid).toBe("string");
  });

  test("audience equal to the issuer also gives a management token", async () => {
    const pair = await t.login(undefined, undefined, { audience: ISSUER });
    const payload = JSON.parse(Buffer.from(pair.accessToken.split(".")[1], "base64url").toString());
    expect(payload.aud).toBe(ISSUER);
    expect(payload.permissions).toContain("USER_MANAGE");
  });

  test("an unknown audience is 400 with the field named", async () => {
    const r = await t.call("POST", "/api/auth/login", {
      body: { email: ADMIN_EMAIL, password: "admin-password-1", audience: "https://nope.example" },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_FAILED");
    expect(r.body.errors[0].field).toBe("audience");
  });

  test("wrong password and unknown email give the same 401 INVALID_CREDENTIALS", async () => {
    const a = await t.call("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: "wrong-password" } });
    const b = await t.call("POST", "/api/auth/login", {
      body: { email: "nobody@nowhere.test", password: "wrong-password" },
    });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.headers.get("content-type")).toBe("application/problem+json");
    expect(a.body).toEqual(b.body);
    expect(a.body.code).toBe("INVALID_CREDENTIALS");
  });
});

describe("bearer guard and problem+json", () => {
  test("missing, garbage and foreign-signed tokens are 401 problem+json", async () => {
    const missing = await t.call("GET", "/api/users/me/memberships");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect(missing.body.code).toBe("UNAUTHENTICATED");

    const garbage = await t.call("GET", "/api/users/me/memberships", { token: "not.a.jwt" });
    expect(garbage.status).toBe(401);
    expect(garbage.body.code).toBe("INVALID_TOKEN");

    const { privateKey } = await generateKeyPair("RS256");
    const foreign = await new SignJWT({
      token_use: "access",
      uid: 1,
      tenant_id: 1,
      org_id: 1,
      org_path: "/1/1/",
      scope_self: ["/1/1/"],
      scope_subtree: ["/1/1/"],
      permissions: ["PLATFORM_ADMIN"],
    })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: "evil" })
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setSubject(ADMIN_EMAIL)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    const f = await t.call("GET", "/api/users/me/memberships", { token: foreign });
    expect(f.status).toBe(401);
    expect(f.body.code).toBe("INVALID_TOKEN");
    void exportJWK;
  });

  test("unknown routes are 404 problem+json", async () => {
    const r = await t.call("GET", "/api/definitely-not-here");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.body).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  test("invalid bodies are 400 with every failing field", async () => {
    const r = await t.call("POST", "/api/auth/login", { body: { email: 5 } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_FAILED");
    const fields = r.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain("email");
    expect(fields).toContain("password");
  });

  test("malformed JSON is 400, not 500", async () => {
    const r = await t.call("POST", "/api/auth/login", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_FAILED");
  });

  test("bodies over 1 MiB are 413 problem+json", async () => {
    const big = JSON.stringify({ email: "a@b.c", password: "x".repeat(1024 * 1024 + 10) });
    const r = await t.call("POST", "/api/auth/login", {
      raw: big,
      headers: { "content-type": "application/json", "content-length": String(big.length) },
    });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("docs and metrics", () => {
  test("OpenAPI 3.1 document with version v1 describes the login route", async () => {
    const r = await t.call("GET", "/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\.1/);
    expect(r.body.info.version).toBe("v1");
    expect(r.body.paths["/api/auth/login"].post).toBeDefined();
  });

  test("docs UI is served", async () => {
    const r = await t.call("GET", "/docs");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
  });

  test("the API reference turns Scalar's hosted features off: no agent (Ask AI), no MCP, nothing from another origin", async () => {
    const r = await t.call("GET", "/docs");
    const raw = /data-configuration='([^']*)'/.exec(r.body as string)?.[1];
    expect(raw).toBeDefined();
    const config = JSON.parse(raw!);
    expect(config.agent).toMatchObject({ disabled: true });
    expect(config.mcp).toEqual({ disabled: true });
    expect(config).toMatchObject({ telemetry: false, withDefaultFonts: false, hideClientButton: true });
    expect(r.headers.get("content-security-policy")).toContain("connect-src 'self'");
    expect(r.body as string).not.toMatch(/https?:\/\//);
  });

  test("every page's favicon request is answered (an SVG icon, no 404)", async () => {
    const res = await t.app.handle(new Request("http://sso.test/favicon.ico"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toStartWith("<svg");
  });

  test("metrics expose request counts by route and status and process metrics", async () => {
    await t.call("GET", "/healthz");
    const r = await t.call("GET", "/metrics");
    expect(r.headers.get("content-type")).toContain("text/plain");
    expect(r.body).toContain('http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(r.body).toContain("http_request_duration_seconds_bucket");
    expect(r.body).toContain("process_resident_memory_bytes");
  });
});

describe("draining", () => {
  test("once shutdown begins, readiness is a 503 UNAVAILABLE problem naming the check", async () => {
    const own = await makeTestApp();
    try {
      own.svc.drain();
      const r = await own.call("GET", "/readyz");
      expect(r.status).toBe(503);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.body).toMatchObject({
        code: "UNAVAILABLE",
        checks: { store: "ok", sessions: "ok", accepting: "unavailable" },
      });
      expect((await own.call("GET", "/healthz")).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
