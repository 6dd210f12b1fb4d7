/**
 * The SAML messages this IdP writes (CONTRACT §17): metadata, the Response with its Assertion
 * (every element strict SPs check), status Responses, and the LogoutResponse. Text is built with
 * escaping here; signatures are xml-crypto's (xml.ts `signElement`).
 */
import type { KeyObject } from "node:crypto";
import { esc, instant, NS, newId, signElement } from "./xml";

export const BINDING_REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
export const BINDING_POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
export const NAMEID_PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
export const NAMEID_EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
/** AuthnContextClassRef after a password alone (SAML authn context §3.4.15). */
export const AC_PASSWORD = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";
/** REFEDS MFA profile: after a second factor or a user-verified passkey. */
export const AC_REFEDS_MFA = "https://refeds.org/profile/mfa";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const ATTR_URI = "urn:oasis:names:tc:SAML:2.0:attrname-format:uri";
const ATTR_BASIC = "urn:oasis:names:tc:SAML:2.0:attrname-format:basic";

export const STATUS = {
  success: "urn:oasis:names:tc:SAML:2.0:status:Success",
  requester: "urn:oasis:names:tc:SAML:2.0:status:Requester",
  responder: "urn:oasis:names:tc:SAML:2.0:status:Responder",
  noPassive: "urn:oasis:names:tc:SAML:2.0:status:NoPassive",
  requestDenied: "urn:oasis:names:tc:SAML:2.0:status:RequestDenied",
  noAuthnContext: "urn:oasis:names:tc:SAML:2.0:status:NoAuthnContext",
  partialLogout: "urn:oasis:names:tc:SAML:2.0:status:PartialLogout",
} as const;

export interface IdpEndpoints {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
}

/** The IdP's metadata (SAML metadata §2.4.3): signing certificates (current, then next), SSO and SLO endpoints. */
export function metadataXml(idp: IdpEndpoints, certificates: string[]): string {
  const keys = certificates
    .map(
      (pem) =>
        `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${pemBody(pem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
    )
    .join("");
  const endpoint = (kind: string, binding: string, url: string) =>
    `<md:${kind} Binding="${binding}" Location="${esc(url)}"/>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<md:EntityDescriptor xmlns:md="${NS.metadata}" xmlns:ds="${NS.dsig}" entityID="${esc(idp.entityId)}">` +
    `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${NS.protocol}">` +
    keys +
    endpoint("SingleLogoutService", BINDING_REDIRECT, idp.sloUrl) +
    endpoint("SingleLogoutService", BINDING_POST, idp.sloUrl) +
    `<md:NameIDFormat>${NAMEID_PERSISTENT}</md:NameIDFormat><md:NameIDFormat>${NAMEID_EMAIL}</md:NameIDFormat>` +
    endpoint("SingleSignOnService", BINDING_REDIRECT, idp.ssoUrl) +
    endpoint("SingleSignOnService", BINDING_POST, idp.ssoUrl) +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  );
}

/** The base64 body of a PEM certificate, on one line. */
export const pemBody = (pem: string): string =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");

export interface SigningKey {
  privateKey: KeyObject;
  certificate: string;
}

/** What an assertion says (CONTRACT §17). */
export interface AssertionInput {
  idp: IdpEndpoints;
  /** The SP's entity id: the Audience. */
  audience: string;
  acsUrl: string;
  /** The AuthnRequest's ID; absent for IdP-initiated sign-in. */
  inResponseTo?: string;
  nameId: { format: "persistent" | "emailAddress"; value: string };
  /** The browser session: SessionIndex and AuthnInstant. */
  sid: string;
  authTime: Date;
  multiFactor: boolean;
  attributes: { name: string; values: string[] }[];
  now: Date;
  /** Seconds the assertion may be presented (SubjectConfirmationData and Conditions NotOnOrAfter). */
  ttlSeconds: number;
}

