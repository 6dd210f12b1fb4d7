/**
 * `/oauth2/authorize` and the hosted pages, black-box through the real app (CONTRACT §12): error
 * pages vs error redirects, a browserless sign-in through the pages ending in a code, the second
 * factor, the org picker, consent, single sign-on with the `sso_session` cookie, `prompt` and
 * `max_age`, CSRF, the lockout and disabled users, codes stored hashed, and a session made on one
 * instance serving another.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateKeyPair, SignJWT } from "jose";
import { generate } from "otplib";
import { readSessionCookie } from "../../src/features/sessions";
import { sha256Hex } from "../../src/kernel/secrets";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { browser as browserOf, fieldOf, submit } from "../support/hosted-pages";
import { manualClock } from "../support/clock";
import {
  createOrg,
  createRole,
  createUser,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
  uniq,
} from "./directory-fixtures";

const clock = manualClock();
const browser = (target?: TestApp) => browserOf(target ?? t);
let t: TestApp;
let ten: TenantFixture;
let appId: number;
/** First-party public clients (two, for single sign-on) and a third-party confidential one. */
let first: string;
let second: string;
let third: string;
/** Confidential first-party clients: PKCE required (the default), and registered with `requirePkce: false`. */
let strict: string;
let lenient: string;
const REDIRECT = "https://app.example.com/cb";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update("a-verifier").digest()).toString("base64url");

async function registerClient(over: Record<string, unknown>) {
  const r = await ok(
    t.call("POST", "/api/clients", {
      token: ten.token,
      body: {
        name: uniq("Client"),
        orgId: ten.rootOrgId,
        applicationId: appId,
        grantTypes: ["authorization_code", "refresh_token"],
        redirectUris: [REDIRECT],
        ...over,
      },
    }),
  );
  return r.clientId as string;
}

beforeAll(async () => {
  t = await makeTestApp({ clock });
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/app"), name: "Shop" },
    }),
  );
  appId = app.id;
  first = await registerClient({ type: "public" });
  second = await registerClient({ type: "public", redirectUris: ["https://other.example.com/cb"] });
  third = await registerClient({ firstParty: false });
  strict = await registerClient({});
  lenient = await registerClient({ requirePkce: false });
});
afterAll(() => t.close());

const authorizeUrl = (clientId: string, extra: Record<string, string> = {}, redirect = REDIRECT) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: "code",
    scope: "openid profile email",
    state: "st-1",
    nonce: "n-1",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

/** The authorization URL without `code_challenge` and `code_challenge_method`. */
const withoutPkce = (clientId: string, extra: Record<string, string> = {}) => {
  const u = new URL(authorizeUrl(clientId, extra), ISSUER);
  u.searchParams.delete("code_challenge");
  u.searchParams.delete("code_challenge_method");
  return `${u.pathname}${u.search}`;
};

/** The client's redirect: asserts it goes to `redirect` and answers its query. */
function landed(res: Response, redirect = REDIRECT): URLSearchParams {
  expect(res.status).toBe(303);
  const loc = res.headers.get("location")!;
  expect(loc.startsWith(`${redirect}?`)).toBe(true);
  return new URL(loc).searchParams;
}

/** Signs in through the pages with email + password; answers the response after the password POST. */
async function signIn(b: ReturnType<typeof browser>, url: string, email: string, password = PASSWORD) {
  const page = await b.get(url);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  return submit(b, page, "/oauth2/authorize/password", { email, password });
}

const redeem = (clientId: string, code: string) =>
  t.svc.sessions.codes.redeem(ten.tenantId, clientId, sha256Hex(code), clock.now());

