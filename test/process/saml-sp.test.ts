// A real SAML service provider accepts what the IdP sends (issue 39, "Prove it with real service
// providers"): pysaml2 (examples/saml/python/sp.py, pinned in requirements.txt, with Debian's
// xmlsec1) reads the tenant's metadata from the running service and, SP-initiated, prints its
// HTTP-Redirect AuthnRequest URL; the test walks the hosted pages for it without a browser (a
// cookie jar over fetch) and hands pysaml2 the SAMLResponse the auto-submitting page carries.
// pysaml2 verifies both signatures with xmlsec1 and checks Issuer, Destination, Recipient,
// Audience, InResponseTo and the validity window; IdP-initiated, it accepts an unsolicited
// Response; and it logs out: its HTTP-Redirect LogoutRequest ends the browser session and it
// accepts the LogoutResponse. The service runs on the store TEST_STORE names. The venv
// (SAML_SP_PYTHON, default .tools/saml-venv/bin/python) comes from `.ci/run`; REQUIRE_INTEROP=1
// makes its absence fail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fieldOf } from "../support/hosted-pages";
import { cookieBrowser, lineProgram, passwordSignIn, requireInterop, runs } from "../support/interop";
import { MASTER_KEY } from "../support/app";
import { freePort, okService, ROOT, type RunningService, startService } from "../support/process";
import { freshServerStore, SERVER_STORE, TEST_STORE } from "../support/stores";

const PYTHON = process.env.SAML_SP_PYTHON ?? join(ROOT, ".tools", "saml-venv", "bin", "python");
const SP_PROGRAM = join(ROOT, "examples", "saml", "python", "sp.py");
const available = requireInterop(
  runs([PYTHON, "-c", "import saml2"]) && runs(["xmlsec1", "--version"]),
  `the pysaml2 SP check needs pysaml2 at ${PYTHON} and xmlsec1`,
);

const ADMIN = { email: "saml-admin@platform.test", password: "saml-password-1" };
const SP_ENTITY = "http://127.0.0.1:8978/sp/metadata";
const ACS = "http://127.0.0.1:8978/sp/acs";
const SLO = "http://127.0.0.1:8978/sp/slo";
let svc: RunningService;
let dropStore: (() => Promise<void>) | null = null;
let issuer: string;
let tenantId: number;
let adminUid: number;
const dir = mkdtempSync(join(tmpdir(), "sso-saml-sp-"));
const metadataFile = join(dir, "idp.xml");

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  // The service on the store TEST_STORE names (a fresh Postgres or MongoDB database in those passes).
  const store = SERVER_STORE ? await freshServerStore() : null;
  dropStore = store?.drop ?? null;
  svc = await startService(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      SSO_ISSUER: issuer,
      SSO_DATA_DIR: dir,
      SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      SSO_RATE_LIMIT: "off",
      SSO_MASTER_KEY: MASTER_KEY,
      ...(store?.env ?? {}),
    },
    { timeoutMs: 60_000 },
  );
  const admin = (await okService(svc, "POST", "/api/auth/login", undefined, ADMIN)).accessToken as string;
  const claims = JSON.parse(Buffer.from(admin.split(".")[1], "base64url").toString());
  adminUid = Number(claims.uid);
  tenantId = Number(claims.tenant_id);
  const [{ organizationId: orgId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
  const app = await okService(svc, "POST", "/api/applications", admin, {
    organizationId: orgId,
    identifier: "https://payroll.saml.test",
    name: "Payroll",
  });
  const sp = await okService(svc, "POST", `/api/applications/${app.id}/saml-providers`, admin, {
    entityId: SP_ENTITY,
    acsUrls: [ACS],
    nameIdFormat: "persistent",
    sloUrl: SLO,
    attributes: [
      { name: "mail", from: "email" },
      { name: "orgName", from: "org_name" },
    ],
  });
  expect(sp.idp.entityId).toBe(`${issuer}/saml/${tenantId}`);
  const md = await fetch(sp.idp.metadataUrl);
  expect(md.status).toBe(200);
  writeFileSync(metadataFile, await md.text());
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  await dropStore?.();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Signs the admin in on the hosted pages from `start`; answers the auto-posting page's SAMLResponse. */
async function signIn(
  start: string,
  b = cookieBrowser(issuer),
): Promise<{ response: string; relayState: string | null; action: string }> {
  const res = await passwordSignIn(b, start, ADMIN);
  expect(res.status).toBe(200);
  const form = await res.text();
  const relay = /name="RelayState"/.test(form) ? fieldOf(form, "RelayState") : null;
  return {
    response: fieldOf(form, "SAMLResponse"),
    relayState: relay,
    action: /<form[^>]*action="([^"]*)"/.exec(form)![1],
  };
}

