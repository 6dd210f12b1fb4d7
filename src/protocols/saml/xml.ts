/**
 * The SAML XML layer (CONTRACT §17): one parser for every message we receive, the signatures we
 * make and check, and the bindings' encodings. Signing and verifying XML is xml-crypto's
 * (RSA-SHA256, exclusive c14n) over @xmldom/xmldom; nothing here canonicalizes or signs XML by hand.
 *
 * - Parsing refuses a DOCTYPE (and so every entity declaration) before the parser sees the text:
 *   no entity expansion, no external fetches (XXE).
 * - HTTP-Redirect payloads are inflated with a cap on the output (a deflate bomb fails fast).
 * - An enveloped request signature counts only when it is the root's own child, references the
 *   root by its ID, and that ID names exactly one element (signature wrapping).
 */
import { DOMParser } from "@xmldom/xmldom";
import { createPublicKey, createVerify, sign as rsaSign, type KeyObject, X509Certificate } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";

export const NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
  metadata: "urn:oasis:names:tc:SAML:2.0:metadata",
  dsig: "http://www.w3.org/2000/09/xmldsig#",
} as const;

export const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
export const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
export const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";

/** The largest SAML message accepted, decoded (and inflated): an AuthnRequest is a few KiB. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** A message we refuse; `reason` is for the operator's log, never shown. */
export class SamlMessageError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SamlMessageError";
  }
}

/** Escapes text and attribute values. */
export const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** A SAML ID (xs:ID: an NCName): `_` and 40 hex characters. */
export const newId = (): string => `_${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}`;

/** xs:dateTime in UTC without fractions beyond milliseconds (SAML core §1.3.3). */
export const instant = (d: Date): string => d.toISOString();

/** Parses one XML document; refuses a DOCTYPE or entity declaration before parsing, and any parse error. */
export function parseXml(xml: string): Document {
  if (xml.length > MAX_MESSAGE_BYTES) throw new SamlMessageError("message too large");
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new SamlMessageError("DOCTYPE refused");
  const problems: string[] = [];
  let doc: unknown;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") problems.push(message);
      },
    }).parseFromString(xml, "text/xml");
  } catch (e) {
    throw new SamlMessageError(`unparsable XML: ${String((e as Error)?.message ?? e).split("\n")[0]}`);
  }
  const d = doc as Document | undefined;
  if (problems.length || !d?.documentElement) throw new SamlMessageError(`unparsable XML: ${problems[0] ?? "empty"}`);
  return d;
}

/** The base64 text of a form or query field, decoded; a wrong alphabet is refused. */
function base64(value: string): Buffer {
  // Line breaks some SPs insert are dropped; a space is a `+` that a query decoder turned into one.
  const clean = value.replace(/[\r\n\t]/g, "").replace(/ /g, "+");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new SamlMessageError("not base64");
  const b = Buffer.from(clean, "base64");
  if (b.length > MAX_MESSAGE_BYTES) throw new SamlMessageError("message too large");
  return b;
}

/** HTTP-Redirect binding (SAML bindings §3.4.4.1): base64 then DEFLATE, inflated with a cap. */
export function decodeRedirect(value: string): string {
  try {
    return inflateRawSync(base64(value), { maxOutputLength: MAX_MESSAGE_BYTES }).toString("utf8");
  } catch (e) {
    if (e instanceof SamlMessageError) throw e;
    throw new SamlMessageError("inflate failed or exceeded the size limit");
  }
}

/** HTTP-POST binding (SAML bindings §3.5.4): base64 of the XML. */
export const decodePost = (value: string): string => base64(value).toString("utf8");

/** HTTP-Redirect encoding of an outgoing message. */
export const encodeRedirect = (xml: string): string => deflateRawSync(Buffer.from(xml, "utf8")).toString("base64");

/** The first child element of `el` with this namespace and local name. */
export function child(el: Element, ns: string, name: string): Element | null {
  for (let n = el.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name)
      return n as Element;
  return null;
}

/** Every child element of `el` with this namespace and local name. */
export function children(el: Element, ns: string, name: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name)
      out.push(n as Element);
  return out;
}

export const text = (el: Element | null): string => (el?.textContent ?? "").trim();

/** Every element of `doc` carrying `id` as its ID (or Id/id) attribute. */
function elementsWithId(doc: Document, id: string): number {
  let count = 0;
  const walk = (n: Node) => {
    if (n.nodeType === 1) {
      const e = n as Element;
      for (const a of ["ID", "Id", "id"]) if (e.getAttribute(a) === id) count++;
    }
    for (let c = n.firstChild; c; c = c.nextSibling) walk(c);
  };
  walk(doc);
  return count;
}

/**
 * Checks the enveloped signature of a received message's root (HTTP-POST binding) with the SP's
 * certificate. True only when the root has exactly one ds:Signature child, it references the root
 * by its unique ID, and xml-crypto verifies it (RSA-SHA256 or stronger).
 */
