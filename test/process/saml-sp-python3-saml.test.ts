// A second real SAML service provider, in a real browser (issue 39, "Prove it with real service
// providers"): OneLogin's python3-saml (examples/saml/python3-saml/sp.py, pinned in its
// requirements.txt) runs as a small web application on another site (`localhost` against the
// service's `127.0.0.1`). It reads the tenant's metadata from its URL, signs its AuthnRequests and
// LogoutRequests (the SP is registered with `signAuthnRequests` and its certificate), and runs strict:
// schema validation of the Response, both signatures required, Issuer, Destination, Recipient,
// Audience, InResponseTo, the validity window and the authentication context it asked for.
// Chromium (playwright-core) signs a person in through the hosted pages, SP-initiated and
// IdP-initiated; the SP shows the NameID and the attributes it accepted; then the SP's single logout
// ends the sign-in session (the next sign-in shows the page again). The venv (SAML_SP2_PYTHON,
// default .tools/saml2-venv/bin/python) comes from `.ci/run`; REQUIRE_INTEROP=1 and
// REQUIRE_BROWSER=1 make the absence of it or of Chromium fail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium, requireChromium } from "../support/chromium";
import { type LineProgram, lineProgram, requireInterop, runs } from "../support/interop";
import { freePort, okService, ROOT, type RunningService, startService } from "../support/process";

const PYTHON = process.env.SAML_SP2_PYTHON ?? join(ROOT, ".tools", "saml2-venv", "bin", "python");
const tools = requireInterop(
  runs([PYTHON, "-c", "import onelogin.saml2.auth, xmlsec"]),
  `the python3-saml SP check needs python3-saml at ${PYTHON}`,
);
const available = requireChromium() && tools;
if (tools && !available) console.warn("NOT RUN here: the python3-saml SP check needs /usr/bin/chromium; CI runs it");

const ADMIN = { email: "saml2-admin@platform.test", password: "saml2-admin-password-1" };
const ADA = { email: "ada@ledger.test", password: "ada-password-1", fullName: "Ada Lovelace" };
const WAIT = 30_000;
const NAMEID_EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const PASSWORD_CONTEXT = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";

let svc: RunningService;
let sp: LineProgram;
let browser: Browser;
let tenantId: number;
let spBase: string;
let orgPath: string;
const dir = mkdtempSync(join(tmpdir(), "sso-saml-python3-saml-"));

beforeAll(async () => {
  if (!available) return;
  const port = await freePort();
  const spPort = await freePort();
  spBase = `http://localhost:${spPort}`;
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
  orgPath = claims.org_path;
  expect(orgPath).toBeString();
  const [{ organizationId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
  const app = await okService(svc, "POST", "/api/applications", admin, {
    organizationId,
    identifier: "https://ledger.saml.test",
    name: "Ledger",
  });
  const perm = await okService(svc, "POST", `/api/applications/${app.id}/permissions`, admin, { code: "ledger.read" });
  const role = await okService(svc, "POST", "/api/roles", admin, {
    name: "Bookkeeper",
    organizationId,
    permissionIds: [perm.id],
  });
  await okService(svc, "POST", "/api/users", admin, { organizationId, ...ADA, roleId: role.id });
  // The SP's signing key and certificate: it signs its AuthnRequests and LogoutRequests.
  const key = join(dir, "sp.key");
  const cert = join(dir, "sp.crt");
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
  const registered = await okService(svc, "POST", `/api/applications/${app.id}/saml-providers`, admin, {
    entityId: `${spBase}/metadata`,
    acsUrls: [`${spBase}/acs`],
    nameIdFormat: "emailAddress",
    sloUrl: `${spBase}/sls`,
    signAuthnRequests: true,
    certificate: readFileSync(cert, "utf8"),
    attributes: [
      { name: "mail", from: "email" },
      { name: "displayName", from: "name" },
      { name: "orgPath", from: "org_path" },
      { name: "roles", from: "roles" },
      { name: "permissions", from: "permissions" },
    ],
  });
  sp = lineProgram([PYTHON, join(ROOT, "examples", "saml", "python3-saml", "sp.py")], {
    PORT: String(spPort),
    BASE_URL: spBase,
    IDP_METADATA_URL: registered.idp.metadataUrl,
    SP_KEY_FILE: key,
    SP_CERT_FILE: cert,
  });
  expect(await sp.line()).toBe(`listening ${spBase}`);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await sp?.stop();
  await svc?.stop();
  rmSync(dir, { recursive: true, force: true });
});

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

/** What the SP's page shows: its heading and the JSON it accepted (or python3-saml's errors). */
async function shown(page: Page): Promise<{ title: string | null; result: any }> {
  return {
    title: await page.locator("h1").textContent(),
    result: JSON.parse((await page.locator("#result").textContent()) ?? "null"),
  };
}

/** The SP's single logout, then a sign-in that must show the hosted page again. */
async function logsOut(page: Page) {
  await page.goto(`${spBase}/logout`);
  await page.waitForURL((u) => u.origin === spBase && u.pathname === "/sls", { timeout: WAIT });
  expect(await shown(page)).toEqual({
    title: "Signed out",
    result: { logout: "success", relay_state: "sp-logout-relay" },
  });
  const cookies = await page.context().cookies(svc.url);
  expect(cookies.map((c) => c.name)).not.toContain("sso_session");
  await page.goto(`${spBase}/login`);
  await signInPage(page);
}

describe.skipIf(!available)("python3-saml as the service provider, in Chromium", () => {
  test("SP-initiated: a signed HTTP-Redirect AuthnRequest, the hosted pages, a Response python3-saml accepts, then SLO", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${spBase}/login`);
    await signInAsAda(page);
    await page.waitForURL(`${spBase}/acs`, { timeout: WAIT });
    const { title, result } = await shown(page);
    expect({ title, errors: result.errors }).toEqual({ title: "Signed in", errors: undefined });
    expect(result).toMatchObject({
      issuer: `${svc.url}/saml/${tenantId}`,
      name_id: ADA.email,
      name_id_format: NAMEID_EMAIL,
      authn_contexts: [PASSWORD_CONTEXT],
      relay_state: "sp-relay",
    });
    expect(result.in_response_to).toStartWith("ONELOGIN_");
    expect(result.session_index).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(result.attributes).toEqual({
      mail: [ADA.email],
      displayName: [ADA.fullName],
      orgPath: [orgPath],
      roles: ["Bookkeeper"],
      permissions: ["ledger.read"],
    });
    await logsOut(page);
    await context.close();
  }, 120_000);

  test("IdP-initiated: an unsolicited Response python3-saml accepts, then SLO", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${svc.url}/saml/${tenantId}/init?${new URLSearchParams({ sp: `${spBase}/metadata` })}`);
    await signInAsAda(page);
    await page.waitForURL(`${spBase}/acs`, { timeout: WAIT });
    const { title, result } = await shown(page);
    expect({ title, errors: result.errors }).toEqual({ title: "Signed in", errors: undefined });
    expect(result).toMatchObject({ name_id: ADA.email, in_response_to: null, authn_contexts: [PASSWORD_CONTEXT] });
    expect(result.attributes.roles).toEqual(["Bookkeeper"]);
    await logsOut(page);
    await context.close();
  }, 120_000);
});
