// The OpenID provider proven in a real browser (issue 26, "How it is proven"): Debian's chromium,
// driven by playwright-core, clicks through the hosted pages of the real service (a child process,
// embedded store, like the other process tests) on behalf of small relying-party applications that
// run in this test process. Each relying party is a real OIDC client written with oauth4webapi
// (discovery, PKCE S256, state, nonce, the code exchange, the ID token's checks): nothing of the
// protocol is written by hand here. Scenarios:
//   1. a user with TOTP and two organizations: password, TOTP code, organization picker, back in
//      application 1 (confidential, client_secret_basic) with the right `sub` and `amr`;
//   2. single sign-on: application 2 (public, PKCE only) in the same browser: no page is shown;
//   3. a third-party client (client_secret_post): the consent page, Allow, back in the app; the
//      next visit asks nothing;
//   4. step-up and form_post: a password-only session, then an application asking
//      `acr_values=urn:sso:acr:mfa` with `response_mode=form_post`: the TOTP code, and the answer
//      posted back by the service's auto-submitting page; the ID token says urn:sso:acr:mfa.
// Every last step is a POST answered 303 to another origin, so Chromium's form-action check (the
// pages' CSP must name the redirect URI) is exercised for real. Then, by keyboard alone, in German,
// at 360 px, with the tenant's branding: the same sign-in (TOTP, picker) and a forgotten password
// reset through the hosted pages and the mailed link. Screenshots: test-output/oidc-browser/.
// Needs /usr/bin/chromium (`.ci/run` installs it; REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { generate } from "otplib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { freePort, ROOT, startService, type RunningService } from "../support/process";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";

const available = requireChromium();

const SHOTS = join(ROOT, "test-output", "oidc-browser");
const ADMIN = { email: "oidc-admin@platform.test", password: "oidc-browser-password-1" };
const PASSWORD = "correct-horse-battery-9";
/** Generous: two cores shared with other engineers. */
const WAIT = 30_000;

interface Registered {
  clientId: string;
  clientSecret?: string;
}

/**
 * A relying party on `http://localhost:<port>`: `/login` starts the flow (PKCE S256, state, nonce,
 * kept server-side by state, since cookies are not per port), `/cb` validates the answer (state,
 * `iss`; in the query, or posted with `response_mode=form_post`), redeems the code and shows the ID
 * token's `sub`, `amr` and `acr`.
 */
