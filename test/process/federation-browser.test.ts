// Enterprise sign-in in a real browser (issue 38, CONTRACT §16): Debian's chromium, driven by
// playwright-core, goes through the whole journey: a relying party (oauth4webapi, in this process)
// sends it to the service (a child process, embedded store); the identifier page takes an email of
// a verified domain; the browser goes to "Contoso's IdP" (panva's oidc-provider, in this process),
// signs in and consents there; back at the service the account is created (JIT) and the browser
// lands in the relying party with an ID token whose `amr` is `fed`. The same with a second instance
// of this service as "Northwind's IdP" (its own hosted password page). The same through "Fabrikam's
// SAML IdP" (samlify, in this process, with a login page of its own): our signed AuthnRequest over
// HTTP-Redirect, its signed Response posted cross-site to our ACS, our same-site continuation.
// Needs /usr/bin/chromium (`.ci/run` installs it; REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as oauth from "oauth4webapi";
import Provider from "oidc-provider";
import type { Browser } from "playwright-core";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";
import { freePort, startService, type RunningService } from "../support/process";
import { startSamlIdp } from "../support/saml-upstream";

const available = requireChromium();
const ADMIN = { email: "fed-admin@platform.test", password: "fed-browser-password-1" };
const DOMAIN = "contoso-browser.example";
const SAML_DOMAIN = "fabrikam-saml-browser.example";
const OURS_DOMAIN = "northwind-browser.example";
const NORTHWIND = { email: `ivan@${OURS_DOMAIN}`, password: "northwind-password-1" };
const WAIT = 30_000;

