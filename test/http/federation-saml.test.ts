/**
 * Enterprise sign-in at an organization's own SAML 2.0 identity provider (CONTRACT §16, issue 38
 * item 5) through the real app, on the store TEST_STORE names:
 * - "Contoso's SAML IdP": samlify, which reads our signed AuthnRequest (verifying its signature
 *   against our SP metadata) and answers signed Responses: JIT, linking, the next sign-in by the
 *   link, a status response back to the client, two instances sharing the stores;
 * - the attack set, each refused: signature wrapping (an unsigned assertion before or after the
 *   signed one, the signed one moved into Extensions), comment injection in the NameID, a
 *   processing instruction, an attribute edited after signing, DOCTYPE/entity expansion, a
 *   replayed assertion, a wrong Audience / Recipient / InResponseTo / Issuer, an expired one, a
 *   signature by another key; crafted from genuinely signed documents (xml-crypto, the IdP's key);
 * - the takeover set as for OIDC: the email of a user of another tenant, of an unverified domain,
 *   of the platform administrator; a connection of tenant B started from tenant A's sign-in.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN_EMAIL, makeTestApp, type TestApp } from "../support/app";
import { forcedDomain as forcedDomainOf, freshDomain, portalClient, upstreamTarget } from "../support/federation";
import { authorizePath, browser, codeOfRedirect, exchangeCode, fieldOf } from "../support/hosted-pages";
import { handedBack } from "../support/upstream-drivers";
import {
  assertionXml,
  b64,
  EMAIL_FORMAT,
  keyPair,
  PERSISTENT_FORMAT,
  requestOf,
  responseXml,
  signedResponse,
  signRoot,
  startSamlIdp,
  statusResponse,
  type ResponseFields,
  type SamlIdp,
} from "../support/saml-upstream";
import { claimsOf, createUser, ok, provisionTenant, uniq, type TenantFixture } from "./directory-fixtures";

const REDIRECT = "https://app.contoso.example/cb";

let t: TestApp;
let admin: string;
let a: TenantFixture;
let b: TenantFixture;
let clientA: string;
let dA: string;
let dB: string;
let idp: SamlIdp;
let conn: { id: number; spEntityId: string; acsUrl: string; spMetadataUrl: string };
let spMetadata: string;

const forcedDomain = (token: string, orgId: number, domain: string) => forcedDomainOf(t, admin, token, orgId, domain);

/** The service's warnings (a refused answer's log line names the check that refused it). */
const warnings: Record<string, unknown>[] = [];
const quiet = () => {};
const log = {
  debug: quiet,
  info: quiet,
  error: quiet,
  warn: (_m: string, f?: Record<string, unknown>) => void warnings.push(f ?? {}),
};

beforeAll(async () => {
  t = await makeTestApp({ log });
  admin = await t.adminToken();
  a = await provisionTenant(t, uniq("Contoso"));
  b = await provisionTenant(t, uniq("Fabrikam"));
  clientA = await portalClient(t, a.token, a.rootOrgId, REDIRECT);
  dA = freshDomain("contoso-saml");
  dB = freshDomain("fabrikam-saml");
  await forcedDomain(a.token, a.rootOrgId, dA);
  await forcedDomain(b.token, b.rootOrgId, dB);
  idp = await startSamlIdp("http://127.0.0.1:18443");
  conn = await ok(
    t.call("POST", `/api/organizations/${a.rootOrgId}/identity-providers`, {
      token: a.token,
      body: {
        kind: "saml",
        name: "Contoso SAML",
        enabled: true,
        domains: [dA],
        jit: { enabled: true },
        saml: { metadataXml: idp.metadataXml },
      },
    }),
  );
  const md = await t.app.handle(new Request(conn.spMetadataUrl));
  expect(md.status).toBe(200);
  expect(md.headers.get("content-type")).toContain("application/samlmetadata+xml");
  spMetadata = await md.text();
});
afterAll(async () => {
  await t.close();
});

