/**
 * `acr` and step-up on the hosted pages (CONTRACT §12 "Step-up"), black-box through the real app:
 * the ID token always carries the level the sign-in reached (`urn:sso:acr:pwd`, or
 * `urn:sso:acr:mfa` after a TOTP or a user-verified passkey); `acr_values=urn:sso:acr:mfa` on a
 * password-only session asks for the second factor and then raises that same session; with
 * `prompt=none` it is `interaction_required`; a person with no second factor gets a clear page;
 * `acr_values` naming none of our levels is ignored (OIDC Core §15.1).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeJwt } from "jose";
import { readSessionCookie } from "../../src/features/sessions";
import { generate } from "otplib";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import {
  browser as browserOf,
  codeOfRedirect,
  exchangeCode,
  fieldOf,
  PKCE_CHALLENGE,
  passwordSignIn,
  submit,
} from "../support/hosted-pages";
import { SoftAuthenticator } from "../support/webauthn";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

const clock = manualClock();
let t: TestApp;
let ten: TenantFixture;
let client: string;
const REDIRECT = "https://app.example.com/cb";
const PWD = "urn:sso:acr:pwd";
const MFA = "urn:sso:acr:mfa";
const browser = () => browserOf(t);

beforeAll(async () => {
  t = await makeTestApp({ clock });
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/acr"), name: "Shop" },
    }),
  );
  const c = await ok(
    t.call("POST", "/api/clients", {
      token: ten.token,
      body: {
        name: uniq("Client"),
        orgId: ten.rootOrgId,
        applicationId: app.id,
        type: "public",
        grantTypes: ["authorization_code"],
        redirectUris: [REDIRECT],
      },
    }),
  );
  client = c.clientId;
});
afterAll(() => t.close());

const authorizeUrl = (extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: client,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    state: "st",
    nonce: "n",
    code_challenge: PKCE_CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

/** The ID token's claims for the code of a 303 back to the client. */
async function idTokenOf(res: Response): Promise<Record<string, unknown>> {
  const r = await exchangeCode(t, client, codeOfRedirect(res, REDIRECT, "st"), REDIRECT);
  expect(r.status).toBe(200);
  return decodeJwt(r.body.id_token);
}

const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** Turns TOTP on for the user (through the API): answers the secret. */
async function enrolTotp(email: string): Promise<string> {
  const { accessToken: token } = await t.login(email, PASSWORD);
  const begin = await ok(t.call("POST", "/api/mfa/setup/begin", { token }));
  const secret = new URL(begin.otpAuthUri).searchParams.get("secret")!;
  await ok(t.call("POST", "/api/mfa/setup/confirm", { token, body: { code: await codeAt(secret) } }));
  clock.advance(61); // past the confirming step: the next code is fresh
  return secret;
}

/** A browser holding a password-only sign-in session of a new user (who has no second factor yet). */
async function passwordSession() {
  const u = await createUser(t, ten.token, ten.rootOrgId);
  const b = browser();
  const id = await idTokenOf(await passwordSignIn(b, await b.get(authorizeUrl()), u.email, PASSWORD));
  return { u, b, id };
}

describe("acr in the ID token", () => {
  test("discovery lists the two levels; a password sign-in says urn:sso:acr:pwd", async () => {
    const d = await t.call("GET", "/.well-known/openid-configuration");
    expect(d.body.acr_values_supported).toEqual([PWD, MFA]);
    expect(d.body.claims_supported).toContain("acr");
    const { id } = await passwordSession();
    expect(id.acr).toBe(PWD);
    expect(id.amr).toEqual(["pwd"]);
  });

  test("a sign-in with a TOTP code says urn:sso:acr:mfa", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const secret = await enrolTotp(u.email);
    const b = browser();
    const second = await passwordSignIn(b, await b.get(authorizeUrl()), u.email, PASSWORD);
    expect(second.status).toBe(200);
    const id = await idTokenOf(
      await submit(b, second, "/oauth2/authorize/second-factor", {
        method: "totp",
        code: await codeAt(secret),
      }),
    );
    expect(id.acr).toBe(MFA);
    expect(id.amr).toEqual(["pwd", "otp", "mfa"]);
  });

  test("acr_values naming none of our levels is ignored: no error, no step-up, the level reached", async () => {
    const { b } = await passwordSession();
    const id = await idTokenOf(await b.get(authorizeUrl({ acr_values: "urn:mace:incommon:iap:silver 2" })));
    expect(id.acr).toBe(PWD);
    // Both levels listed (as the conformance suite sends them): the lower one is enough.
    const both = await idTokenOf(await b.get(authorizeUrl({ acr_values: `${PWD} ${MFA}` })));
    expect(both.acr).toBe(PWD);
  });
});

