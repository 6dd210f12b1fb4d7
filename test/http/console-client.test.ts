/**
 * The admin console is a public client of its own service (CONTRACT §12; docs/oidc.md, "The console
 * is a client too"): the built-in `sso-console` client signs in people of every tenant through the
 * hosted pages, gets management tokens, and shares the sign-in session with the tenant's own
 * applications both ways. On every store (TEST_STORE).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, jwtVerify } from "jose";
import { ADMIN_EMAIL, ADMIN_PASSWORD, ISSUER, makeTestApp, type TestApp } from "../support/app";
import {
  browser,
  codeOfRedirect,
  exchangeCode,
  fieldOf,
  passwordSignIn,
  PKCE_CHALLENGE,
  tokenEndpoint,
} from "../support/hosted-pages";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

let t: TestApp;
let a: TenantFixture;
let b: TenantFixture;
let appClient: string;
const CONSOLE = "sso-console";
const CALLBACK = `${ISSUER}/console/callback`;
const APP_REDIRECT = "https://shop.example.com/cb";

beforeAll(async () => {
  t = await makeTestApp();
  a = await provisionTenant(t);
  b = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: a.token,
      body: { organizationId: a.rootOrgId, identifier: uniq("https://shop.example.com/api"), name: "Shop" },
    }),
  );
  appClient = (
    await ok(
      t.call("POST", "/api/clients", {
        token: a.token,
        body: {
          name: "Shop",
          orgId: a.rootOrgId,
          applicationId: app.id,
          type: "public",
          grantTypes: ["authorization_code", "refresh_token"],
          redirectUris: [APP_REDIRECT],
        },
      }),
    )
  ).clientId;
});
afterAll(() => t.close());

const authorizeUrl = (clientId: string, redirect: string, extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: "code",
    scope: "openid profile email offline_access",
    state: "s1",
    code_challenge: PKCE_CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

const codeOf = (res: Response, redirect: string) => codeOfRedirect(res, redirect, "s1");
const token = (form: Record<string, string>) => tokenEndpoint(t, form);
const exchange = (clientId: string, code: string, redirect: string) => exchangeCode(t, clientId, code, redirect);

async function signIn(br: ReturnType<typeof browser>, clientId: string, redirect: string, email: string) {
  const page = await br.get(authorizeUrl(clientId, redirect));
  expect(page.status).toBe(200);
  return codeOf(await passwordSignIn(br, page, email, PASSWORD), redirect);
}

describe("the console as a client of its own service", () => {
  test("discovery-free facts: the console client is built in, public, and not listed among a tenant's clients", async () => {
    const listed = await ok(t.call("GET", `/api/clients?organizationId=${a.rootOrgId}`, { token: a.token }));
    expect(listed.some((c: { clientId: string }) => c.clientId === CONSOLE)).toBe(false);
    // A secret is never accepted for it: it is public.
    const r = await token({
      grant_type: "client_credentials",
      client_id: CONSOLE,
      client_secret: "anything",
    });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("invalid_client");
  });

  test("an administrator of tenant A signs in through the pages and gets a management token of tenant A", async () => {
    const br = browser(t);
    const code = await signIn(br, CONSOLE, CALLBACK, a.adminEmail);
    const r = await exchange(CONSOLE, code, CALLBACK);
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).toBeString();
    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const access = await jwtVerify(r.body.access_token, jwks, { issuer: ISSUER, audience: ISSUER });
    expect(access.payload.tenant_id).toBe(a.tenantId);
    expect(access.payload.client_id).toBe(CONSOLE);
    expect(access.payload.permissions).toContain("USER_MANAGE");
    const id = await jwtVerify(r.body.id_token, jwks, { issuer: ISSUER, audience: CONSOLE });
    expect(id.payload.sid).toBe(access.payload.sid);
    // The token works on the management API, in tenant A only.
    const users = await t.call("GET", `/api/users?organizationId=${a.rootOrgId}`, { token: r.body.access_token });
    expect(users.status).toBe(200);
    const foreign = await t.call("GET", `/api/users?organizationId=${b.rootOrgId}`, { token: r.body.access_token });
    expect(foreign.status).toBe(404); // another tenant's org does not exist for this token
    // UserInfo answers for it; the refresh token rotates for this client only.
    expect((await t.call("GET", "/oauth2/userinfo", { token: r.body.access_token })).status).toBe(200);
    const other = await token({
      grant_type: "refresh_token",
      client_id: appClient,
      refresh_token: r.body.refresh_token,
    });
    expect(other.body.error).toBe("invalid_grant");
    const next = await token({ grant_type: "refresh_token", client_id: CONSOLE, refresh_token: r.body.refresh_token });
    expect(next.status).toBe(200);
    const rotated = await jwtVerify(next.body.access_token, jwks, { issuer: ISSUER, audience: ISSUER });
    expect(rotated.payload.tenant_id).toBe(a.tenantId);
  });

  test("a person of tenant B signs in to the same console client and gets tenant B's token", async () => {
    const br = browser(t);
    const code = await signIn(br, CONSOLE, CALLBACK, b.adminEmail);
    const r = await exchange(CONSOLE, code, CALLBACK);
    expect(r.status).toBe(200);
    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const access = await jwtVerify(r.body.access_token, jwks, { issuer: ISSUER, audience: ISSUER });
    expect(access.payload.tenant_id).toBe(b.tenantId);
  });

  test("signed in to the console, signed in to the tenant's applications: no page", async () => {
    const br = browser(t);
    const code = await signIn(br, CONSOLE, CALLBACK, a.adminEmail);
    const consoleId = await exchange(CONSOLE, code, CALLBACK);
    const silent = await br.get(authorizeUrl(appClient, APP_REDIRECT, { prompt: "none" }));
    const r = await exchange(appClient, codeOf(silent, APP_REDIRECT), APP_REDIRECT);
    expect(r.status).toBe(200);
    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const a1 = await jwtVerify(consoleId.body.id_token, jwks, { issuer: ISSUER, audience: CONSOLE });
    const a2 = await jwtVerify(r.body.id_token, jwks, { issuer: ISSUER, audience: appClient });
    expect(a2.payload.sid).toBe(a1.payload.sid);
  });

  test("signed in to an application, signed in to the console: no page", async () => {
    const br = browser(t);
    const user = await createUser(t, a.token, a.rootOrgId);
    await exchange(appClient, await signIn(br, appClient, APP_REDIRECT, user.email), APP_REDIRECT);
    const silent = await br.get(authorizeUrl(CONSOLE, CALLBACK, { prompt: "none" }));
    const r = await exchange(CONSOLE, codeOf(silent, CALLBACK), CALLBACK);
    expect(r.status).toBe(200);
    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const access = await jwtVerify(r.body.access_token, jwks, { issuer: ISSUER, audience: ISSUER });
    expect(access.payload.uid).toBe(user.id);
    // A person without system permissions gets a management token without them.
    expect(access.payload.permissions).toEqual([]);
  });

  test("a person of tenant B is not signed in to tenant A's application by the console session", async () => {
    const br = browser(t);
    await exchange(CONSOLE, await signIn(br, CONSOLE, CALLBACK, b.adminEmail), CALLBACK);
    const silent = await br.get(authorizeUrl(appClient, APP_REDIRECT, { prompt: "none" }));
    expect(silent.status).toBe(303);
    expect(new URL(silent.headers.get("location")!).searchParams.get("error")).toBe("login_required");
  });

  test("only the console's own redirect URI: another one is an error page, never a redirect", async () => {
    const res = await browser(t).get(authorizeUrl(CONSOLE, "https://evil.example.com/console/callback"));
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });
});

/**
 * CONTRACT §12: the console client accepts exactly its registered redirect URI, whatever the
 * issuer. RFC 8252 §7.3's port freedom is for native apps; with the issuer on a loopback IP, the
 * console's callback is itself a loopback IP URI, and any port there would let another local
 * process take an administrator's code with the browser's `sso_session` (issue 34). The service
 * does not start with an issuer on `http://[::1]:P` (a WebAuthn RP ID cannot be `[::1]`), so that
 * host is covered by test/unit/oidc/authorize.test.ts only.
 */