/** Our authorization request for `email` (login_hint: straight to the connection) and the IdP's target URL. */
async function started(email: string, target: TestApp = t) {
  const br = browser(target);
  const res = await br.get(authorizePath(clientA, REDIRECT, { scope: "openid email", login_hint: email }));
  return { br, url: await upstreamTarget(br, res, "saml") };
}

/** Posts a Response to the ACS as the IdP's auto-submitting form would, then follows our same-site redirect. */
async function post(br: ReturnType<typeof browser>, samlResponse: string, id = conn.id) {
  warnings.length = 0;
  const res = await br.post(`/federation/saml/${id}/acs`, { SAMLResponse: samlResponse });
  if (res.status !== 303 || !res.headers.get("location")!.startsWith("/")) return handedBack(res);
  expect(res.headers.get("location")).toStartWith(`/federation/saml/${id}/continue?`);
  return handedBack(await br.follow(res));
}

/** The whole sign-in at samlify: the final answer. */
async function federated(email: string, signInAs = email) {
  const { br, url } = await started(email);
  const answer = await idp.answer(url, spMetadata, signInAs);
  expect(answer.acs).toBe(conn.acsUrl);
  return { br, res: await post(br, answer.SAMLResponse) };
}

/** A genuinely signed Response (the IdP's key) answering the request `url` carries; `f` overrides fields. */
function crafted(url: string, f: Partial<ResponseFields> = {}) {
  const fields: ResponseFields = {
    issuer: idp.entityId,
    destination: conn.acsUrl,
    audience: conn.spEntityId,
    recipient: conn.acsUrl,
    inResponseTo: requestOf(url).id,
    nameId: `${uniq("crafted")}@${dA}`,
    ...f,
  };
  return { fields, xml: signedResponse(fields, idp.key) };
}

/** An error page (never a sign-in, never a 500), refused by the check `why` names (the operator's log line). */
const refused = async (res: Response, why?: RegExp) => {
  expect(res.status).toBe(400);
  expect(res.headers.get("location")).toBeNull();
  expect(await res.text()).toContain("cannot accept");
  if (why) expect(warnings.map((w) => `${w.check}: ${w.value}`).join("\n")).toMatch(why);
};

const auditOf = async (action: string) =>
  ok(t.call("GET", `/api/audit?organizationId=${a.rootOrgId}&action=${action}`, { token: a.token }));

