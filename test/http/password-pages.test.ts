/**
 * The hosted password pages (CONTRACT §15), black-box through the real app on the store TEST_STORE
 * names: the sign-in page links to "forgot password" with its client and interaction; the code is
 * mailed (in the page's language) with a link to the reset page, which is branded for the code's
 * tenant; refusals show the form again with the problem; a spent code is refused; CSRF is checked;
 * the new password signs in.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { browser, fieldOf } from "../support/hosted-pages";
import { createUser, ok, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

const mailDir = mkdtempSync(join(tmpdir(), "sso-mail-"));
let t: TestApp;
let ten: TenantFixture;
let clientId: string;
const REDIRECT = "https://app.example.com/cb";
/** Moves the app's clock ahead of the wall clock (expiry of the done page's brand reference). */
let skewSeconds = 0;
const clock = { now: () => new Date(Date.now() + skewSeconds * 1000) };

const mailsTo = (to: string) =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")))
    .filter((m) => m.to === to) as { subject: string; text: string; html: string; token: string }[];
async function mailFor(to: string, n = 1) {
  for (let i = 0; i < 300; i++) {
    const m = mailsTo(to);
    if (m.length >= n) return m[n - 1];
    await Bun.sleep(10);
  }
  throw new Error(`no mail #${n} to ${to}`);
}

beforeAll(async () => {
  t = await makeTestApp({ env: { SSO_MAILER: `file:${mailDir}` }, clock });
  ten = await provisionTenant(t);
  await ok(
    t.call("PUT", "/api/branding", {
      token: ten.token,
      body: { displayName: "Acme", primaryColor: "#0b6e4f", supportUrl: "https://help.acme.example/" },
    }),
  );
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/pw"), name: "Shop" },
    }),
  );
  await ok(t.call("PUT", `/api/applications/${app.id}/branding`, { token: ten.token, body: { displayName: "Shop" } }));
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

/** The href of the link whose text is `text`. */
const linkTo = (html: string, text: string) =>
  new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");
const actionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)![1].replaceAll("&amp;", "&");

describe("forgot password on the hosted pages", () => {
  test("sign-in → forgot (client's branding) → mail with a link → reset (tenant's branding) → done → back to sign-in; the new password works", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser(t);
    const signIn = await (await b.get(authorizeUrl())).text();
    const forgotUrl = linkTo(signIn, "Forgot password\\?")!;
    expect(forgotUrl).toStartWith(`/pages/password/forgot?client_id=${clientId}&interaction=`);

    const forgot = await b.get(forgotUrl);
    expect(forgot.status).toBe(200);
    expect(forgot.headers.get("content-security-policy")).toContain("default-src 'none'");
    const forgotHtml = await forgot.text();
    expect(forgotHtml).toContain("<span>Shop</span>");
    expect(forgotHtml).toContain("<h1>Reset your password</h1>");

    // An empty address: the form again, the field marked and described.
    const empty = await b.post(actionOf(forgotHtml), { csrf: fieldOf(forgotHtml, "csrf"), email: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('aria-invalid="true"');
    expect(emptyHtml).toContain("Enter your email address.");

    const sent = await b.post(actionOf(forgotHtml), { csrf: fieldOf(forgotHtml, "csrf"), email: u.email });
    expect(sent.status).toBe(303);
    const sentPage = await b.follow(sent);
    const sentHtml = await sentPage.text();
    expect(sentHtml).toContain("<h1>Check your mail</h1>");
    expect(linkTo(sentHtml, "Back to sign-in")).toStartWith("/oauth2/authorize/resume?interaction=");

    const mail = await mailFor(u.email);
    const link = /https?:\/\/[^\s]+\/pages\/password\/reset\?token=[^\s]+/.exec(mail.text)![0];
    expect(link).toStartWith(`${ISSUER}/pages/password/reset?token=`);
    expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);

    const reset = await b.get(link);
    const resetHtml = await reset.text();
    expect(resetHtml).toContain("<span>Acme</span>");
    expect(fieldOf(resetHtml, "token")).toBe(mail.token);
    expect(resetHtml).toContain('autocomplete="new-password"');

    const short = await b.post(actionOf(resetHtml), {
      csrf: fieldOf(resetHtml, "csrf"),
      token: mail.token,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Choose a password of 8 to 200 characters.");

    const done = await b.post(actionOf(resetHtml), {
      csrf: fieldOf(resetHtml, "csrf"),
      token: mail.token,
      newPassword: "a-brand-new-password",
    });
    expect(done.status).toBe(303);
    const doneHtml = await (await b.follow(done)).text();
    expect(doneHtml).toContain("<h1>Your password is changed</h1>");
    expect(doneHtml).toContain("<span>Acme</span>"); // the spent code's tenant
    await t.login(u.email, "a-brand-new-password");

    // The code was spent: the same form again is refused with the alert.
    const again = await b.post(actionOf(resetHtml), {
      csrf: fieldOf(resetHtml, "csrf"),
      token: mail.token,
      newPassword: "another-new-password",
    });
    expect(again.status).toBe(400);
    const againHtml = await again.text();
    expect(againHtml).toContain("That code is not right, has expired or was already used.");
    expect(againHtml).toMatch(/<title>Error: /);
  });

  test("in German by ui_locales: the pages and the mail", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser(t);
    const signIn = await (await b.get(authorizeUrl({ ui_locales: "de" }))).text();
    expect(signIn).toContain('<html lang="de"');
    const forgotUrl = linkTo(signIn, "Passwort vergessen\\?")!;
    expect(forgotUrl).toContain("ui_locales=de");
    const forgotHtml = await (await b.get(forgotUrl)).text();
    expect(forgotHtml).toContain("<h1>Passwort zurücksetzen</h1>");
    await b.post(actionOf(forgotHtml), { csrf: fieldOf(forgotHtml, "csrf"), email: u.email });
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.text).toContain("Neues Passwort wählen");
  });

  test("an unknown address reads the same (no enumeration); a POST without the CSRF token is refused", async () => {
    const b = browser(t);
    const page = await (await b.get("/pages/password/forgot")).text();
    const r = await b.post("/pages/password/forgot", { csrf: fieldOf(page, "csrf"), email: "nobody@nowhere.test" });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/pages/password/forgot/sent");
    const forged = await b.post("/pages/password/reset", { csrf: "forged", token: "x", newPassword: "whatever-123" });
    expect(forged.status).toBe(403);
  });
});

