/**
 * Passkeys on the hosted pages (CONTRACT §14), black-box through the real app with a software
 * authenticator standing in for the browser's WebAuthn: the sign-in page's passkey form (script as
 * a hashed static asset, `script-src 'self'` and nothing inline, autofill on the email field), a
 * usernameless sign-in ending in a code whose `amr` is hwk+user with no TOTP step, a refused
 * passkey shown as a problem, and a passkey as the second factor after a password (pwd+hwk).
 * The Chromium test (test/process/passkeys-browser.test.ts) drives the same pages in a browser.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generate } from "otplib";
import { sha256Hex } from "../../src/kernel/secrets";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { browser as browserOf, fieldOf, submit } from "../support/hosted-pages";
import { SoftAuthenticator, type SoftCredential } from "../support/webauthn";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let client: string;
const REDIRECT = "https://app.example.com/cb";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update("a-verifier").digest()).toString("base64url");
const browser = () => browserOf(t);

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/pk"), name: "Shop" },
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
        grantTypes: ["authorization_code", "refresh_token"],
        redirectUris: [REDIRECT],
      },
    }),
  );
  client = c.clientId;
});
afterAll(() => t.close());

const authorizeUrl = () =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: client,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    state: "st",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
  })}`;

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const optionsOf = (html: string) => JSON.parse(unescape(/data-options="([^"]*)"/.exec(html)![1]));

/** A user of the tenant with TOTP on and one passkey. */
async function person() {
  const u = await createUser(t, ten.token, ten.rootOrgId);
  const { accessToken: token } = await t.login(u.email, PASSWORD);
  const auth = new SoftAuthenticator(ISSUER);
  const b = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: {} }));
  const { json, credential } = auth.register(b.options);
  await ok(
    t.call("POST", "/api/users/me/passkeys/register/finish", {
      token,
      body: { attemptId: b.attemptId, credential: json },
    }),
  );
  const setup = await ok(t.call("POST", "/api/mfa/setup/begin", { token }));
  const secret = new URL(setup.otpAuthUri).searchParams.get("secret")!;
  await ok(t.call("POST", "/api/mfa/setup/confirm", { token, body: { code: await generate({ secret }) } }));
  return { ...u, auth, cred: credential };
}

/** Posts the passkey form of `page` with the authenticator's answer. */
async function usePasskey(
  b: ReturnType<typeof browser>,
  page: string,
  action: string,
  auth: SoftAuthenticator,
  cred: SoftCredential,
  gesture = {},
) {
  const answer = auth.assert(optionsOf(page), cred, gesture);
  return b.post(action, {
    csrf: fieldOf(page, "csrf"),
    interaction: fieldOf(page, "interaction"),
    attemptId: fieldOf(page, "attemptId"),
    credential: JSON.stringify(answer),
  });
}

async function redeemed(res: Response) {
  expect(res.status).toBe(303);
  const loc = new URL(res.headers.get("location")!);
  expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT);
  const code = loc.searchParams.get("code")!;
  const r = await t.svc.sessions.codes.redeem(ten.tenantId, client, sha256Hex(code), new Date());
  expect(r?.status).toBe("ok");
  return r!.code;
}