export function verifyEnvelopedRoot(xml: string, doc: Document, certificatePem: string): boolean {
  const root = doc.documentElement;
  const id = root.getAttribute("ID");
  if (!id) return false;
  const signatures = children(root, NS.dsig, "Signature");
  if (signatures.length !== 1) return false;
  if (doc.getElementsByTagNameNS(NS.dsig, "Signature").length !== 1) return false;
  if (elementsWithId(doc, id) !== 1) return false;
  const refs = signatures[0].getElementsByTagNameNS(NS.dsig, "Reference");
  if (refs.length !== 1 || refs[0].getAttribute("URI") !== `#${id}`) return false;
  const method = signatures[0].getElementsByTagNameNS(NS.dsig, "SignatureMethod")[0]?.getAttribute("Algorithm");
  if (!method || !/rsa-sha(256|384|512)$/.test(method)) return false;
  try {
    const sig = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
    // xml-crypto parses with its own xmldom: the signature goes across as text.
    sig.loadSignature(signatures[0].toString());
    return sig.checkSignature(xml);
  } catch {
    return false;
  }
}

/** The SigAlg values a Redirect-binding signature may use, and their Node digest. */
const REDIRECT_ALGS: Record<string, string> = {
  [RSA_SHA256]: "RSA-SHA256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384": "RSA-SHA384",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": "RSA-SHA512",
};

/**
 * Checks an HTTP-Redirect binding signature (SAML bindings §3.4.4.1): over the query's own
 * URL-encoded `SAMLRequest|SAMLResponse`, `RelayState` and `SigAlg`, in that order, as sent.
 */
export function verifyRedirect(
  rawQuery: string,
  field: "SAMLRequest" | "SAMLResponse",
  certificatePem: string,
): boolean {
  const raw = new Map<string, string>();
  for (const part of rawQuery.split("&")) {
    const i = part.indexOf("=");
    const k = i < 0 ? part : part.slice(0, i);
    if (raw.has(k)) return false;
    raw.set(k, i < 0 ? "" : part.slice(i + 1));
  }
  const sigAlg = raw.get("SigAlg");
  const signature = raw.get("Signature");
  if (!sigAlg || !signature || !raw.has(field)) return false;
  const alg = REDIRECT_ALGS[decodeURIComponent(sigAlg)];
  if (!alg) return false;
  const signed = [`${field}=${raw.get(field)}`];
  if (raw.has("RelayState")) signed.push(`RelayState=${raw.get("RelayState")}`);
  signed.push(`SigAlg=${sigAlg}`);
  try {
    const key = new X509Certificate(certificatePem).publicKey;
    return createVerify(alg)
      .update(signed.join("&"))
      .verify(key, Buffer.from(decodeURIComponent(signature), "base64"));
  } catch {
    return false;
  }
}

/** An outgoing HTTP-Redirect query, signed with `key` (RSA-SHA256) when given. */
export function redirectQuery(
  field: "SAMLRequest" | "SAMLResponse",
  xml: string,
  relayState: string | null,
  key: KeyObject | null,
): string {
  const parts = [`${field}=${encodeURIComponent(encodeRedirect(xml))}`];
  if (relayState) parts.push(`RelayState=${encodeURIComponent(relayState)}`);
  if (!key) return parts.join("&");
  parts.push(`SigAlg=${encodeURIComponent(RSA_SHA256)}`);
  const signature = rsaSign("RSA-SHA256", Buffer.from(parts.join("&")), key).toString("base64");
  return `${parts.join("&")}&Signature=${encodeURIComponent(signature)}`;
}

/**
 * Signs the element with ID `id` of `xml` (enveloped, RSA-SHA256, exclusive c14n, SHA-256
 * digest), the signature placed right after the element's own Issuer (SAML core §5.4.1), with
 * the certificate in KeyInfo.
 */
export function signElement(
  xml: string,
  localName: "Assertion" | "Response" | "LogoutResponse",
  key: { privateKey: KeyObject; certificate: string },
): string {
  const sig = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  const element = `//*[local-name(.)='${localName}' and namespace-uri(.)='${localName === "Assertion" ? NS.assertion : NS.protocol}']`;
  sig.addReference({ xpath: element, digestAlgorithm: SHA256, transforms: [ENVELOPED, EXC_C14N] });
  sig.computeSignature(xml, {
    prefix: "ds",
    location: { reference: `${element}/*[local-name(.)='Issuer']`, action: "after" },
  });
  return sig.getSignedXml();
}

/** The public key of a PEM certificate (checks that it parses). */
export const certificateKey = (pem: string) =>
  createPublicKey(new X509Certificate(pem).publicKey.export({ format: "pem", type: "spki" }));
