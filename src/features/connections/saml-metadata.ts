/**
 * What a connection needs from an upstream SAML identity provider: its entity id, its single
 * sign-on URL and its signing certificates, read from its metadata document (SAML 2.0 Metadata
 * §2.4.3) or given one by one. XML is parsed with @xmldom/xmldom only after any DOCTYPE has been
 * refused (no DTD, no entity expansion: XXE and "billion laughs" never reach the parser), and any
 * parse error refuses the document. Certificates are checked with node:crypto's X509Certificate.
 */
import { X509Certificate } from "node:crypto";
import { DOMParser, onErrorStopParsing, type Element } from "@xmldom/xmldom";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

export interface SamlUpstream {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** Thrown with a message that says what is wrong with the document or certificate. */
export class SamlInputError extends Error {}

/** True when the text declares a document type (refused before any parsing). */
export const hasDoctype = (xml: string) => /<!DOCTYPE/i.test(xml);

/**
 * A certificate as PEM (`-----BEGIN CERTIFICATE-----`, 64-column base64), from PEM or bare
 * base64 DER (as metadata carries it); throws SamlInputError when it is not an X.509 certificate.
 */
export function normalizeCertificate(text: string): string {
  const body = text.replace(/-----BEGIN CERTIFICATE-----|-----END CERTIFICATE-----/g, "").replace(/\s+/g, "");
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body))
    throw new SamlInputError("is not a PEM or base64 X.509 certificate");
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new SamlInputError("is not a valid X.509 certificate");
  }
  return pem;
}

const children = (parent: Element, ns: string, name: string): Element[] => {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name)
      out.push(n as Element);
  return out;
};

/** Reads the IdP's entity id, SSO URL (HTTP-Redirect, else HTTP-POST) and signing certificates. */
export function parseIdpMetadata(xml: string): SamlUpstream {
  if (hasDoctype(xml)) throw new SamlInputError("must not contain a DOCTYPE (document type declarations are refused)");
  let doc;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, "text/xml");
  } catch (e) {
    throw new SamlInputError(
      `is not well-formed XML (${String((e as Error)?.message ?? e)
        .split("\n")[0]
        .slice(0, 160)})`,
    );
  }
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== MD) throw new SamlInputError("is not SAML 2.0 metadata (no md:EntityDescriptor)");
  const entities =
    root.localName === "EntityDescriptor"
      ? [root]
      : root.localName === "EntitiesDescriptor"
        ? children(root, MD, "EntityDescriptor")
        : [];
  const idps = entities.filter((e) => children(e, MD, "IDPSSODescriptor").length > 0);
  if (idps.length !== 1)
    throw new SamlInputError(
      idps.length
        ? "describes several identity providers: give the metadata of exactly one"
        : "describes no identity provider (no md:IDPSSODescriptor)",
    );
  const entity = idps[0];
  const entityId = entity.getAttribute("entityID")?.trim();
  if (!entityId) throw new SamlInputError("has no entityID");
  const idp = children(entity, MD, "IDPSSODescriptor")[0];
  const services = children(idp, MD, "SingleSignOnService");
  const sso =
    services.find((s) => s.getAttribute("Binding") === REDIRECT) ??
    services.find((s) => s.getAttribute("Binding") === POST);
  const ssoUrl = sso?.getAttribute("Location")?.trim();
  if (!ssoUrl) throw new SamlInputError("has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding");
  const certificates: string[] = [];
  for (const kd of children(idp, MD, "KeyDescriptor")) {
    const use = kd.getAttribute("use");
    if (use && use !== "signing") continue;
    for (const info of children(kd, DS, "KeyInfo"))
      for (const data of children(info, DS, "X509Data"))
        for (const cert of children(data, DS, "X509Certificate"))
          certificates.push(normalizeCertificate(cert.textContent ?? ""));
  }
  if (!certificates.length)
    throw new SamlInputError("has no signing certificate (md:KeyDescriptor with ds:X509Certificate)");
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}