const spEnv = (env: Record<string, string>) => ({
  SP_ENTITY_ID: SP_ENTITY,
  ACS_URL: ACS,
  IDP_METADATA_FILE: metadataFile,
  ...env,
});

/** Runs the SP program; `drive` gets its first line (SP-initiated) and answers the SAMLResponse. */
async function runSp(mode: "sp" | "idp", drive: (firstLine: string | null) => Promise<string>) {
  const sp = lineProgram([PYTHON, SP_PROGRAM], spEnv({ MODE: mode }));
  const first = mode === "sp" ? await sp.line() : null;
  await sp.write(await drive(first));
  return sp.result();
}

describe.skipIf(!available)(`pysaml2 as the service provider [${TEST_STORE}]`, () => {
  test("SP-initiated: HTTP-Redirect AuthnRequest, the hosted pages, a Response pysaml2 accepts", async () => {
    const got = await runSp("sp", async (url) => {
      const u = new URL(url!);
      expect(`${u.origin}${u.pathname}`).toBe(`${issuer}/saml/${tenantId}/sso`);
      const r = await signIn(url!);
      expect(r.action).toBe(ACS);
      expect(r.relayState).toBe("sp-relay");
      return r.response;
    });
    expect(got.issuer).toBe(`${issuer}/saml/${tenantId}`);
    expect(got.name_id).toBe(String(adminUid));
    expect(got.name_id_format).toBe("urn:oasis:names:tc:SAML:2.0:nameid-format:persistent");
    expect(got.in_response_to).toBeTruthy();
    expect(got.session_index).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(got.authn_context).toBe("urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport");
    expect(got.attributes).toEqual({ mail: [ADMIN.email], orgName: [expect.any(String)] });
  }, 60_000);

  test("IdP-initiated: an unsolicited Response pysaml2 accepts", async () => {
    const got = await runSp("idp", async () => {
      const r = await signIn(`/saml/${tenantId}/init?${new URLSearchParams({ sp: SP_ENTITY })}`);
      return r.response;
    });
    expect(got.name_id).toBe(String(adminUid));
    expect(got.in_response_to).toBeNull();
  }, 60_000);
});

describe.skipIf(!available)(`pysaml2 logs out [${TEST_STORE}]`, () => {
  test("SP-initiated sign-in, then its LogoutRequest ends the session and pysaml2 accepts the LogoutResponse", async () => {
    const b = cookieBrowser(issuer);
    const sp = lineProgram([PYTHON, SP_PROGRAM], spEnv({ MODE: "sp", LOGOUT: "1", SLO_URL: SLO }));
    const signed = await signIn(await sp.line(), b);
    await sp.write(signed.response);
    expect(JSON.parse(await sp.line()).name_id).toBe(String(adminUid));
    expect(b.jar.has("sso_session")).toBe(true);
    const logoutUrl = await sp.line();
    expect(logoutUrl.startsWith(`${issuer}/saml/${tenantId}/slo?`)).toBe(true);
    const res = await fetch(logoutUrl, {
      headers: { cookie: b.cookie() },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    const cleared = res.headers.getSetCookie().some((c) => c.startsWith("sso_session=") && /Max-Age=0/i.test(c));
    expect(cleared).toBe(true);
    await sp.write(res.headers.get("location")!);
    expect(await sp.result()).toEqual({ logout: "urn:oasis:names:tc:SAML:2.0:status:Success" });
  }, 60_000);
});
