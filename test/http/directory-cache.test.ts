/**
 * One way to cache directory data (kernel/directory-cache.ts), through the real stack on the store
 * named by TEST_STORE: two instances (two service graphs on one store, each with its own caches)
 * warm their caches, a change is made through the API on one of them, and the very next request
 * on either instance sees it, with no wait: applications (social client ids, refresh TTL
 * overrides, a newly registered identifier), claims mappings, and org suspension on the
 * client-credentials and refresh paths.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { makeTestApp, type TestApp } from "../support/app";
import {
  claimsOf,
  createOrg,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  type TenantFixture,
} from "./directory-fixtures";
import { refreshCookie } from "./sessions-fixtures";

const OLD_CLIENT = "old-client.apps.googleusercontent.com";
const NEW_CLIENT = "new-client.apps.googleusercontent.com";

let google: Awaited<ReturnType<typeof generateKeyPair>>;
let provider: ReturnType<typeof Bun.serve>;
let a: TestApp;
let b: TestApp;
let ten: TenantFixture;

beforeAll(async () => {
  google = await generateKeyPair("RS256", { extractable: true });
  const keys = { keys: [{ ...(await exportJWK(google.publicKey)), kid: "g1", alg: "RS256", use: "sig" }] };
  provider = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json(keys) });
  const env = { SSO_GOOGLE_JWKS_URL: `http://127.0.0.1:${provider.port}/google` };
  a = await makeTestApp({ env });
  // Another instance: its own graph and caches, the same store (and the same directory version).
  b = await makeTestApp({ env, stores: a.stores });
  ten = await provisionTenant(a);
});
afterAll(async () => {
  await b.svc.delivery.stop();
  await b.svc.idle();
  await a.close();
  provider.stop(true);
});

const googleToken = (aud: string, sub: string, email: string) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: "https://accounts.google.com", aud, sub, email, email_verified: true })
    .setProtectedHeader({ alg: "RS256", kid: "g1" })
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(google.privateKey);
};

async function createApp(body: Record<string, unknown> = {}) {
  return ok(
    a.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: `https://${uniq("dc")}.test`, name: "App", ...body },
    }),
  );
}
const updateApp = (id: number, body: Record<string, unknown>) =>
  ok(a.call("PUT", `/api/applications/${id}`, { token: ten.token, body: { name: "App", ...body } }));

describe("a change made through the API reaches the very next request on every instance", () => {
  test("an application's googleClientIds replaced: an id_token for the removed client id is refused at once", async () => {
    const app = await createApp({ googleClientIds: [OLD_CLIENT, NEW_CLIENT] });
    const u = await createUser(a, ten.token, ten.rootOrgId, { password: null });
    const social = async (t: TestApp, aud: string) =>
      t.call("POST", "/api/auth/social/google", {
        body: { idToken: await googleToken(aud, "dc-sub-1", u.email), audience: app.identifier },
      });
    for (const t of [a, b, a, b]) expect((await social(t, OLD_CLIENT)).status).toBe(200);

    await updateApp(app.id, { googleClientIds: [NEW_CLIENT] });
    for (const t of [b, a]) {
      const r = await social(t, OLD_CLIENT);
      expectProblem(r, 401, "INVALID_TOKEN");
      expect(r.body.detail).toMatch(/another client/);
      expect((await social(t, NEW_CLIENT)).status).toBe(200);
    }
  });

  test("an application's refresh TTL override shows in the next session", async () => {
    const app = await createApp();
    const u = await createUser(a, ten.token, ten.rootOrgId);
    const webMaxAge = async (t: TestApp) => {
      const r = await t.call("POST", "/api/auth/login?web=true", {
        body: { email: u.email, password: PASSWORD, audience: app.identifier },
      });
      expect(r.status).toBe(200);
      return Number(/Max-Age=(\d+)/.exec(refreshCookie(r.headers)!.attrs)![1]);
    };
    for (const t of [a, b]) expect(await webMaxAge(t)).toBe(30 * 86400);
    await updateApp(app.id, { webRefreshTtlDays: 2 });
    for (const t of [b, a]) expect(await webMaxAge(t)).toBe(2 * 86400);
  });

  test("an identifier refused as unknown is accepted as soon as an application registers it", async () => {
    const identifier = `https://${uniq("later")}.test`;
    const u = await createUser(a, ten.token, ten.rootOrgId);
    const login = (t: TestApp) =>
      t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD, audience: identifier } });
    for (const t of [a, b, a, b]) expectProblem(await login(t), 400, "VALIDATION_FAILED");
    await createApp({ identifier });
    for (const t of [b, a]) expect(claimsOf((await ok(login(t))).accessToken).aud).toBe(identifier);
  });

  test("a claims mapping change, or the tenant's feature switched off, shows in the very next token (login and refresh)", async () => {
    const platform = await a.adminToken();
    const features = (customClaims: boolean) =>
      ok(a.call("PUT", `/api/platform/tenants/${ten.tenantId}/features`, { token: platform, body: { customClaims } }));
    await features(true);
    const app = await createApp();
    const u = await createUser(a, ten.token, ten.rootOrgId);
    const put = (tier: number) =>
      ok(
        a.call("PUT", "/api/token-claims", {
          token: ten.token,
          body: { mapping: { add: [{ key: "tier", value: tier }] }, enabled: true },
        }),
      );
    await put(1);
    let rt = "";
    for (const t of [a, b, a, b]) {
      const s = await t.login(u.email, PASSWORD, { audience: app.identifier });
      expect(claimsOf(s.accessToken).tier).toBe(1);
      rt = s.refreshToken;
    }
    const r1 = await ok(b.call("POST", "/api/auth/refresh", { body: { refreshToken: rt } }));
    expect(claimsOf(r1.accessToken).tier).toBe(1);
    await put(2);
    const r2 = await ok(b.call("POST", "/api/auth/refresh", { body: { refreshToken: r1.refreshToken } }));
    expect(claimsOf(r2.accessToken).tier).toBe(2);
    for (const t of [b, a])
      expect(claimsOf((await t.login(u.email, PASSWORD, { audience: app.identifier })).accessToken).tier).toBe(2);
    await features(false);
    const r3 = await ok(b.call("POST", "/api/auth/refresh", { body: { refreshToken: r2.refreshToken } }));
    expect(claimsOf(r3.accessToken).tier).toBeUndefined();
  });

  test("an org suspended: the very next client-credentials token and refresh are refused; activated: served again", async () => {
    const org = await createOrg(a, ten.token, ten.rootOrgId);
    const app = await createApp();
    const client = await ok(
      a.call("POST", "/api/clients", {
        token: ten.token,
        body: { name: "dc", orgId: org.id, applicationId: app.id, scopes: [] },
      }),
    );
    const token = (t: TestApp) =>
      t.call("POST", "/oauth2/token", {
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
        },
        raw: "grant_type=client_credentials",
      });
    const u = await createUser(a, ten.token, org.id);
    let rt = (await a.login(u.email, PASSWORD)).refreshToken;
    for (const t of [a, b, a, b]) {
      const r = await token(t);
      expect(r.status).toBe(200);
      expect(claimsOf(r.body.access_token).aud).toBe(app.identifier);
      rt = (await ok(t.call("POST", "/api/auth/refresh", { body: { refreshToken: rt } }))).refreshToken;
    }

    const platform = await a.adminToken();
    await ok(a.call("POST", `/api/organizations/${org.id}/suspend`, { token: platform }));
    for (const t of [b, a]) {
      const r = await token(t);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("unauthorized_client");
    }
    expectProblem(await b.call("POST", "/api/auth/refresh", { body: { refreshToken: rt } }), 403, "ORG_SUSPENDED");

    await ok(a.call("POST", `/api/organizations/${org.id}/activate`, { token: platform }));
    for (const t of [b, a]) expect((await token(t)).status).toBe(200);
  });
});
