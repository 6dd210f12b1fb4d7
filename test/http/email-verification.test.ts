/**
 * Verified emails and invitations (CONTRACT §19, issue 37 items 2 and 3), through the real app on
 * the store TEST_STORE names, mails read from the `file:` mailer:
 * - POST /api/users/me/email/verify mails a link (branded, in the person's language); the hosted
 *   page asks for one click; redeeming it sets `emailVerified` (user list row, export) and
 *   `email_verified` in the ID token and UserInfo; a link works once.
 * - A setup or reset link mailed to the address verifies it too; an administrator's email change
 *   (PUT /api/users/{id} { email }, USER_MANAGE, no-takeover) clears it and kills every code mailed
 *   to the old address.
 * - Creating a user without a password mails the setup link at once (`setupMailSent: true`); after
 *   the password is set, the page links on to the console.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import {
  browser,
  codeOfRedirect,
  exchangeCode,
  fieldOf,
  PKCE_CHALLENGE,
  passwordSignIn,
} from "../support/hosted-pages";
import {
  claimsOf,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
  uniq,
} from "./directory-fixtures";

const mailDir = mkdtempSync(join(tmpdir(), "sso-mail-verify-"));
let t: TestApp;
let ten: TenantFixture;
let clientId: string;
const REDIRECT = "https://app.example.com/cb";

interface MailFile {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  token: string | null;
}
const mailsTo = (to: string) =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")) as MailFile)
    .filter((m) => m.to === to);
async function mailFor(to: string, n = 1): Promise<MailFile> {
  for (let i = 0; i < 300; i++) {
    const m = mailsTo(to);
    if (m.length >= n) return m[n - 1];
    await Bun.sleep(10);
  }
  throw new Error(`no mail #${n} to ${to}`);
}
const linkIn = (text: string, path: string) =>
  new RegExp(`https?://[^\\s]+${path.replaceAll("/", "\\/")}\\?token=[^\\s]+`).exec(text)?.[0];
const actionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)![1].replaceAll("&amp;", "&");
const linkTo = (html: string, text: string) =>
  new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");

beforeAll(async () => {
  t = await makeTestApp({ env: { SSO_MAILER: `file:${mailDir}` } });
  ten = await provisionTenant(t);
  await ok(
    t.call("PUT", "/api/branding", { token: ten.token, body: { displayName: "Acme", primaryColor: "#0b6e4f" } }),
  );
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/v"), name: "Shop" },
    }),
  );
  clientId = (
    await ok(
      t.call("POST", "/api/clients", {
        token: ten.token,
        body: {
          name: "Shop web",
          orgId: ten.rootOrgId,
          applicationId: app.id,
          type: "public",
          grantTypes: ["authorization_code"],
          redirectUris: [REDIRECT],
        },
      }),
    )
  ).clientId;
});
afterAll(async () => {
  await t.close();
  rmSync(mailDir, { recursive: true, force: true });
});

/** The user's row in the list of their home org. */
async function rowOf(id: number) {
  const list = await ok(t.call("GET", `/api/users?organizationId=${ten.rootOrgId}&size=1000`, { token: ten.token }));
  return list.find((u: { id: number }) => u.id === id);
}

/** ID token and UserInfo of a sign-in on the hosted pages with `openid email`. */
async function oidcClaims(email: string, password: string) {
  const b = browser(t);
  const page = await b.get(
    `/oauth2/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email",
      code_challenge: PKCE_CHALLENGE,
      code_challenge_method: "S256",
    })}`,
  );
  const done = await passwordSignIn(b, page, email, password);
  const tokens = await exchangeCode(t, clientId, codeOfRedirect(done, REDIRECT), REDIRECT);
  expect(tokens.status).toBe(200);
  const info = await t.app.handle(
    new Request(`${ISSUER}/oauth2/userinfo`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } }),
  );
  expect(info.status).toBe(200);
  return { idToken: claimsOf(tokens.body.id_token), userInfo: (await info.json()) as Record<string, unknown> };
}

/** Opens a verification link in a browser and confirms it; answers the final page. */
async function confirm(b: ReturnType<typeof browser>, link: string) {
  const page = await b.get(link);
  expect(page.status).toBe(200);
  const html = await page.text();
  const posted = await b.post(actionOf(html), { csrf: fieldOf(html, "csrf"), token: fieldOf(html, "token") });
  expect(posted.status).toBe(303);
  return b.follow(posted);
}