describe("the request's errors", () => {
  test("an unknown client is an error page, never a redirect", async () => {
    const r = await browser().get(authorizeUrl("cli_AAAAAAAAAAAAAAAAAAAAAA"));
    expect(r.status).toBe(400);
    expect(r.headers.get("location")).toBeNull();
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(await r.text()).toContain("not known");
  });

  test("an unregistered redirect_uri is an error page, never a redirect", async () => {
    const r = await browser().get(authorizeUrl(first, {}, "https://evil.example.com/cb"));
    expect(r.status).toBe(400);
    expect(r.headers.get("location")).toBeNull();
    expect(await r.text()).toContain('<html lang="en"');
  });

  test("the error page of an unregistered redirect_uri speaks the language ui_locales asks for (CONTRACT §15)", async () => {
    const r = await browser().get(authorizeUrl(first, { ui_locales: "de" }, "https://evil.example.com/cb"));
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('<html lang="de"');
  });

  test("every other error goes back with error, state and iss", async () => {
    for (const [extra, error] of [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ request: "x" }, "request_not_supported"],
    ] as const) {
      const q = landed(await browser().get(authorizeUrl(first, extra)));
      expect(q.get("error")).toBe(error);
      expect(q.get("state")).toBe("st-1");
      expect(q.get("iss")).toBe(ISSUER);
    }
  });

  test("prompt=none without a session is login_required", async () => {
    const q = landed(await browser().get(authorizeUrl(first, { prompt: "none" })));
    expect(q.get("error")).toBe("login_required");
    expect(q.get("state")).toBe("st-1");
    expect(q.get("iss")).toBe(ISSUER);
  });

  test("PKCE: a public client and a confidential one by default must send a challenge: invalid_request with state and iss", async () => {
    for (const client of [first, strict]) {
      const q = landed(await browser().get(withoutPkce(client)));
      expect(q.get("error")).toBe("invalid_request");
      expect(q.get("error_description")).toContain("code_challenge");
      expect(q.get("state")).toBe("st-1");
      expect(q.get("iss")).toBe(ISSUER);
    }
  });

  test("prompt=none without a session and without a challenge is login_required, before any PKCE complaint", async () => {
    for (const client of [first, strict, lenient]) {
      const q = landed(await browser().get(withoutPkce(client, { prompt: "none" })));
      expect(q.get("error")).toBe("login_required");
      expect(q.get("state")).toBe("st-1");
      expect(q.get("iss")).toBe(ISSUER);
    }
    // A challenge sent as plain (or a method without a challenge) waits the same way.
    expect(
      landed(await browser().get(authorizeUrl(first, { prompt: "none", code_challenge_method: "plain" }))).get("error"),
    ).toBe("login_required");
  });

  test("prompt=none with a session but without a challenge, for a client that requires PKCE, is invalid_request and issues no code", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    landed(await signIn(b, authorizeUrl(first), u.email));
    for (const client of [first, strict]) {
      const q = landed(await b.get(withoutPkce(client, { prompt: "none" })));
      expect(q.get("error")).toBe("invalid_request");
      expect(q.get("code")).toBeNull();
      expect(q.get("state")).toBe("st-1");
    }
    // The same session, with the challenge: a code.
    expect(landed(await b.get(authorizeUrl(strict, { prompt: "none" }))).get("code")).toBeTruthy();
  });

  test("no CORS headers on /oauth2/authorize", async () => {
    const r = await t.app.handle(
      new Request(`${ISSUER}${authorizeUrl(first)}`, { headers: { origin: "https://app.example.com" } }),
    );
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("signing in through the pages", () => {
  test("a first-party client: sign-in page, password, 303 with code, state and iss; the code is stored hashed with what the token endpoint needs", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const page = await b.get(authorizeUrl(first, { login_hint: u.email }));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' https://app.example.com");
    const html = await page.text();
    expect(fieldOf(html, "email")).toBe(u.email);
    const res = await b.post("/oauth2/authorize/password", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      email: u.email,
      password: PASSWORD,
    });
    const q = landed(res);
    expect(q.get("state")).toBe("st-1");
    expect(q.get("iss")).toBe(ISSUER);
    const code = q.get("code")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session cookie (CONTRACT §12).
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sso_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // the test issuer is plain http
    // Stored under its SHA-256 only: the raw value names nothing.
    expect(await t.svc.sessions.codes.redeem(ten.tenantId, first, code, clock.now())).toBeNull();
    const r = await redeem(first, code);
    expect(r?.status).toBe("ok");
    const rec = r!.code;
    expect(rec).toMatchObject({
      tenantId: ten.tenantId,
      clientId: first,
      userId: u.id,
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      nonce: "n-1",
      scopes: ["openid", "profile", "email"],
      orgId: ten.rootOrgId,
      amr: ["pwd"],
    });
    expect(rec.expiresAt.getTime() - clock.now().getTime()).toBe(60_000);
    // The cookie names its session and so its tenant (CONTRACT §13: a logout without a client ends it).
    const named = readSessionCookie(b.jar.get("sso_session"));
    expect(named?.tenantId).toBe(ten.tenantId);
    const sid = named!.sid;
    expect(rec.sid).toBe(sid);
    const session = await t.svc.sessions.signIns.get(ten.tenantId, sid, clock.now());
    expect(session).toMatchObject({ userId: u.id, amr: ["pwd"] });
    // Audited: the sign-in through the pages.
    const audit = await t.svc.store.audit.query({ tenant: ten.tenantId, orgPath: `/${ten.tenantId}/`, size: 200 });
    const mine = audit.filter((a) => a.userId === u.id);
    expect(mine.find((a) => a.action === "auth.login.succeeded")?.metadata).toMatchObject({
      method: "password",
      via: "pages",
      clientId: first,
    });
    // The authorization itself is audited once, with its redemption (oauth.code.redeemed, in
    // oidc-token.test.ts): the code carries the browser's address for that entry.
    expect(mine.some((a) => a.action === "oauth.authorized")).toBe(false);
    expect(rec).toHaveProperty("authorizedIp");

    // Single sign-on: another client of the tenant gets a code with no page.
    const sso = landed(
      await b.get(authorizeUrl(second, {}, "https://other.example.com/cb")),
      "https://other.example.com/cb",
    );
    const other = await redeem(second, sso.get("code")!);
    expect(other?.code).toMatchObject({ userId: u.id, sid, clientId: second });

    // prompt=none with the session: a code, no page.
    expect(landed(await b.get(authorizeUrl(first, { prompt: "none" }))).get("code")).toBeTruthy();

    // prompt=login shows the sign-in page despite the session; signing in again gives a code.
    const again = await b.get(authorizeUrl(first, { prompt: "login" }));
    expect(again.status).toBe(200);
    const reauth = landed(await submit(b, again, "/oauth2/authorize/password", { email: u.email, password: PASSWORD }));
    expect(reauth.get("code")).toBeTruthy();

    // max_age=0: an earlier sign-in does not serve.
    clock.advance(2);
    expect((await b.get(authorizeUrl(first, { max_age: "0" }))).status).toBe(200);
    // max_age large enough: the session serves.
    expect(landed(await b.get(authorizeUrl(first, { max_age: "3600" }))).get("code")).toBeTruthy();
  });

  test("one browser, one session: the same person signing in again renews it in place; another person's replaces it", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    landed(await signIn(b, authorizeUrl(first), u.email));
    const sid = readSessionCookie(b.jar.get("sso_session"))!.sid;
    const cookie = b.jar.get("sso_session");

    // prompt=login: proven again, the same sid (other applications keep it), a new auth_time.
    clock.advance(5);
    const again = await redeem(
      first,
      landed(await signIn(b, authorizeUrl(first, { prompt: "login" }), u.email)).get("code")!,
    );
    expect(again?.code.sid).toBe(sid);
    expect(b.jar.get("sso_session")).toBe(cookie);
    const live = await t.svc.sessions.signIns.listByUser(ten.tenantId, u.id, clock.now());
    expect(live.map((x) => x.sid)).toEqual([sid]);
    expect(live[0].authTime.getTime()).toBe(again!.code.authTime.getTime());
    expect(again!.code.authTime.getTime()).toBeGreaterThan(live[0].createdAt.getTime());

    // Another person signs in in this browser: the first person's session ends (audited), a new one starts.
    const v = await createUser(t, ten.token, ten.rootOrgId);
    const other = await redeem(
      first,
      landed(await signIn(b, authorizeUrl(first, { prompt: "login" }), v.email)).get("code")!,
    );
    expect(other?.code.userId).toBe(v.id);
    expect(other?.code.sid).not.toBe(sid);
    expect(await t.svc.sessions.signIns.listByUser(ten.tenantId, u.id, clock.now())).toEqual([]);
    expect(await t.svc.sessions.signIns.get(ten.tenantId, sid, clock.now())).toBeNull();
    const audit = await t.svc.store.audit.query({ tenant: ten.tenantId, orgPath: `/${ten.tenantId}/`, size: 200 });
    expect(
      audit.find((a) => a.action === "auth.logout" && a.userId === u.id && a.metadata?.sid === sid)?.metadata,
    ).toMatchObject({ via: "replaced" });
  });

  test("a wrong password shows the page again; a form without its CSRF token is refused", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const page = await b.get(authorizeUrl(first));
    const html = await page.text();
    const interaction = fieldOf(html, "interaction");
    const noCsrf = await b.post("/oauth2/authorize/password", { interaction, email: u.email, password: PASSWORD });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.headers.get("location")).toBeNull();
    const forged = await b.post("/oauth2/authorize/password", {
      csrf: "forged",
      interaction,
      email: u.email,
      password: PASSWORD,
    });
    expect(forged.status).toBe(403);
    const wrong = await b.post("/oauth2/authorize/password", {
      csrf: fieldOf(html, "csrf"),
      interaction,
      email: u.email,
      password: "wrong-password-1",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("The email address or the password is not right.");
    expect(b.jar.has("sso_session")).toBe(false);
  });

  test("the lockout and disabled users answer as at SPEC login", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const page = await b.get(authorizeUrl(first));
    const html = await page.text();
    const form = (password: string) => ({
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      email: u.email,
      password,
    });
    for (let k = 0; k < 5; k++) {
      const r = await b.post("/oauth2/authorize/password", form("wrong-password-1"));
      expect(await r.text()).toContain("not right");
    }
    const locked = await b.post("/oauth2/authorize/password", form(PASSWORD));
    expect(locked.status).toBe(400);
    expect(await locked.text()).toContain("too many failed attempts");
    // As at /api/auth/login: the same lock.
    const api = await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } });
    expect(api.status).toBe(429);

    const d = await createUser(t, ten.token, ten.rootOrgId);
    await ok(t.call("POST", `/api/users/${d.id}/disable`, { token: ten.token }));
    const b2 = browser();
    const refused = await signIn(b2, authorizeUrl(first), d.email);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The email address or the password is not right.");
  });

  test("a person of another tenant cannot sign in to this tenant's client", async () => {
    const other = await provisionTenant(t);
    const u = await createUser(t, other.token, other.rootOrgId);
    const r = await signIn(browser(), authorizeUrl(first), u.email);
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("not right");
  });
});

