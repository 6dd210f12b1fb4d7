// Real SAML service provider web applications in a real browser (issue 39, "Prove it with real
// service providers"), beside pysaml2 (saml-sp.test.ts):
// - OneLogin's python3-saml (examples/saml/python3-saml/sp.py, pinned in its requirements.txt) on
//   another site (`localhost` against the service's `127.0.0.1`), strict: schema validation of the
//   Response, both signatures required, Issuer, Destination, Recipient, Audience, InResponseTo, the
//   validity window and the authentication context it asked for;
// - crewjam/saml's samlsp middleware (examples/saml/go, from the Go module proxy) on 127.0.0.1
//   (its request-tracking cookie must come back with the posted Response, and a cookie without
//   `Secure` cannot be SameSite=None across sites over http).
// Each reads the tenant's metadata from its URL and signs its AuthnRequests and LogoutRequests (the
// SP is registered with `signAuthnRequests` and its certificate). Chromium (playwright-core) signs a
// person in through the hosted pages, SP-initiated and IdP-initiated; the SP shows the NameID and
// the attributes it accepted; then the SP's single logout ends the sign-in session (the next
// sign-in shows the page again). The service runs on the store TEST_STORE names. The venv
// (SAML_SP2_PYTHON, default .tools/saml2-venv/bin/python) and go come from `.ci/run`;
// REQUIRE_INTEROP=1 and REQUIRE_BROWSER=1 make their absence fail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium, requireChromium } from "../support/chromium";
import { type LineProgram, lineProgram, requireInterop, runs } from "../support/interop";
import { MASTER_KEY } from "../support/app";
import { freePort, okService, ROOT, type RunningService, startService } from "../support/process";
import { freshServerStore, SERVER_STORE, TEST_STORE } from "../support/stores";

const PYTHON = process.env.SAML_SP2_PYTHON ?? join(ROOT, ".tools", "saml2-venv", "bin", "python");
const python = runs([PYTHON, "-c", "import onelogin.saml2.auth, xmlsec"]);
const go = runs(["go", "version"]);
requireInterop(python && go, `the SAML web SP checks need python3-saml at ${PYTHON} (${python}) and go (${go})`);
const browserHere = requireChromium();
if (!browserHere) console.warn("NOT RUN here: the SAML web SP checks need /usr/bin/chromium; CI runs them");

const ADMIN = { email: "saml-web-admin@platform.test", password: "saml-web-admin-password-1" };
const ADA = { email: "ada@ledger.test", password: "ada-password-1", fullName: "Ada Lovelace" };
const WAIT = 30_000;
const NAMEID_EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const PASSWORD_CONTEXT = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";
const ATTRIBUTES = [
  { name: "mail", from: "email" },
  { name: "displayName", from: "name" },
  { name: "orgPath", from: "org_path" },
  { name: "roles", from: "roles" },
  { name: "permissions", from: "permissions" },
];

/** One SP web application: where it lives and how it answers. */
interface WebSp {
  name: string;
  available: boolean;
  host: "localhost" | "127.0.0.1";
  paths: { entity: string; acs: string; slo: string; login: string; logout: string };
  /** Where the browser lands after a sign-in, SP-initiated and IdP-initiated. */
  landing: { sp: string; idp: string };
  /** Where the browser lands after the LogoutResponse. */
  signedOut: string;
  command(): string[];
  /** What only this SP reports, SP-initiated (true) or IdP-initiated. */
  more?(result: any, spInitiated: boolean): void;
}

const dir = mkdtempSync(join(tmpdir(), "sso-saml-web-"));
const goBinary = join(dir, "sp-go");
let svc: RunningService;
let dropStore: (() => Promise<void>) | null = null;
let browser: Browser;
let tenantId: number;
let orgPath: string;
let admin: string;
let applicationId: number;
const key = join(dir, "sp.key");
const cert = join(dir, "sp.crt");