describe("email verification (POST /api/users/me/email/verify)", () => {
  test("a mailed link, one click on the branded page: verified in the list, the export, the ID token and UserInfo; once only", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    expect((await rowOf(u.id)).emailVerified).toBe(false);
    const before = await oidcClaims(u.email, PASSWORD);
    expect(before.idToken.email_verified).toBe(false);
    expect(before.userInfo.email_verified).toBe(false);

    const own = (await t.login(u.email, PASSWORD)).accessToken;
    expect(await ok(t.call("POST", "/api/users/me/email/verify", { token: own }))).toEqual({
      emailVerified: false,
      sent: true,
    });
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe("Confirm your email address");
    expect(mail.from).toBe("Acme <no-reply@sso.test>");
    expect(mail.text).toContain("This mail was sent by Acme.");
    const link = linkIn(mail.text, "/pages/email/verify")!;
    expect(link).toStartWith(`${ISSUER}/pages/email/verify?token=`);
    expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);

    const b = browser(t);
    // Opening the link changes nothing (mail scanners follow links): it shows a button.
    const page = await b.get(link);
    const html = await page.text();
    expect(html).toContain("<h1>Confirm your email address</h1>");
    expect(html).toContain("<span>Acme</span>");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect((await rowOf(u.id)).emailVerified).toBe(false);
    const forged = await b.post(actionOf(html), { csrf: "forged", token: fieldOf(html, "token") });
    expect(forged.status).toBe(403);

    const done = await confirm(b, link);
    const doneHtml = await done.text();
    expect(doneHtml).toContain("<h1>Your email address is verified</h1>");
    expect(doneHtml).toContain("<span>Acme</span>");

    expect((await rowOf(u.id)).emailVerified).toBe(true);
    expect((await ok(t.call("GET", "/api/users/me/export", { token: own }))).user.emailVerified).toBe(true);
    const after = await oidcClaims(u.email, PASSWORD);
    expect(after.idToken).toMatchObject({ email: u.email, email_verified: true });
    expect(after.userInfo).toMatchObject({ email: u.email, email_verified: true });

    // Spent: the page says so, and posting it again is refused.
    const again = await b.get(link);
    expect(again.status).toBe(400);
    const againHtml = await again.text();
    expect(againHtml).toContain("This link is invalid, expired or already used.");
    expect(againHtml).not.toContain('<form method="post"');
    const replay = await b.post("/pages/email/verify", { csrf: fieldOf(html, "csrf"), token: fieldOf(html, "token") });
    expect(replay.status).toBe(400);

    // Already verified: no second mail.
    expect(await ok(t.call("POST", "/api/users/me/email/verify", { token: own }))).toEqual({
      emailVerified: true,
      sent: false,
    });
    await Bun.sleep(50);
    expect(mailsTo(u.email)).toHaveLength(1);

    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&userId=${u.id}&size=50`, { token: ten.token }),
    );
    const actions = audit.map((a: { action: string }) => a.action);
    expect(actions).toContain("user.email_verification.sent");
    expect(audit.find((a: { action: string }) => a.action === "user.email_verified").metadata).toMatchObject({
      via: "link",
    });
  });

  test("in German by Accept-Language (mail) and by ui_locales (page)", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const own = (await t.login(u.email, PASSWORD)).accessToken;
    await ok(t.call("POST", "/api/users/me/email/verify", { token: own, headers: { "accept-language": "de" } }));
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe("E-Mail-Adresse bestätigen");
    expect(mail.language).toBe("de");
    const link = linkIn(mail.text, "/pages/email/verify")!;
    const html = await (await browser(t).get(`${link}&ui_locales=de`)).text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Meine Adresse bestätigen");
  });

  test("a new link replaces the earlier one; a token without self rights is refused", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const own = (await t.login(u.email, PASSWORD)).accessToken;
    await ok(t.call("POST", "/api/users/me/email/verify", { token: own }));
    await ok(t.call("POST", "/api/users/me/email/verify", { token: own }));
    const first = linkIn((await mailFor(u.email, 1)).text, "/pages/email/verify")!;
    const second = linkIn((await mailFor(u.email, 2)).text, "/pages/email/verify")!;
    expect((await browser(t).get(first)).status).toBe(400);
    expect(await (await confirm(browser(t), second)).text()).toContain("verified");
    expectProblem(await t.call("POST", "/api/users/me/email/verify", {}), 401);
  });
});

describe("setup and reset links verify; an email change clears it", () => {
  test("a forgot-password code mailed to the address verifies it when redeemed", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    const mail = await mailFor(u.email);
    await ok(
      t.call("POST", "/api/auth/password/reset", { body: { token: mail.token, newPassword: "a-new-pass-123" } }),
    );
    expect((await rowOf(u.id)).emailVerified).toBe(true);
  });

  test("an administrator changes the email: unverified again, the ID token says so, codes mailed to the old address die; taken is 409; no takeover", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    const first = await mailFor(u.email);
    await ok(
      t.call("POST", "/api/auth/password/reset", { body: { token: first.token, newPassword: "a-new-pass-123" } }),
    );
    expect((await rowOf(u.id)).emailVerified).toBe(true);
    // A second reset code goes to the old address, then the address changes.
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    const stale = await mailFor(u.email, 2);
    const next = `${uniq("Moved")}@T.test`;
    await ok(t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { email: next } }));
    const row = await rowOf(u.id);
    expect(row).toMatchObject({ email: next.toLowerCase(), emailVerified: false });
    expectProblem(
      await t.call("POST", "/api/auth/password/reset", { body: { token: stale.token, newPassword: "pwned-pass-123" } }),
      400,
      "INVALID_TOKEN",
    );
    const claims = await oidcClaims(next.toLowerCase(), "a-new-pass-123");
    expect(claims.idToken).toMatchObject({ email: next.toLowerCase(), email_verified: false });

    const other = await createUser(t, ten.token, ten.rootOrgId);
    expectProblem(await t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { email: other.email } }), 409);
    expectProblem(await t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { email: "no-at-sign" } }), 400);
    // No takeover: a user manager without the tenant admin's permissions cannot move the admin's mail.
    const roles = await ok(t.call("GET", `/api/roles?organizationId=${ten.rootOrgId}`, { token: ten.token }));
    const managerRole = await ok(
      t.call("POST", "/api/roles", {
        token: ten.token,
        body: {
          name: uniq("managers"),
          organizationId: ten.rootOrgId,
          permissionCodes: ["USER_MANAGE"],
          scope: "SUBTREE",
        },
      }),
    );
    const manager = await createUser(t, ten.token, ten.rootOrgId, { roleId: managerRole.id });
    const managerToken = (await t.login(manager.email, PASSWORD)).accessToken;
    const adminRow = (
      await ok(t.call("GET", `/api/users?organizationId=${ten.rootOrgId}&size=1000`, { token: ten.token }))
    ).find((x: { email: string }) => x.email === ten.adminEmail);
    expect(roles.length).toBeGreaterThan(0);
    expectProblem(
      await t.call("PUT", `/api/users/${adminRow.id}`, { token: managerToken, body: { email: `${uniq("x")}@t.test` } }),
      403,
    );
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=user.email_changed&userId=${u.id}`, {
        token: ten.token,
      }),
    );
    expect(audit[0].metadata).toMatchObject({ email: next.toLowerCase(), wasVerified: true });
  });

  test("a verification link mailed before an email change verifies nothing", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const own = (await t.login(u.email, PASSWORD)).accessToken;
    await ok(t.call("POST", "/api/users/me/email/verify", { token: own }));
    const link = linkIn((await mailFor(u.email)).text, "/pages/email/verify")!;
    await ok(t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { email: `${uniq("new")}@t.test` } }));
    expect((await browser(t).get(link)).status).toBe(400);
    expect((await rowOf(u.id)).emailVerified).toBe(false);
  });
});