describe("a confidential client registered with requirePkce false (CONTRACT §12, RFC 9700 §2.1.1)", () => {
  test("may omit the challenge: the pages, then a code bound to no challenge (and to the nonce)", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const q = landed(await signIn(b, withoutPkce(lenient), u.email));
    expect(q.get("state")).toBe("st-1");
    const r = await redeem(lenient, q.get("code")!);
    expect(r?.status).toBe("ok");
    expect(r!.code.codeChallenge).toBeNull();
    expect(r!.code.nonce).toBe("n-1");
    // With the session, prompt=none without a challenge: a code too.
    const none = landed(await b.get(withoutPkce(lenient, { prompt: "none" })));
    expect((await redeem(lenient, none.get("code")!))!.code.codeChallenge).toBeNull();
    // A challenge it does send binds the code as for any client.
    const withPkce = landed(await b.get(authorizeUrl(lenient)));
    expect((await redeem(lenient, withPkce.get("code")!))!.code.codeChallenge).toBe(CHALLENGE);
  });

  test("a challenge it sends follows the rules: S256 only, 43 characters, never a method alone", async () => {
    for (const extra of [{ code_challenge_method: "plain" }, { code_challenge: "too-short" }] as Record<
      string,
      string
    >[]) {
      const q = landed(await browser().get(authorizeUrl(lenient, extra)));
      expect(q.get("error")).toBe("invalid_request");
      expect(q.get("state")).toBe("st-1");
    }
    const methodAlone = `${withoutPkce(lenient)}&code_challenge_method=S256`;
    expect(landed(await browser().get(methodAlone)).get("error")).toBe("invalid_request");
  });
});

