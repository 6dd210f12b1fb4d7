/**
 * CONTRACT §2, "which user tokens reach which route" (docs/security.md): a token serves the audience
 * and privileges it was issued for. A third-party client's token is 403 on every /api/** route (the
 * account takeover it allowed is refused at its first step); adding a way to sign in or acting on the
 * whole account needs a management token; one's own data takes a management, SPEC-login or
 * first-party client token. The property pass walks every mounted /api/** route by its declaration.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, makeTestApp, type TestApp } from "../support/app";
import { authorizePath, browser, codeOfRedirect, exchangeCode, fieldOf, passwordSignIn } from "../support/hosted-pages";
import { declaredRule, REFUSALS, type TokenRule } from "../../src/http/guard";
import { claimsOf, createUser, ok, PASSWORD, uniq } from "./directory-fixtures";

let t: TestApp;
const REDIRECT = "https://third.example.com/cb";
let audience: string;
/** One application, a third-party client and a first-party client of it, in the platform tenant. */
let thirdParty: string;
let firstParty: string;

async function registerClient(admin: string, orgId: number, applicationId: number, first: boolean) {
  const c = await ok(
    t.call("POST", "/api/clients", {
      token: admin,
      body: {
        name: uniq(first ? "First" : "Third"),
        orgId,
        applicationId,
        type: "public",
        grantTypes: ["authorization_code"],
        redirectUris: [REDIRECT],
        firstParty: first,
      },
    }),
  );
  return c.clientId as string;
}

beforeAll(async () => {
  t = await makeTestApp();
  const admin = await t.adminToken();
  const orgId = claimsOf(admin).org_id as number;
  audience = uniq("https://calendar.example.com/api");
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: admin,
      body: { organizationId: orgId, identifier: audience, name: "Calendar" },
    }),
  );
  thirdParty = await registerClient(admin, orgId, app.id, false);
  firstParty = await registerClient(admin, orgId, app.id, true);
});
afterAll(() => t.close());

/** The access token `clientId` gets for `email` through the hosted pages (consenting when asked). */
async function clientToken(clientId: string, email: string, password: string): Promise<string> {
  const b = browser(t);
  let res = await passwordSignIn(b, await b.get(authorizePath(clientId, REDIRECT)), email, password);
  if (res.status === 200) {
    const html = await res.text();
    // CONTRACT §12: the consent page names who asks (the client) and what its tokens open (the application).
    expect(html).toContain(`name="decision" value="allow"`);
    expect(html).toContain("Its access opens: Calendar");
    res = await b.post("/oauth2/authorize/consent", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      decision: "allow",
    });
  }
  const exchanged = await exchangeCode(t, clientId, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
  expect(exchanged.status).toBe(200);
  return exchanged.body.access_token;
}

const refusedBy = (r: { status: number; body: any }, refusal: string) =>
  r.status === 403 && r.body?.code === "FORBIDDEN" && r.body?.detail === refusal;
const gateRefusals = new Set<string>(Object.values(REFUSALS));
/** The gate let the request through: whatever the route then answers, it is not the gate's refusal. */
const admitted = (r: { status: number; body: any }, rule: TokenRule) =>
  !(r.status === 403 && gateRefusals.has(r.body?.detail)) && (rule === "public" || r.status !== 401);

describe("a third-party application cannot reach the account it signs people in to", () => {
  test("the bootstrap administrator's scope=openid token registers no passkey, starts no TOTP, reads no export, ends no session", async () => {
    const token = await clientToken(thirdParty, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(claimsOf(token).client_id).toBe(thirdParty);
    const attempts: [string, string, unknown?][] = [
      ["POST", "/api/users/me/passkeys/register/begin", {}],
      ["POST", "/api/mfa/setup/begin"],
      ["GET", "/api/users/me/export"],
      ["GET", "/api/users/me/sessions"],
      ["POST", "/api/users/me/sessions/revoke-all"],
      ["POST", "/api/users/me/password", { currentPassword: ADMIN_PASSWORD, newPassword: "taken-over-123" }],
      ["GET", "/api/users"],
    ];
    for (const [method, path, body] of attempts) {
      const r = await t.call(method, path, { token, body });
      expect({ path, refused: refusedBy(r, REFUSALS.thirdParty) }).toEqual({ path, refused: true });
    }
    // It still serves what it was issued for: the person's UserInfo.
    const info = await t.app.handle(
      new Request(`${t.config.issuer}/oauth2/userinfo`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(info.status).toBe(200);
    // Nothing was started or ended: the administrator's own management token still works everywhere.
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.call("GET", "/api/users/me/passkeys", { token: admin.accessToken })).body).toEqual([]);
  });

  test("a first-party application's token reads the person's own data but adds no way to sign in", async () => {
    const u = await createUser(t, await t.adminToken(), claimsOf(await t.adminToken()).org_id);
    const token = await clientToken(firstParty, u.email, PASSWORD);
    expect(claimsOf(token).aud).toBe(audience);
    expect((await t.call("GET", "/api/users/me/export", { token })).status).toBe(200);
    expect((await t.call("GET", "/api/users/me/sessions", { token })).status).toBe(200);
    for (const path of ["/api/users/me/passkeys/register/begin", "/api/mfa/setup/begin"])
      expect(refusedBy(await t.call("POST", path, { token, body: {} }), REFUSALS.account)).toBe(true);
    // The person's own management token does.
    const own = await t.login(u.email, PASSWORD);
    expect(
      (await t.call("POST", "/api/users/me/passkeys/register/begin", { token: own.accessToken, body: {} })).status,
    ).toBe(200);
  });
});

describe("every /api/** route takes exactly the tokens its declaration names", () => {
  test("third-party: 403 everywhere; application audience: own data only; management: everything", async () => {
    const admin = await t.adminToken();
    const u = await createUser(t, admin, claimsOf(admin).org_id);
    const tokens = {
      thirdParty: await clientToken(thirdParty, u.email, PASSWORD),
      firstPartyApp: await clientToken(firstParty, u.email, PASSWORD),
      loginApp: (await t.login(u.email, PASSWORD, { audience })).accessToken,
      management: (await t.login(u.email, PASSWORD)).accessToken,
    };
    const routes = (t.app.routes as { method: string; path: string; hooks?: { detail?: Record<string, unknown> } }[])
      .filter((r) => r.path.startsWith("/api/"))
      .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, "999999"), rule: declaredRule(r)! }));
    expect(routes.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    const send = (route: (typeof routes)[number], token: string) =>
      t.call(route.method, route.path, {
        token,
        body: ["POST", "PUT", "PATCH"].includes(route.method) ? {} : undefined,
      });
    // The management token goes last: it may act (end the person's other sessions) where it is admitted.
    for (const kind of ["thirdParty", "firstPartyApp", "loginApp", "management"] as const) {
      for (const route of routes) {
        const r = await send(route, tokens[kind]);
        const expected =
          kind === "thirdParty"
            ? refusedBy(r, REFUSALS.thirdParty)
            : kind === "management" || route.rule === "public" || route.rule === "self"
              ? admitted(r, route.rule)
              : refusedBy(r, route.rule === "account" ? REFUSALS.account : REFUSALS.management);
        if (!expected)
          wrong.push(`${kind} ${route.method} ${route.path} (${route.rule}): ${r.status} ${r.body?.detail}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
