/**
 * The SAML 2.0 identity provider (CONTRACT §17), black-box through the real app on the store
 * TEST_STORE names, with a browser without JavaScript: metadata (current and next certificate),
 * SP-initiated sign-in over HTTP-Redirect and HTTP-POST (the cross-site POST continuing same-site),
 * IdP-initiated sign-in, one sign-in shared with OpenID's pages, the Response and Assertion
 * signatures checked with xml-crypto and, when installed, `xmlsec1 --verify`; every element strict
 * SPs check; ForceAuthn, IsPassive; the attack set (unregistered ACS, foreign Issuer, missing or
 * wrapped signatures where required, DOCTYPE and entity expansion, a deflate bomb, a replayed
 * request ID); single logout ending the browser session.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DOMParser } from "@xmldom/xmldom";
import "reflect-metadata";
import { X509CertificateGenerator } from "@peculiar/x509";
import { createPrivateKey, createSign, type KeyObject } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignedXml } from "xml-crypto";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import { authorizePath, browser, fieldOf, passwordSignIn } from "../support/hosted-pages";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";
const ACS = "https://payroll.example.com/saml/acs";
const ACS2 = "http://127.0.0.1:9999/acs";
const SLO = "https://payroll.example.com/saml/slo";

let t: TestApp;
let ten: TenantFixture;
let appId: number;
let email: string;
let userId: number;
let spEntity: string;
let signedSpEntity: string;
let spKey: KeyObject;
let spCert: string;
let idpEntity: string;

/** An RSA key and self-signed certificate for the SP that signs its requests. */
async function spKeyPair() {
  const alg = {
    name: "RSASSA-PKCS1-v1_5",
    hash: "SHA-256",
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
  };
  const keys = (await crypto.subtle.generateKey(alg, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await X509CertificateGenerator.createSelfSigned({ name: "CN=payroll sp", keys, signingAlgorithm: alg });
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", keys.privateKey));
  return { key: createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }), cert: cert.toString("pem") };
}

const isoNow = () => new Date().toISOString();
let seq = 0;
const authnRequest = (
  o: { issuer?: string; acs?: string | null; id?: string; extra?: string; inner?: string } = {},
) => {
  const id = o.id ?? `_req${Date.now()}${++seq}`;
  const acs = o.acs === null ? "" : ` AssertionConsumerServiceURL="${o.acs ?? ACS}"`;
  return {
    id,
    xml: `<samlp:AuthnRequest xmlns:samlp="${P}" xmlns:saml="${A}" ID="${id}" Version="2.0" IssueInstant="${isoNow()}" Destination="${idpEntity}/sso" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"${acs}${o.extra ?? ""}><saml:Issuer>${o.issuer ?? spEntity}</saml:Issuer>${o.inner ?? ""}</samlp:AuthnRequest>`,
  };
};
const redirectPath = (xml: string, relayState?: string, path = "sso") =>
  `/saml/${ten.tenantId}/${path}?${new URLSearchParams({
    SAMLRequest: deflateRawSync(Buffer.from(xml)).toString("base64"),
    ...(relayState ? { RelayState: relayState } : {}),
  })}`;
/** A Redirect-binding query signed by the SP (SAML bindings §3.4.4.1). */
function signedRedirectPath(xml: string, key: KeyObject, relayState?: string) {
  const parts = [`SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString("base64"))}`];
  if (relayState) parts.push(`RelayState=${encodeURIComponent(relayState)}`);
  parts.push(`SigAlg=${encodeURIComponent("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256")}`);
  const sig = createSign("RSA-SHA256").update(parts.join("&")).sign(key).toString("base64");
  return `/saml/${ten.tenantId}/sso?${parts.join("&")}&Signature=${encodeURIComponent(sig)}`;
}
/** An enveloped signature by the SP over the request's root. */
function signRequest(xml: string, key: KeyObject, cert: string) {
  const sig = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  sig.addReference({
    xpath: "/*",
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
  });
  sig.computeSignature(xml, { prefix: "ds", location: { reference: "/*/*[local-name(.)='Issuer']", action: "after" } });
  return sig.getSignedXml();
}