describe("step-up to urn:sso:acr:mfa", () => {
  test("a password-only session is asked for the TOTP code; the same session is raised and the ID token says mfa", async () => {
    const { u, b, id: before } = await passwordSession();
    const secret = await enrolTotp(u.email);
    const sid = readSessionCookie(b.jar.get("sso_session"))!.sid;

    const asked = await b.get(authorizeUrl({ acr_values: MFA }));
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toStartWith("/oauth2/authorize/second-factor?");
    const page = await b.follow(asked);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="code"');
    expect(html).toContain("Two-step verification");
    const wrong = await b.post("/oauth2/authorize/second-factor", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      method: "totp",
      code: "000000",
    });
    expect(wrong.status).toBe(400);
    clock.advance(5);
    const done = await b.post("/oauth2/authorize/second-factor", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      method: "totp",
      code: await codeAt(secret),
    });
    const id = await idTokenOf(done);
    expect(id.acr).toBe(MFA);
    expect(id.amr).toEqual(["pwd", "otp", "mfa"]);
    // The same sign-in session (one sid for every client), raised: its auth_time is the second factor's.
    expect(id.sid).toBe(sid);
    expect(id.sid).toBe(before.sid);
    expect(readSessionCookie(b.jar.get("sso_session"))!.sid).toBe(sid);
    expect(id.auth_time as number).toBeGreaterThan(before.auth_time as number);
    const session = await t.svc.sessions.signIns.get(ten.tenantId, sid, clock.now());
    expect(session?.amr).toEqual(["pwd", "otp", "mfa"]);
    const audit = (await t.svc.store.audit.forUser(u.id, 100)).find((a) => a.action === "auth.login.stepped_up");
    expect(audit?.metadata).toMatchObject({ method: "password+totp", via: "pages", clientId: client, sid });

    // Raised once: the next mfa request (and any other) gets a code with no page.
    const again = await idTokenOf(await b.get(authorizeUrl({ acr_values: MFA })));
    expect(again.acr).toBe(MFA);
    expect((await idTokenOf(await b.get(authorizeUrl()))).acr).toBe(MFA);
  });

  test("a person whose only second factor is a passkey is offered the passkey alone; it raises the session (amr pwd, hwk, user, mfa)", async () => {
    const { u, b } = await passwordSession();
    const { accessToken: token } = await t.login(u.email, PASSWORD);
    const auth = new SoftAuthenticator(ISSUER);
    const begin = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: {} }));
    const { json, credential } = auth.register(begin.options);
    await ok(
      t.call("POST", "/api/users/me/passkeys/register/finish", {
        token,
        body: { attemptId: begin.attemptId, credential: json },
      }),
    );
    const page = await b.follow(await b.get(authorizeUrl({ acr_values: MFA })));
    expect(page.status).toBe(200);
    const html = await page.text();
    // No TOTP: no code field or recovery link that could never work, only the passkey.
    expect(html).not.toContain('name="code"');
    expect(html).not.toContain("recovery code");
    expect(html).toContain("Confirm it is you with a passkey of this account.");
    expect(html).toContain("Use your passkey");
    const options = JSON.parse(
      /data-options="([^"]*)"/
        .exec(html)![1]
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    );
    const done = await b.post("/oauth2/authorize/second-factor/passkey", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      attemptId: fieldOf(html, "attemptId"),
      credential: JSON.stringify(auth.assert(options, credential)),
    });
    const id = await idTokenOf(done);
    expect(id.acr).toBe(MFA);
    expect(id.amr).toEqual(["pwd", "hwk", "user", "mfa"]);
  });

  test("prompt=none on a password-only session is interaction_required, with state and iss", async () => {
    const { u, b } = await passwordSession();
    await enrolTotp(u.email);
    const res = await b.get(authorizeUrl({ acr_values: MFA, prompt: "none" }));
    expect(res.status).toBe(303);
    const q = new URL(res.headers.get("location")!).searchParams;
    expect(q.get("error")).toBe("interaction_required");
    expect(q.get("state")).toBe("st");
    expect(q.get("iss")).toBe(ISSUER);
    expect(q.get("code")).toBeNull();
  });

  test("a person with no second factor gets a clear page in their language, and no code", async () => {
    const { b } = await passwordSession();
    const res = await b.get(authorizeUrl({ acr_values: MFA }));
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Two-step verification is needed");
    expect(html).toContain("add a passkey in your account settings");
    const de = await b.get(authorizeUrl({ acr_values: MFA, ui_locales: "de" }));
    expect(de.status).toBe(403);
    const deHtml = await de.text();
    expect(deHtml).toContain('lang="de"');
    expect(deHtml).toContain("Bestätigung in zwei Schritten erforderlich");
    // The session stays as it was: a request without acr_values still gets its code.
    expect((await idTokenOf(await b.get(authorizeUrl()))).acr).toBe(PWD);
  });
});