const SPS: WebSp[] = [
  {
    name: "python3-saml",
    available: python,
    host: "localhost",
    paths: { entity: "/metadata", acs: "/acs", slo: "/sls", login: "/login", logout: "/logout" },
    landing: { sp: "/acs", idp: "/acs" },
    signedOut: "/sls",
    command: () => [PYTHON, join(ROOT, "examples", "saml", "python3-saml", "sp.py")],
    more(result, spInitiated) {
      expect(result.issuer).toBe(`${svc.url}/saml/${tenantId}`);
      expect(result.authn_contexts).toEqual([PASSWORD_CONTEXT]);
      if (spInitiated) {
        expect(result.in_response_to).toStartWith("ONELOGIN_");
        expect(result.relay_state).toBe("sp-relay");
      } else expect(result.in_response_to).toBeNull();
    },
  },
  {
    name: "crewjam/saml (Go)",
    available: go,
    host: "127.0.0.1",
    paths: { entity: "/saml/metadata", acs: "/saml/acs", slo: "/saml/slo", login: "/hello", logout: "/logout" },
    landing: { sp: "/hello", idp: "/hello" },
    signedOut: "/",
    command: () => [goBinary],
  },
];

beforeAll(async () => {
  if (!browserHere) return;
  const port = await freePort();
  // The service on the store TEST_STORE names (a fresh Postgres or MongoDB database in those passes).
  const store = SERVER_STORE ? await freshServerStore() : null;
  dropStore = store?.drop ?? null;
  svc = await startService(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      SSO_ISSUER: `http://127.0.0.1:${port}`,
      SSO_DATA_DIR: dir,
      SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      SSO_RATE_LIMIT: "off",
      SSO_MASTER_KEY: MASTER_KEY,
      ...(store?.env ?? {}),
    },
    { timeoutMs: 60_000 },
  );
  admin = (await okService(svc, "POST", "/api/auth/login", undefined, ADMIN)).accessToken as string;
  const claims = JSON.parse(Buffer.from(admin.split(".")[1], "base64url").toString());
  tenantId = Number(claims.tenant_id);
  orgPath = claims.org_path;
  expect(orgPath).toBeString();
  const [{ organizationId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
  const app = await okService(svc, "POST", "/api/applications", admin, {
    organizationId,
    identifier: "https://ledger.saml.test",
    name: "Ledger",
  });
  applicationId = app.id;
  const perm = await okService(svc, "POST", `/api/applications/${app.id}/permissions`, admin, { code: "ledger.read" });
  const role = await okService(svc, "POST", "/api/roles", admin, {
    name: "Bookkeeper",
    organizationId,
    permissionIds: [perm.id],
  });
  await okService(svc, "POST", "/api/users", admin, { organizationId, ...ADA, roleId: role.id });
  // The SPs' signing key and certificate: they sign their AuthnRequests and LogoutRequests.
  const made = Bun.spawnSync(
    ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Ledger SP"].concat([
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stderr: "pipe" },
  );
  if (made.exitCode !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  if (go) {
    const b = Bun.spawnSync(["go", "build", "-o", goBinary, "."], {
      cwd: join(ROOT, "examples", "saml", "go"),
      env: { ...process.env, GOFLAGS: "-mod=mod" },
      stderr: "pipe",
    });
    if (b.exitCode !== 0) throw new Error(`go build failed: ${b.stderr.toString()}`);
  }
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await svc?.stop();
  await dropStore?.();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Waits for the hosted sign-in page; else fails with the page that came instead. */
async function signInPage(page: Page) {
  await page
    .getByLabel("Email address")
    .waitFor({ timeout: WAIT })
    .catch(async () => {
      throw new Error(`no sign-in page at ${page.url()}: ${(await page.locator("body").innerText()).slice(0, 800)}`);
    });
}

/** The hosted sign-in page, filled in as Ada. */
async function signInAsAda(page: Page) {
  await signInPage(page);
  await page.getByLabel("Email address").fill(ADA.email);
  await page.getByLabel("Password").fill(ADA.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** What the SP's page shows: its heading and the JSON it accepted (or its errors). */
async function shown(page: Page): Promise<{ title: string | null; result: any }> {
  return {
    title: await page.locator("h1").textContent(),
    result: JSON.parse((await page.locator("#result").textContent()) ?? "null"),
  };
}

for (const sp of SPS) {
  describe.skipIf(!browserHere || !sp.available)(
    `${sp.name} as the service provider, in Chromium [${TEST_STORE}]`,
    () => {
      let base: string;
      let program: LineProgram;
      const at = (path: string) => (u: URL) => u.origin === base && u.pathname === path;

      beforeAll(async () => {
        base = `http://${sp.host}:${await freePort()}`;
        const registered = await okService(svc, "POST", `/api/applications/${applicationId}/saml-providers`, admin, {
          entityId: `${base}${sp.paths.entity}`,
          acsUrls: [`${base}${sp.paths.acs}`],
          nameIdFormat: "emailAddress",
          sloUrl: `${base}${sp.paths.slo}`,
          signAuthnRequests: true,
          certificate: readFileSync(cert, "utf8"),
          attributes: ATTRIBUTES,
        });
        program = lineProgram(sp.command(), {
          PORT: new URL(base).port,
          BASE_URL: base,
          IDP_METADATA_URL: registered.idp.metadataUrl,
          SP_KEY_FILE: key,
          SP_CERT_FILE: cert,
        });
        expect(await program.line()).toBe(`listening ${base}`);
      }, 60_000);
      afterAll(async () => {
        await program?.stop();
      });

      /** What the SP accepted, checked; answers it. */
      async function accepted(page: Page, spInitiated: boolean) {
        const { title, result } = await shown(page);
        expect({ title, error: result.error ?? result.errors }).toEqual({ title: "Signed in", error: undefined });
        expect(result).toMatchObject({ name_id: ADA.email, name_id_format: NAMEID_EMAIL });
        expect(result.session_index).toMatch(/^[A-Za-z0-9_-]{16,}$/);
        expect(result.attributes).toEqual({
          mail: [ADA.email],
          displayName: [ADA.fullName],
          orgPath: [orgPath],
          roles: ["Bookkeeper"],
          permissions: ["ledger.read"],
        });
        sp.more?.(result, spInitiated);
      }

      /** The SP's single logout, then a sign-in that must show the hosted page again. */
      async function logsOut(page: Page) {
        await page.goto(`${base}${sp.paths.logout}`);
        await page.waitForURL(at(sp.signedOut), { timeout: WAIT });
        expect((await shown(page)).title).toBe("Signed out");
        const cookies = await page.context().cookies(svc.url);
        expect(cookies.map((c) => c.name)).not.toContain("sso_session");
        await page.goto(`${base}${sp.paths.login}`);
        await signInPage(page);
      }

      test("SP-initiated: a signed HTTP-Redirect AuthnRequest, the hosted pages, a Response the SP accepts, then SLO", async () => {
        const context = await browser.newContext({ locale: "en-US" });
        const page = await context.newPage();
        await page.goto(`${base}${sp.paths.login}`);
        await signInAsAda(page);
        await page.waitForURL(at(sp.landing.sp), { timeout: WAIT });
        await accepted(page, true);
        await logsOut(page);
        await context.close();
      }, 120_000);

      test("IdP-initiated: an unsolicited Response the SP accepts, then SLO", async () => {
        const context = await browser.newContext({ locale: "en-US" });
        const page = await context.newPage();
        await page.goto(`${svc.url}/saml/${tenantId}/init?${new URLSearchParams({ sp: `${base}${sp.paths.entity}` })}`);
        await signInAsAda(page);
        await page.waitForURL(at(sp.landing.idp), { timeout: WAIT });
        await accepted(page, false);
        await logsOut(page);
        await context.close();
      }, 120_000);
    },
  );
}