/** The SAMLResponse a form-post page carries, decoded and parsed. */
async function responseOf(res: Response) {
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`action="${ACS}"`.replace(ACS, fieldAction(html)));
  const xml = Buffer.from(fieldOf(html, "SAMLResponse"), "base64").toString("utf8");
  const doc = new DOMParser().parseFromString(xml, "text/xml") as unknown as Document;
  return { html, xml, doc, csp: res.headers.get("content-security-policy") ?? "" };
}
const fieldAction = (html: string) => /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? "";
const one = (doc: Document, ns: string, name: string) => doc.getElementsByTagNameNS(ns, name)[0] as Element;

/** Checks the signature of the element `name` with the metadata's certificate (xml-crypto). */
function verifies(xml: string, doc: Document, name: "Response" | "Assertion", cert: string): boolean {
  const el = one(doc, name === "Response" ? P : A, name);
  const signature = Array.from(el.childNodes).find((n) => (n as Element).localName === "Signature") as
    | Element
    | undefined;
  if (!signature) return false;
  const sig = new SignedXml({ publicCert: cert, getCertFromKeyInfo: () => null });
  sig.loadSignature(signature.toString());
  return sig.checkSignature(xml);
}

let metadataCert: string;

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  idpEntity = `${ISSUER}/saml/${ten.tenantId}`;
  appId = (
    await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: uniq("https://payroll.example.com/api"), name: "Payroll" },
      }),
    )
  ).id;
  const u = await createUser(t, ten.token, ten.rootOrgId);
  email = u.email;
  userId = u.id;
  spEntity = uniq("https://payroll.example.com/saml");
  await ok(
    t.call("POST", `/api/applications/${appId}/saml-providers`, {
      token: ten.token,
      body: {
        entityId: spEntity,
        acsUrls: [ACS, ACS2],
        nameIdFormat: "persistent",
        attributes: [
          { name: "urn:oid:0.9.2342.19200300.100.1.3", from: "email" },
          { name: "displayName", from: "name" },
          { name: "org", from: "org_name" },
        ],
        sloUrl: SLO,
      },
    }),
  );
  const kp = await spKeyPair();
  spKey = kp.key;
  spCert = kp.cert;
  signedSpEntity = uniq("https://signed.example.com/saml");
  await ok(
    t.call("POST", `/api/applications/${appId}/saml-providers`, {
      token: ten.token,
      body: {
        entityId: signedSpEntity,
        acsUrls: [ACS],
        nameIdFormat: "emailAddress",
        signAuthnRequests: true,
        certificate: spCert,
        sloUrl: SLO,
      },
    }),
  );
  const md = await t.app.handle(new Request(`${ISSUER}/saml/${ten.tenantId}/metadata`));
  const doc = new DOMParser().parseFromString(await md.text(), "text/xml") as unknown as Document;
  const b64 = doc.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "X509Certificate")[0].textContent!;
  metadataCert = `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
}, 60_000);
afterAll(() => t.close());

/** Signs in on the journey's pages from `start` (an SSO answer showing the sign-in page); returns the final page. */
async function signIn(b: ReturnType<typeof browser>, start: Response) {
  const page = await b.follow(start);
  expect(page.status).toBe(200);
  return passwordSignIn(b, page, email, PASSWORD);
}

describe("metadata", () => {
  test("per tenant: entityID, signing certificate(s) made from the signing keys, SSO and SLO endpoints", async () => {
    const res = await t.app.handle(new Request(`${ISSUER}/saml/${ten.tenantId}/metadata`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/samlmetadata+xml");
    const xml = await res.text();
    expect(xml).toContain(`entityID="${idpEntity}"`);
    expect(xml).toContain(`Location="${idpEntity}/sso"`);
    expect(xml).toContain(`Location="${idpEntity}/slo"`);
    expect(xml).toContain("urn:oasis:names:tc:SAML:2.0:nameid-format:persistent");
    const again = await (await t.app.handle(new Request(`${ISSUER}/saml/${ten.tenantId}/metadata`))).text();
    expect(again).toBe(xml);
    const missing = await t.app.handle(new Request(`${ISSUER}/saml/999999/metadata`));
    expect(missing.status).toBe(404);
  });
});

describe("SP-initiated sign-in", () => {
  test("HTTP-Redirect: the pages, then a signed Response with every element strict SPs check", async () => {
    const b = browser(t);
    const { id, xml } = authnRequest();
    const done = await signIn(b, await b.get(redirectPath(xml, "relay-1")));
    const r = await responseOf(done);
    expect(fieldAction(r.html)).toBe(ACS);
    expect(fieldOf(r.html, "RelayState")).toBe("relay-1");
    expect(r.csp).toContain("form-action");
    expect(r.csp).toContain("https://payroll.example.com");
    expect(r.html).toContain("<noscript>");
    expect(r.html).not.toMatch(/<script(?![^>]*src=)/);
    const resp = r.doc.documentElement;
    expect(resp.getAttribute("InResponseTo")).toBe(id);
    expect(resp.getAttribute("Destination")).toBe(ACS);
    expect(one(r.doc, P, "StatusCode").getAttribute("Value")).toBe("urn:oasis:names:tc:SAML:2.0:status:Success");
    expect(one(r.doc, A, "Issuer").textContent).toBe(idpEntity);
    const nameId = one(r.doc, A, "NameID");
    expect(nameId.getAttribute("Format")).toBe("urn:oasis:names:tc:SAML:2.0:nameid-format:persistent");
    expect(nameId.textContent).toBe(String(userId));
    expect(one(r.doc, A, "SubjectConfirmation").getAttribute("Method")).toBe("urn:oasis:names:tc:SAML:2.0:cm:bearer");
    const scd = one(r.doc, A, "SubjectConfirmationData");
    expect(scd.getAttribute("Recipient")).toBe(ACS);
    expect(scd.getAttribute("InResponseTo")).toBe(id);
    const ttl = new Date(scd.getAttribute("NotOnOrAfter")!).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(240_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    expect(one(r.doc, A, "Audience").textContent).toBe(spEntity);
    const authn = one(r.doc, A, "AuthnStatement");
    expect(authn.getAttribute("AuthnInstant")).toBeTruthy();
    expect(authn.getAttribute("SessionIndex")).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(one(r.doc, A, "AuthnContextClassRef").textContent).toBe(
      "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport",
    );
    const attrs = Object.fromEntries(
      Array.from(r.doc.getElementsByTagNameNS(A, "Attribute")).map((a) => [
        a.getAttribute("Name"),
        a.getElementsByTagNameNS(A, "AttributeValue")[0].textContent,
      ]),
    );
    expect(attrs).toEqual({
      "urn:oid:0.9.2342.19200300.100.1.3": email,
      displayName: "Some One",
      org: expect.any(String),
    });
    expect(verifies(r.xml, r.doc, "Response", metadataCert)).toBe(true);
    expect(verifies(r.xml, r.doc, "Assertion", metadataCert)).toBe(true);
    // A changed byte breaks it.
    const tampered = r.xml.replace(`>${userId}</saml:NameID>`, `>${userId + 1}</saml:NameID>`);
    expect(tampered).not.toBe(r.xml);
    const td = new DOMParser().parseFromString(tampered, "text/xml") as unknown as Document;
    expect(verifies(tampered, td, "Assertion", metadataCert)).toBe(false);
    if (!Bun.which("xmlsec1") && process.env.REQUIRE_INTEROP) throw new Error("NOT RUN: xmlsec1 is not installed");
    if (Bun.which("xmlsec1")) {
      const dir = mkdtempSync(join(tmpdir(), "saml-"));
      writeFileSync(join(dir, "r.xml"), r.xml);
      writeFileSync(join(dir, "c.pem"), metadataCert);
      for (const node of [
        "urn:oasis:names:tc:SAML:2.0:protocol:Response",
        "urn:oasis:names:tc:SAML:2.0:assertion:Assertion",
      ]) {
        const p = Bun.spawnSync([
          "xmlsec1",
          "--verify",
          "--pubkey-cert-pem",
          join(dir, "c.pem"),
          "--id-attr:ID",
          node,
          "--node-xpath",
          node.endsWith("Response")
            ? "/*/*[local-name()='Signature']"
            : "//*[local-name()='Assertion']/*[local-name()='Signature']",
          join(dir, "r.xml"),
        ]);
        expect({ node, code: p.exitCode, err: p.stderr.toString().slice(-300) }).toMatchObject({ code: 0 });
      }
    }
    // The same browser session serves the next request without a page (one sign-in).
    const again = await b.get(redirectPath(authnRequest().xml));
    expect((await responseOf(again)).doc.documentElement.getAttribute("InResponseTo")).toBeTruthy();
  });

  test("HTTP-POST: the cross-site POST continues same-site and finds the browser session", async () => {
    const b = browser(t);
    const first = await signIn(b, await b.get(redirectPath(authnRequest().xml)));
    await responseOf(first);
    const { id, xml } = authnRequest({ acs: ACS2 });
    const posted = await b.post(`/saml/${ten.tenantId}/sso`, {
      SAMLRequest: Buffer.from(xml).toString("base64"),
      RelayState: "r2",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toStartWith(`/saml/${ten.tenantId}/sso/continue?`);
    const page = await b.follow(posted);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(fieldAction(html)).toBe(ACS2);
    const doc = new DOMParser().parseFromString(
      Buffer.from(fieldOf(html, "SAMLResponse"), "base64").toString(),
      "text/xml",
    ) as unknown as Document;
    expect(doc.documentElement.getAttribute("InResponseTo")).toBe(id);
  });

  test("ForceAuthn asks again; IsPassive never shows a page (NoPassive to the ACS URL)", async () => {
    const b = browser(t);
    await responseOf(await signIn(b, await b.get(redirectPath(authnRequest().xml))));
    const forced = await b.follow(await b.get(redirectPath(authnRequest({ extra: ' ForceAuthn="true"' }).xml)));
    expect(await forced.clone().text()).toContain('name="password"');
    const fresh = browser(t);
    const passive = await fresh.get(redirectPath(authnRequest({ extra: ' IsPassive="true"' }).xml));
    const r = await responseOf(passive);
    const codes = Array.from(r.doc.getElementsByTagNameNS(P, "StatusCode")).map((c) => c.getAttribute("Value"));
    expect(codes).toEqual([
      "urn:oasis:names:tc:SAML:2.0:status:Responder",
      "urn:oasis:names:tc:SAML:2.0:status:NoPassive",
    ]);
    expect(r.doc.getElementsByTagNameNS(A, "Assertion").length).toBe(0);
  });

  test("required request signatures: Redirect query signature and enveloped POST signature verify", async () => {
    const b = browser(t);
    const req = authnRequest({ issuer: signedSpEntity });
    const page = await b.follow(await b.get(signedRedirectPath(req.xml, spKey, "rs")));
    expect(await page.clone().text()).toContain('name="password"');
    const done = await passwordSignIn(b, page, email, PASSWORD);
    const r = await responseOf(done);
    expect(one(r.doc, A, "NameID").textContent).toBe(email);
    const signedPost = signRequest(authnRequest({ issuer: signedSpEntity }).xml, spKey, spCert);
    const posted = await b.post(`/saml/${ten.tenantId}/sso`, {
      SAMLRequest: Buffer.from(signedPost).toString("base64"),
    });
    expect(posted.status).toBe(303);
    await responseOf(await b.follow(posted));
  });
});

describe("IdP-initiated sign-in", () => {
  test("/init?sp= posts an unsolicited Response (no InResponseTo) to the SP's first ACS URL", async () => {
    const b = browser(t);
    const start = await b.get(
      `/saml/${ten.tenantId}/init?${new URLSearchParams({ sp: spEntity, RelayState: "/home" })}`,
    );
    const r = await responseOf(await signIn(b, start));
    expect(fieldAction(r.html)).toBe(ACS);
    expect(fieldOf(r.html, "RelayState")).toBe("/home");
    expect(r.doc.documentElement.getAttribute("InResponseTo")).toBeNull();
    expect(one(r.doc, A, "SubjectConfirmationData").getAttribute("InResponseTo")).toBeNull();
    expect(verifies(r.xml, r.doc, "Assertion", metadataCert)).toBe(true);
    const unknown = await b.get(`/saml/${ten.tenantId}/init?sp=urn:nobody`);
    expect(unknown.status).toBe(400);
  });
});

describe("the attack set: error pages, never a post", () => {
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain("SAMLResponse");
  };
  test("unregistered ACS URL", async () => {
    await refused(await browser(t).get(redirectPath(authnRequest({ acs: "https://evil.example.com/acs" }).xml)));
  });
  test("foreign Issuer (not an SP of this tenant)", async () => {
    await refused(await browser(t).get(redirectPath(authnRequest({ issuer: "https://evil.example.com/sp" }).xml)));
  });
  test("missing, forged or wrapped signature where required", async () => {
    const b = browser(t);
    await refused(await b.get(redirectPath(authnRequest({ issuer: signedSpEntity }).xml)));
    const other = await spKeyPair();
    await refused(await b.get(signedRedirectPath(authnRequest({ issuer: signedSpEntity }).xml, other.key)));
    // Wrapping: a validly signed request for the default ACS, its signed content moved under an
    // extension, and a new root asking for an unregistered ACS with the same ID.
    const genuine = signRequest(authnRequest({ issuer: signedSpEntity, id: "_wrapped1" }).xml, spKey, spCert);
    const wrapped = genuine
      .replace("<samlp:AuthnRequest ", '<samlp:AuthnRequest ID="_wrapped1" xmlns:x="urn:x" ')
      .replace(/ ID="_wrapped1"(.*?) ID="_wrapped1"/, ' ID="_evil"$1 ID="_wrapped1"');
    await refused(await b.post(`/saml/${ten.tenantId}/sso`, { SAMLRequest: Buffer.from(wrapped).toString("base64") }));
    const unsignedPost = authnRequest({ issuer: signedSpEntity }).xml;
    await refused(
      await b.post(`/saml/${ten.tenantId}/sso`, { SAMLRequest: Buffer.from(unsignedPost).toString("base64") }),
    );
  });
  test("DOCTYPE and entity expansion", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${authnRequest().xml.replace(`<saml:Issuer>${spEntity}`, `<saml:Issuer>&b;${spEntity}`)}`;
    await refused(await browser(t).get(redirectPath(bomb)));
    await refused(
      await browser(t).post(`/saml/${ten.tenantId}/sso`, { SAMLRequest: Buffer.from(bomb).toString("base64") }),
    );
  });
  test("deflate bomb", async () => {
    const big = deflateRawSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
    expect(big.length).toBeLessThan(100_000);
    const res = await browser(t).get(
      `/saml/${ten.tenantId}/sso?${new URLSearchParams({ SAMLRequest: big.toString("base64") })}`,
    );
    await refused(res);
  });
  test("a replayed request ID", async () => {
    const b = browser(t);
    await responseOf(await signIn(b, await b.get(redirectPath(authnRequest().xml))));
    const { xml } = authnRequest();
    await responseOf(await b.get(redirectPath(xml)));
    await refused(await b.get(redirectPath(xml)));
  });
});