if (!available) {
  console.warn(`NOT RUN here: enterprise sign-in in a browser (${CHROMIUM} is missing; CI installs it)`);
} else {
  describe("enterprise sign-in in Chromium", () => {
    let svc: RunningService;
    let northwind: RunningService;
    let browser: Browser;
    let idp: { close(): void };
    let samlIdp: ReturnType<typeof Bun.serve>;
    let rp: ReturnType<typeof Bun.serve>;
    let rpUrl: string;
    const dir = mkdtempSync(join(tmpdir(), "sso-fed-browser-"));
    const northwindDir = mkdtempSync(join(tmpdir(), "sso-fed-northwind-"));

    async function api(path: string, body: unknown, token?: string, at = svc, method = "POST") {
      const r = await fetch(at.url + path, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : {};
    }

    beforeAll(async () => {
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
          SSO_WEBHOOK_ALLOW_PRIVATE: "true",
        },
        { timeoutMs: 60_000 },
      );
      const admin = (await api("/api/auth/login", ADMIN)).accessToken as string;
      const [{ organizationId: root }] = await (
        await fetch(`${svc.url}/api/users/me/memberships`, { headers: { authorization: `Bearer ${admin}` } })
      ).json();
      await api(`/api/organizations/${root}/domains`, { domain: DOMAIN }, admin);
      await api(`/api/organizations/${root}/domains/${DOMAIN}/verify`, { force: true }, admin);

      // Contoso's IdP on localhost (another host name than the service's, as in real life).
      const idpPort = await freePort();
      const idpIssuer = `http://localhost:${idpPort}`;
      const conn = await api(
        `/api/organizations/${root}/identity-providers`,
        {
          kind: "oidc",
          name: "Contoso IdP",
          enabled: true,
          domains: [DOMAIN],
          jit: { enabled: true },
          oidc: { issuer: idpIssuer, clientId: "sso", clientSecret: "contoso-secret-0123456789" },
        },
        admin,
      );
      const provider = new Provider(idpIssuer, {
        clients: [
          {
            client_id: "sso",
            client_secret: "contoso-secret-0123456789",
            redirect_uris: [conn.redirectUri],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        conformIdTokenClaims: false,
        findAccount: async (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: async () => ({ sub: id, email: `${id}@${DOMAIN}`, email_verified: true, name: "Grace Contoso" }),
        }),
      });
      const server = provider.listen(idpPort);
      idp = { close: () => server.close() };

      // Northwind's IdP: a second instance of this service (its own store) on localhost, where Ivan
      // has a password; our connection is a confidential client of it.
      const northwindPort = await freePort();
      const northwindIssuer = `http://localhost:${northwindPort}`;
      northwind = await startService(
        {
          PORT: String(northwindPort),
          HOST: "127.0.0.1",
          SSO_ISSUER: northwindIssuer,
          SSO_DATA_DIR: northwindDir,
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          SSO_RATE_LIMIT: "off",
        },
        { timeoutMs: 60_000 },
      );
      const nwAdmin = (await api("/api/auth/login", ADMIN, undefined, northwind)).accessToken as string;
      const [{ organizationId: nwRoot }] = await (
        await fetch(`${northwind.url}/api/users/me/memberships`, { headers: { authorization: `Bearer ${nwAdmin}` } })
      ).json();
      await api("/api/users", { ...NORTHWIND, fullName: "Ivan Northwind", organizationId: nwRoot }, nwAdmin, northwind);
      await api(`/api/organizations/${root}/domains`, { domain: OURS_DOMAIN }, admin);
      await api(`/api/organizations/${root}/domains/${OURS_DOMAIN}/verify`, { force: true }, admin);
      const nwConnBody = {
        kind: "oidc",
        name: "Northwind IdP",
        enabled: true,
        domains: [OURS_DOMAIN],
        jit: { enabled: true },
        oidc: { issuer: northwindIssuer, clientId: "pending", clientSecret: "pending-secret-0123456789" },
      };
      const nwConn = await api(`/api/organizations/${root}/identity-providers`, nwConnBody, admin);
      const nwApp = await api(
        "/api/applications",
        { organizationId: nwRoot, identifier: "https://sso.contoso.example", name: "Contoso's sign-in" },
        nwAdmin,
        northwind,
      );
      const nwClient = await api(
        "/api/clients",
        {
          name: "Our enterprise sign-in",
          orgId: nwRoot,
          applicationId: nwApp.id,
          grantTypes: ["authorization_code"],
          redirectUris: [nwConn.redirectUri],
        },
        nwAdmin,
        northwind,
      );
      await api(
        `/api/organizations/${root}/identity-providers/${nwConn.id}`,
        {
          ...nwConnBody,
          oidc: { ...nwConnBody.oidc, clientId: nwClient.clientId, clientSecret: nwClient.clientSecret },
        },
        admin,
        svc,
        "PUT",
      );

      // Fabrikam's SAML IdP (samlify) on localhost: a login page, then its signed Response posted to our ACS.
      await api(`/api/organizations/${root}/domains`, { domain: SAML_DOMAIN }, admin);
      await api(`/api/organizations/${root}/domains/${SAML_DOMAIN}/verify`, { force: true }, admin);
      const samlPort = await freePort();
      const saml = await startSamlIdp(`http://localhost:${samlPort}`);
      const samlConn = await api(
        `/api/organizations/${root}/identity-providers`,
        {
          kind: "saml",
          name: "Fabrikam SAML",
          enabled: true,
          domains: [SAML_DOMAIN],
          jit: { enabled: true },
          saml: { metadataXml: saml.metadataXml },
        },
        admin,
      );
      const spMetadata = await (await fetch(samlConn.spMetadataUrl)).text();
      const esc = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
      const html = (body: string) =>
        new Response(`<!doctype html><html lang=en><title>Fabrikam</title><main>${body}</main></html>`, {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      samlIdp = Bun.serve({
        port: samlPort,
        hostname: "127.0.0.1",
        async fetch(req) {
          const url = new URL(req.url);
          if (url.pathname === "/sso")
            return html(
              `<form method="post" action="/login"><input type="hidden" name="q" value="${esc(url.search.slice(1))}">` +
                `<label>Email <input name="username"></label><button type="submit">Sign in at Fabrikam</button></form>`,
            );
          if (url.pathname === "/login" && req.method === "POST") {
            const form = new URLSearchParams(await req.text());
            const answer = await saml.answer(`${saml.ssoUrl}?${form.get("q")}`, spMetadata, form.get("username")!);
            return html(
              `<form method="post" action="${esc(answer.acs)}"><input type="hidden" name="SAMLResponse" value="${esc(answer.SAMLResponse)}">` +
                `<button type="submit" id="back">Back to the application</button></form>`,
            );
          }
          return new Response("not found", { status: 404 });
        },
      });

      // The relying party: a public client of the platform tenant (PKCE, state, nonce by oauth4webapi).
      const rpPort = await freePort();
      rpUrl = `http://localhost:${rpPort}`;
      const application = await api(
        "/api/applications",
        { organizationId: root, identifier: "https://portal.fed-browser.test", name: "Portal" },
        admin,
      );
      const registered = await api(
        "/api/clients",
        {
          name: "Portal",
          orgId: root,
          applicationId: application.id,
          type: "public",
          grantTypes: ["authorization_code"],
          redirectUris: [`${rpUrl}/cb`],
        },
        admin,
      );
      const insecure = { [oauth.allowInsecureRequests]: true };
      const as = await oauth.processDiscoveryResponse(
        new URL(issuer),
        await oauth.discoveryRequest(new URL(issuer), { ...insecure, algorithm: "oidc" }),
      );
      const client: oauth.Client = { client_id: registered.clientId };
      const pending = new Map<string, { verifier: string; nonce: string }>();
      rp = Bun.serve({
        port: rpPort,
        hostname: "127.0.0.1",
        async fetch(req) {
          const url = new URL(req.url);
          if (url.pathname === "/login") {
            const verifier = oauth.generateRandomCodeVerifier();
            const state = oauth.generateRandomState();
            const nonce = oauth.generateRandomNonce();
            pending.set(state, { verifier, nonce });
            const target = new URL(as.authorization_endpoint!);
            target.search = new URLSearchParams({
              client_id: client.client_id,
              redirect_uri: `${rpUrl}/cb`,
              response_type: "code",
              scope: "openid email",
              state,
              nonce,
              code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
              code_challenge_method: "S256",
            }).toString();
            return new Response(null, { status: 302, headers: { location: target.href } });
          }
          if (url.pathname === "/cb") {
            const state = url.searchParams.get("state") ?? "";
            const flow = pending.get(state);
            if (!flow) return new Response("unknown state", { status: 400 });
            pending.delete(state);
            const params = oauth.validateAuthResponse(as, client, url.searchParams, state);
            const res = await oauth.authorizationCodeGrantRequest(
              as,
              client,
              oauth.None(),
              params,
              `${rpUrl}/cb`,
              flow.verifier,
              insecure,
            );
            const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, {
              expectedNonce: flow.nonce,
              requireIdToken: true,
            });
            const claims = oauth.getValidatedIdTokenClaims(tokens)!;
            return new Response(
              `<!doctype html><html lang=en><title>Portal</title><main><h1>Signed in</h1>` +
                `<p data-testid="email">${claims.email}</p><p data-testid="amr">${(claims.amr as string[]).join(" ")}</p></main></html>`,
              { headers: { "content-type": "text/html; charset=utf-8" } },
            );
          }
          return new Response("not found", { status: 404 });
        },
      });
      browser = await launchChromium();
    }, 90_000);

    afterAll(async () => {
      await browser?.close();
      rp?.stop(true);
      idp?.close();
      samlIdp?.stop(true);
      await svc?.stop();
      await northwind?.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(northwindDir, { recursive: true, force: true });
    });

    test("identifier page → Contoso's IdP → back signed in, the account created on the way (amr fed)", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      await page.goto(`${rpUrl}/login`);
      // The identifier page: the email only.
      await page.waitForSelector('form[action="/oauth2/authorize/identify"]');
      expect(await page.locator('input[name="password"]').count()).toBe(0);
      await page.fill("#email", `grace@${DOMAIN}`);
      await page.click('form[action="/oauth2/authorize/identify"] button[type="submit"]');
      // At Contoso's IdP: its own login, then its consent.
      await page.waitForSelector('input[name="login"]').catch(async (e) => {
        throw new Error(
          `not at the IdP's login: ${page.url()}\n${(await page.content()).slice(0, 1500)}\n${svc.output().slice(-1500)}\n${e}`,
        );
      });
      expect(new URL(page.url()).host).toStartWith("localhost:");
      await page.fill('input[name="login"]', "grace");
      await page.fill('input[name="password"]', "anything");
      await page.click('button[type="submit"]');
      await page.waitForSelector('input[name="prompt"][value="consent"]', { state: "attached" });
      await page.click('button[type="submit"]');
      // Back in the relying party.
      await page.waitForSelector('[data-testid="amr"]');
      expect(await page.textContent('[data-testid="email"]')).toBe(`grace@${DOMAIN}`);
      expect((await page.textContent('[data-testid="amr"]'))!.split(" ")).toContain("fed");
      await context.close();
    }, 90_000);

    test("identifier page → a second instance of this service as Northwind's IdP (its password page) → back signed in (amr fed)", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      await page.goto(`${rpUrl}/login`);
      await page.waitForSelector('form[action="/oauth2/authorize/identify"]');
      await page.fill("#email", NORTHWIND.email);
      await page.click('form[action="/oauth2/authorize/identify"] button[type="submit"]');
      // At Northwind's instance: its own hosted sign-in page (the person types the email there unless it is filled in).
      await page
        .getByLabel("Password")
        .waitFor()
        .catch(async (e) => {
          throw new Error(
            `not at Northwind's sign-in: ${page.url()}\n${(await page.content()).slice(0, 1500)}\n${svc.output().slice(-1500)}\n${northwind.output().slice(-1500)}\n${e}`,
          );
        });
      expect(new URL(page.url()).origin).toBe(new URL(northwind.url.replace("127.0.0.1", "localhost")).origin);
      const email = page.getByLabel("Email address");
      if (!(await email.inputValue())) await email.fill(NORTHWIND.email);
      await page.getByLabel("Password").fill(NORTHWIND.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForSelector('[data-testid="amr"]').catch(async (e) => {
        throw new Error(
          `not back at the RP: ${page.url()}\n${(await page.locator("main").innerText()).slice(0, 1500)}\n${svc.output().slice(-1500)}\n${e}`,
        );
      });
      expect(await page.textContent('[data-testid="email"]')).toBe(NORTHWIND.email);
      expect((await page.textContent('[data-testid="amr"]'))!.split(" ")).toContain("fed");
      await context.close();
    }, 90_000);

    test("identifier page → Fabrikam's SAML IdP → its Response posted cross-site to our ACS → back signed in (amr fed)", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT);
      await page.goto(`${rpUrl}/login`);
      await page.waitForSelector('form[action="/oauth2/authorize/identify"]');
      await page.fill("#email", `heidi@${SAML_DOMAIN}`);
      await page.click('form[action="/oauth2/authorize/identify"] button[type="submit"]');
      // At Fabrikam's IdP, which verified our signed AuthnRequest to show its login page.
      await page.waitForSelector('input[name="username"]').catch(async (e) => {
        throw new Error(
          `not at the SAML IdP's login: ${page.url()}\n${(await page.content()).slice(0, 1500)}\n${svc.output().slice(-1500)}\n${e}`,
        );
      });
      expect(new URL(page.url()).host).toStartWith("localhost:");
      await page.fill('input[name="username"]', `heidi@${SAML_DOMAIN}`);
      await page.click('button[type="submit"]');
      await page.click("#back");
      await page.waitForSelector('[data-testid="amr"]').catch(async (e) => {
        throw new Error(
          `not back at the RP: ${page.url()}\n${(await page.content()).slice(0, 1500)}\n${svc.output().slice(-1500)}\n${e}`,
        );
      });
      expect(await page.textContent('[data-testid="email"]')).toBe(`heidi@${SAML_DOMAIN}`);
      expect((await page.textContent('[data-testid="amr"]'))!.split(" ")).toContain("fed");
      await context.close();
    }, 90_000);
  });
}