/**
 * Issue 34: the page after a reset named its tenant by a bare `?tenant=N`, so walking N listed
 * every tenant's name, logo and support link. Branding on a public page now comes only from what
 * the visitor holds: a live code, the client of the flow, or the short-lived reference the service
 * signs when a code is spent.
 */
describe("the page after a reset shows a tenant's branding only to who reset there", () => {
  const DONE = "/pages/password/done";
  async function expectDefaultBrand(b: ReturnType<typeof browser>, path: string) {
    const res = await b.get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Your password is changed</h1>");
    expect(html).toContain("<span>Account sign-in</span>");
    expect(html).not.toContain("Acme");
    expect(html).not.toContain("help.acme.example");
    expect(html).not.toContain("/pages/logos/");
  }

  test("a bare ?tenant=N, a forged brand reference or another flow's signed value shows the default brand", async () => {
    const b = browser(t);
    await expectDefaultBrand(b, `${DONE}?tenant=${ten.tenantId}`);
    const payload = Buffer.from(JSON.stringify({ t: ten.tenantId, exp: 4102444800 })).toString("base64url");
    await expectDefaultBrand(b, `${DONE}?${new URLSearchParams({ brand: `${payload}.${"A".repeat(43)}` })}`);
    await expectDefaultBrand(b, `${DONE}?${new URLSearchParams({ brand: payload, tenant: String(ten.tenantId) })}`);
    // A value the service signed for another purpose (the sign-in's pending interaction) opens nothing here.
    const interaction = fieldOf(await (await b.get(authorizeUrl())).text(), "interaction");
    await expectDefaultBrand(b, `${DONE}?${new URLSearchParams({ brand: interaction })}`);
  });

  test("after a setup code is spent the page shows the code's tenant through a short-lived signed reference, never its id", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId, { password: null });
    const link = await ok(t.call("POST", `/api/users/${u.id}/password-setup-link`, { token: ten.token }));
    const b = browser(t);
    const resetHtml = await (await b.get(`/pages/password/reset?${new URLSearchParams({ token: link.token })}`)).text();
    expect(resetHtml).toContain("<span>Acme</span>");
    const done = await b.post(actionOf(resetHtml), {
      csrf: fieldOf(resetHtml, "csrf"),
      token: link.token,
      newPassword: "a-first-password-1",
    });
    expect(done.status).toBe(303);
    const location = done.headers.get("location")!;
    expect(location).toStartWith(`${DONE}?`);
    const query = new URL(location, ISSUER).searchParams;
    expect(query.has("tenant")).toBe(false);
    expect(query.get("brand")).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/); // signed, not a bare id
    const doneHtml = await (await b.get(location)).text();
    expect(doneHtml).toContain("<span>Acme</span>");
    expect(doneHtml).toContain("https://help.acme.example/");
    // The reference is short-lived: later, the same address shows the defaults.
    skewSeconds = 11 * 60;
    try {
      await expectDefaultBrand(b, location);
    } finally {
      skewSeconds = 0;
    }
  });
});
