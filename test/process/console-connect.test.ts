// The console shows people how to connect their application (issue 42, docs/console.md), in a real
// browser (Debian's chromium, playwright-core): a new tenant's administrator lands on Home (counts,
// the issuer and discovery URL with copy buttons, "Register your first application"), registers a
// public client, opens "Connect an application" (the client's own values; the code is the examples'
// files), and uses "Try sign-in": the test redirect URI added with one click, the hosted sign-in,
// and the console's test page redeeming the code with PKCE (examples/oidc/spa/signin.ts, the SPA
// guide's file) and showing both tokens' claims with their meanings. A confidential client's code
// is redeemed only with the secret the administrator pastes. Home counts the whole tenant (GET
// /api/tenant/summary) for its administrator and only the organization for an organization's
// administrator. The Spring guide shows the three files of examples/oidc/java-spring. Then German,
// axe, 360 px and the keyboard on those pages. Screenshots: test-output/console/connect-*.png, and
// the first screens docs/console.md shows (docs-*.png).
// Needs /usr/bin/chromium (`.ci/run` installs it; REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";
import { freePort, okService, ROOT, startService, type RunningService } from "../support/process";

const available = requireChromium();
const SHOTS = join(ROOT, "test-output", "console");
const ADMIN = "admin@connect.test";
const PASSWORD = "connect-password-1";
const AXE = () => readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");

/** Serious or critical axe violations of the page (axe injected: the page must bypass the CSP). */
async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE() });
  return page.evaluate(async () => {
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

/** Controls in <main> that Tab does not reach, or reaches without a visible focus ring. */
async function keyboardGaps(page: Page): Promise<string[]> {
  const count = await page.evaluate(() => {
    const all = [
      ...document.querySelectorAll<HTMLElement>(
        "main a[href], main button:not([disabled]), main input:not([type=hidden]):not([disabled]), main select:not([disabled]), main textarea",
      ),
    ].filter((e) => e.offsetParent !== null);
    all.forEach((e, i) => e.setAttribute("data-k", String(i)));
    return all.length;
  });
  await page
    .locator("main h1")
    .focus()
    .catch(() => {});
  const reached = new Set<number>();
  const out: string[] = [];
  for (let i = 0; i < count + 60 && reached.size < count; i++) {
    await page.keyboard.press("Tab");
    const f = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      if (!e?.hasAttribute("data-k")) return null;
      const st = getComputedStyle(e);
      return {
        k: Number(e.getAttribute("data-k")),
        ring: st.outlineStyle !== "none" && Number.parseFloat(st.outlineWidth) >= 2,
        what: e.outerHTML.slice(0, 60),
      };
    });
    if (!f) continue;
    reached.add(f.k);
    if (!f.ring) out.push(`no visible focus on ${f.what}`);
  }
  if (reached.size !== count) out.push(`Tab reached ${reached.size} of ${count} controls`);
  return out;
}