describe("single logout", () => {
  test("a LogoutRequest ends the browser session (§13) and a LogoutResponse goes back over HTTP-Redirect", async () => {
    const b = browser(t);
    const r = await responseOf(await signIn(b, await b.get(redirectPath(authnRequest().xml))));
    const sid = one(r.doc, A, "AuthnStatement").getAttribute("SessionIndex")!;
    const lr = `<samlp:LogoutRequest xmlns:samlp="${P}" xmlns:saml="${A}" ID="_lo${Date.now()}" Version="2.0" IssueInstant="${isoNow()}" Destination="${idpEntity}/slo"><saml:Issuer>${spEntity}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${userId}</saml:NameID><samlp:SessionIndex>${sid}</samlp:SessionIndex></samlp:LogoutRequest>`;
    const out = await b.get(redirectPath(lr, "bye", "slo"));
    expect(out.status).toBe(303);
    const loc = new URL(out.headers.get("location")!);
    expect(`${loc.origin}${loc.pathname}`).toBe(SLO);
    expect(loc.searchParams.get("RelayState")).toBe("bye");
    expect(loc.searchParams.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    const resp = inflateRawSync(Buffer.from(loc.searchParams.get("SAMLResponse")!, "base64")).toString();
    expect(resp).toContain("LogoutResponse");
    expect(resp).toContain("urn:oasis:names:tc:SAML:2.0:status:Success");
    expect(b.jar.has("sso_session")).toBe(false);
    // The session is over: the next request shows the sign-in page.
    const next = await b.follow(await b.get(redirectPath(authnRequest().xml)));
    expect(await next.text()).toContain('name="password"');
    const audit = await ok(t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&q=saml`, { token: ten.token }));
    expect(audit.map((e: { action: string }) => e.action)).toContain("saml.assertion_issued");
  });
});

describe("single logout refusals", () => {
  test("an unsigned LogoutRequest that does not name the session (SessionIndex) ends nothing", async () => {
    const b = browser(t);
    await responseOf(await signIn(b, await b.get(redirectPath(authnRequest().xml))));
    const lr = `<samlp:LogoutRequest xmlns:samlp="${P}" xmlns:saml="${A}" ID="_lo${Date.now()}x" Version="2.0" IssueInstant="${isoNow()}"><saml:Issuer>${spEntity}</saml:Issuer><saml:NameID>${userId}</saml:NameID></samlp:LogoutRequest>`;
    const out = await b.get(redirectPath(lr, undefined, "slo"));
    expect(out.status).toBe(303);
    expect(b.jar.has("sso_session")).toBe(true);
    await responseOf(await b.get(redirectPath(authnRequest().xml)));
    // A foreign Issuer, or an SP with a certificate sending it unsigned: an error page, nothing ended.
    const foreign = lr.replace(spEntity, "https://evil.example.com/sp");
    expect((await b.get(redirectPath(foreign, undefined, "slo"))).status).toBe(400);
    const unsigned = lr.replace(spEntity, signedSpEntity);
    expect((await b.get(redirectPath(unsigned, undefined, "slo"))).status).toBe(400);
    expect(b.jar.has("sso_session")).toBe(true);
  });
});

describe("one sign-in for OpenID and SAML", () => {
  test("signed in through an OpenID client's pages, the SAML request needs no page", async () => {
    const redirect = "https://payroll.example.com/oidc/cb";
    const client = await ok(
      t.call("POST", "/api/clients", {
        token: ten.token,
        body: {
          name: "Payroll web",
          orgId: ten.rootOrgId,
          applicationId: appId,
          type: "public",
          grantTypes: ["authorization_code"],
          redirectUris: [redirect],
        },
      }),
    );
    const b = browser(t);
    const done = await signIn(b, await b.get(authorizePath(client.clientId, redirect)));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toStartWith(`${redirect}?code=`);
    const r = await responseOf(await b.get(redirectPath(authnRequest().xml)));
    expect(one(r.doc, A, "NameID").textContent).toBe(String(userId));
  });
});

describe("metadata across key rotation", () => {
  test("the next key's certificate is published before it signs, then becomes the current one", async () => {
    const DAY = 86400_000;
    const clock = manualClock(Date.UTC(2031, 0, 1));
    const k = await makeTestApp({ clock });
    try {
      const certs = async () => {
        const xml = await (
          await k.app.handle(new Request(`${ISSUER}/saml/${k.svc.boot.platformTenantId}/metadata`))
        ).text();
        return [...xml.matchAll(/<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/g)].map((m) => m[1]);
      };
      const before = await certs();
      expect(before.length).toBe(1);
      clock.advance(30 * DAY - 3600_000 + 1000);
      expect(await k.svc.keys.rotateIfDue()).not.toBeNull();
      const during = await certs();
      expect(during.length).toBe(2);
      expect(during[0]).toBe(before[0]);
      clock.advance(3600_000 + 1000);
      await k.svc.keys.rotateIfDue();
      const after = await certs();
      expect(after[0]).toBe(during[1]);
    } finally {
      await k.close();
    }
  });
});

describe("attributes and authentication context", () => {
  test("roles and permissions of the SP's application at the signed-in organization", async () => {
    const perm = await ok(
      t.call("POST", `/api/applications/${appId}/permissions`, { token: ten.token, body: { code: "payslip.read" } }),
    );
    const role = await ok(
      t.call("POST", "/api/roles", {
        token: ten.token,
        body: { name: uniq("Payroll clerk"), organizationId: ten.rootOrgId, permissionIds: [perm.id] },
      }),
    );
    const u = await createUser(t, ten.token, ten.rootOrgId, { roleId: role.id });
    const entityId = uniq("https://roles.example.com/saml");
    await ok(
      t.call("POST", `/api/applications/${appId}/saml-providers`, {
        token: ten.token,
        body: {
          entityId,
          acsUrls: [ACS],
          nameIdFormat: "emailAddress",
          attributes: [
            { name: "roles", from: "roles" },
            { name: "permissions", from: "permissions" },
            { name: "scope_subtree", from: "scope_subtree" },
          ],
        },
      }),
    );
    const b = browser(t);
    const page = await b.follow(await b.get(redirectPath(authnRequest({ issuer: entityId }).xml)));
    const r = await responseOf(await passwordSignIn(b, page, u.email, PASSWORD));
    expect(one(r.doc, A, "NameID").textContent).toBe(u.email);
    const attrs = Object.fromEntries(
      Array.from(r.doc.getElementsByTagNameNS(A, "Attribute")).map((a) => [
        a.getAttribute("Name"),
        Array.from(a.getElementsByTagNameNS(A, "AttributeValue")).map((v) => v.textContent),
      ]),
    );
    // An attribute without a value (no SUBTREE role) is left out.
    expect(attrs).toEqual({ roles: [role.name], permissions: ["payslip.read"] });
  });

  test("REFEDS MFA asked of a password-only session: the second factor is asked (none set up: a clear page); passive: NoAuthnContext", async () => {
    const mfa =
      '<samlp:RequestedAuthnContext Comparison="exact"><saml:AuthnContextClassRef>https://refeds.org/profile/mfa</saml:AuthnContextClassRef></samlp:RequestedAuthnContext>';
    const b = browser(t);
    await responseOf(await signIn(b, await b.get(redirectPath(authnRequest().xml))));
    const asked = await b.follow(await b.get(redirectPath(authnRequest({ inner: mfa }).xml)));
    expect(asked.status).toBe(403);
    expect(await asked.text()).not.toContain("SAMLResponse");
    const passive = await b.get(redirectPath(authnRequest({ inner: mfa, extra: ' IsPassive="true"' }).xml));
    const r = await responseOf(passive);
    const codes = Array.from(r.doc.getElementsByTagNameNS(P, "StatusCode")).map((c) => c.getAttribute("Value"));
    expect(codes).toEqual([
      "urn:oasis:names:tc:SAML:2.0:status:Responder",
      "urn:oasis:names:tc:SAML:2.0:status:NoAuthnContext",
    ]);
  });
});