const responseOpen = (idp: IdpEndpoints, id: string, now: Date, destination: string, inResponseTo?: string) =>
  `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${id}" Version="2.0" IssueInstant="${instant(now)}" Destination="${esc(destination)}"${inResponseTo ? ` InResponseTo="${esc(inResponseTo)}"` : ""}>` +
  `<saml:Issuer>${esc(idp.entityId)}</saml:Issuer>`;

/** The signed Response carrying one signed Assertion (both RSA-SHA256, exclusive c14n). */
export function signedResponse(a: AssertionInput, key: SigningKey): string {
  const notOnOrAfter = instant(new Date(a.now.getTime() + a.ttlSeconds * 1000));
  const assertionId = newId();
  const irt = a.inResponseTo ? ` InResponseTo="${esc(a.inResponseTo)}"` : "";
  const attrs = a.attributes.filter((x) => x.values.length);
  const attributeStatement = attrs.length
    ? `<saml:AttributeStatement>${attrs
        .map(
          (x) =>
            `<saml:Attribute Name="${esc(x.name)}" NameFormat="${x.name.includes(":") ? ATTR_URI : ATTR_BASIC}">${x.values
              .map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`)
              .join("")}</saml:Attribute>`,
        )
        .join("")}</saml:AttributeStatement>`
    : "";
  const assertion =
    `<saml:Assertion xmlns:saml="${NS.assertion}" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${assertionId}" Version="2.0" IssueInstant="${instant(a.now)}">` +
    `<saml:Issuer>${esc(a.idp.entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${a.nameId.format === "persistent" ? NAMEID_PERSISTENT : NAMEID_EMAIL}" NameQualifier="${esc(a.idp.entityId)}" SPNameQualifier="${esc(a.audience)}">${esc(a.nameId.value)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="${BEARER}"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(a.acsUrl)}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(a.now)}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(a.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(a.authTime)}" SessionIndex="${esc(a.sid)}"><saml:AuthnContext><saml:AuthnContextClassRef>${a.multiFactor ? AC_REFEDS_MFA : AC_PASSWORD}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    attributeStatement +
    `</saml:Assertion>`;
  const signedAssertion = signElement(assertion, "Assertion", key);
  const response =
    responseOpen(a.idp, newId(), a.now, a.acsUrl, a.inResponseTo) +
    `<samlp:Status><samlp:StatusCode Value="${STATUS.success}"/></samlp:Status>` +
    signedAssertion +
    `</samlp:Response>`;
  return signElement(response, "Response", key);
}

/** A Response with a status and no assertion (NoPassive, RequestDenied, …): signed, sent to the ACS URL too. */
export function statusResponse(
  idp: IdpEndpoints,
  acsUrl: string,
  inResponseTo: string | undefined,
  status: { top: string; second?: string; message?: string },
  now: Date,
  key: SigningKey,
): string {
  const code = status.second
    ? `<samlp:StatusCode Value="${status.top}"><samlp:StatusCode Value="${status.second}"/></samlp:StatusCode>`
    : `<samlp:StatusCode Value="${status.top}"/>`;
  const message = status.message ? `<samlp:StatusMessage>${esc(status.message)}</samlp:StatusMessage>` : "";
  return signElement(
    `${responseOpen(idp, newId(), now, acsUrl, inResponseTo)}<samlp:Status>${code}${message}</samlp:Status></samlp:Response>`,
    "Response",
    key,
  );
}

/** The LogoutResponse (SAML core §3.7.2), sent over HTTP-Redirect with a signed query (not signed inside). */
export function logoutResponseXml(
  idp: IdpEndpoints,
  destination: string,
  inResponseTo: string,
  statusTop: string,
  now: Date,
): string {
  return (
    `<samlp:LogoutResponse xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${newId()}" Version="2.0" IssueInstant="${instant(now)}" Destination="${esc(destination)}" InResponseTo="${esc(inResponseTo)}">` +
    `<saml:Issuer>${esc(idp.entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${statusTop}"/></samlp:Status></samlp:LogoutResponse>`
  );
}