if (!available) {
  console.warn(`NOT RUN here: console connect test (${CHROMIUM} is missing; CI installs it)`);
} else {
  describe("console: home, connect an application, try sign-in", () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-connect-"));
    let svc: RunningService;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const elsewhere: string[] = [];
    const consoleErrors: string[] = [];
    let publicClientId = "";
    let appsAtStart = -1;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const port = await freePort();
      svc = await startService(
        {
          PORT: String(port),
          HOST: "127.0.0.1",
          SSO_ISSUER: `http://127.0.0.1:${port}`,
          SSO_DATA_DIR: dir,
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
          SSO_RATE_LIMIT: "off",
        },
        { timeoutMs: 60_000 },
      );
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: svc.url });
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(svc.url) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
        elsewhere.push(url);
        return route.abort();
      });
      page = await context.newPage();
      page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
      page.on("pageerror", (e) => consoleErrors.push(String(e)));
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await svc?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    /** What docs/console.md shows (docs/images/console/, made small from these): the first screen only. */
    const docShot = async (p: Page, name: string) => {
      const size = p.viewportSize()!;
      await p.setViewportSize({ width: 960, height: 640 });
      await p.screenshot({ path: join(SHOTS, `docs-${name}.png`) });
      await p.setViewportSize(size);
    };
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    test("home: counts, sign-ins of the last day, the issuer and discovery URL to copy, and the next step", async () => {
      await page.goto(`${svc.url}/console`, { waitUntil: "commit" });
      await page.getByLabel("Email address").fill(ADMIN);
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("alert").waitFor();
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/console/home");
      const stat = (label: string) =>
        page
          .locator("li.stat", { has: page.locator(".stat-label", { hasText: new RegExp(`^${label}`) }) })
          .locator(".stat-value")
          .textContent();
      await page.locator("li.stat .stat-value", { hasText: "…" }).first().waitFor({ state: "detached" });
      // The whole tenant (GET /api/tenant/summary): a new tenant has its root organization, its
      // administrator, the service's own application (the console's), and no API client yet.
      expect(await stat("Organizations in the tenant")).toBe("1");
      expect(Number(await stat("Users in the tenant"))).toBeGreaterThanOrEqual(1);
      appsAtStart = Number(await stat("Applications in the tenant"));
      expect(appsAtStart).toBeGreaterThanOrEqual(0);
      expect(await stat("API clients in the tenant")).toBe("0");
      expect(await stat("API clients of")).toBe("0");
      expect(Number(await stat("Applications of"))).toBeGreaterThanOrEqual(0);
      expect(Number(await stat("Users of"))).toBeGreaterThanOrEqual(1);
      expect(Number(await stat("Organizations in your reach"))).toBeGreaterThanOrEqual(1);
      // The journal counts: one sign-in and one failure so far.
      expect(Number(await stat("Sign-ins in the last 24 hours"))).toBeGreaterThanOrEqual(1);
      expect(Number(await stat("Failed sign-ins in the last 24 hours"))).toBeGreaterThanOrEqual(1);
      const issuer = page.getByRole("region", { name: "Issuer" });
      expect(await issuer.getByRole("textbox").inputValue()).toBe(svc.url);
      await issuer.getByRole("button", { name: "Copy" }).click();
      expect(await clipboard()).toBe(svc.url);
      const discovery = page.getByRole("region", { name: "Discovery URL" });
      await discovery.getByRole("button", { name: "Copy" }).click();
      expect(await clipboard()).toBe(`${svc.url}/.well-known/openid-configuration`);
      const meta = await (await fetch(await clipboard())).json();
      expect(meta.issuer).toBe(svc.url);
      await shot(page, "connect-01-home");
      await page.evaluate(() => window.scrollTo(0, 0));
      await docShot(page, "home");
      await page.getByRole("link", { name: "Register your first application" }).click();
      await page.getByRole("heading", { level: 1, name: "API clients" }).waitFor();
    }, 60_000);

    test("register a public client; its guide has its values and the examples' code for every stack", async () => {
      // A client that signs people in gets tokens for an application (its identifier is their aud).
      await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Applications" }).click();
      await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
      await page.getByRole("button", { name: "New application" }).click();
      await page.getByLabel("Identifier (token audience)").fill("https://api.shop.example.com");
      await page.getByLabel("Name", { exact: true }).fill("Shop API");
      await page.getByRole("button", { name: "Register application" }).click();
      await page.getByRole("cell", { name: "Shop API", exact: true }).waitFor();
      await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "API clients" }).click();
      await page.getByRole("heading", { level: 1, name: "API clients" }).waitFor();
      await page.getByLabel("Application (token audience)").selectOption({ label: "Shop API" });
      await page.getByLabel("Name", { exact: true }).fill("Shop SPA");
      await page.getByLabel("Type", { exact: true }).selectOption("public");
      const grants = page.getByRole("group", { name: "Grant types" });
      await grants.getByLabel("client_credentials").uncheck();
      await grants.getByLabel("authorization_code").check();
      await page.getByLabel("Redirect URIs").first().fill("https://shop.example.com/callback");
      await page.getByRole("button", { name: "Register client" }).click();
      const notice = page.getByRole("status").filter({ hasText: "cli_" });
      publicClientId = (await notice.locator("code").first().textContent())!.trim();
      expect(publicClientId).toMatch(/^cli_/);
      await page.getByRole("button", { name: "Connect an application with this client" }).click();
      const guide = page.getByRole("region", { name: "Connect an application: Shop SPA" });
      await guide.waitFor();
      await guide.locator("dl.values").filter({ hasText: publicClientId }).first().waitFor();
      await guide.locator("dl.values").filter({ hasText: "https://shop.example.com/callback" }).first().waitFor();
      await guide.locator("dl.values").filter({ hasText: "https://api.shop.example.com" }).first().waitFor();
      await guide
        .locator("dl.values")
        .filter({ hasText: `${svc.url}/.well-known/openid-configuration` })
        .first()
        .waitFor();
      // A public client starts at the SPA guide: examples/oidc/spa/signin.ts and its configuration.
      const code = (name: string | RegExp) => guide.getByRole("region", { name }).textContent();
      expect(await code("examples/oidc/spa/signin.ts")).toBe(
        readFileSync(join(ROOT, "examples/oidc/spa/signin.ts"), "utf8"),
      );
      expect(await code(/^Run it/)).toContain(`clientId: "${publicClientId}"`);
      await shot(page, "connect-02-guide-spa");
      for (const [stack, file] of [
        ["Node.js: openid-client", "examples/oidc/ts/rp.ts"],
        ["Python: Authlib", "examples/oidc/python/rp.py"],
        ["Go: go-oidc", "examples/oidc/go/main.go"],
        ["API (resource server), Node.js: jose", "examples/resource-servers/ts/verify.ts"],
        ["API (resource server), Python: PyJWT", "examples/resource-servers/python/verify.py"],
        ["API (resource server), Go: jwx", "examples/resource-servers/go/main.go"],
      ]) {
        await guide.getByLabel("Your stack").selectOption({ label: stack });
        expect(await code(file)).toBe(readFileSync(join(ROOT, file), "utf8"));
        const run = (await code(/^Run it/))!;
        expect(run).toContain(`ISSUER=${svc.url}`);
        if (!stack.startsWith("API")) expect(run).toContain(`CLIENT_ID=${publicClientId}`);
        else expect(run).toContain("AUDIENCE=https://api.shop.example.com");
      }
      // Java: the Spring Boot project of examples/oidc/java-spring, three files, this public
      // client's values on the run line (no secret; the authentication method "none").
      await guide.getByLabel("Your stack").selectOption({ label: "Java: Spring Security" });
      for (const file of [
        "examples/oidc/java-spring/src/main/java/example/SignInApplication.java",
        "examples/oidc/java-spring/src/main/resources/application.yml",
        "examples/oidc/java-spring/pom.xml",
      ])
        expect(await code(file)).toBe(readFileSync(join(ROOT, file), "utf8"));
      const springRun = (await code(/^Run it/))!;
      for (const line of [
        `ISSUER=${svc.url}`,
        `CLIENT_ID=${publicClientId}`,
        "REDIRECT_URI=https://shop.example.com/callback",
        "AUDIENCE=https://api.shop.example.com",
        "CLIENT_AUTHENTICATION_METHOD=none",
        "mvn spring-boot:run",
      ])
        expect(springRun).toContain(line);
      expect(springRun).not.toContain("CLIENT_SECRET");
      await guide.getByRole("button", { name: /^Copy Run it/ }).click();
      expect(await clipboard()).toBe(springRun);
      await shot(page, "connect-03-guide-spring");
      await guide.getByLabel("Your stack").evaluate((e) => e.scrollIntoView());
      await docShot(page, "guide-spring");
      await guide.getByRole("button", { name: "Close the guide" }).click();
    }, 60_000);

    test("try sign-in on the public client: the test redirect URI in one click, the hosted sign-in, both tokens' claims explained", async () => {
      await page
        .getByRole("row", { name: /Shop SPA/ })
        .getByRole("button", { name: "Try sign-in of Shop SPA" })
        .click();
      const panel = page.getByRole("region", { name: "Try sign-in: Shop SPA" });
      await panel.getByRole("button", { name: "Add the test redirect URI" }).click();
      await panel.getByRole("button", { name: "Open the sign-in" }).click();
      await page.getByRole("heading", { level: 1, name: "Sign-in to Shop SPA" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/console/try-callback");
      await page.getByText("Signed in. This is what the application gets.").waitFor();
      // The code is spent and gone from the address; nothing stays in storage.
      expect(new URL(page.url()).search).toBe("");
      expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
      const id = page.getByRole("table", { name: /^ID token/ });
      const access = page.getByRole("table", { name: /^Access token/ });
      const value = (table: typeof id, claim: string) =>
        table
          .getByRole("row")
          .filter({ has: page.getByRole("cell", { name: claim, exact: true }) })
          .getByRole("cell")
          .nth(1)
          .textContent();
      expect(await value(id, "iss")).toBe(svc.url);
      expect(await value(id, "aud")).toContain(publicClientId);
      expect(await value(id, "email")).toBe(ADMIN);
      expect(await value(access, "client_id")).toBe(publicClientId);
      expect(await value(access, "aud")).toContain("https://api.shop.example.com");
      await id
        .getByRole("row")
        .filter({ hasText: "sub" })
        .first()
        .filter({ hasText: "the person's stable id" })
        .first()
        .waitFor();
      await shot(page, "connect-04-try-result");
      await docShot(page, "try-sign-in");
      await page.getByRole("link", { name: "Back to API clients" }).click();
      await page.getByRole("heading", { level: 1, name: "API clients" }).waitFor();
    }, 60_000);

    test("a confidential client's code is shown, and redeemed only with the secret the administrator pastes", async () => {
      await page.getByLabel("Application (token audience)").selectOption({ label: "Shop API" });
      await page.getByLabel("Name", { exact: true }).fill("Shop server");
      const grants = page.getByRole("group", { name: "Grant types" });
      await grants.getByLabel("client_credentials").uncheck();
      await grants.getByLabel("authorization_code").check();
      await page.getByLabel("Redirect URIs").first().fill("https://shop.example.com/server-callback");
      await page.getByRole("button", { name: "Register client" }).click();
      const secret = await page.getByRole("region", { name: "Client secret" }).getByRole("textbox").inputValue();
      expect(secret.length).toBeGreaterThan(20);
      await page
        .getByRole("row", { name: /Shop server/ })
        .getByRole("button", { name: "Try sign-in of Shop server" })
        .click();
      const panel = page.getByRole("region", { name: "Try sign-in: Shop server" });
      await panel.filter({ hasText: "never stored" }).first().waitFor();
      await panel.getByRole("button", { name: "Add the test redirect URI" }).click();
      await panel.getByRole("button", { name: "Open the sign-in" }).click();
      await page.getByRole("heading", { level: 1, name: "Sign-in to Shop server" }).waitFor();
      await page.getByText(/issued the authorization code/).waitFor();
      await shot(page, "connect-05-try-confidential-code");
      await page.getByLabel("Client secret").fill(secret);
      await page.getByRole("button", { name: "Redeem the code" }).click();
      await page.getByText("Signed in. This is what the application gets.").waitFor();
      await page
        .getByRole("table", { name: /^ID token/ })
        .filter({ hasText: "cli_" })
        .first()
        .waitFor();
      // The secret is gone with the form, and nothing stays in storage.
      expect(await page.getByLabel("Client secret").count()).toBe(0);
      await shot(page, "connect-06-try-confidential-tokens");
      await page.getByRole("link", { name: "Back to API clients" }).click();
      await page.getByRole("heading", { level: 1, name: "API clients" }).waitFor();
    }, 60_000);

    test("an organization's administrator: Home shows that organization's counts and its subtree's sign-ins, not the tenant's", async () => {
      const admin = (await okService(svc, "POST", "/api/auth/login", undefined, { email: ADMIN, password: PASSWORD }))
        .accessToken as string;
      const [{ organizationId: rootId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
      const branch = await okService(svc, "POST", "/api/organizations", admin, {
        name: "Branch",
        slug: "branch",
        parentId: rootId,
      });
      const role = await okService(svc, "POST", "/api/roles", admin, {
        name: "Branch admin",
        organizationId: branch.id,
        permissionCodes: ["ORG_MANAGE", "USER_MANAGE", "CLIENT_MANAGE", "AUDIT_VIEW"],
        scope: "SUBTREE",
      });
      const email = "branch-admin@connect.test";
      await okService(svc, "POST", "/api/users", admin, {
        organizationId: branch.id,
        email,
        fullName: "Branch Admin",
        password: "branch-password-1",
        roleId: role.id,
      });
      const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await other.newPage();
      const refused: string[] = [];
      p.on("response", (r) => r.url().includes("/api/tenant/summary") && refused.push(`${r.status()} ${r.url()}`));
      await p.goto(`${svc.url}/console`, { waitUntil: "commit" });
      await p.getByLabel("Email address").fill(email);
      await p.getByLabel("Password").fill("branch-password-1");
      await p.getByRole("button", { name: "Sign in", exact: true }).click();
      await p.getByRole("heading", { level: 1, name: "Home" }).waitFor();
      await p.getByRole("heading", { level: 2, name: "At a glance" }).waitFor();
      await p.locator("li.stat .stat-value", { hasText: "…" }).first().waitFor({ state: "detached" });
      expect(await p.getByRole("heading", { level: 2, name: "The whole tenant" }).count()).toBe(0);
      const stat = (label: string) =>
        p
          .locator("li.stat", { has: p.locator(".stat-label", { hasText: new RegExp(`^${label}`) }) })
          .locator(".stat-value")
          .textContent();
      expect(await stat("Users of Branch")).toBe("1");
      expect(await stat("API clients of Branch")).toBe("0");
      expect(Number(await stat("Sign-ins in the last 24 hours"))).toBeGreaterThanOrEqual(1);
      expect(await stat("Failed sign-ins in the last 24 hours")).toBe("0");
      // Its roles do not reach the tenant's root: Home never asks for the tenant's summary.
      expect(refused).toEqual([]);
      await other.close();
    }, 60_000);

    test("German, axe, 360 px and the keyboard on Home, the guide, the try panel and the test page", async () => {
      const found: string[] = [];
      for (const locale of ["en", "de"] as const) {
        const p = await context.newPage();
        if (locale === "de")
          await p.addInitScript(() => Object.defineProperty(navigator, "languages", { get: () => ["de-DE", "de"] }));
        await (await context.newCDPSession(p)).send("Page.setBypassCSP", { enabled: true });
        const check = async (where: string, width: number, keys = false) => {
          await p.setViewportSize({ width, height: 900 });
          for (const v of await axe(p)) found.push(`${where} ${locale} @${width}: ${v}`);
          const scroll = await p.evaluate(() => document.documentElement.scrollWidth);
          if (scroll > width) found.push(`${where} ${locale} @${width}: scrolls sideways (${scroll} px)`);
          if (keys) for (const g of await keyboardGaps(p)) found.push(`${where} ${locale}: ${g}`);
        };
        const [home, clients, connectName, tryName, tryOpen, result] =
          locale === "de"
            ? [
                "Start",
                "API-Clients",
                "Anbinden von Shop SPA",
                "Anmeldung testen von Shop SPA",
                "Anmeldung öffnen",
                "Anmeldung bei Shop SPA",
              ]
            : [
                "Home",
                "API clients",
                "Connect of Shop SPA",
                "Try sign-in of Shop SPA",
                "Open the sign-in",
                "Sign-in to Shop SPA",
              ];
        await p.goto(`${svc.url}/console/home`, { waitUntil: "commit" });
        await p.getByRole("heading", { level: 1, name: home }).waitFor();
        await p.waitForLoadState("networkidle");
        // The tenant's counts now hold what this walk registered: one more application, two clients.
        const tenantStat = (label: string) =>
          p
            .locator("li.stat", { has: p.locator(".stat-label", { hasText: label }) })
            .locator(".stat-value")
            .textContent();
        expect(await tenantStat(locale === "de" ? "API-Clients im Mandanten" : "API clients in the tenant")).toBe("2");
        expect(await tenantStat(locale === "de" ? "Anwendungen im Mandanten" : "Applications in the tenant")).toBe(
          String(appsAtStart + 1),
        );
        await check("home", 1280, true);
        await check("home", 360);
        await p.screenshot({ path: join(SHOTS, `connect-360-home.${locale}.png`), fullPage: true });
        await p.setViewportSize({ width: 1280, height: 900 });
        await p.goto(`${svc.url}/console/clients`, { waitUntil: "commit" });
        await p.getByRole("heading", { level: 1, name: clients }).waitFor();
        // Keyboard only: the row's Connect button, then the guide has the focus.
        await p.getByRole("button", { name: connectName }).focus();
        await p.keyboard.press("Enter");
        await p.waitForFunction(() => document.activeElement?.id === "connect-title");
        await p.waitForLoadState("networkidle");
        await check("guide", 1280, true);
        await check("guide", 360);
        await p.screenshot({ path: join(SHOTS, `connect-360-guide.${locale}.png`), fullPage: true });
        await p.setViewportSize({ width: 1280, height: 900 });
        // The Spring guide: three files, each its own scrolling block.
        await p.locator("section[aria-labelledby=connect-title] select").selectOption("spring");
        await p.locator("pre.code").nth(3).waitFor();
        await check("spring guide", 1280, true);
        await check("spring guide", 360);
        await p.screenshot({ path: join(SHOTS, `connect-360-guide-spring.${locale}.png`), fullPage: true });
        await p.setViewportSize({ width: 1280, height: 900 });
        await p.getByRole("button", { name: tryName }).focus();
        await p.keyboard.press("Enter");
        await p.waitForFunction(() => document.activeElement?.id === "try-title");
        await check("try panel", 1280, true);
        await p.getByRole("button", { name: tryOpen }).focus();
        await p.keyboard.press("Enter");
        await p.getByRole("heading", { level: 1, name: result }).waitFor();
        await p.locator("table.claims").nth(1).waitFor();
        expect(await p.evaluate(() => document.documentElement.lang)).toBe(locale);
        await check("test page", 1280, true);
        await check("test page", 360);
        await p.screenshot({ path: join(SHOTS, `connect-360-try-result.${locale}.png`), fullPage: true });
        await p.close();
      }
      expect(found).toEqual([]);
      expect(elsewhere).toEqual([]);
      expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    }, 180_000);
  });
}
