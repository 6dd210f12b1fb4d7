/**
 * "Contoso's SAML IdP" for the enterprise sign-in tests and the benchmark (CONTRACT §16, issue 38):
 * - `startSamlIdp`: samlify as a real SAML 2.0 identity provider (its own key and self-signed
 *   certificate): it reads our signed AuthnRequest (HTTP-Redirect) and verifies its signature
 *   against our SP metadata, then answers a signed Response (HTTP-POST) for the person the test
 *   says signs in. `answer` does that in-process; `serve` puts it on a port with a login page for
 *   a real browser.
 * - `signedResponse`: a Response whose Assertion is signed with the same key by xml-crypto, every
 *   field chosen by the caller: the material the attack tests mutate (and the benchmark's ceiling).
 */
import "reflect-metadata";
import { X509CertificateGenerator } from "@peculiar/x509";
import { createPrivateKey, type KeyObject } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";
import { SignedXml } from "xml-crypto";

samlify.setSchemaValidator({ validate: async () => "skipped" });

const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";
export const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
export const PERSISTENT_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

/** An RSA key and its self-signed certificate (PEM). */
export async function keyPair(cn: string): Promise<{ key: KeyObject; keyPem: string; certPem: string }> {
  const alg = {
    name: "RSASSA-PKCS1-v1_5",
    hash: "SHA-256",
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
  };
  const keys = (await crypto.subtle.generateKey(alg, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await X509CertificateGenerator.createSelfSigned({ name: `CN=${cn}`, keys, signingAlgorithm: alg });
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", keys.privateKey));
  const key = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" });
  return { key, keyPem: key.export({ type: "pkcs8", format: "pem" }).toString(), certPem: cert.toString("pem") };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
let seq = 0;
export const samlId = () => `_${crypto.randomUUID().replace(/-/g, "")}${++seq}`;

export interface ResponseFields {
  issuer: string;
  destination: string;
  audience: string;
  recipient: string;
  inResponseTo: string;
  nameId: string;
  nameIdFormat?: string;
  attributes?: Record<string, string>;
  /** Conditions and SubjectConfirmationData NotOnOrAfter (default: 5 minutes from now). */
  notOnOrAfter?: Date;
  assertionId?: string;
  authnContext?: string;
}

/** The Assertion of a Response, unsigned (its own namespace declarations: exclusive c14n signs it alone). */
export function assertionXml(f: ResponseFields): string {
  const now = new Date();
  const until = (f.notOnOrAfter ?? new Date(now.getTime() + 300_000)).toISOString();
  const attrs = Object.entries(f.attributes ?? {})
    .map(
      ([n, v]) =>
        `<saml:Attribute Name="${esc(n)}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join("");
  return (
    `<saml:Assertion xmlns:saml="${A}" ID="${f.assertionId ?? samlId()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${esc(f.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${f.nameIdFormat ?? EMAIL_FORMAT}">${esc(f.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(f.recipient)}" InResponseTo="${esc(f.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${new Date(now.getTime() - 5000).toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(f.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${samlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>${f.authnContext ?? "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attrs ? `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` : "") +
    `</saml:Assertion>`
  );
}

/** Signs the document's root element (enveloped, RSA-SHA256, exclusive c14n), the signature after its Issuer. */
export function signRoot(xml: string, key: { keyPem: string; certPem: string }): string {
  const sig = new SignedXml({
    privateKey: key.keyPem,
    publicCert: key.certPem,
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

/** A Response around `assertion` (already signed or not), unsigned itself. */
export const responseXml = (f: Pick<ResponseFields, "issuer" | "destination" | "inResponseTo">, inner: string) =>
  `<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}" ID="${samlId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${esc(f.destination)}" InResponseTo="${esc(f.inResponseTo)}">` +
  `<saml:Issuer>${esc(f.issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
  inner +
  `</samlp:Response>`;

/** A Response with a signed Assertion (its XML text). */
export const signedResponse = (f: ResponseFields, key: { keyPem: string; certPem: string }) =>
  responseXml(f, signRoot(assertionXml(f), key));

/** A status response (no assertion): the IdP refused or the person cancelled. */
export const statusResponse = (f: Pick<ResponseFields, "issuer" | "destination" | "inResponseTo">, code: string) =>
  `<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}" ID="${samlId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${esc(f.destination)}" InResponseTo="${esc(f.inResponseTo)}">` +
  `<saml:Issuer>${esc(f.issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="${code}"/></samlp:StatusCode></samlp:Status></samlp:Response>`;

export const b64 = (xml: string) => Buffer.from(xml, "utf8").toString("base64");

/** The SAMLRequest (inflated XML) of an HTTP-Redirect URL. */
export function requestOf(url: string): { id: string; xml: string } {
  const raw = new URL(url).searchParams.get("SAMLRequest")!;
  const xml = inflateRawSync(Buffer.from(raw, "base64")).toString();
  const id = /\sID=["']([^"']+)["']/.exec(xml)?.[1];
  if (!id) throw new Error(`no ID in the AuthnRequest: ${xml.slice(0, 300)}`);
  return { id, xml };
}

export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  key: { keyPem: string; certPem: string };
  /**
   * The IdP at work: reads the AuthnRequest of `url` (our start page's target, HTTP-Redirect),
   * verifies our signature against `spMetadata`, and answers the signed Response for `email`.
   */
  answer(
    url: string,
    spMetadata: string,
    email: string,
  ): Promise<{ acs: string; SAMLResponse: string; requestId: string }>;
}

/** samlify as Contoso's IdP (`base` is where its SSO endpoint is said to be). */
export async function startSamlIdp(base: string): Promise<SamlIdp> {
  const key = await keyPair("Contoso SAML IdP");
  const entityId = `${base}/idp`;
  const ssoUrl = `${base}/sso`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: key.keyPem,
    signingCert: key.certPem,
    wantAuthnRequestsSigned: true,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
  });
  const sps = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();
  return {
    entityId,
    ssoUrl,
    metadataXml: idp.getMetadata(),
    key,
    async answer(url, spMetadata, email) {
      let sp = sps.get(spMetadata);
      if (!sp) sps.set(spMetadata, (sp = samlify.ServiceProvider({ metadata: spMetadata })));
      const u = new URL(url);
      // The signed octets, as received (SAML bindings §3.4.4.1).
      const octetString = u.search
        .slice(1)
        .split("&")
        .filter((p) => /^(SAMLRequest|RelayState|SigAlg)=/.test(p))
        .join("&");
      const { extract } = await idp.parseLoginRequest(sp, "redirect", {
        query: Object.fromEntries(u.searchParams),
        octetString,
      });
      const res = await idp.createLoginResponse(sp, { extract }, "post", { email });
      const r = res as unknown as { context: string; entityEndpoint: string };
      return { acs: r.entityEndpoint, SAMLResponse: r.context, requestId: String(extract.request?.id) };
    },
  };
}
