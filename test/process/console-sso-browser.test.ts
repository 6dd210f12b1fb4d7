// The console's Enterprise sign-in area in a real browser (Debian's chromium, playwright-core):
// a platform administrator adds a domain, publishes the TXT record shown (in a DNS server this
// test starts, which the service asks through SSO_DNS_SERVERS), verifies it, marks a second one
// verified, connects an OIDC and a SAML provider and reads the values to register upstream; the
// client secret never reaches the page again. axe-core finds no serious or critical violation, in
// English and German. Needs /usr/bin/chromium (REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { freePort, ROOT, startService, type RunningService } from "../support/process";

const available = requireChromium();
const SHOTS = join(ROOT, "test-output", "console");
const ADMIN = "admin@sso-console.test";
const PASSWORD = "console-password-1";

if (!available) {
  console.warn(`NOT RUN here: console enterprise sign-in browser test (${CHROMIUM} is missing; CI installs it)`);
} else {
  describe("admin console: enterprise sign-in", () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-console-sso-"));
    let svc: RunningService;
    let dns: TestDnsServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const axe = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      dns = await startDnsServer();
      const port = await freePort();
      svc = await startService(
        {
          PORT: String(port),
          HOST: "127.0.0.1",
          SSO_ISSUER: `http://127.0.0.1:${port}`,
          SSO_DATA_DIR: dir,
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
          SSO_DNS_SERVERS: dns.address,
          SSO_RATE_LIMIT: "off",
        },
        { timeoutMs: 60_000 },
      );
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: svc.url });
      page = await context.newPage();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await svc?.stop();
      await dns?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Serious or critical axe-core violations of the page (CSP bypassed for the injected script). */
    async function violations(p: Page): Promise<string[]> {
      await p.addScriptTag({ content: axe });
      return p.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is a global the injected script defines.
        const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
        return r.violations
          .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v: { id: string; nodes: { target: string[] }[] }) =>
              `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          );
      });
    }

    test("domains are added, proven by DNS or marked verified; OIDC and SAML providers show what to register upstream; the secret never comes back", async () => {
      await page.goto(`${svc.url}/console`, { waitUntil: "commit" });
      await page.getByLabel("Email address").fill(ADMIN);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();
      await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Enterprise sign-in" }).click();
      await page.getByRole("heading", { level: 1, name: "Enterprise sign-in" }).waitFor();

      // A public mail domain is refused at its field.
      await page.getByLabel("Domain", { exact: true }).fill("gmail.com");
      await page.getByRole("button", { name: "Add domain" }).click();
      await page
        .locator(".field-error")
        .getByText(/public mail domain/)
        .waitFor();

      // Added: the TXT record to publish is shown; published in the test's DNS server, it verifies.
      await page.getByLabel("Domain", { exact: true }).fill("Contoso.Example");
      await page.getByRole("button", { name: "Add domain" }).click();
      const row = page.getByRole("row", { name: /contoso\.example/ });
      await row.getByText("Not verified").waitFor();
      const cells = await row.locator(".mono").allTextContents();
      const txtName = cells.find((c) => c.startsWith("_sso-challenge."))!;
      const txtValue = cells.find((c) => c.startsWith("sso-domain-verification="))!;
      expect(txtName).toBe("_sso-challenge.contoso.example");
      await row.getByRole("button", { name: "Verify" }).click();
      await row.getByText(/TXT record .* was found|not found/i).waitFor();
      dns.setTxt(txtName, [txtValue]);
      await row.getByRole("button", { name: "Verify" }).click();
      await row.getByText("Verified", { exact: true }).waitFor();
      // A platform administrator may mark one verified without the record.
      await page.getByLabel("Domain", { exact: true }).fill("fabrikam.example");
      await page.getByRole("button", { name: "Add domain" }).click();
      const second = page.getByRole("row", { name: /fabrikam\.example/ });
      await second.getByRole("button", { name: "Mark verified" }).click();
      await second.getByText("Verified", { exact: true }).waitFor();
      await page.screenshot({ path: join(SHOTS, "13-enterprise-sign-in-domains.png"), fullPage: true });

      // OIDC: the secret is write-only; the redirect URI to register is shown.
      const secret = `upstream-secret-${crypto.randomUUID()}`;
      await page.getByLabel("Name shown on the sign-in page").fill("Contoso Entra ID");
      await page.getByLabel("Domains", { exact: true }).fill("contoso.example, fabrikam.example");
      await page.getByLabel("Issuer").fill("https://login.contoso.example/v2.0");
      await page.getByLabel("Client ID").fill("sso-client");
      await page.getByLabel("Client secret").fill(secret);
      await page.getByRole("button", { name: "Connect", exact: true }).click();
      const oidc = page.getByRole("region", { name: "Register at the provider for Contoso Entra ID" });
      await oidc.waitFor();
      expect(await oidc.getByRole("textbox", { name: "Redirect URI" }).inputValue()).toBe(
        `${svc.url}/federation/oidc/1/callback`,
      );
      await page
        .getByRole("row", { name: /Contoso Entra ID/ })
        .getByRole("button", { name: "Edit" })
        .click();
      expect(await page.getByLabel("Client secret").inputValue()).toBe("");
      await page.getByText("Leave empty to keep the stored secret").waitFor();
      expect(await page.content()).not.toContain(secret);
      await page.getByRole("button", { name: "Cancel" }).click();

      // SAML, by hand: the SP entity id, ACS URL and metadata URL to register.
      const pem = readFileSync(join(ROOT, "test", "support", "saml-idp.pem"), "utf8");
      await page.getByLabel("Protocol").selectOption("saml");
      await page.getByLabel("Name shown on the sign-in page").fill("Okta");
      await page.getByLabel("Settings from").selectOption("manual");
      await page.getByLabel("Entity ID", { exact: true }).fill("urn:okta:contoso");
      await page.getByLabel("Single sign-on URL").fill("https://contoso.okta.example/sso/saml");
      await page.getByLabel("Signing certificates (PEM)").fill(pem);
      await page.getByRole("button", { name: "Connect", exact: true }).click();
      const saml = page.getByRole("region", { name: "Register at the provider for Okta" });
      await saml.waitFor();
      expect(await saml.getByRole("textbox", { name: "Assertion consumer service URL (ACS)" }).inputValue()).toBe(
        `${svc.url}/federation/saml/2/acs`,
      );
      expect(await saml.getByRole("textbox", { name: "Entity ID (Audience)" }).inputValue()).toBe(
        `${svc.url}/federation/saml/2`,
      );
      await page.screenshot({ path: join(SHOTS, "14-enterprise-sign-in-connections.png"), fullPage: true });
      expect(await page.content()).not.toContain(secret);

      // Accessible, in English and in German.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Page.setBypassCSP", { enabled: true });
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Enterprise sign-in" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await violations(page)).toEqual([]);
      const german = await context.newPage();
      await german.addInitScript(() => Object.defineProperty(navigator, "languages", { get: () => ["de-DE", "de"] }));
      await (await context.newCDPSession(german)).send("Page.setBypassCSP", { enabled: true });
      await german.goto(`${svc.url}/console/enterprise-sign-in`, { waitUntil: "commit" });
      await german.getByRole("heading", { level: 1, name: "Unternehmensanmeldung" }).waitFor();
      await german.getByRole("heading", { name: "Bestätigte Domains" }).waitFor();
      await german.waitForLoadState("networkidle");
      expect(await violations(german)).toEqual([]);
      await german.close();
    }, 120_000);
  });
}
