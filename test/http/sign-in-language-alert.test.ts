/**
 * Signing in on the hosted pages (CONTRACT §15) saves the page's language as the person's choice
 * (audited), and, when the tenant turned the alert on, a sign-in from a browser not seen before
 * for that account mails the person (in that language, branded); the same browser again does not.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTestApp, type TestApp } from "../support/app";
import { browser, fieldOf } from "../support/hosted-pages";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

const mailDir = mkdtempSync(join(tmpdir(), "sso-mail-"));
let t: TestApp;
let ten: TenantFixture;
let clientId: string;
const REDIRECT = "https://app.example.com/cb";

const mailsTo = (to: string) =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")))
    .filter((m) => m.to === to) as { subject: string; text: string; html: string; language: string }[];

beforeAll(async () => {
  t = await makeTestApp({ env: { SSO_MAILER: `file:${mailDir}` } });
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/al"), name: "Shop" },
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

const authorizeUrl = (extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    code_challenge: Buffer.from(new Bun.CryptoHasher("sha256").update("v").digest()).toString("base64url"),
    code_challenge_method: "S256",
    ...extra,
  })}`;

/** Signs in through the pages, posting every field the page carries (its language included). */
async function signIn(b: ReturnType<typeof browser>, email: string, extra: Record<string, string> = {}) {
  const html = await (await b.get(authorizeUrl(extra))).text();
  const res = await b.post("/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    locale: fieldOf(html, "locale"),
    email,
    password: PASSWORD,
  });
  const end = await b.follow(res);
  expect(end.status).toBe(303);
  expect(end.headers.get("location")).toStartWith(`${REDIRECT}?code=`);
}

const idle = () => t.svc.idle();

describe("the language a person signs in with", () => {
  test("is saved as their choice (audited once), and later mails use it", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await signIn(browser(t), u.email, { ui_locales: "de" });
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=user.locale_changed&userId=${u.id}`, {
        token: ten.token,
      }),
    );
    expect(audit.length).toBe(1);
    expect(audit[0].metadata).toMatchObject({ locale: "de", via: "pages" });
    await signIn(browser(t), u.email, { ui_locales: "de" });
    const again = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=user.locale_changed&userId=${u.id}`, {
        token: ten.token,
      }),
    );
    expect(again.length).toBe(1);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    await idle();
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual(["Passwort zurücksetzen"]);
  });
});

describe("the new-device alert", () => {
  test("off by default: no mail", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await signIn(browser(t), u.email);
    await idle();
    expect(mailsTo(u.email)).toEqual([]);
  });

  test("on: a mail for a browser not seen before, in the page's language; none for the same browser again", async () => {
    await ok(t.call("PUT", "/api/branding", { token: ten.token, body: { newDeviceAlert: true, displayName: "Acme" } }));
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser(t);
    await signIn(b, u.email, { ui_locales: "de" });
    await idle();
    const first = mailsTo(u.email);
    expect(first.length).toBe(1);
    expect(first[0].subject).toBe("Neue Anmeldung bei Ihrem Konto");
    expect(first[0].language).toBe("de");
    expect(first[0].text).toContain("Diese E-Mail wurde von Acme gesendet.");
    expect(b.jar.get("sso_device")).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await signIn(b, u.email, { prompt: "login" });
    await idle();
    expect(mailsTo(u.email).length).toBe(1);

    // Another account in the same browser is new to that browser; the first stays known.
    const v = await createUser(t, ten.token, ten.rootOrgId);
    await signIn(b, v.email, { prompt: "login" });
    await idle();
    expect(mailsTo(v.email).length).toBe(1);
    expect(b.jar.get("sso_device")!.split(".").length).toBe(2);
    await signIn(b, u.email, { prompt: "login" });
    await idle();
    expect(mailsTo(u.email).length).toBe(1);

    // A forged tag does not make a browser known.
    const c = browser(t);
    c.jar.set("sso_device", "A".repeat(22));
    await signIn(c, u.email, { prompt: "login" });
    await idle();
    expect(mailsTo(u.email).length).toBe(2);
    expect(mailsTo(u.email)[1].subject).toBe("New sign-in to your account");
  });
});