describe("id_token_hint", () => {
  test("a hint that is not one of ours does not let the session serve: login_required with prompt=none, else the page", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    landed(await signIn(b, authorizeUrl(first), u.email));
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ sub: String(u.id), aud: first })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "x" })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    const none = landed(await b.get(authorizeUrl(first, { prompt: "none", id_token_hint: forged })));
    expect(none.get("error")).toBe("login_required");
    expect(none.get("state")).toBe("st-1");
    expect((await b.get(authorizeUrl(first, { id_token_hint: forged }))).status).toBe(200);
    // An access token is no ID token.
    const { accessToken } = await t.login(u.email, PASSWORD);
    expect(landed(await b.get(authorizeUrl(first, { prompt: "none", id_token_hint: accessToken }))).get("error")).toBe(
      "login_required",
    );
  });
});

describe("the second factor", () => {
  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

  test("a user with TOTP on gets the second-factor page; the code ends in a code with amr pwd, otp, mfa", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken } = await t.login(u.email, PASSWORD);
    const begin = await ok(t.call("POST", "/api/mfa/setup/begin", { token: accessToken }));
    const secret = new URL(begin.otpAuthUri).searchParams.get("secret")!;
    await ok(t.call("POST", "/api/mfa/setup/confirm", { token: accessToken, body: { code: await codeAt(secret) } }));
    clock.advance(61);

    const b = browser();
    const after = await signIn(b, authorizeUrl(first), u.email);
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toStartWith("/oauth2/authorize/second-factor?");
    expect(b.jar.has("sso_session")).toBe(false);
    const page = await b.follow(after);
    expect(page.status).toBe(200);
    const html = await page.text();
    const wrong = await b.post("/oauth2/authorize/second-factor", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      method: "totp",
      code: "000000",
    });
    expect(wrong.status).toBe(400);
    const q = landed(
      await b.post("/oauth2/authorize/second-factor", {
        csrf: fieldOf(html, "csrf"),
        interaction: fieldOf(html, "interaction"),
        method: "totp",
        code: await codeAt(secret),
      }),
    );
    const r = await redeem(first, q.get("code")!);
    expect(r?.code.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(r?.code.userId).toBe(u.id);
  });
});

