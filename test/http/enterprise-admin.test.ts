/**
 * Enterprise sign-in administration (CONTRACT §16, issue 38 items 1–2): verified domains (DNS TXT
 * proof against a DNS server this test starts, platform-administrator force, one tenant per domain,
 * public mail domains refused) and identity-provider connections (OIDC and SAML, the values to
 * register upstream, the client secret write-only and sealed at rest), on the store TEST_STORE names.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { domainToASCII } from "node:url";
import { sql } from "drizzle-orm";
import { makeTestApp, ISSUER, type TestApp } from "../support/app";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import {
  createOrg,
  createRole,
  expectProblem,
  ok,
  provisionTenant,
  uniq,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

// A self-signed certificate (CN=Contoso IdP test), as an IdP's metadata carries it.
const CERT_B64 =
  "MIIDFzCCAf+gAwIBAgIUQj7E8HZKX8S1nj2o2LcNjGa40ZQwDQYJKoZIhvcNAQELBQAwGzEZMBcGA1UEAwwQQ29udG9zbyBJZFAgdGVzdDAeFw0yNjExMjgwMTQyNDBaFw0zNjExMjUwMTQyNDBaMBsxGTAXBgNVBAMMEENvbnRvc28gSWRQIHRlc3QwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCqgv1oodsEpNZpH9diVYbn1tUGwtgyCSQQSY2tWvhuNh+n8PpXLUZyGhg/OKezxiRDehpXfdx4PGGQFn0HdD9lsEtXXTnovHWlRZTDO7hxNn1PVlKma5IU4XE6vcVRePDMpevwW7t6DJVLIdv7i8kkitFr2+o1pxmYnsv0Y3csicw3dGxbnHylsVX6gVhmSkMoG5/tAN0Quc4ITTOJdsVYV43VpA2/8IDb7YUBCpPHUOAGCPhFesXkNRQSLLd4EJ27I9xY7fbDnR9rtdvpukrEZcE7xaFDYdHzzlc/DcXW5GO+0S4UYxneWM4jJavZAUkDLrGh7yQhUdENlP9/ZgEXAgMBAAGjUzBRMB0GA1UdDgQWBBR+g+LJ6BkVPt/wDwCkOFphY4OyJjAfBgNVHSMEGDAWgBR+g+LJ6BkVPt/wDwCkOFphY4OyJjAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQB5yn+TifaJ3jTO1nGUddN8NwzPi5vDYsj0QnAs0u3PaOCQVoIRgdLFt/3lJpGeOeFsxx9fRUNKph+ofNSzFSnvT2VPmHcuWUaDqfDpRyXGSLLsrL0qXuYdePvrUOM4kuXFxy9YAJqJF1ScP4FkNOtTdalaOBB+i20gXbk9fTIbUYEbZPd4Zd6RQyB7fF+ljit+Nwsw93zCOZd/zArBJDFH6ibTxyaUwq4mTYzzbGc0XnDQN6wRqAqfH7KnZLFNr1Q3yXDPSbWqxau0AAorQ2gMw14Im2R2/xlY+HWSdoNiTrpPqPIcTGw6BFj024Tum0py3jiBl+mf1aOh5OBhwqZM";
const CERT_PEM = `-----BEGIN CERTIFICATE-----\n${CERT_B64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;

const metadata = (entityId: string, extra = "") => `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">${extra}
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
${CERT_B64}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.contoso.example/saml/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.contoso.example/saml/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

let t: TestApp;
let dns: TestDnsServer;
let admin: string;
let a: TenantFixture;
let b: TenantFixture;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await makeTestApp({ env: { SSO_DNS_SERVERS: dns.address } });
  admin = await t.adminToken();
  a = await provisionTenant(t, uniq("Contoso"));
  b = await provisionTenant(t, uniq("Fabrikam"));
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** A domain name no other test uses. */
const fresh = (label = "corp") => `${uniq(label).toLowerCase()}.example`;
const domainsOf = (orgId: number) => `/api/organizations/${orgId}/domains`;
const idpsOf = (orgId: number) => `/api/organizations/${orgId}/identity-providers`;

