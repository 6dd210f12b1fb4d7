/**
 * The sender of mail (CONTRACT §19, issue 37 item 1): SSO_MAIL_FROM sets the `From` of every mail;
 * without a display name there, the tenant's branding name is it. Checked on the wire through a
 * real SMTP exchange (nodemailer to an SMTP sink started here) and in the `file:` mailer's JSON.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeMailer } from "../../adapters/outbound/mailer";
import { ConfigError, loadConfig } from "../../src/config";
import { makeTestApp, type TestApp } from "../support/app";
import { headerOf, type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture } from "./directory-fixtures";

let sink: SmtpSink;
const apps: TestApp[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await sink.stop();
});

async function brandedTenant(t: TestApp, displayName: string): Promise<TenantFixture> {
  const ten = await provisionTenant(t);
  await ok(t.call("PUT", "/api/branding", { token: ten.token, body: { displayName } }));
  return ten;
}

describe("SMTP: the From header", () => {
  test("SSO_MAIL_FROM with a display name: every mail is from it, whatever the brand", async () => {
    const t = await makeTestApp({
      env: { SSO_MAILER: `smtp://127.0.0.1:${sink.port}`, SSO_MAIL_FROM: "Acme Accounts <No-Reply@acme.test>" },
    });
    apps.push(t);
    const ten = await brandedTenant(t, "Acme Konto");
    const u = await createUser(t, ten.token, ten.rootOrgId);
    expect((await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } })).status).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes(u.email));
    expect(mail.from).toBe("no-reply@acme.test");
    expect(headerOf(mail.raw, "From")).toBe("Acme Accounts <no-reply@acme.test>");
    expect(headerOf(mail.raw, "To")).toBe(u.email);
    expect(headerOf(mail.raw, "Subject")).toBe("Reset your password");
    expect(headerOf(mail.raw, "Content-Language")).toBe("en");
    expect(headerOf(mail.raw, "Content-Type")).toMatch(/^multipart\/alternative/);
  });

  test("an address alone: the display name is the tenant's branding name (encoded when not ASCII)", async () => {
    const t = await makeTestApp({
      env: { SSO_MAILER: `smtp://127.0.0.1:${sink.port}`, SSO_MAIL_FROM: "accounts@acme.test" },
    });
    apps.push(t);
    const ten = await brandedTenant(t, "Acme Konto");
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    const mail = await sink.waitFor((m) => m.to.includes(u.email));
    expect(mail.from).toBe("accounts@acme.test");
    expect(headerOf(mail.raw, "From")).toBe("Acme Konto <accounts@acme.test>");

    const other = await brandedTenant(t, "Müller & Söhne");
    const v = await createUser(t, other.token, other.rootOrgId);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: v.email } });
    const encoded = await sink.waitFor((m) => m.to.includes(v.email));
    const from = headerOf(encoded.raw, "From")!;
    // RFC 2047: a non-ASCII display name travels encoded, the address stays plain.
    expect(from).toMatch(/^=\?UTF-8\?[QB]\?.+\?= <accounts@acme\.test>$/i);
  });

  test("unset: no-reply at the issuer's host, named for the brand", async () => {
    const t = await makeTestApp({ env: { SSO_MAILER: `smtp://127.0.0.1:${sink.port}` } });
    apps.push(t);
    const ten = await brandedTenant(t, "Initech");
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
    const mail = await sink.waitFor((m) => m.to.includes(u.email));
    expect(headerOf(mail.raw, "From")).toBe("Initech <no-reply@sso.test>");
  });
});

describe("SMTP: the mails of issue 37 arrive with their headers", () => {
  test("a user created without a password gets the setup mail at once; a verification link goes to the person who asked", async () => {
    const t = await makeTestApp({
      env: { SSO_MAILER: `smtp://127.0.0.1:${sink.port}`, SSO_MAIL_FROM: "accounts@acme.test" },
    });
    apps.push(t);
    const ten = await brandedTenant(t, "Acme");
    const email = `invited-${Date.now()}@t.test`;
    const created = await ok(
      t.call("POST", "/api/users", { token: ten.token, body: { organizationId: ten.rootOrgId, email, fullName: "N" } }),
    );
    expect(created.setupMailSent).toBe(true);
    const setup = await sink.waitFor((m) => m.to.includes(email));
    expect(headerOf(setup.raw, "From")).toBe("Acme <accounts@acme.test>");
    expect(headerOf(setup.raw, "Subject")).toBe("Set up your password");
    expect(setup.raw).toContain("/pages/password/reset?token=");

    const u = await createUser(t, ten.token, ten.rootOrgId);
    const own = (await t.login(u.email, PASSWORD)).accessToken;
    await ok(t.call("POST", "/api/users/me/email/verify", { token: own, headers: { "accept-language": "de" } }));
    const verify = await sink.waitFor((m) => m.to.includes(u.email));
    expect(headerOf(verify.raw, "From")).toBe("Acme <accounts@acme.test>");
    expect(headerOf(verify.raw, "Content-Language")).toBe("de");
    // RFC 2047: the German subject travels encoded.
    expect(headerOf(verify.raw, "Subject")).toMatch(/^=\?UTF-8\?[QB]\?/i);
    expect(verify.raw).toContain("/pages/email/verify?token=");
  });
});

describe("the file: mailer names the sender", () => {
  test("the JSON carries `from` and the .eml its header", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-mail-from-"));
    try {
      const t = await makeTestApp({ env: { SSO_MAILER: `file:${dir}`, SSO_MAIL_FROM: '"Acme, Inc." <hi@acme.test>' } });
      apps.push(t);
      const ten = await provisionTenant(t);
      const u = await createUser(t, ten.token, ten.rootOrgId);
      await t.call("POST", "/api/auth/password/forgot", { body: { email: u.email } });
      let json: { from: string; to: string; eml: string } | undefined;
      for (let i = 0; i < 300 && !json; i++) {
        const f = readdirSync(dir).find((n) => n.endsWith(".json"));
        if (f) json = JSON.parse(readFileSync(join(dir, f), "utf8"));
        else await Bun.sleep(10);
      }
      expect(json!.from).toBe('"Acme, Inc." <hi@acme.test>');
      const raw = readFileSync(join(dir, json!.eml), "utf8").replace(/\r?\n/g, "\r\n");
      expect(headerOf(raw, "From")).toBe('"Acme, Inc." <hi@acme.test>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SSO_MAIL_FROM is checked at start", () => {
  const base = { SSO_ISSUER: "https://id.example.com" };
  test("accepted forms", () => {
    expect(loadConfig(base).mailFrom).toEqual({ address: "no-reply@id.example.com" });
    expect(loadConfig({ ...base, SSO_MAIL_FROM: "Acme <no-reply@acme.com>" }).mailFrom).toEqual({
      name: "Acme",
      address: "no-reply@acme.com",
    });
    expect(loadConfig({ ...base, SSO_MAIL_FROM: '"Acme, Inc." <a@acme.com>' }).mailFrom.name).toBe("Acme, Inc.");
    expect(loadConfig({ ...base, SSO_MAIL_FROM: "<a@acme.com>" }).mailFrom).toEqual({ address: "a@acme.com" });
    expect(loadConfig({ SSO_ISSUER: "http://127.0.0.1:3000" }).mailFrom.address).toBe("no-reply@localhost");
  });
  test.each([
    ["not an address", "acme"],
    ["two at signs", "a@b@c.com"],
    ["a header injected", "Acme <a@acme.com>\r\nBcc: x@evil.test"],
    ["a quote in the name", 'Ac"me <a@acme.com>'],
    ["a newline in the name", "Ac\nme <a@acme.com>"],
    ["an unclosed bracket", "Acme <a@acme.com"],
  ])("refused: %s", (_, value) => {
    expect(() => loadConfig({ ...base, SSO_MAIL_FROM: value })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, SSO_MAIL_FROM: value });
    } catch (e) {
      expect((e as Error).message).toStartWith("invalid configuration: SSO_MAIL_FROM");
    }
  });
});

describe("the ready line names the mailer", () => {
  test("kind and where, never credentials", () => {
    expect(describeMailer("log")).toBe("log (mails are not delivered)");
    expect(describeMailer("file:/tmp/mails")).toBe("file (/tmp/mails)");
    expect(describeMailer("smtp://user:secret@smtp.example.com:2525")).toBe("smtp (smtp.example.com:2525)");
    expect(describeMailer("smtps://user:secret@smtp.example.com")).toBe("smtps (smtp.example.com:465)");
  });
});