describe("the active organization", () => {
  test("two memberships: the picker, remembered for the sign-in session; organization= preselects; prompt=none with no choice asks for a selection", async () => {
    const sub = await createOrg(t, ten.token, ten.rootOrgId);
    const role = await createRole(t, ten.token, sub.id, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: sub.id },
      }),
    );

    const b = browser();
    const picker = await b.follow(await signIn(b, authorizeUrl(first), u.email));
    expect(picker.status).toBe(200);
    const html = await picker.text();
    expect(html).toContain(sub.name);
    const q = landed(
      await b.post("/oauth2/authorize/organization", {
        csrf: fieldOf(html, "csrf"),
        interaction: fieldOf(html, "interaction"),
        organization: String(sub.id),
      }),
    );
    expect((await redeem(first, q.get("code")!))?.code.orgId).toBe(sub.id);

    // With the session: organization= preselects one the user may use, with no page.
    const pre = landed(await b.get(authorizeUrl(first, { organization: String(sub.id) })));
    expect((await redeem(first, pre.get("code")!))?.code.orgId).toBe(sub.id);
    // The choice is remembered for this sign-in session: the next request (another application, or
    // prompt=none) gets a code at that organization with no page.
    const other = "https://other.example.com/cb";
    const again = landed(await b.get(authorizeUrl(second, { prompt: "none" }, other)), other);
    expect((await redeem(second, again.get("code")!))?.code.orgId).toBe(sub.id);
    // The remembered choice names its session: one naming another session is not honoured.
    const sid = readSessionCookie(b.jar.get("sso_session"))!.sid;
    expect(b.jar.get("sso_org")).toBe(`${sid}.${sub.id}`);
    b.jar.set("sso_org", `${"x".repeat(22)}.${sub.id}`);
    // prompt=none with several and none chosen.
    const none = landed(await b.get(authorizeUrl(first, { prompt: "none" })));
    expect(none.get("error")).toBe("account_selection_required");
    expect(none.get("state")).toBe("st-1");
    expect(none.get("iss")).toBe(ISSUER);
  });

  test("the person and their organizations are read again after every change: a revoked role, a suspended org, an expiry, a disabled user", async () => {
    const sub = await createOrg(t, ten.token, ten.rootOrgId);
    const later = await createOrg(t, ten.token, ten.rootOrgId);
    const role = await createRole(t, ten.token, sub.id, ["AUDIT_VIEW"]);
    const role2 = await createRole(t, ten.token, later.id, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const assign = (r: { id: number }, orgId: number, verb = "assign") =>
      ok(
        t.call("POST", `/api/roles/${r.id}/${verb}`, {
          token: ten.token,
          body: { userId: u.id, organizationId: orgId },
        }),
      );
    await assign(role, sub.id);
    // `later` expires in 30 s (set before anything is read, so no change goes unannounced).
    await t.stores.store.orgs.update(ten.tenantId, later.id, { expiresAt: new Date(clock.now().getTime() + 30_000) });
    const b = browser();
    landed(await signIn(b, authorizeUrl(first, { organization: String(sub.id) }), u.email));
    const silentOrg = async (org: number) => {
      const q = landed(await b.get(authorizeUrl(first, { prompt: "none", organization: String(org) })));
      return q.get("code") ? (await redeem(first, q.get("code")!))?.code.orgId : q.get("error");
    };
    expect(await silentOrg(sub.id)).toBe(sub.id);
    expect(await silentOrg(sub.id)).toBe(sub.id);
    // The role revoked: sub is no longer one of theirs (one org left: the home one, no page).
    await assign(role, sub.id, "revoke");
    expect(await silentOrg(sub.id)).toBe(ten.rootOrgId);
    // Assigned again, then sub suspended: the same.
    await assign(role, sub.id);
    expect(await silentOrg(sub.id)).toBe(sub.id);
    await ok(t.call("POST", `/api/organizations/${sub.id}/suspend`, { token: ten.token }));
    expect(await silentOrg(sub.id)).toBe(ten.rootOrgId);
    // An organization whose expiry passes with no change at all.
    await assign(role2, later.id);
    expect(await silentOrg(later.id)).toBe(later.id);
    clock.advance(31);
    expect(await silentOrg(later.id)).toBe(ten.rootOrgId);
    // The person disabled: nobody is signed in for prompt=none.
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    expect(await silentOrg(ten.rootOrgId)).toBe("login_required");
  });
});

