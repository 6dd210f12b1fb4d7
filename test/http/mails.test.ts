/**
 * Mails (CONTRACT §15) through the real `file:` mailer on the store TEST_STORE names: the reset and
 * setup mails are multipart (text + HTML, the logo an inline part referenced by `cid:`, nothing
 * remote), branded with the tenant's name, colour and support link, and in the person's language:
 * the request's `Accept-Language`, else the language saved with PUT /api/users/me.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTestApp, type TestApp } from "../support/app";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture } from "./directory-fixtures";

const mailDir = mkdtempSync(join(tmpdir(), "sso-mail-"));
let t: TestApp;
let ten: TenantFixture;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

interface MailFile {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  inline: { cid: string; contentType: string; bytes: number }[];
  token: string;
  eml: string;
}

async function mailFor(to: string, n = 1): Promise<MailFile> {
  for (let i = 0; i < 300; i++) {
    const mine = readdirSync(mailDir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")) as MailFile)
      .filter((m) => m.to === to);
    if (mine.length >= n) return mine[n - 1];
    await Bun.sleep(10);
  }
  throw new Error(`no mail #${n} to ${to}`);
}

/** The MIME parts' headers of a raw message, in order (a structural reading, enough to check the tree). */
function partHeaders(raw: string): string[] {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((p) => p.split(/\r?\n\r?\n/)[0])
    .filter((h) => /content-type:/i.test(h));
}

beforeAll(async () => {
  t = await makeTestApp({ env: { SSO_MAILER: `file:${mailDir}` } });
  ten = await provisionTenant(t);
  await ok(
    t.call("PUT", "/api/branding", {
      token: ten.token,
      body: {
        displayName: "Acme Konto",
        primaryColor: "#0b6e4f",
        supportUrl: "https://help.acme.test/",
        logo: `data:image/png;base64,${PNG.toString("base64")}`,
      },
    }),
  );
});
afterAll(async () => {
  await t.close();
  rmSync(mailDir, { recursive: true, force: true });
});

describe("the reset mail", () => {
  test("German by Accept-Language: multipart text + HTML, logo inline, branded, nothing remote", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const r = await t.call("POST", "/api/auth/password/forgot", {
      body: { email: u.email },
      headers: { "accept-language": "de-CH, en;q=0.5" },
    });
    expect(r.status).toBe(200);
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.language).toBe("de");
    expect(mail.text).toContain(mail.token);
    expect(mail.text).toContain("Diese E-Mail wurde von Acme Konto gesendet.");
    expect(mail.text).toContain("https://help.acme.test/");
    expect(mail.html).toContain('<html lang="de"');
    expect(mail.html).toContain(mail.token);
    expect(mail.html).toContain("#0b6e4f");
    expect(mail.html).toContain(`src="cid:${mail.inline[0].cid}"`);
    // No remote content: every src is a cid: reference; the only http(s) URL is the support link.
    expect([...mail.html.matchAll(/src="([^"]*)"/g)].map((m) => m[1].split(":")[0])).toEqual(["cid"]);
    expect(mail.inline).toEqual([{ cid: mail.inline[0].cid, contentType: "image/png", bytes: PNG.length }]);

    const raw = readFileSync(join(mailDir, mail.eml), "utf8");
    expect(raw).toMatch(/^Content-Language: de$/m);
    const heads = partHeaders(raw);
    const top = raw.split(/\r?\n\r?\n/)[0];
    // multipart/alternative: the text, and a multipart/related of the HTML with its inline logo.
    expect(top).toMatch(/Content-Type: multipart\/alternative/i);
    expect(heads.some((h) => /multipart\/related/i.test(h))).toBe(true);
    expect(heads.some((h) => /text\/plain; charset=utf-8/i.test(h))).toBe(true);
    expect(heads.some((h) => /text\/html; charset=utf-8/i.test(h))).toBe(true);
    const image = heads.find((h) => /image\/png/i.test(h))!;
    expect(image).toContain(`Content-ID: <${mail.inline[0].cid}>`);
    expect(image).toMatch(/Content-Disposition: inline/i);
  });

  test("no Accept-Language: the saved language; then English once the choice is changed; unsupported values refused", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const token = (await t.login(u.email, PASSWORD)).accessToken;
    expect(await ok(t.call("PUT", "/api/users/me", { token, body: { locale: "de" } }))).toEqual({ locale: "de" });
    expect((await t.call("PUT", "/api/users/me", { token, body: { locale: "fr" } })).status).toBe(400);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    expect((await mailFor(u.email, 1)).subject).toBe("Passwort zurücksetzen");
    expect((await ok(t.call("GET", "/api/users/me/export", { token }))).user.locale).toBe("de");
    await ok(t.call("PUT", "/api/users/me", { token, body: { locale: "en" } }));
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    const english = await mailFor(u.email, 2);
    expect(english.subject).toBe("Reset your password");
    expect(english.text).toContain("This mail was sent by Acme Konto.");
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=user.locale_changed`, { token: ten.token }),
    );
    expect(audit.length).toBe(2);
  });
});

describe("the setup mail", () => {
  test("an administrator's setup link is mailed to the person, in their saved language, with the same code", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const own = (await t.login(u.email, PASSWORD)).accessToken;
    await ok(t.call("PUT", "/api/users/me", { token: own, body: { locale: "de" } }));
    const link = await ok(t.call("POST", `/api/users/${u.id}/password-setup-link`, { token: ten.token }));
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe("Passwort einrichten");
    expect(mail.token).toBe(link.token);
    expect(mail.html).toContain(link.token);
    expect(mail.inline.length).toBe(1);
  });
});
