// The SAML identity provider in a real browser (issue 39): Debian's chromium, driven by
// playwright-core, against the real service (a child process, embedded store). A small SAML
// service provider runs in this test process on another site (`localhost` against the service's
// `127.0.0.1`): its page POSTs an AuthnRequest (HTTP-POST binding, a cross-site POST that carries no
// SameSite=Lax cookie), the person signs in on the hosted pages, and the service's auto-submitting
// page posts the signed Response to the SP's ACS URL, where xml-crypto checks it against the
// metadata's certificate. The second POSTed AuthnRequest, in the same browser, must come back with
// no page at all: the service's same-site continuation found the browser's sign-in session. Then
// HTTP-Redirect and IdP-initiated, each answered at once. Needs /usr/bin/chromium (`.ci/run`
// installs it; REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { DOMParser } from "@xmldom/xmldom";
import type { Browser } from "playwright-core";
import { SignedXml } from "xml-crypto";
import { launchChromium, requireChromium } from "../support/chromium";
import { freePort, okService, type RunningService, startService } from "../support/process";

const available = requireChromium();
if (!available) console.warn("NOT RUN here: the SAML browser test needs /usr/bin/chromium; CI runs it");

const ADMIN = { email: "saml-browser@platform.test", password: "saml-browser-password-1" };
const WAIT = 30_000;
const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";

let svc: RunningService;
let sp: ReturnType<typeof Bun.serve>;
let browser: Browser;
let tenantId: number;
let adminUid: string;
let certificate: string;
let spUrl: string;
const dir = mkdtempSync(join(tmpdir(), "sso-saml-browser-"));
let seq = 0;

const authnRequest = () =>
  `<samlp:AuthnRequest xmlns:samlp="${P}" xmlns:saml="${A}" ID="_b${Date.now()}${++seq}" Version="2.0" IssueInstant="${new Date().toISOString()}" AssertionConsumerServiceURL="${spUrl}/acs"><saml:Issuer>${spUrl}/sp</saml:Issuer></samlp:AuthnRequest>`;

/** The SP's ACS: checks the posted Response's signatures and shows who signed in. */
function acs(form: FormData): Response {
  const xml = Buffer.from(String(form.get("SAMLResponse")), "base64").toString("utf8");
  const doc = new DOMParser().parseFromString(xml, "text/xml") as unknown as Document;
  const checks = (["Response", "Assertion"] as const).map((name) => {
    const el = doc.getElementsByTagNameNS(name === "Response" ? P : A, name)[0];
    const sig = Array.from(el.childNodes).find((n) => (n as Element).localName === "Signature") as Element;
    const v = new SignedXml({ publicCert: certificate, getCertFromKeyInfo: () => null });
    v.loadSignature(sig.toString());
    return v.checkSignature(xml);
  });
  const nameId = doc.getElementsByTagNameNS(A, "NameID")[0]?.textContent;
  const ok = checks.every(Boolean);
  return new Response(
    `<!doctype html><title>SP</title><h1>${ok ? `Signed in as ${nameId}` : "Signature refused"}</h1><p id="relay">${form.get("RelayState") ?? ""}</p>`,
    { headers: { "content-type": "text/html" } },
  );
}

beforeAll(async () => {
  if (!available) return;
  const port = await freePort();
  const spPort = await freePort();
  spUrl = `http://localhost:${spPort}`;
  svc = await startService(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      SSO_ISSUER: `http://127.0.0.1:${port}`,
      SSO_DATA_DIR: dir,
      SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      SSO_RATE_LIMIT: "off",
    },
    { timeoutMs: 60_000 },
  );
  const admin = (await okService(svc, "POST", "/api/auth/login", undefined, ADMIN)).accessToken as string;
  const claims = JSON.parse(Buffer.from(admin.split(".")[1], "base64url").toString());
  tenantId = Number(claims.tenant_id);
  adminUid = String(claims.uid);
  const [{ organizationId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
  const app = await okService(svc, "POST", "/api/applications", admin, {
    organizationId,
    identifier: "https://expenses.saml.test",
    name: "Expenses",
  });
  await okService(svc, "POST", `/api/applications/${app.id}/saml-providers`, admin, {
    entityId: `${spUrl}/sp`,
    acsUrls: [`${spUrl}/acs`],
    nameIdFormat: "persistent",
  });
  const md = await (await fetch(`${svc.url}/saml/${tenantId}/metadata`)).text();
  const b64 = /<ds:X509Certificate>([^<]+)</.exec(md)![1];
  certificate = `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
  const sso = `${svc.url}/saml/${tenantId}/sso`;
  sp = Bun.serve({
    port: spPort,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/post")
        return new Response(
          `<!doctype html><title>Expenses</title><form method="post" action="${sso}"><input type="hidden" name="SAMLRequest" value="${Buffer.from(authnRequest()).toString("base64")}"><input type="hidden" name="RelayState" value="post-relay"><button>Sign in with SAML</button></form>`,
          { headers: { "content-type": "text/html" } },
        );
      if (url.pathname === "/redirect")
        return Response.redirect(
          `${sso}?${new URLSearchParams({ SAMLRequest: deflateRawSync(Buffer.from(authnRequest())).toString("base64"), RelayState: "redirect-relay" })}`,
          302,
        );
      if (url.pathname === "/acs" && req.method === "POST") return acs(await req.formData());
      return new Response("not found", { status: 404 });
    },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  sp?.stop(true);
  await svc?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)("a SAML service provider in Chromium", () => {
  test("HTTP-POST from another site: the pages once, then the same session answers at once", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${spUrl}/post`);
    await page.getByRole("button", { name: "Sign in with SAML" }).click();
    // The sign-in page, shown by the same-site continuation of the POSTed request.
    await page.waitForURL((u) => u.pathname === `/saml/${tenantId}/sso/continue`, { timeout: WAIT });
    await page.getByLabel("Email address").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${spUrl}/acs`, { timeout: WAIT });
    expect(await page.locator("h1").textContent()).toBe(`Signed in as ${adminUid}`);
    expect(await page.locator("#relay").textContent()).toBe("post-relay");
    // The second cross-site POST: no page, the browser session is found after the same-site 303.
    await page.goto(`${spUrl}/post`);
    await page.getByRole("button", { name: "Sign in with SAML" }).click();
    await page.waitForURL(`${spUrl}/acs`, { timeout: WAIT });
    expect(await page.locator("h1").textContent()).toBe(`Signed in as ${adminUid}`);
    // HTTP-Redirect and IdP-initiated, in the same browser: answered at once.
    await page.goto(`${spUrl}/redirect`);
    await page.waitForURL(`${spUrl}/acs`, { timeout: WAIT });
    expect(await page.locator("#relay").textContent()).toBe("redirect-relay");
    await page.goto(`${svc.url}/saml/${tenantId}/init?${new URLSearchParams({ sp: `${spUrl}/sp` })}`);
    await page.waitForURL(`${spUrl}/acs`, { timeout: WAIT });
    expect(await page.locator("h1").textContent()).toBe(`Signed in as ${adminUid}`);
    await context.close();
  }, 120_000);
});
