// Passkeys in a real browser (Debian's chromium driven by playwright-core) with a virtual
// authenticator of the Chrome DevTools Protocol `WebAuthn` domain (ctap2, internal, resident keys,
// user verification): registration on the console's "My account", a usernameless sign-in on the
// hosted pages into an application (no TOTP step although TOTP is on; ID token amr hwk+user), a
// sign-in through the API from the page, a refusal without user verification, and after removal on
// the console a refused sign-in. The pages are opened at http://localhost:PORT (a secure context;
// RP ID = localhost). On the store TEST_STORE names (embedded, or a fresh Postgres / MongoDB
// database with Redis). Needs /usr/bin/chromium (REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "otplib";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";
import { SoftAuthenticator } from "../support/webauthn";
import { freePort, ROOT, startService, type RunningService } from "../support/process";
import {
  clearRedisPrefix,
  freshServerStore,
  REDIS_TARGET,
  redisEnv,
  SERVER_STORE,
  TEST_STORE,
} from "../support/stores";

const available = requireChromium();
const ADMIN = { email: "admin@passkeys.test", password: "passkeys-password-1" };
/** Screenshots of the passkey pages (a CI artifact, like the console's). */
const SHOTS = join(ROOT, "test-output", "passkeys");

if (!available) {
  console.warn(`NOT RUN here: passkeys browser test (${CHROMIUM} is missing; CI installs it)`);
} else {
  describe(`passkeys in Chromium [${TEST_STORE}]`, () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-passkeys-"));
    const prefix = `pk${randomBytes(4).toString("hex")}:`;
    let server: Awaited<ReturnType<typeof freshServerStore>> | null = null;
    let svc: RunningService;
    let base: string;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let cdp: CDPSession;
    let authenticatorId: string;
    let clientId: string;
    /** The administrator's token and home organization (taken before TOTP is turned on). */
    let adminToken: string;
    let rootOrg: number;
    // The application's redirect URI: a page of its own on loopback.
    const rp = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () =>
        new Response("<!doctype html><title>Orders</title><p>back</p>", { headers: { "content-type": "text/html" } }),
    });
    const redirect = `http://localhost:${rp.port}/cb`;
    const errors: string[] = [];

    async function api(path: string, body: unknown, token?: string) {
      const r = await fetch(base + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : {};
    }

    beforeAll(async () => {
      const port = await freePort();
      base = `http://localhost:${port}`;
      const storeEnv: Record<string, string> = SERVER_STORE
        ? {
            ...(server = await freshServerStore()).env,
            ...(REDIS_TARGET ? redisEnv(prefix) : {}),
            SSO_MASTER_KEY: randomBytes(32).toString("base64"),
          }
        : { SSO_DATA_DIR: dir };
      svc = await startService(
        {
          PORT: String(port),
          HOST: "127.0.0.1",
          SSO_ISSUER: base,
          ...storeEnv,
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          SSO_RATE_LIMIT: "off",
        },
        { timeoutMs: 60_000 },
      );
      const admin = (await api("/api/auth/login", ADMIN)).accessToken as string;
      const [{ organizationId: root }] = await (
        await fetch(`${base}/api/users/me/memberships`, { headers: { authorization: `Bearer ${admin}` } })
      ).json();
      adminToken = admin;
      rootOrg = root;
      const application = await api(
        "/api/applications",
        { organizationId: root, identifier: "https://orders.passkeys.test", name: "Orders" },
        admin,
      );
      clientId = (
        await api(
          "/api/clients",
          {
            name: "Orders web",
            orgId: root,
            applicationId: application.id,
            type: "public",
            grantTypes: ["authorization_code"],
            redirectUris: [redirect],
          },
          admin,
        )
      ).clientId;

      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.on("pageerror", (e) => errors.push(String(e)));
      cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      }));
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await svc?.stop();
      await server?.drop();
      rp.stop(true);
      await clearRedisPrefix(prefix);
      rmSync(dir, { recursive: true, force: true });
    });

    const verifier = "v".repeat(43);
    const authorizeUrl = () =>
      `${base}/oauth2/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirect,
        response_type: "code",
        scope: "openid",
        state: "s1",
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
      })}`;

    /** The administrator's TOTP secret, once the first test has turned TOTP on. */
    let adminTotp: string | undefined;

    /** The console, signed in as the administrator, on "My account". */
    async function myAccount() {
      // The console leaves at once for /oauth2/authorize: wait for where it lands, not for its load.
      await page.goto(`${base}/console`, { waitUntil: "commit" });
      // The console signs in through the hosted pages (no page while the sign-in session lives).
      const signIn = page.getByRole("heading", { name: "Sign in to Admin console" });
      const account = page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "My account" });
      await Promise.race([signIn.waitFor(), account.waitFor()]);
      if (await signIn.isVisible()) {
        await page.getByLabel("Email address").fill(ADMIN.email);
        await page.getByLabel("Password").fill(ADMIN.password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        // Once TOTP is on (the first test turns it on), the second-factor page follows.
        const second = page.getByRole("heading", { name: "Two-step verification" });
        await Promise.race([second.waitFor(), account.waitFor()]);
        if (adminTotp && (await second.isVisible())) {
          await page
            .getByLabel("Code from the app")
            .fill(await generate({ secret: adminTotp, epoch: Date.now() / 1000 }));
          await page.getByRole("button", { name: "Verify" }).click();
        }
      }
      await account.click();
      await page.getByRole("heading", { level: 1, name: "My account" }).waitFor();
    }

    test("the console registers a named passkey on the virtual authenticator, and lists it", async () => {
      await myAccount();
      const panel = page.getByRole("region", { name: "Passkeys" });
      await panel.getByLabel("Name of the new passkey").fill("Chromium");
      await panel.getByRole("button", { name: "Add a passkey" }).click();
      await panel.getByRole("status").getByText("Passkey “Chromium” added.").waitFor();
      await panel.getByRole("cell", { name: "Chromium", exact: true }).waitFor();
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);
      expect(credentials[0].rpId).toBe("localhost");
      // TOTP on from now: a passkey with user verification still needs no code.
      const setup = await api("/api/mfa/setup/begin", {}, adminToken);
      const secret = new URL(setup.otpAuthUri).searchParams.get("secret")!;
      adminTotp = secret;
      await api(
        "/api/mfa/setup/confirm",
        { code: await generate({ secret, epoch: Date.now() / 1000 - 30 }) },
        adminToken,
      );
    }, 60_000);

    /** The authorization code at the application's redirect URI, exchanged: the ID token's claims. */
    async function idTokenClaims() {
      const url = new URL(page.url());
      expect(url.searchParams.get("state")).toBe("s1");
      const token = await fetch(`${base}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: url.searchParams.get("code")!,
          redirect_uri: redirect,
          client_id: clientId,
          code_verifier: verifier,
        }),
      }).then((r) => r.json());
      return JSON.parse(Buffer.from(token.id_token.split(".")[1], "base64url").toString());
    }

    test("usernameless sign-in on the hosted pages through the email field's autofill, into the application: no TOTP, amr hwk+user", async () => {
      // The console's sign-in (a password) is this browser's sign-in session: leave it first.
      await context.clearCookies({ name: "sso_session" });
      // The page asks for a passkey with conditional mediation as it loads; the virtual authenticator
      // (automatic presence) answers it as a person picking the passkey in the autofill list does.
      await Promise.all([page.waitForURL(`${redirect}**`, { timeout: 30_000 }), page.goto(authorizeUrl())]);
      expect((await idTokenClaims()).amr).toEqual(["hwk", "user"]);
      expect(errors).toEqual([]);
    }, 60_000);

    test("the 'Sign in with a passkey' button (a browser without passkey autofill)", async () => {
      await context.clearCookies({ name: "sso_session" });
      // From here on the browser offers no conditional mediation: the page then relies on its button.
      await page.addInitScript(() => {
        if (window.PublicKeyCredential) PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await page.goto(authorizeUrl());
      expect(await page.getByLabel("Email address").getAttribute("autocomplete")).toBe("username webauthn");
      const button = page.getByRole("button", { name: "Sign in with a passkey" });
      await button.waitFor();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, "sign-in.png"), fullPage: true });
      await Promise.all([page.waitForURL(`${redirect}**`, { timeout: 30_000 }), button.click()]);
      expect((await idTokenClaims()).amr).toEqual(["hwk", "user"]);
      expect(errors).toEqual([]);
    }, 60_000);

    /** A sign-in through /api/auth/passkey/begin and /finish from the page, with the browser's own WebAuthn. */
    const apiSignIn = (userVerification: UserVerificationRequirement = "required") =>
      page.evaluate(async (userVerification) => {
        const b64 = (s: string) =>
          Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
        const u = (buf: ArrayBuffer | null) =>
          buf
            ? btoa(String.fromCharCode(...new Uint8Array(buf)))
                .replace(/\+/g, "-")
                .replace(/\//g, "_")
                .replace(/=+$/, "")
            : undefined;
        const post = (path: string, body: unknown) =>
          fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        const { attemptId, options } = await (await post("/api/auth/passkey/begin", {})).json();
        let cred: PublicKeyCredential;
        try {
          cred = (await navigator.credentials.get({
            publicKey: { challenge: b64(options.challenge), rpId: options.rpId, userVerification },
          })) as PublicKeyCredential;
        } catch (e) {
          return { status: 0, body: String(e) };
        }
        const r = cred.response as AuthenticatorAssertionResponse;
        const credential = {
          id: cred.id,
          rawId: u(cred.rawId),
          type: cred.type,
          response: {
            clientDataJSON: u(r.clientDataJSON),
            authenticatorData: u(r.authenticatorData),
            signature: u(r.signature),
            userHandle: u(r.userHandle),
          },
          clientExtensionResults: {},
        };
        const res = await post("/api/auth/passkey/finish", { attemptId, credential });
        return { status: res.status, body: await res.json() };
      }, userVerification);

    test("a first-party app signs in through the API; without user verification it is refused", async () => {
      // Any page of the service's origin will do (the console would leave for the sign-in pages).
      await page.goto(`${base}/.well-known/openid-configuration`);
      const good = await apiSignIn();
      expect(good.status).toBe(200);
      expect(typeof (good.body as { accessToken?: string }).accessToken).toBe("string");
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
      try {
        // Chromium itself refuses a request that requires verification the authenticator cannot give;
        // a page that does not ask for it gets an assertion without the UV flag, which the service refuses.
        expect((await apiSignIn()).status).toBe(0);
        const refused = await apiSignIn("discouraged");
        expect(refused.status).toBe(401);
        expect((refused.body as { code: string }).code).toBe("INVALID_CREDENTIALS");
      } finally {
        await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true });
      }
    }, 60_000);

    test("after deleting it on the console, the passkey no longer signs in", async () => {
      await myAccount();
      const panel = page.getByRole("region", { name: "Passkeys" });
      await panel.getByRole("button", { name: "Delete Chromium" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete passkey" }).click();
      await panel.getByText("No passkeys yet.").waitFor();
      // Signed out of the hosted pages' session (which is the console's too: the page leaves it).
      await context.clearCookies({ name: "sso_session" });
      await page.goto(authorizeUrl());
      const button = page.getByRole("button", { name: "Sign in with a passkey" });
      await button.waitFor();
      await button.click();
      await page.getByRole("alert").getByText("That passkey could not be used to sign in").waitFor({ timeout: 30_000 });
      expect(page.url().startsWith(redirect)).toBe(false);
    }, 60_000);

    test("an administrator removes another user's passkey on the console's Users page", async () => {
      const email = "erin@passkeys.test";
      await api(
        "/api/users",
        { organizationId: rootOrg, email, fullName: "Erin Key", password: ADMIN.password },
        adminToken,
      );
      const own = (await api("/api/auth/login", { email, password: ADMIN.password })).accessToken as string;
      // Erin's passkey, registered from her own device (a software authenticator on this origin).
      const soft = new SoftAuthenticator(base);
      const begin = await api("/api/users/me/passkeys/register/begin", { name: "Erin's phone" }, own);
      await api(
        "/api/users/me/passkeys/register/finish",
        { attemptId: begin.attemptId, credential: soft.register(begin.options).json },
        own,
      );
      await myAccount(); // signed in to the console again (through the hosted pages when needed)
      const users = page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Users" });
      await users.click();
      await page.getByRole("heading", { level: 1, name: "Users" }).waitFor();
      await page.getByLabel("Search").fill("erin");
      await page.getByText("Users 1–1 matching “erin”").waitFor();
      await page.getByRole("button", { name: `Manage ${email}` }).click();
      await page.getByRole("cell", { name: "Erin's phone", exact: true }).waitFor();
      await page.getByRole("button", { name: "Delete Erin's phone" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove passkey" }).click();
      await page.getByText("No passkeys.").waitFor();
      const left = await (
        await fetch(`${base}/api/users/me/passkeys`, { headers: { authorization: `Bearer ${own}` } })
      ).json();
      expect(left).toEqual([]);
    }, 60_000);
  });
}