async function startRelyingParty(
  name: string,
  issuer: string,
  registered: Registered,
  auth: "basic" | "post" | "none",
  port: number,
  extra: Record<string, string> = {},
) {
  const redirectUri = `http://localhost:${port}/cb`;
  const insecure = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(
    new URL(issuer),
    await oauth.discoveryRequest(new URL(issuer), { ...insecure, algorithm: "oidc" }),
  );
  const client: oauth.Client = { client_id: registered.clientId };
  const clientAuth =
    auth === "basic"
      ? oauth.ClientSecretBasic(registered.clientSecret!)
      : auth === "post"
        ? oauth.ClientSecretPost(registered.clientSecret!)
        : oauth.None();
  const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
  const pending = new Map<string, { verifier: string; nonce: string }>();
  const html = (body: string) =>
    new Response(`<!doctype html><html lang=en><title>${name}</title><main>${body}</main></html>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  const server = Bun.serve({
    port,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/") return html(`<h1>${name}</h1><a href="/login">Sign in to ${name}</a>`);
      if (url.pathname === "/login") {
        const verifier = oauth.generateRandomCodeVerifier();
        const state = oauth.generateRandomState();
        const nonce = oauth.generateRandomNonce();
        pending.set(state, { verifier, nonce });
        const target = new URL(as.authorization_endpoint!);
        target.search = new URLSearchParams({
          client_id: client.client_id,
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "openid profile email",
          state,
          nonce,
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
          ...extra,
        }).toString();
        return new Response(null, { status: 302, headers: { location: target.href } });
      }
      if (url.pathname === "/cb") {
        const answer = req.method === "POST" ? new URLSearchParams(await req.text()) : url.searchParams;
        const state = answer.get("state") ?? "";
        const flow = pending.get(state);
        if (!flow) return html(`<h1>Unknown state</h1>`);
        pending.delete(state);
        try {
          const params = oauth.validateAuthResponse(as, client, answer, state);
          const res = await oauth.authorizationCodeGrantRequest(
            as,
            client,
            clientAuth,
            params,
            redirectUri,
            flow.verifier,
            insecure,
          );
          const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, {
            expectedNonce: flow.nonce,
            requireIdToken: true,
          });
          // oauth4webapi checks the ID token's claims; its signature is checked against the JWKS here.
          const { payload } = await jwtVerify(tokens.id_token!, jwks, {
            issuer,
            audience: client.client_id,
            algorithms: ["RS256"],
          });
          const claims = oauth.getValidatedIdTokenClaims(tokens)!;
          expect(payload.sub).toBe(claims.sub);
          return html(
            `<h1>Signed in to ${name}</h1><dl><dt>sub</dt><dd data-testid="sub">${claims.sub}</dd>` +
              `<dt>amr</dt><dd data-testid="amr">${(claims.amr as string[]).join(" ")}</dd>` +
              `<dt>acr</dt><dd data-testid="acr">${claims.acr ?? ""}</dd></dl>`,
          );
        } catch (e) {
          return html(`<h1>Sign-in failed</h1><pre data-testid="error">${Bun.escapeHTML(String(e))}</pre>`);
        }
      }
      return new Response("not found", { status: 404 });
    },
  });
  return { name, url: `http://localhost:${port}`, stop: () => server.stop(true) };
}

if (!available) {
  console.warn(`NOT RUN here: OIDC flow in a browser (${CHROMIUM} is missing; CI installs it)`);
} else {
  describe("the OpenID provider in Chromium", () => {
    let svc: RunningService;
    let browser: Browser;
    let context: BrowserContext;
    let rps: Awaited<ReturnType<typeof startRelyingParty>>[] = [];
    let app1: (typeof rps)[number];
    let app1Client: Registered;
    let app2: (typeof rps)[number];
    let third: (typeof rps)[number];
    let user: { id: number; email: string; secret: string };
    let subOrgName: string;
    const dir = mkdtempSync(join(tmpdir(), "sso-oidc-browser-"));
    const mailDir = join(dir, "mail");
    let adminToken: string;
    let rootOrg: number;
    let subOrg: number;
    let subRole: number;

    async function api(path: string, body: unknown, token?: string) {
      const r = await fetch(svc.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : {};
    }

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const port = await freePort();
      const issuer = `http://127.0.0.1:${port}`;
      svc = await startService(
        {
          PORT: String(port),
          HOST: "127.0.0.1",
          SSO_ISSUER: issuer,
          SSO_DATA_DIR: dir,
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          SSO_RATE_LIMIT: "off",
          SSO_MAILER: `file:${mailDir}`,
        },
        { timeoutMs: 60_000 },
      );
      const admin = (await api("/api/auth/login", ADMIN)).accessToken as string;
      adminToken = admin;
      const [{ organizationId: root }] = await (
        await fetch(`${svc.url}/api/users/me/memberships`, { headers: { authorization: `Bearer ${admin}` } })
      ).json();

      // The person: a home organization (root) and a role in a second one; TOTP on.
      subOrgName = "Browser Branch";
      const sub = await api("/api/organizations", { name: subOrgName, slug: "browser-branch", parentId: root }, admin);
      const role = await api(
        "/api/roles",
        { name: "browser-auditor", organizationId: sub.id, permissionCodes: ["AUDIT_VIEW"], scope: "SELF" },
        admin,
      );
      const email = "ada@browser.test";
      const created = await api(
        "/api/users",
        { organizationId: root, email, fullName: "Ada Browser", password: PASSWORD },
        admin,
      );
      await api(`/api/roles/${role.id}/assign`, { userId: created.id, organizationId: sub.id }, admin);
      rootOrg = root;
      subOrg = sub.id;
      subRole = role.id;
      const own = (await api("/api/auth/login", { email, password: PASSWORD })).accessToken as string;
      const begin = await api("/api/mfa/setup/begin", {}, own);
      const secret = new URL(begin.otpAuthUri).searchParams.get("secret")!;
      // Confirmed with the previous step's code (accepted: one step either side), so the current
      // step's code stays unused for the sign-in (a used step is refused as a replay).
      // Tried twice: a step boundary crossed between computing and checking makes it two steps old.
      for (let attempt = 1; ; attempt++) {
        const previous = Math.floor(Date.now() / 1000) - 30;
        try {
          await api("/api/mfa/setup/confirm", { code: await generate({ secret, epoch: previous }) }, own);
          break;
        } catch (e) {
          if (attempt === 2) throw e;
        }
      }
      user = { id: created.id, email, secret };

      // One application, two first-party clients and one third-party client, each with its own
      // relying party on localhost.
      const application = await api(
        "/api/applications",
        { organizationId: root, identifier: "https://orders.browser.test", name: "Orders" },
        admin,
      );
      const register = async (name: string, port: number, extra: Record<string, unknown>) =>
        (await api(
          "/api/clients",
          {
            name,
            orgId: root,
            applicationId: application.id,
            grantTypes: ["authorization_code", "refresh_token"],
            redirectUris: [`http://localhost:${port}/cb`],
            ...extra,
          },
          admin,
        )) as Registered;
      // Applications 2 and 3 serve the branch and say so (`organization=`, CONTRACT §12): the
      // picker is per authorization request, so without it single sign-on would show the picker.
      const preselect = { organization: String(sub.id) };
      const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
      // Application One may send the browser back to its home page after logout (CONTRACT §13).
      app1Client = await register("Application One", p1, { postLogoutRedirectUris: [`http://localhost:${p1}/`] });
      app1 = await startRelyingParty("Application One", issuer, app1Client, "basic", p1);
      app2 = await startRelyingParty(
        "Application Two",
        issuer,
        await register("Application Two", p2, { type: "public" }),
        "none",
        p2,
        preselect,
      );
      third = await startRelyingParty(
        "Partner App",
        issuer,
        await register("Partner App", p3, { firstParty: false }),
        "post",
        p3,
        preselect,
      );
      rps = [app1, app2, third];

      browser = await launchChromium();
      // One context: one person's browser, so the sign-in session cookie is shared by the scenarios.
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
      context.setDefaultTimeout(WAIT);
      context.setDefaultNavigationTimeout(WAIT);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      for (const rp of rps) rp.stop();
      await svc?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    /**
     * A new tab that records what it showed: every committed navigation, the CSP violations the
     * console reports, and the hosted pages answered with HTML (any 200 from the service).
     */
    async function tab() {
      const page = await context.newPage();
      const committed: string[] = [];
      const shownByService: string[] = [];
      const errors: string[] = [];
      page.on("framenavigated", (f) => {
        if (f === page.mainFrame()) committed.push(f.url());
      });
      page.on("response", (r) => {
        if (r.request().isNavigationRequest() && r.url().startsWith(svc.url) && r.status() === 200)
          shownByService.push(r.url());
      });
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      return { page, committed, shownByService, errors };
    }

    const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

    /** Waits until the tab is back at the relying party's callback, and reads what it shows. */
    async function landedAt(page: Page, rp: (typeof rps)[number]) {
      await page.waitForURL((u) => `${u.origin}${u.pathname}` === `${rp.url}/cb`, { waitUntil: "load" });
      const heading = await page.getByRole("heading", { level: 1 }).textContent();
      if (heading !== `Signed in to ${rp.name}`)
        throw new Error(`${rp.name}: ${heading}: ${await page.locator("main").textContent()}`);
      return {
        sub: await page.getByTestId("sub").textContent(),
        amr: (await page.getByTestId("amr").textContent())?.split(" "),
        acr: await page.getByTestId("acr").textContent(),
      };
    }

    test("TOTP and two organizations: password, code, picker, back in application 1 with sub and amr", async () => {
      const { page, errors } = await tab();
      await page.goto(`${app1.url}/`);
      await shot(page, "01-application-1");
      await page.getByRole("link", { name: "Sign in to Application One" }).click();

      await page.waitForURL((u) => u.href.startsWith(`${svc.url}/oauth2/authorize`));
      await page.getByLabel("Email address").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await shot(page, "02-sign-in");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();

      await page.waitForURL((u) => u.pathname === "/oauth2/authorize/second-factor");
      const code = page.getByLabel("Code from the app");
      await code.waitFor();
      await shot(page, "03-second-factor");
      await code.fill(await generate({ secret: user.secret, epoch: Math.floor(Date.now() / 1000) }));
      await code.press("Enter");

      const branch = page.getByRole("button", { name: subOrgName });
      await branch.waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Choose an organization");
      await shot(page, "04-organization-picker");
      // The last POST, answered 303 to the application's origin: Chromium follows it only when
      // the page's CSP form-action names the redirect URI.
      await branch.click();

      const shown = await landedAt(page, app1);
      await shot(page, "05-back-in-application-1");
      expect(shown.sub).toBe(String(user.id));
      expect(shown.amr?.sort()).toEqual(["mfa", "otp", "pwd"]);
      expect(errors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
      await page.close();
    }, 120_000);

    test("single sign-on: application 2 in the same browser lands back with no page shown", async () => {
      const { page, committed, shownByService } = await tab();
      await page.goto(`${app2.url}/`);
      await page.getByRole("link", { name: "Sign in to Application Two" }).click();
      const shown = await landedAt(page, app2);
      await shot(page, "06-back-in-application-2");
      expect(shown.sub).toBe(String(user.id));
      expect(shown.amr?.sort()).toEqual(["mfa", "otp", "pwd"]);
      // The service only redirected: nothing of it was rendered or committed in the tab.
      expect(shownByService).toEqual([]);
      expect(committed.filter((u) => u.startsWith(svc.url))).toEqual([]);
      expect(committed.map((u) => new URL(u).origin)).toEqual([app2.url, app2.url]);
      await page.close();
    }, 120_000);

    test("a third-party client asks for consent once: Allow, back in the app; the next visit asks nothing", async () => {
      const first = await tab();
      await first.page.goto(`${third.url}/`);
      await first.page.getByRole("link", { name: "Sign in to Partner App" }).click();
      const allow = first.page.getByRole("button", { name: "Allow" });
      await allow.waitFor();
      expect(await first.page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Allow Partner App to access your account?",
      );
      await expect(first.page.getByText(`You are signed in as ${user.email}.`).isVisible()).resolves.toBe(true);
      await shot(first.page, "07-consent");
      await allow.click();
      const shown = await landedAt(first.page, third);
      await shot(first.page, "08-back-in-partner-app");
      expect(shown.sub).toBe(String(user.id));
      // One page of the service was shown: the consent page (the session spares the sign-in).
      expect(first.shownByService).toHaveLength(1);
      await first.page.close();

      const again = await tab();
      await again.page.goto(`${third.url}/`);
      await again.page.getByRole("link", { name: "Sign in to Partner App" }).click();
      expect((await landedAt(again.page, third)).sub).toBe(String(user.id));
      await shot(again.page, "09-partner-app-again");
      expect(again.shownByService).toEqual([]);
      await again.page.close();
    }, 120_000);

    test("logout: the person confirms, lands back in application 1 with state; application 2 must sign in again", async () => {
      const { page, errors } = await tab();
      const back = `${app1.url}/`;
      await page.goto(
        `${svc.url}/oauth2/logout?${new URLSearchParams({ client_id: app1Client.clientId, post_logout_redirect_uri: back, state: "bye" })}`,
      );
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign out of Application One?");
      await shot(page, "10-logout-confirm");
      // The POST is answered 303 to the application: the page's CSP form-action names it.
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL((u) => u.href === `${back}?state=bye`);
      await page.getByRole("heading", { name: "Application One" }).waitFor();
      expect(errors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
      // The sign-in session is over: application 2 gets the sign-in page, not a code.
      await page.goto(`${app2.url}/`);
      await page.getByRole("link", { name: "Sign in to Application Two" }).click();
      await page.waitForURL((u) => u.href.startsWith(`${svc.url}/oauth2/authorize`));
      await page.getByLabel("Email address").waitFor();
      await shot(page, "11-signed-out-sign-in-again");
      await page.close();
    }, 120_000);

    /** Presses Tab until the focused element's text is `text` (the page is walked by keyboard only). */
    async function tabTo(page: Page, text: string) {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
        if (focused === text) return;
      }
      throw new Error(`Tab never reached "${text}"`);
    }
    const focusOn = (page: Page, id: string) =>
      page.waitForFunction((x) => document.activeElement?.id === x, id, { timeout: WAIT });

    test("keyboard only, in German, branded: password, TOTP, picker, a third party's consent; then a forgotten password reset on the pages", async () => {
      // The tenant's branding, shown on every page below and in the mail.
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      );
      const put = await fetch(`${svc.url}/api/branding`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          displayName: "Browser GmbH",
          primaryColor: "#5b2a86",
          supportUrl: "https://help.browser.test/",
          logo: `data:image/png;base64,${png.toString("base64")}`,
        }),
      });
      expect(put.status).toBe(200);
      // A second person with TOTP and a role in the branch.
      const email = "kim@browser.test";
      const kim = await api(
        "/api/users",
        { organizationId: rootOrg, email, fullName: "Kim Browser", password: PASSWORD },
        adminToken,
      );
      await api(`/api/roles/${subRole}/assign`, { userId: kim.id, organizationId: subOrg }, adminToken);
      const own = (await api("/api/auth/login", { email, password: PASSWORD })).accessToken as string;
      const secret = new URL((await api("/api/mfa/setup/begin", {}, own)).otpAuthUri).searchParams.get("secret")!;
      for (let attempt = 1; ; attempt++) {
        try {
          const previous = Math.floor(Date.now() / 1000) - 30;
          await api("/api/mfa/setup/confirm", { code: await generate({ secret, epoch: previous }) }, own);
          break;
        } catch (e) {
          if (attempt === 2) throw e;
        }
      }

      const german = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "de-DE" });
      german.setDefaultTimeout(WAIT);
      const page = await german.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${app1.url}/`);
      await tabTo(page, "Sign in to Application One");
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.href.startsWith(`${svc.url}/oauth2/authorize`));
      await focusOn(page, "email");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Bei Application One anmelden");
      expect(await page.locator(".brand span").textContent()).toBe("Browser GmbH");
      expect(await page.locator(".brand img").evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, "10-de-keyboard-sign-in-360");
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/oauth2/authorize/second-factor");
      await focusOn(page, "code");
      await shot(page, "11-de-keyboard-second-factor-360");
      await page.keyboard.type(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Organisation wählen" }).waitFor();
      await shot(page, "12-de-keyboard-organization-picker-360");
      await tabTo(page, subOrgName);
      await page.keyboard.press("Enter");
      const shown = await landedAt(page, app1);
      expect(shown.sub).toBe(String(kim.id));

      // A third-party application: the consent page, answered with the keyboard.
      await page.goto(`${third.url}/`);
      await tabTo(page, "Sign in to Partner App");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Partner App Zugriff auf Ihr Konto erlauben?" }).waitFor();
      await shot(page, "13-de-keyboard-consent-360");
      await tabTo(page, "Erlauben");
      await page.keyboard.press("Enter");
      expect((await landedAt(page, third)).sub).toBe(String(kim.id));

      // A forgotten password, by keyboard: the link on the sign-in page, the address, the mailed link.
      await german.clearCookies();
      await page.goto(`${app1.url}/`);
      await tabTo(page, "Sign in to Application One");
      await page.keyboard.press("Enter");
      await focusOn(page, "email");
      await tabTo(page, "Passwort vergessen?");
      await page.keyboard.press("Enter");
      await focusOn(page, "email");
      expect(await page.locator(".brand span").textContent()).toBe("Browser GmbH");
      await shot(page, "14-de-keyboard-forgot-360");
      await page.keyboard.type(email);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Sehen Sie in Ihr Postfach" }).waitFor();
      await shot(page, "15-de-keyboard-sent-360");
      let mail: { subject: string; text: string; html: string } | undefined;
      for (let i = 0; i < 200 && !mail; i++) {
        const files = readdirSync(mailDir).filter((f) => f.endsWith(".json"));
        mail = files.map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8"))).find((m) => m.to === email);
        if (!mail) await Bun.sleep(25);
      }
      expect(mail!.subject).toBe("Passwort zurücksetzen");
      const link = /http:\/\/\S+\/pages\/password\/reset\?token=\S+/.exec(mail!.text)![0];
      // The mail's HTML as a mail client shows it (the cid: logo from its inline part): nothing remote is loaded.
      const mailPage = await german.newPage();
      const remote: string[] = [];
      mailPage.on("request", (r) => !r.url().startsWith("data:") && remote.push(r.url()));
      await mailPage.setContent(
        mail!.html.replace(/src="cid:[^"]+"/g, `src="data:image/png;base64,${png.toString("base64")}"`),
      );
      await mailPage.screenshot({ path: join(SHOTS, "16-de-reset-mail-360.png"), fullPage: true });
      expect(remote).toEqual([]);
      await mailPage.close();

      await page.goto(link);
      await focusOn(page, "newPassword");
      await page.keyboard.type("a-brand-new-password-7");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Ihr Passwort ist geändert" }).waitFor();
      await shot(page, "17-de-keyboard-reset-done-360");
      expect(errors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
      const login = await fetch(`${svc.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "a-brand-new-password-7" }),
      });
      expect(login.status).toBe(200);
      await german.close();
    }, 120_000);

    test("step-up and form_post: a password-only session asked for urn:sso:acr:mfa gives the TOTP code; the answer is posted back by the service's page", async () => {
      // A person of one organization (no picker), with no second factor yet.
      const email = "bea@browser.test";
      const bea = await api(
        "/api/users",
        { organizationId: rootOrg, email, fullName: "Bea Browser", password: PASSWORD },
        adminToken,
      );
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
      ctx.setDefaultTimeout(WAIT);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${app1.url}/login`);
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      const first = await landedAt(page, app1);
      expect(first.acr).toBe("urn:sso:acr:pwd");
      expect(first.amr).toEqual(["pwd"]);

      // TOTP turned on afterwards: the session stays password-only.
      const own = (await api("/api/auth/login", { email, password: PASSWORD })).accessToken as string;
      const secret = new URL((await api("/api/mfa/setup/begin", {}, own)).otpAuthUri).searchParams.get("secret")!;
      for (let attempt = 1; ; attempt++) {
        try {
          const previous = Math.floor(Date.now() / 1000) - 30;
          await api("/api/mfa/setup/confirm", { code: await generate({ secret, epoch: previous }) }, own);
          break;
        } catch (e) {
          if (attempt === 2) throw e;
        }
      }

      // An application that needs two factors and takes its answer as a form post.
      const port = await freePort();
      const vault = await startRelyingParty(
        "Vault",
        svc.url,
        (await api(
          "/api/clients",
          {
            name: "Vault",
            orgId: rootOrg,
            applicationId: (
              await api(
                "/api/applications",
                { organizationId: rootOrg, identifier: "https://vault.browser.test", name: "Vault" },
                adminToken,
              )
            ).id,
            grantTypes: ["authorization_code"],
            redirectUris: [`http://localhost:${port}/cb`],
          },
          adminToken,
        )) as Registered,
        "basic",
        port,
        { acr_values: "urn:sso:acr:mfa", response_mode: "form_post" },
      );
      rps.push(vault);
      await page.goto(`${vault.url}/login`);
      await page.waitForURL((u) => u.pathname === "/oauth2/authorize/second-factor");
      const code = page.getByLabel("Code from the app");
      await code.waitFor();
      await shot(page, "20-step-up-second-factor");
      await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
      // The answer to this POST is the service's form post page; its script posts to the application.
      await code.press("Enter");
      const shown = await landedAt(page, vault);
      await shot(page, "21-step-up-back-in-vault");
      expect(shown.sub).toBe(String(bea.id));
      expect(shown.acr).toBe("urn:sso:acr:mfa");
      expect(shown.amr).toEqual(["pwd", "otp", "mfa"]);
      expect(errors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
      // The same session, raised: application 1 now gets mfa with no page.
      await page.goto(`${app1.url}/login`);
      expect((await landedAt(page, app1)).acr).toBe("urn:sso:acr:mfa");
      await ctx.close();
    }, 120_000);
  });
}