describe("the sign-in page", () => {
  test("offers a passkey through a hashed static script (no inline script) and the email field's autofill", async () => {
    const page = await browser().get(authorizeUrl());
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    const html = await page.text();
    const src = /<script type="module" src="(\/pages\/assets\/passkey\.[0-9a-f]{12}\.js)"><\/script>/.exec(html)?.[1];
    expect(src).toBeDefined();
    // Every script of the page is a file of this origin: nothing inline.
    expect(html.match(/<script/g)!.length).toBe(1);
    expect(html).toContain('autocomplete="username webauthn"');
    expect(html).toContain("Sign in with a passkey");
    // The button is hidden until the script finds WebAuthn: without JavaScript the page is the form alone.
    expect(/<div id="passkey"[^>]* hidden/.test(html)).toBe(true);
    const o = optionsOf(html);
    expect(o.userVerification).toBe("required");
    expect(o.allowCredentials ?? []).toEqual([]);
    // The page assets are mounted by src/main.ts (the Chromium test fetches them); here, the module that serves them.
    const { pageScript } = await import("../../src/pages");
    const script = await pageScript(src!.split("/").pop()!);
    expect(script!.contentType).toContain("javascript");
    expect(script!.body).toContain("webauthn");
  });

  test("a usernameless passkey sign-in ends in a code with amr hwk+user; no TOTP step although it is on", async () => {
    const p = await person();
    const b = browser();
    const page = await (await b.get(authorizeUrl())).text();
    const res = await b.follow(await usePasskey(b, page, "/oauth2/authorize/passkey", p.auth, p.cred));
    const code = await redeemed(res);
    expect(code.userId).toBe(p.id);
    expect(code.amr).toEqual(["hwk", "user"]);
    // Single sign-on: the next request needs nothing.
    const again = await b.get(authorizeUrl());
    expect(again.status).toBe(303);
    const audit = (await t.svc.store.audit.forUser(p.id, 100)).filter((a) => a.action === "auth.login.succeeded");
    expect(audit.some((a) => a.metadata.method === "passkey" && a.metadata.via === "pages")).toBe(true);
  });

  test("a refused passkey (no user verification, or a garbled answer) shows the page again with a problem", async () => {
    const p = await person();
    const b = browser();
    const page = await (await b.get(authorizeUrl())).text();
    const res = await usePasskey(b, page, "/oauth2/authorize/passkey", p.auth, p.cred, { uv: false });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("That passkey could not be used to sign in");
    const page2 = await (await b.get(authorizeUrl())).text();
    const garbled = await b.post("/oauth2/authorize/passkey", {
      csrf: fieldOf(page2, "csrf"),
      interaction: fieldOf(page2, "interaction"),
      attemptId: fieldOf(page2, "attemptId"),
      credential: "{not json",
    });
    expect(garbled.status).toBe(400);
    expect(b.jar.has("sso_session")).toBe(false);
    const failed = (await t.svc.store.audit.forUser(p.id, 100)).filter((a) => a.action === "auth.passkey.failed");
    expect(failed.map((a) => a.metadata.reason)).toEqual(["user_verification"]);
  });
});

describe("the second-factor page", () => {
  test("after a password, a passkey of the person replaces the TOTP code: amr holds pwd and hwk", async () => {
    const p = await person();
    const b = browser();
    const signIn = await b.get(authorizeUrl());
    const second = await b.follow(
      await submit(b, signIn, "/oauth2/authorize/password", { email: p.email, password: PASSWORD }),
    );
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(html).toContain("Use a passkey instead");
    const o = optionsOf(html);
    expect(o.allowCredentials.map((c: { id: string }) => c.id)).toEqual([p.cred.id]);
    const res = await b.follow(await usePasskey(b, html, "/oauth2/authorize/second-factor/passkey", p.auth, p.cred));
    const code = await redeemed(res);
    expect(code.amr).toContain("pwd");
    expect(code.amr).toContain("hwk");
    expect(code.amr).toContain("mfa");
  });

  test("another person's passkey is refused as a wrong second factor; a person without passkeys is offered none", async () => {
    const p = await person();
    const stranger = await person();
    const b = browser();
    const signIn = await b.get(authorizeUrl());
    const second = await b.follow(
      await submit(b, signIn, "/oauth2/authorize/password", { email: p.email, password: PASSWORD }),
    );
    const html = await second.text();
    const res = await usePasskey(b, html, "/oauth2/authorize/second-factor/passkey", stranger.auth, stranger.cred);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("That passkey could not be used");
    expect(b.jar.has("sso_session")).toBe(false);
    const refused = (await t.svc.store.audit.forUser(stranger.id, 100)).filter(
      (a) => a.action === "auth.passkey.failed",
    );
    expect(refused.map((a) => a.metadata.reason)).toEqual(["other_user"]);

    const plain = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken: token } = await t.login(plain.email, PASSWORD);
    const setup = await ok(t.call("POST", "/api/mfa/setup/begin", { token }));
    const secret = new URL(setup.otpAuthUri).searchParams.get("secret")!;
    await ok(t.call("POST", "/api/mfa/setup/confirm", { token, body: { code: await generate({ secret }) } }));
    const b2 = browser();
    const s2 = await b2.follow(
      await submit(b2, await b2.get(authorizeUrl()), "/oauth2/authorize/password", {
        email: plain.email,
        password: PASSWORD,
      }),
    );
    const h2 = await s2.text();
    expect(h2).not.toContain("Use a passkey instead");
    expect(h2).not.toContain("<script");
    expect(s2.headers.get("content-security-policy")).not.toContain("script-src");
  });
});