async function addDomain(token: string, orgId: number, domain: string) {
  return ok(t.call("POST", domainsOf(orgId), { token, body: { domain } }));
}
/** Adds, publishes the TXT proof in the test's DNS server and verifies. */
async function verifiedDomain(token: string, orgId: number, domain = fresh()) {
  const d = await addDomain(token, orgId, domain);
  dns.setTxt(d.txtName, [d.txtValue]);
  const v = await ok(t.call("POST", `${domainsOf(orgId)}/${d.domain}/verify`, { token }));
  expect(v.verified).toBe(true);
  return v;
}
async function auditActions(token: string, orgId: number, action: string) {
  return ok(t.call("GET", `/api/audit?organizationId=${orgId}&action=${action}`, { token }));
}

describe("verified domains", () => {
  test("add: normalized (case, trailing dot, IDNA), with a TXT proof per (tenant, domain); listed; twice in a tenant is 409", async () => {
    const base = fresh();
    const d = await addDomain(a.token, a.rootOrgId, ` ${base.toUpperCase()}. `);
    expect(d).toMatchObject({ domain: base, organizationId: a.rootOrgId, verified: false, verifiedAt: null });
    expect(d.txtName).toBe(`_sso-challenge.${base}`);
    expect(d.txtValue).toMatch(/^sso-domain-verification=[A-Za-z0-9_-]{32}$/);
    const idn = await addDomain(a.token, a.rootOrgId, `Bücher-${base}`);
    expect(idn.domain).toBe(domainToASCII(`bücher-${base}`));
    expect(idn.domain.startsWith("xn--")).toBe(true);
    // The path takes the name in any form: Unicode (percent-encoded) or its IDNA form.
    const byUnicode = await ok(
      t.call("POST", `${domainsOf(a.rootOrgId)}/${encodeURIComponent(`BÜCHER-${base}`)}/verify`, { token: a.token }),
    );
    expect(byUnicode).toMatchObject({ domain: idn.domain, verified: false });
    // The same name in another tenant is a record of its own, with another proof.
    const other = await addDomain(b.token, b.rootOrgId, base);
    expect(other.txtValue).not.toBe(d.txtValue);
    const list = await ok(t.call("GET", domainsOf(a.rootOrgId), { token: a.token }));
    expect(list.map((x: { domain: string }) => x.domain)).toEqual(expect.arrayContaining([base, idn.domain]));
    const child = await createOrg(t, a.token, a.rootOrgId);
    expectProblem(
      await t.call("POST", domainsOf(child.id), { token: a.token, body: { domain: base } }),
      409,
      "CONFLICT",
    );
    expect((await auditActions(a.token, a.rootOrgId, "domain.added")).length).toBeGreaterThanOrEqual(2);
  });

  test("validation: not a domain name, an IP address, a wildcard, one label, a public mail domain (or below one), wrong types", async () => {
    for (const domain of [
      "not a domain",
      "1.2.3.4",
      "*.example.com",
      "localhost",
      "a..b.example",
      "-x.example",
      "http://x.example",
    ]) {
      const r = await t.call("POST", domainsOf(a.rootOrgId), { token: a.token, body: { domain } });
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors[0].field).toBe("domain");
    }
    for (const domain of [
      "gmail.com",
      "GoogleMail.com",
      "outlook.com",
      "hotmail.com",
      "proton.me",
      "web.de",
      "eu.gmail.com",
    ]) {
      const r = await t.call("POST", domainsOf(a.rootOrgId), { token: a.token, body: { domain } });
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors[0].message).toContain("public mail domain");
    }
    expectProblem(
      await t.call("POST", domainsOf(a.rootOrgId), { token: a.token, body: { domain: 42 } }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(await t.call("POST", domainsOf(a.rootOrgId), { token: a.token, body: {} }), 400, "VALIDATION_FAILED");
  });

  test("verify: false with a reason until the TXT record is published at the test's DNS server, then true; audited", async () => {
    const d = await addDomain(a.token, a.rootOrgId, fresh());
    const first = await ok(t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: a.token }));
    expect(first).toMatchObject({ domain: d.domain, verified: false });
    expect(first.reason).toContain(d.txtName);
    expect(dns.asked).toContain(d.txtName);
    // A wrong value (another tenant's, an old one) does not prove anything.
    dns.setTxt(d.txtName, ["sso-domain-verification=wrong", "v=spf1 -all"]);
    expect(
      (await ok(t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: a.token }))).verified,
    ).toBe(false);
    // The right value among others, split into two character-strings as long values are.
    dns.setTxt(d.txtName, ["v=spf1 -all", [d.txtValue.slice(0, 20), d.txtValue.slice(20)]]);
    const v = await ok(t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: a.token, body: {} }));
    expect(v).toMatchObject({ domain: d.domain, verified: true });
    expect(Date.parse(v.verifiedAt)).toBeGreaterThan(0);
    expect(v.reason).toBeUndefined();
    const entries = await auditActions(a.token, a.rootOrgId, "domain.verified");
    expect(
      entries.some(
        (e: { metadata: Record<string, unknown> }) => e.metadata.domain === d.domain && e.metadata.method === "dns_txt",
      ),
    ).toBe(true);
    // Verifying again changes nothing.
    expect(
      (await ok(t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: a.token }))).verifiedAt,
    ).toBe(v.verifiedAt);
  });

  test("one tenant per domain: another tenant cannot verify (even with its own proof published) nor add a verified domain: 409", async () => {
    const name = fresh("shared");
    const theirs = await addDomain(b.token, b.rootOrgId, name);
    await verifiedDomain(a.token, a.rootOrgId, name);
    dns.setTxt(theirs.txtName, [theirs.txtValue]);
    expectProblem(
      await t.call("POST", `${domainsOf(b.rootOrgId)}/${name}/verify`, { token: b.token }),
      409,
      "CONFLICT",
    );
    expectProblem(
      await t.call("POST", `${domainsOf(b.rootOrgId)}/${name}/verify`, { token: admin, body: { force: true } }),
      409,
      "CONFLICT",
    );
    const c = await provisionTenant(t, uniq("Other"));
    expectProblem(
      await t.call("POST", domainsOf(c.rootOrgId), { token: c.token, body: { domain: name } }),
      409,
      "CONFLICT",
    );
  });

  test("force: only a platform administrator marks a domain verified without the proof", async () => {
    const d = await addDomain(a.token, a.rootOrgId, fresh());
    expectProblem(
      await t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: a.token, body: { force: true } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: a.token, body: { force: "yes" } }),
      400,
      "VALIDATION_FAILED",
    );
    const v = await ok(
      t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: admin, body: { force: true } }),
    );
    expect(v.verified).toBe(true);
    const entries = await auditActions(a.token, a.rootOrgId, "domain.verified");
    expect(
      entries.some(
        (e: { metadata: Record<string, unknown> }) =>
          e.metadata.domain === d.domain && e.metadata.method === "platform_admin",
      ),
    ).toBe(true);
  });

  test("reach: ORG_MANAGE over the org (403 otherwise), another tenant's org or domain is 404", async () => {
    const child = await createOrg(t, a.token, a.rootOrgId);
    const d = await addDomain(a.token, a.rootOrgId, fresh());
    const childAdmin = await userWith(t, a.token, child.id, ["ORG_MANAGE"], "SUBTREE");
    expectProblem(await t.call("GET", domainsOf(a.rootOrgId), { token: childAdmin.token }), 403, "FORBIDDEN");
    expectProblem(
      await t.call("POST", domainsOf(a.rootOrgId), { token: childAdmin.token, body: { domain: fresh() } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("POST", `${domainsOf(a.rootOrgId)}/${d.domain}/verify`, { token: childAdmin.token }),
      403,
      "FORBIDDEN",
    );
    expect(await ok(t.call("GET", domainsOf(child.id), { token: childAdmin.token }))).toEqual([]);
    const userAdmin = await userWith(t, a.token, a.rootOrgId, ["USER_MANAGE"]);
    expectProblem(await t.call("GET", domainsOf(a.rootOrgId), { token: userAdmin.token }), 403, "FORBIDDEN");
    expectProblem(await t.call("GET", domainsOf(a.rootOrgId), { token: b.token }), 404, "NOT_FOUND");
    expectProblem(
      await t.call("DELETE", `${domainsOf(a.rootOrgId)}/${d.domain}`, { token: b.token }),
      404,
      "NOT_FOUND",
    );
    // A domain of another org of the same tenant is not found under this one.
    expectProblem(
      await t.call("POST", `${domainsOf(child.id)}/${d.domain}/verify`, { token: a.token }),
      404,
      "NOT_FOUND",
    );
    expectProblem(await t.call("GET", domainsOf(a.rootOrgId)), 401, "UNAUTHENTICATED");
  });

  test("remove: 409 while a connection lists it, then removed and audited; its ownership goes with it", async () => {
    const v = await verifiedDomain(a.token, a.rootOrgId);
    const idp = await ok(
      t.call("POST", idpsOf(a.rootOrgId), {
        token: a.token,
        body: {
          kind: "saml",
          name: "Uses it",
          domains: [v.domain],
          saml: { metadataXml: metadata("urn:x:" + v.domain) },
        },
      }),
    );
    expectProblem(await t.call("DELETE", `${domainsOf(a.rootOrgId)}/${v.domain}`, { token: a.token }), 409, "CONFLICT");
    await ok(t.call("DELETE", `${idpsOf(a.rootOrgId)}/${idp.id}`, { token: a.token }));
    expect((await t.call("DELETE", `${domainsOf(a.rootOrgId)}/${v.domain}`, { token: a.token })).status).toBe(200);
    expectProblem(
      await t.call("DELETE", `${domainsOf(a.rootOrgId)}/${v.domain}`, { token: a.token }),
      404,
      "NOT_FOUND",
    );
    expect(
      (await auditActions(a.token, a.rootOrgId, "domain.removed")).some(
        (e: { metadata: Record<string, unknown> }) => e.metadata.domain === v.domain,
      ),
    ).toBe(true);
    // No longer verified by anyone: another tenant may add and verify it now.
    await verifiedDomain(b.token, b.rootOrgId, v.domain);
  });
});

