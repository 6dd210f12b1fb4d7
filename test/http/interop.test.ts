/**
 * Interoperability with what resource servers already run: every access token (user, management,
 * machine) passes oauth4webapi's strict RFC 9068 validator, fed from our own RFC 8414 metadata.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import * as oauth from "oauth4webapi";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { ok, PASSWORD, provisionTenant, uniq, createUser, type TenantFixture } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let as: oauth.AuthorizationServer;

/** Requests go to the app itself (no network): the validator fetches the JWKS through this. */
const viaApp: typeof fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  t.app.handle(new Request(input, init))) as typeof fetch;

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  const res = await oauth.discoveryRequest(new URL(ISSUER), {
    algorithm: "oauth2",
    [oauth.customFetch]: viaApp,
    [oauth.allowInsecureRequests]: true,
  });
  as = await oauth.processDiscoveryResponse(new URL(ISSUER), res);
});
afterAll(() => t.close());

const validate = (token: string, audience: string) =>
  oauth.validateJwtAccessToken(
    as,
    new Request("https://api.example/orders", { headers: { authorization: `Bearer ${token}` } }),
    audience,
    { [oauth.customFetch]: viaApp, [oauth.allowInsecureRequests]: true, signingAlgorithms: ["RS256"] },
  );

describe("strict RFC 9068 validation (oauth4webapi)", () => {
  test("a management token: client_id names the issuer, scope repeats the permissions", async () => {
    const claims = await validate(ten.token, ISSUER);
    expect(claims.client_id).toBe(ISSUER);
    expect(claims.scope!.split(" ").sort()).toEqual([
      "AUDIT_VIEW",
      "CLIENT_MANAGE",
      "ORG_MANAGE",
      "ROLE_MANAGE",
      "USER_MANAGE",
    ]);
  });

  test("a user token for an application: client_id is that application", async () => {
    const identifier = `https://${uniq("api")}.test`;
    await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier, name: "API" },
      }),
    );
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken } = await t.login(u.email, PASSWORD, { audience: identifier });
    const claims = await validate(accessToken, identifier);
    expect(claims.client_id).toBe(identifier);
    expect(claims.scope).toBe("");
    await expect(validate(accessToken, ISSUER)).rejects.toThrow();
  });

  test("a machine token", async () => {
    const c = await ok(
      t.call("POST", "/api/clients", { token: ten.token, body: { name: "m2m", orgId: ten.rootOrgId } }),
    );
    const r = await t.call("POST", "/oauth2/token", {
      raw: "grant_type=client_credentials",
      headers: {
        authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    const claims = await validate(r.body.access_token, c.clientId);
    expect(claims.client_id).toBe(c.clientId);
  });
});

describe("CORS", () => {
  test("public metadata is readable from any origin; preflights of the token and auth endpoints succeed only for SSO_CORS_ORIGINS; other routes send nothing", async () => {
    const jwks = await t.call("GET", "/.well-known/jwks.json", { headers: { origin: "https://anywhere.example" } });
    expect(jwks.headers.get("access-control-allow-origin")).toBe("*");
    expect(jwks.headers.get("access-control-allow-credentials")).toBeNull();
    const meta = await t.call("GET", "/.well-known/oauth-authorization-server", {
      headers: { origin: "https://anywhere.example" },
    });
    expect(meta.headers.get("access-control-allow-origin")).toBe("*");
    // Without SSO_CORS_ORIGINS: no origin is allowed on the credentialed endpoints.
    const pre = await t.call("OPTIONS", "/api/auth/login", {
      headers: { origin: "https://app.example", "access-control-request-method": "POST" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const listed = await makeTestApp({ env: { SSO_CORS_ORIGINS: "https://app.example" } });
    try {
      const ok1 = await listed.call("OPTIONS", "/api/auth/login", {
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(ok1.status).toBe(204);
      expect(ok1.headers.get("access-control-allow-origin")).toBe("https://app.example");
      expect(ok1.headers.get("access-control-allow-credentials")).toBe("true");
      expect(ok1.headers.get("access-control-allow-methods")).toBe("POST");
      const other = await listed.call("OPTIONS", "/oauth2/token", {
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
      // A browser application revokes its refresh token at sign-out; introspection is for servers.
      const revoke = await listed.call("OPTIONS", "/oauth2/revoke", {
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      });
      expect(revoke.headers.get("access-control-allow-origin")).toBe("https://app.example");
      const introspect = await listed.call("OPTIONS", "/oauth2/introspect", {
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      });
      expect(introspect.headers.get("access-control-allow-origin")).toBeNull();
      // An actual sign-in from the listed origin carries the headers (also on an error answer).
      const bad = await listed.call("POST", "/api/auth/login", {
        body: { email: "x@y.z", password: "wrong-one" },
        headers: { origin: "https://app.example" },
      });
      expect(bad.status).toBe(401);
      expect(bad.headers.get("access-control-allow-origin")).toBe("https://app.example");
      // Management routes never answer CORS, whatever the origin.
      const mgmt = await listed.call("GET", "/api/organizations", {
        token: await listed.adminToken(),
        headers: { origin: "https://app.example" },
      });
      expect(mgmt.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await listed.close();
    }
  });
});

describe("methods", () => {
  test("a wrong method on an existing path is 405 problem+json with Allow; an unknown path stays 404", async () => {
    const r = await t.call("DELETE", "/api/auth/login");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.body.code).toBe("METHOD_NOT_ALLOWED");
    const users = await t.call("PATCH", "/api/users/12");
    expect(users.status).toBe(405);
    expect(users.headers.get("allow")).toBe("PUT");
    expect((await t.call("GET", "/api/nothing-here")).status).toBe(404);
  });
});