describe("invitations: a user created without a password", () => {
  test("gets the setup mail at once (setupMailSent: true); the link sets the password, verifies the email, and the page leads to the console", async () => {
    const email = `${uniq("invited")}@t.test`;
    const created = await ok(
      t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, email, fullName: "New Person" },
      }),
    );
    expect(created).toEqual({ id: expect.any(Number), email, organizationId: ten.rootOrgId, setupMailSent: true });
    const mail = await mailFor(email);
    expect(mail.subject).toBe("Set up your password");
    expect(mail.from).toBe("Acme <no-reply@sso.test>");
    const link = linkIn(mail.text, "/pages/password/reset")!;
    expect(new URL(link).searchParams.get("token")).toBe(mail.token);

    const b = browser(t);
    const html = await (await b.get(link)).text();
    expect(fieldOf(html, "token")).toBe(mail.token!);
    const done = await b.post(actionOf(html), {
      csrf: fieldOf(html, "csrf"),
      token: mail.token!,
      newPassword: "my-first-password",
    });
    expect(done.status).toBe(303);
    const doneHtml = await (await b.follow(done)).text();
    expect(doneHtml).toContain("<h1>Your password is changed</h1>");
    expect(linkTo(doneHtml, "Sign in to the console")).toBe("/console");
    await t.login(email, "my-first-password");
    expect((await rowOf(created.id)).emailVerified).toBe(true);
    expect((await rowOf(created.id)).hasPassword).toBe(true);
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&userId=${created.id}&size=50`, { token: ten.token }),
    );
    const actions = audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "user.created",
        "user.password_setup_link.created",
        "auth.password.reset",
        "user.email_verified",
      ]),
    );
  });

  test("a provisioned tenant's admin is mailed the setup link too (setupMailSent: true)", async () => {
    const admin = await t.adminToken();
    const adminEmail = `${uniq("owner")}@t.test`;
    const p = await ok(
      t.call("POST", "/api/platform/tenants", {
        token: admin,
        body: { orgName: uniq("Mailed"), adminEmail, adminFullName: "Owner" },
      }),
    );
    expect(p.setupMailSent).toBe(true);
    const mail = await mailFor(adminEmail);
    expect(mail.subject).toBe("Set up your password");
    expect(mail.token).toBe(p.setupToken);
    await ok(
      t.call("POST", "/api/auth/password/reset", { body: { token: p.setupToken, newPassword: "owner-pass-123" } }),
    );
    const owner = (await t.login(adminEmail, "owner-pass-123")).accessToken;
    expect((await ok(t.call("GET", "/api/users/me/export", { token: owner }))).user.emailVerified).toBe(true);
  });

  test("with a password: no mail, setupMailSent false", async () => {
    const email = `${uniq("withpw")}@t.test`;
    const created = await ok(
      t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, email, fullName: "Has One", password: PASSWORD },
      }),
    );
    expect(created.setupMailSent).toBe(false);
    await Bun.sleep(50);
    expect(mailsTo(email)).toHaveLength(0);
  });

  test("from an application's sign-in, the page after the reset leads back to that sign-in", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser(t);
    const signIn = await (
      await b.get(
        `/oauth2/authorize?${new URLSearchParams({
          client_id: clientId,
          redirect_uri: REDIRECT,
          response_type: "code",
          scope: "openid",
          code_challenge: PKCE_CHALLENGE,
          code_challenge_method: "S256",
        })}`,
      )
    ).text();
    const forgotUrl = linkTo(signIn, "Forgot password\\?")!;
    const forgotHtml = await (await b.get(forgotUrl)).text();
    await b.post(actionOf(forgotHtml), { csrf: fieldOf(forgotHtml, "csrf"), email: u.email });
    const mail = await mailFor(u.email);
    const resetHtml = await (
      await b.get(`${forgotUrl.replace("/pages/password/forgot", "/pages/password/reset")}&token=${mail.token}`)
    ).text();
    const done = await b.post(actionOf(resetHtml), {
      csrf: fieldOf(resetHtml, "csrf"),
      token: mail.token!,
      newPassword: "back-to-the-app-1",
    });
    const doneHtml = await (await b.follow(done)).text();
    const back = linkTo(doneHtml, "Continue to sign in")!;
    expect(back).toStartWith("/oauth2/authorize/resume?interaction=");
    expect(linkTo(doneHtml, "Sign in to the console")).toBeUndefined();
    // The way back is the same authorization request: signing in there sends the code to the app.
    const resumed = await b.get(back);
    const finished = await passwordSignIn(b, resumed, u.email, "back-to-the-app-1");
    codeOfRedirect(finished, REDIRECT);
  });
});