describe("the console's redirect URI is matched exactly with the issuer on a loopback IP", () => {
  const issuer = "http://127.0.0.1:4555";
  const callback = `${issuer}/console/callback`;
  let lt: TestApp;
  beforeAll(async () => {
    lt = await makeTestApp({ env: { SSO_ISSUER: issuer } });
  });
  afterAll(() => lt.close());

  test("another port on the issuer's loopback host is an error page, never a redirect, even signed in as the platform administrator", async () => {
    const br = browser(lt);
    // The administrator signs in to the console at its exact callback: a code comes back.
    const page = await br.get(authorizeUrl(CONSOLE, callback));
    expect(page.status).toBe(200);
    const back = await passwordSignIn(br, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(back.status).toBe(303);
    const loc = new URL(back.headers.get("location")!);
    expect(`${loc.origin}${loc.pathname}`).toBe(callback);
    expect(loc.searchParams.get("iss")).toBe(issuer);
    const r = await exchangeCode(lt, CONSOLE, loc.searchParams.get("code")!, callback);
    expect(r.status).toBe(200);
    // With that sign-in session, a local process on another port (or on none) asks for a code.
    for (const other of ["http://127.0.0.1:4556/console/callback", "http://127.0.0.1/console/callback"]) {
      for (const extra of [{}, { prompt: "none" }] as Record<string, string>[]) {
        const res = await br.get(authorizeUrl(CONSOLE, other, extra));
        expect(res.status).toBe(400);
        expect(res.headers.get("location")).toBeNull();
        expect(await res.text()).not.toContain("code=");
      }
    }
    // The exact URI still signs in without a page.
    const silent = await br.get(authorizeUrl(CONSOLE, callback, { prompt: "none" }));
    expect(silent.status).toBe(303);
    expect(new URL(silent.headers.get("location")!).searchParams.get("code")).toBeString();
  });
});