/** The stored OIDC settings of a connection as the store holds them (raw row or document). */
async function rawOidc(id: number): Promise<string> {
  const store = t.stores.store as unknown as {
    db?: { execute(q: unknown): Promise<unknown> };
    ctx?: { db: { collection(n: string): { findOne(f: object): Promise<Record<string, unknown> | null> } } };
  };
  if (store.ctx)
    return JSON.stringify((await store.ctx.db.collection("identity_providers").findOne({ _id: id }))?.oidc);
  const res = await store.db!.execute(sql`select oidc::text as oidc from identity_providers where id = ${id}`);
  const rows = Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows;
  return String(rows[0].oidc);
}

describe("identity-provider connections", () => {
  test("OIDC: created with verified domains (of the org or above), the redirect URI to register, the secret sealed at rest and never answered", async () => {
    const child = await createOrg(t, a.token, a.rootOrgId);
    const rootDomain = await verifiedDomain(a.token, a.rootOrgId);
    const childDomain = await verifiedDomain(a.token, child.id);
    const role = await createRole(t, a.token, a.rootOrgId, []);
    const secret = `upstream-secret-${crypto.randomUUID()}`;
    const r = await t.call("POST", idpsOf(child.id), {
      token: a.token,
      body: {
        kind: "oidc",
        name: "Contoso Entra ID",
        domains: [childDomain.domain, rootDomain.domain.toUpperCase()],
        jit: { enabled: true, roleId: role.id },
        oidc: { issuer: "https://login.contoso.example/v2.0", clientId: "sso-client", clientSecret: secret },
      },
    });
    const c = await ok(r);
    expect(JSON.stringify(r.body)).not.toContain(secret);
    expect(c).toMatchObject({
      organizationId: child.id,
      kind: "oidc",
      name: "Contoso Entra ID",
      enabled: true,
      domains: [childDomain.domain, rootDomain.domain],
      jit: { enabled: true, roleId: role.id },
      oidc: {
        issuer: "https://login.contoso.example/v2.0",
        clientId: "sso-client",
        scopes: ["openid", "email", "profile"],
        clientSecretSet: true,
      },
      saml: null,
      ssoRequired: false,
      redirectUri: `${ISSUER}/federation/oidc/${c.id}/callback`,
    });
    expect(c.acsUrl).toBeUndefined();
    // At rest: sealed with the master key, not the secret in clear.
    const stored = await rawOidc(c.id);
    expect(stored).not.toContain(secret);
    expect(stored).toContain("v1.");
    const conn = await t.stores.store.connections.get(a.tenantId, c.id);
    expect(conn!.oidc!.clientSecretEnc).not.toContain(secret);
    const box = await (await import("../../src/kernel/crypto-box")).createCryptoBox(t.config.masterKeys!);
    expect(await box.open(conn!.oidc!.clientSecretEnc)).toBe(secret);

    // GET and list answer the same, never the secret.
    const got = await t.call("GET", `${idpsOf(child.id)}/${c.id}`, { token: a.token });
    expect(await ok(got)).toEqual(c);
    expect(JSON.stringify(got.body)).not.toContain(secret);
    const list = await ok(t.call("GET", idpsOf(child.id), { token: a.token }));
    expect(list).toEqual([c]);

    // PUT without clientSecret keeps the stored one; with one, replaces it.
    const put = await ok(
      t.call("PUT", `${idpsOf(child.id)}/${c.id}`, {
        token: a.token,
        body: {
          kind: "oidc",
          name: "Contoso",
          enabled: false,
          domains: [childDomain.domain],
          oidc: {
            issuer: "https://login.contoso.example/v2.0",
            clientId: "sso-client-2",
            scopes: ["email", "offline_access"],
          },
          ssoRequired: true,
        },
      }),
    );
    expect(put).toMatchObject({
      id: c.id,
      name: "Contoso",
      enabled: false,
      domains: [childDomain.domain],
      jit: { enabled: false, roleId: null },
      oidc: { clientId: "sso-client-2", scopes: ["openid", "email", "offline_access"], clientSecretSet: true },
      ssoRequired: true,
    });
    const kept = await t.stores.store.connections.get(a.tenantId, c.id);
    expect(await box.open(kept!.oidc!.clientSecretEnc)).toBe(secret);
    await ok(
      t.call("PUT", `${idpsOf(child.id)}/${c.id}`, {
        token: a.token,
        body: {
          kind: "oidc",
          name: "Contoso",
          oidc: { issuer: "https://login.contoso.example/v2.0", clientId: "c", clientSecret: "new-secret" },
        },
      }),
    );
    expect(await box.open((await t.stores.store.connections.get(a.tenantId, c.id))!.oidc!.clientSecretEnc)).toBe(
      "new-secret",
    );

    // Audited without the secret; deleted, then gone.
    const created = await auditActions(a.token, child.id, "identity_provider.created");
    expect(created.length).toBe(1);
    const updated = await auditActions(a.token, child.id, "identity_provider.updated");
    expect(updated.length).toBe(2);
    expect(JSON.stringify([created, updated])).not.toContain(secret);
    expect(JSON.stringify([created, updated])).not.toContain("new-secret");
    expect((await t.call("DELETE", `${idpsOf(child.id)}/${c.id}`, { token: a.token })).status).toBe(200);
    expectProblem(await t.call("GET", `${idpsOf(child.id)}/${c.id}`, { token: a.token }), 404, "NOT_FOUND");
    expect((await auditActions(a.token, child.id, "identity_provider.deleted")).length).toBe(1);
  });

  test("SAML: from metadata (entity id, SSO URL, signing certificates) or given one by one; the SP values to register", async () => {
    const entityId = `https://sts.contoso.example/${uniq("idp")}`;
    const c = await ok(
      t.call("POST", idpsOf(a.rootOrgId), {
        token: a.token,
        body: { kind: "saml", name: "Okta", saml: { metadataXml: metadata(entityId) } },
      }),
    );
    expect(c).toMatchObject({
      kind: "saml",
      oidc: null,
      saml: {
        entityId,
        ssoUrl: "https://idp.contoso.example/saml/redirect",
        certificates: [CERT_PEM],
        fromMetadata: true,
      },
      spEntityId: `${ISSUER}/federation/saml/${c.id}`,
      acsUrl: `${ISSUER}/federation/saml/${c.id}/acs`,
      spMetadataUrl: `${ISSUER}/federation/saml/${c.id}/metadata`,
    });
    expect(c.redirectUri).toBeUndefined();
    const manual = await ok(
      t.call("PUT", `${idpsOf(a.rootOrgId)}/${c.id}`, {
        token: a.token,
        body: {
          kind: "saml",
          name: "Okta",
          saml: {
            entityId: "urn:okta:contoso",
            ssoUrl: "https://contoso.okta.example/sso/saml",
            certificates: [` ${CERT_B64} `],
          },
        },
      }),
    );
    expect(manual.saml).toEqual({
      entityId: "urn:okta:contoso",
      ssoUrl: "https://contoso.okta.example/sso/saml",
      certificates: [CERT_PEM],
      fromMetadata: false,
    });
  });

  test("SAML refusals: DOCTYPE (entity expansion), malformed XML, no IdP descriptor, bad certificates, half a manual form", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>${metadata("urn:x").replace(/^<\?xml[^>]*>/, "")}`;
    const xxe = `<!doctype x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${metadata("&e;").replace(/^<\?xml[^>]*>/, "")}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ metadataXml: bomb }, "saml.metadataXml"],
      [{ metadataXml: xxe }, "saml.metadataXml"],
      [{ metadataXml: "<md:EntityDescriptor" }, "saml.metadataXml"],
      [{ metadataXml: "<a>not metadata</a>" }, "saml.metadataXml"],
      [{ metadataXml: metadata("urn:x").replace(/IDPSSODescriptor/g, "SPSSODescriptor") }, "saml.metadataXml"],
      [{ metadataXml: metadata("urn:x").replace(CERT_B64, "AAAA") }, "saml.metadataXml"],
      [
        {
          entityId: "urn:x",
          ssoUrl: "https://idp.example/sso",
          certificates: ["-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----"],
        },
        "saml.certificates[0]",
      ],
      [{ entityId: "urn:x", ssoUrl: "https://idp.example/sso", certificates: [] }, "saml.certificates"],
      [{ entityId: "urn:x", ssoUrl: "ftp://idp.example/sso", certificates: [CERT_PEM] }, "saml.ssoUrl"],
      [{ entityId: "urn:x" }, "saml.ssoUrl"],
      [{ metadataXml: metadata("urn:x"), entityId: "urn:y" }, "saml"],
    ];
    for (const [saml, field] of cases) {
      const r = await t.call("POST", idpsOf(a.rootOrgId), {
        token: a.token,
        body: { kind: "saml", name: "Bad", saml },
      });
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const doctype = await t.call("POST", idpsOf(a.rootOrgId), {
      token: a.token,
      body: { kind: "saml", name: "Bad", saml: { metadataXml: bomb } },
    });
    expect(doctype.body.errors[0].message).toContain("DOCTYPE");
  });

  test("validation: unverified or foreign domains, JIT role not usable here, missing or misplaced settings, wrong types", async () => {
    const child = await createOrg(t, a.token, a.rootOrgId);
    const sibling = await createOrg(t, a.token, a.rootOrgId);
    const unverified = await addDomain(a.token, a.rootOrgId, fresh());
    const siblingDomain = await verifiedDomain(a.token, sibling.id);
    const foreign = await verifiedDomain(b.token, b.rootOrgId);
    const siblingRole = await createRole(t, a.token, sibling.id, []);
    const oidc = { issuer: "https://idp.example", clientId: "c", clientSecret: "s" };
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: "oidc", name: "X", oidc, domains: [unverified.domain] }, "domains[0]"],
      [{ kind: "oidc", name: "X", oidc, domains: [siblingDomain.domain] }, "domains[0]"],
      [{ kind: "oidc", name: "X", oidc, domains: [foreign.domain] }, "domains[0]"],
      [{ kind: "oidc", name: "X", oidc, domains: ["not a domain"] }, "domains[0]"],
      [{ kind: "oidc", name: "X", oidc, jit: { enabled: true, roleId: siblingRole.id } }, "jit.roleId"],
      [{ kind: "oidc", name: "X", oidc, jit: { enabled: true, roleId: 987654321 } }, "jit.roleId"],
      [{ kind: "oidc", name: "X" }, "oidc"],
      [{ kind: "oidc", name: "X", oidc: { issuer: "https://idp.example", clientId: "c" } }, "oidc.clientSecret"],
      [{ kind: "oidc", name: "X", oidc: { ...oidc, issuer: "not a url" } }, "oidc.issuer"],
      [{ kind: "oidc", name: "X", oidc: { ...oidc, scopes: ["openid", 'bad"scope'] } }, "oidc.scopes"],
      [{ kind: "oidc", name: "X", oidc, saml: { metadataXml: "<x/>" } }, "saml"],
      [{ kind: "saml", name: "X" }, "saml"],
      [{ kind: "ldap", name: "X", oidc }, "kind"],
      [{ kind: "oidc", name: "", oidc }, "name"],
      [{ kind: "oidc", name: "X", oidc, enabled: "yes" }, "enabled"],
      [{ kind: "oidc", name: "X", oidc, domains: "a.example" }, "domains"],
    ];
    for (const [body, field] of bad) {
      const r = await t.call("POST", idpsOf(child.id), { token: a.token, body });
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(JSON.stringify(r.body.errors.map((e: { field: string }) => e.field))).toContain(field.replace(/^\//, ""));
    }
  });

  test("reach and escalation: 403 outside reach or without ORG_MANAGE, 404 across tenants and orgs, no JIT role above one's own permissions", async () => {
    const child = await createOrg(t, a.token, a.rootOrgId);
    const c = await ok(
      t.call("POST", idpsOf(a.rootOrgId), {
        token: a.token,
        body: {
          kind: "oidc",
          name: "Root IdP",
          oidc: { issuer: "https://idp.example", clientId: "c", clientSecret: "s" },
        },
      }),
    );
    const childAdmin = await userWith(t, a.token, child.id, ["ORG_MANAGE"], "SUBTREE");
    expectProblem(await t.call("GET", idpsOf(a.rootOrgId), { token: childAdmin.token }), 403, "FORBIDDEN");
    expectProblem(await t.call("GET", `${idpsOf(a.rootOrgId)}/${c.id}`, { token: childAdmin.token }), 403, "FORBIDDEN");
    expectProblem(
      await t.call("DELETE", `${idpsOf(a.rootOrgId)}/${c.id}`, { token: childAdmin.token }),
      403,
      "FORBIDDEN",
    );
    expectProblem(await t.call("GET", `${idpsOf(child.id)}/${c.id}`, { token: a.token }), 404, "NOT_FOUND");
    expectProblem(await t.call("GET", `${idpsOf(b.rootOrgId)}/${c.id}`, { token: a.token }), 404, "NOT_FOUND");
    expectProblem(await t.call("GET", `${idpsOf(a.rootOrgId)}/${c.id}`, { token: b.token }), 404, "NOT_FOUND");
    expectProblem(
      await t.call("PUT", `${idpsOf(a.rootOrgId)}/${c.id}`, {
        token: b.token,
        body: { kind: "saml", name: "x", saml: { metadataXml: metadata("urn:z") } },
      }),
      404,
      "NOT_FOUND",
    );
    const userAdmin = await userWith(t, a.token, a.rootOrgId, ["USER_MANAGE"]);
    expectProblem(await t.call("GET", idpsOf(a.rootOrgId), { token: userAdmin.token }), 403, "FORBIDDEN");
    // An ORG_MANAGE-only admin cannot hand every newcomer a role with permissions it lacks.
    const mighty = await createRole(t, a.token, child.id, ["ROLE_MANAGE", "USER_MANAGE"]);
    const orgOnly = await userWith(t, a.token, child.id, ["ORG_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("POST", idpsOf(child.id), {
        token: orgOnly.token,
        body: {
          kind: "oidc",
          name: "X",
          jit: { enabled: true, roleId: mighty.id },
          oidc: { issuer: "https://idp.example", clientId: "c", clientSecret: "s" },
        },
      }),
      403,
      "FORBIDDEN",
    );
    // The platform administrator reaches every tenant.
    expect((await ok(t.call("GET", idpsOf(a.rootOrgId), { token: admin }))).map((x: { id: number }) => x.id)).toContain(
      c.id,
    );
  });
});