describe("SP side: start and metadata", () => {
  test("the AuthnRequest is signed over HTTP-Redirect, names our entity id and ACS URL, and goes to the IdP's SSO URL", async () => {
    const { url } = await started(`${uniq("x")}@${dA}`);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(idp.ssoUrl);
    expect(u.searchParams.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(u.searchParams.get("Signature")).toBeTruthy();
    const { xml } = requestOf(url);
    expect(xml).toContain(`AssertionConsumerServiceURL="${conn.acsUrl}"`);
    expect(xml).toContain(`>${conn.spEntityId}</saml:Issuer>`);
  });

  test("the SP metadata names the entity id, the ACS URL and our signing certificate; an unknown connection is 404", async () => {
    expect(spMetadata).toContain(`entityID="${conn.spEntityId}"`);
    expect(spMetadata).toContain(`Location="${conn.acsUrl}"`);
    expect(spMetadata).toContain('AuthnRequestsSigned="true"');
    expect(spMetadata).toContain("X509Certificate");
    const none = await t.app.handle(
      new Request(`${conn.spMetadataUrl.replace(/\/\d+\/metadata$/, "/999999/metadata")}`),
    );
    expect(none.status).toBe(404);
  });
});

describe("upstream SAML (Contoso's IdP: samlify)", () => {
  test("first sign-in creates the person (JIT, email from the NameID); amr holds fed; the next one follows the link", async () => {
    const email = `${uniq("alice")}@${dA}`;
    const { res } = await federated(email);
    const tokens = await exchangeCode(t, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
    expect(tokens.status).toBe(200);
    const id = claimsOf(tokens.body.id_token);
    expect(id.amr).toContain("fed");
    expect(id.email).toBe(email);
    const user = await t.stores.store.users.findByEmail(email);
    expect(user).toMatchObject({ tenantId: a.tenantId, emailVerified: true, passwordHash: null });
    expect(id.sub).toBe(String(user!.id));
    expect(await t.stores.store.externalIdentities.find(a.tenantId, conn.id, email)).toMatchObject({
      userId: user!.id,
    });
    expect((await auditOf("federation.jit_created")).some((e: any) => e.userId === user!.id)).toBe(true);
    const again = await federated(email);
    const second = await exchangeCode(t, clientA, codeOfRedirect(again.res, REDIRECT, "s"), REDIRECT);
    expect(claimsOf(second.body.id_token).sub).toBe(String(user!.id));
  });

  test("an existing user of the tenant with an email of the connection's verified domain is linked", async () => {
    const u = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("carol")}@${dA}` });
    const { res } = await federated(u.email);
    const tokens = await exchangeCode(t, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
    expect(claimsOf(tokens.body.id_token).sub).toBe(String(u.id));
    expect((await auditOf("federation.linked")).some((e: any) => e.userId === u.id)).toBe(true);
  });

  test("a persistent NameID keys the account; the email comes from the mail attribute; the IdP's MFA is carried", async () => {
    const { br, url } = await started(`${uniq("p")}@${dA}`);
    const email = `${uniq("pat")}@${dA}`;
    const subject = uniq("persistent-id");
    const { xml } = crafted(url, {
      nameId: subject,
      nameIdFormat: PERSISTENT_FORMAT,
      attributes: { mail: email, displayName: "Pat Persistent" },
      authnContext: "https://refeds.org/profile/mfa",
    });
    const res = await post(br, b64(xml));
    const tokens = await exchangeCode(t, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
    const id = claimsOf(tokens.body.id_token);
    expect([...id.amr].sort()).toEqual(["fed", "mfa"]);
    const user = (await t.stores.store.users.findByEmail(email))!;
    expect(user.fullName).toBe("Pat Persistent");
    expect(await t.stores.store.externalIdentities.find(a.tenantId, conn.id, subject)).toMatchObject({
      userId: user.id,
    });
  });

  test("a status response (the person cancelled) goes back to the client with access_denied", async () => {
    const { br, url } = await started(`${uniq("c")}@${dA}`);
    const xml = statusResponse(
      { issuer: idp.entityId, destination: conn.acsUrl, inResponseTo: requestOf(url).id },
      "urn:oasis:names:tc:SAML:2.0:status:AuthnFailed",
    );
    const res = await post(br, b64(xml));
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get("location")!);
    expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT);
    expect(loc.searchParams.get("error")).toBe("access_denied");
    expect(loc.searchParams.get("state")).toBe("s");
  });

  test("a Response posted with its base64 unencoded and wrapped at 76 columns is read as sent", async () => {
    const email = `${uniq("raw")}@${dA}`;
    const { br, url } = await started(email);
    const answer = await idp.answer(url, spMetadata, email);
    const wrapped = answer.SAMLResponse.match(/.{1,76}/g)!.join("\r\n");
    expect(wrapped).toContain("+");
    const res = await t.app.handle(
      new Request(conn.acsUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `SAMLResponse=${wrapped}`,
      }),
    );
    expect(res.status).toBe(303);
    codeOfRedirect(await handedBack(await br.follow(res)), REDIRECT, "s");
  });

  test("not a form, no SAMLResponse, not base64: error pages, never a 500", async () => {
    const r1 = await t.app.handle(
      new Request(conn.acsUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(r1.status).toBe(400);
    await refused(await post(browser(t), ""));
    await refused(await post(browser(t), "!!!not base64!!!"));
    await refused(await post(browser(t), b64("<not-xml")));
  });
});

describe("two instances sharing the stores", () => {
  test("started on one instance, answered at the other's ACS; the assertion is accepted once across both", async () => {
    const other = await makeTestApp({ stores: t.stores });
    try {
      const email = `${uniq("roamer")}@${dA}`;
      const { br, url } = await started(email);
      const answer = await idp.answer(url, spMetadata, email);
      const onOther = browser(other);
      for (const [k, v] of br.jar) onOther.jar.set(k, v);
      const res = await post(onOther, answer.SAMLResponse);
      const tokens = await exchangeCode(other, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
      expect(claimsOf(tokens.body.id_token).amr).toContain("fed");
      await refused(await post(br, answer.SAMLResponse), /replayed/);
    } finally {
      await other.svc.delivery.stop();
      await other.svc.idle();
    }
  });
});

describe("attack set: each refused", () => {
  const victimOf = async () => createUser(t, a.token, a.rootOrgId, { email: `${uniq("victim")}@${dA}` });
  /** The unsigned assertion an attacker adds: the victim's NameID, every other field right. */
  const forged = (fields: ResponseFields, nameId: string) =>
    assertionXml({ ...fields, nameId, assertionId: `_evil${uniq("a").replace(/-/g, "")}` });
  const expectNoLink = async (subject: string) =>
    expect(await t.stores.store.externalIdentities.find(a.tenantId, conn.id, subject)).toBeNull();

  test("the genuine crafted response is accepted (the material is sound)", async () => {
    const { br, url } = await started(`${uniq("g")}@${dA}`);
    const res = await post(br, b64(crafted(url).xml));
    codeOfRedirect(res, REDIRECT, "s");
  });

  test("signature wrapping: an unsigned assertion before the signed one", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const { fields } = crafted(url);
    const xml = responseXml(fields, forged(fields, victim.email) + signRoot(assertionXml(fields), idp.key));
    await refused(await post(br, b64(xml)), /multiple assertions/);
    await expectNoLink(victim.email);
  });

  test("signature wrapping: an unsigned assertion after the signed one", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const { fields } = crafted(url);
    const xml = responseXml(fields, signRoot(assertionXml(fields), idp.key) + forged(fields, victim.email));
    await refused(await post(br, b64(xml)), /multiple assertions/);
    await expectNoLink(victim.email);
  });

  test("signature wrapping: the signed assertion moved into Extensions, an unsigned one in its place", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const { fields } = crafted(url);
    const signed = signRoot(assertionXml(fields), idp.key);
    const xml = responseXml(fields, forged(fields, victim.email)).replace(
      "<samlp:Status>",
      `<samlp:Extensions>${signed}</samlp:Extensions><samlp:Status>`,
    );
    await refused(await post(br, b64(xml)), /Invalid signature/);
    await expectNoLink(victim.email);
  });

  test("signature wrapping: the victim's assertion carrying a signature copied from a genuine one", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const { fields } = crafted(url);
    const signed = signRoot(assertionXml(fields), idp.key);
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)![0];
    const evil = forged(fields, victim.email).replace("</saml:Issuer>", `</saml:Issuer>${signature}`);
    await refused(await post(br, b64(responseXml(fields, evil))), /signature/i);
    await expectNoLink(victim.email);
  });

  test("comment injection in the NameID never yields the shorter identity", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    // The IdP signed `victim@contoso….evil.example`; a comment after the victim's address keeps the signature valid.
    const signedFor = `${victim.email}.evil.example`;
    const { xml } = crafted(url, { nameId: signedFor });
    const injected = xml.replace(`>${signedFor}<`, `>${victim.email}<!---->.evil.example<`);
    expect(injected).not.toBe(xml);
    const res = await post(br, b64(injected));
    // Read from the signed bytes: the whole address (a domain nobody verified), never the victim's.
    expect(res.status).toBe(400);
    expect(warnings.map((w) => `${w.check}: ${w.value}`).join("\n")).toContain("account: no_account");
    expect(res.headers.get("location")).toBeNull();
    await expectNoLink(victim.email);
    expect(await t.stores.store.users.findByEmail(signedFor)).toBeNull();
  });

  test("a processing instruction in the NameID", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const signedFor = `${victim.email}.evil.example`;
    const { xml } = crafted(url, { nameId: signedFor });
    await refused(
      await post(br, b64(xml.replace(`>${signedFor}<`, `>${victim.email}<?x .evil.example?><`))),
      /processing instruction/,
    );
    await expectNoLink(victim.email);
  });

  test("an attribute edited after signing", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const subject = uniq("edited");
    const { xml } = crafted(url, {
      nameId: subject,
      nameIdFormat: PERSISTENT_FORMAT,
      attributes: { mail: `${uniq("someone")}@elsewhere.example` },
    });
    await refused(
      await post(br, b64(xml.replace(/(<saml:AttributeValue>)[^<]*/, `$1${victim.email}`))),
      /Invalid signature/,
    );
    await expectNoLink(subject);
  });

  test("a NameID edited after signing", async () => {
    const victim = await victimOf();
    const { br, url } = await started(victim.email);
    const { xml, fields } = crafted(url);
    await refused(await post(br, b64(xml.replace(`>${fields.nameId}<`, `>${victim.email}<`))), /Invalid signature/);
    await expectNoLink(victim.email);
  });

  test("a DOCTYPE with entity expansion", async () => {
    const { br, url } = await started(`${uniq("d")}@${dA}`);
    const { xml } = crafted(url);
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      xml.replace("<saml:Issuer>", "<saml:Issuer>&b;");
    await refused(await post(br, b64(bomb)), /DOCTYPE/);
  });

  test("a replayed assertion (the same Response posted twice)", async () => {
    const email = `${uniq("replay")}@${dA}`;
    const { br, url } = await started(email);
    const answer = await idp.answer(url, spMetadata, email);
    codeOfRedirect(await post(br, answer.SAMLResponse), REDIRECT, "s");
    await refused(await post(br, answer.SAMLResponse), /replayed/);
  });

  test("a replayed assertion inside a new Response for a fresh request", async () => {
    const email = `${uniq("replay2")}@${dA}`;
    const first = await started(email);
    const { fields } = crafted(first.url, { nameId: email });
    const signed = signRoot(assertionXml({ ...fields, assertionId: "_replayed-assertion-1" }), idp.key);
    codeOfRedirect(await post(first.br, b64(responseXml(fields, signed))), REDIRECT, "s");
    // Its InResponseTo no longer matches; and the assertion ID was taken.
    const second = await started(email);
    await refused(
      await post(second.br, b64(responseXml({ ...fields, inResponseTo: requestOf(second.url).id }, signed))),
      /InResponseTo|replayed/,
    );
  });

  for (const [what, f, why] of [
    ["Audience", { audience: "https://someone-else.example/sp" }, /audience mismatch/],
    ["Recipient", { recipient: "https://someone-else.example/acs" }, /SubjectConfirmation/],
    ["InResponseTo", { inResponseTo: "_not-our-request" }, /InResponseTo/],
    ["Issuer", { issuer: "https://evil.example/idp" }, /Issuer/],
    ["expiry (NotOnOrAfter passed)", { notOnOrAfter: new Date(Date.now() - 10 * 60_000) }, /SubjectConfirmation/],
  ] as const)
    test(`a wrong ${what}`, async () => {
      const { br, url } = await started(`${uniq("w")}@${dA}`);
      await refused(await post(br, b64(crafted(url, f as Partial<ResponseFields>).xml)), why);
    });

  test("InResponseTo of a request of another connection", async () => {
    const other = await ok(
      t.call("POST", `/api/organizations/${a.rootOrgId}/identity-providers`, {
        token: a.token,
        body: { kind: "saml", name: "Other", enabled: true, domains: [], saml: { metadataXml: idp.metadataXml } },
      }),
    );
    const br = browser(t);
    const res = await br.get(authorizePath(clientA, REDIRECT, { idp: String(other.id) }));
    const url = await upstreamTarget(br, res, "saml");
    await refused(await post(br, b64(crafted(url).xml)), /InResponseTo/);
  });

  test("a signature by another key", async () => {
    const { br, url } = await started(`${uniq("k")}@${dA}`);
    const { fields } = crafted(url);
    const stranger = await keyPair("Not Contoso");
    await refused(
      await post(br, b64(responseXml(fields, signRoot(assertionXml(fields), stranger)))),
      /Invalid signature/,
    );
  });

  test("an encrypted assertion (no decryption key is offered)", async () => {
    const { br, url } = await started(`${uniq("e")}@${dA}`);
    const { fields } = crafted(url);
    const encrypted =
      '<saml:EncryptedAssertion><xenc:EncryptedData xmlns:xenc="http://www.w3.org/2001/04/xmlenc#">' +
      "<xenc:CipherData><xenc:CipherValue>AAAA</xenc:CipherValue></xenc:CipherData></xenc:EncryptedData></saml:EncryptedAssertion>";
    await refused(await post(br, b64(responseXml(fields, encrypted))), /decryption key|signature/i);
  });

  test("an unsigned response", async () => {
    const { br, url } = await started(`${uniq("u")}@${dA}`);
    const { fields } = crafted(url);
    await refused(await post(br, b64(responseXml(fields, assertionXml(fields)))), /Invalid signature/);
  });
});

describe("takeover set", () => {
  const refusedPage = async (nameId: string) => {
    const { br, url } = await started(`${uniq("z")}@${dA}`);
    const res = await post(br, b64(crafted(url, { nameId, nameIdFormat: EMAIL_FORMAT }).xml));
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await t.stores.store.externalIdentities.find(a.tenantId, conn.id, nameId)).toBeNull();
    return res.text();
  };

  test("a Response handed to another browser (login CSRF: an auto-posting form of someone else's) is refused there", async () => {
    const email = `${uniq("csrf")}@${dA}`;
    const { url } = await started(email);
    const answer = await idp.answer(url, spMetadata, email);
    const victim = browser(t);
    const res = await post(victim, answer.SAMLResponse);
    await refused(res, /browser: the sign-in was started in another browser/);
    expect(res.headers.get("set-cookie") ?? "").not.toContain("sso_session=");
    expect(victim.jar.has("sso_session")).toBe(false);
    expect(await t.stores.store.users.findByEmail(email)).toBeNull();
  });

  test("an upstream of tenant A asserting the email of a user of tenant B is refused", async () => {
    const bob = await createUser(t, b.token, b.rootOrgId, { email: `${uniq("bob")}@${dB}` });
    expect(await refusedPage(bob.email)).toContain("not allowed");
    expect((await t.stores.store.users.get(b.tenantId, bob.id))!.status).toBe("ACTIVE");
  });

  test("the email of an existing user of the tenant at an unverified domain is refused", async () => {
    const eve = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("eve")}@${freshDomain("unverified")}` });
    await refusedPage(eve.email);
  });

  test("the platform administrator's email is refused", async () => {
    await refusedPage(ADMIN_EMAIL);
  });

  test("a sign-in of tenant A's client is never sent to tenant B's SAML provider", async () => {
    const bConn = await ok(
      t.call("POST", `/api/organizations/${b.rootOrgId}/identity-providers`, {
        token: b.token,
        body: {
          kind: "saml",
          name: "Fabrikam SAML",
          enabled: true,
          domains: [dB],
          jit: { enabled: true },
          saml: { metadataXml: idp.metadataXml },
        },
      }),
    );
    const br = browser(t);
    const page = await br.get(authorizePath(clientA, REDIRECT, { idp: String(bConn.id) }));
    expect(page.status).toBe(200);
    const handle = fieldOf(await page.text(), "interaction");
    const forgedStart = await br.get(
      `/federation/saml/${bConn.id}/start?${new URLSearchParams({ interaction: handle })}`,
    );
    expect(forgedStart.status).toBe(400);
  });
});