describe("consent (third-party clients)", () => {
  test("allow is remembered and audited; the next request asks nothing", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const page = await b.follow(await signIn(b, authorizeUrl(third), u.email));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="allow"');
    // prompt=none meanwhile: consent_required.
    expect(landed(await b.get(authorizeUrl(third, { prompt: "none" }))).get("error")).toBe("consent_required");
    const q = landed(
      await b.post("/oauth2/authorize/consent", {
        csrf: fieldOf(html, "csrf"),
        interaction: fieldOf(html, "interaction"),
        decision: "allow",
      }),
    );
    expect(q.get("code")).toBeTruthy();
    const consent = await t.svc.store.consents.get(ten.tenantId, u.id, third);
    expect(consent?.scopes).toEqual(["email", "openid", "profile"]);
    const audit = await t.svc.store.audit.query({ tenant: ten.tenantId, orgPath: `/${ten.tenantId}/`, size: 200 });
    expect(audit.find((a) => a.userId === u.id && a.action === "consent.granted")?.metadata).toMatchObject({
      clientId: third,
    });
    expect(landed(await b.get(authorizeUrl(third))).get("code")).toBeTruthy();
  });

  test("deny answers access_denied with state and iss", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const page = await b.follow(await signIn(b, authorizeUrl(third), u.email));
    const q = landed(await submit(b, page, "/oauth2/authorize/consent", { decision: "deny" }));
    expect(q.get("error")).toBe("access_denied");
    expect(q.get("state")).toBe("st-1");
    expect(q.get("iss")).toBe(ISSUER);
    expect(await t.svc.store.consents.get(ten.tenantId, u.id, third)).toBeNull();
  });
});

describe("two instances sharing the stores", () => {
  test("a session made on instance A serves single sign-on on instance B", async () => {
    const b2 = await makeTestApp({ clock, stores: t.stores });
    try {
      const u = await createUser(t, ten.token, ten.rootOrgId);
      const b = browser(t);
      landed(await signIn(b, authorizeUrl(first), u.email));
      const onB = browser(b2);
      for (const [k, v] of b.jar) onB.jar.set(k, v);
      const q = landed(
        await onB.get(authorizeUrl(second, {}, "https://other.example.com/cb")),
        "https://other.example.com/cb",
      );
      expect((await redeem(second, q.get("code")!))?.code.userId).toBe(u.id);
    } finally {
      await b2.svc.delivery.stop();
      await b2.svc.idle();
    }
  });
});

// Last: it moves the clock past the tenant admin token's lifetime.
describe("the request as a form post, and pages that expire", () => {
  test("POST /oauth2/authorize is answered 303 to the page; a page older than an hour is refused, never redirected", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const query = new URL(`${ISSUER}${authorizeUrl(first)}`).searchParams;
    const posted = await b.post("/oauth2/authorize", Object.fromEntries(query));
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toStartWith("/oauth2/authorize/resume?interaction=");
    const page = await b.follow(posted);
    expect(page.status).toBe(200);
    const html = await page.text();
    clock.advance(3601);
    const late = await b.post("/oauth2/authorize/password", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      email: u.email,
      password: PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(late.headers.get("location")).toBeNull();
    expect(b.jar.has("sso_session")).toBe(false);
    // A tampered interaction is refused the same way.
    const tampered = await b.post("/oauth2/authorize/password", {
      csrf: fieldOf(html, "csrf"),
      interaction: `${fieldOf(html, "interaction")}x`,
      email: u.email,
      password: PASSWORD,
    });
    expect(tampered.status).toBe(400);
  });
});
