/**
 * Reading what an SP sends (CONTRACT §17): an AuthnRequest or a LogoutRequest, over HTTP-Redirect
 * (deflated, query-signed) or HTTP-POST (base64, enveloped signature). One path for both bindings:
 * decode (capped), parse (DOCTYPE refused), check the root, then the caller finds the SP by the
 * Issuer and checks the signature it requires with `signed`.
 */
import { BINDING_POST } from "./messages";
import {
  child,
  decodePost,
  decodeRedirect,
  NS,
  parseXml,
  SamlMessageError,
  text,
  verifyEnvelopedRoot,
  verifyRedirect,
} from "./xml";

export type Binding = "redirect" | "post";

/** What a browser brought to an SSO or SLO endpoint. */
export interface Incoming {
  binding: Binding;
  /** The `SAMLRequest` field as sent (base64, deflated on Redirect). */
  message: string | null;
  relayState: string | null;
  /** The raw query (Redirect binding: what its signature covers). */
  rawQuery: string;
}

export interface ReadMessage {
  xml: string;
  doc: Document;
  root: Element;
  id: string;
  issuer: string;
  issueInstant: Date | null;
  destination: string | null;
  /** Whether the message carries a signature for `certificate` that verifies (binding-specific). */
  signed(certificate: string): boolean;
}

/** Longest RelayState accepted (SAML bindings §3.4.3 says 80 bytes; some SPs send more). */
export const MAX_RELAY_STATE = 1024;

/** Decodes and parses a request message whose root is `samlp:<rootName>`; throws SamlMessageError with the reason. */
export function readMessage(incoming: Incoming, rootName: "AuthnRequest" | "LogoutRequest"): ReadMessage {
  if (!incoming.message) throw new SamlMessageError("no SAMLRequest");
  if (incoming.relayState && incoming.relayState.length > MAX_RELAY_STATE)
    throw new SamlMessageError("RelayState too long");
  const xml = incoming.binding === "redirect" ? decodeRedirect(incoming.message) : decodePost(incoming.message);
  const doc = parseXml(xml);
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.protocol || root.localName !== rootName)
    throw new SamlMessageError(`the message is not a ${rootName}`);
  if (root.getAttribute("Version") !== "2.0") throw new SamlMessageError("Version is not 2.0");
  const id = root.getAttribute("ID") ?? "";
  if (!/^[A-Za-z_][\w.-]{0,255}$/.test(id)) throw new SamlMessageError("ID missing or not an xs:ID");
  const issuer = text(child(root, NS.assertion, "Issuer"));
  if (!issuer) throw new SamlMessageError("no Issuer");
  const at = root.getAttribute("IssueInstant");
  const issueInstant = at ? new Date(at) : null;
  if (issueInstant && Number.isNaN(issueInstant.getTime())) throw new SamlMessageError("IssueInstant is not a date");
  return {
    xml,
    doc,
    root,
    id,
    issuer,
    issueInstant,
    destination: root.getAttribute("Destination") || null,
    signed: (certificate) =>
      incoming.binding === "redirect"
        ? verifyRedirect(incoming.rawQuery, "SAMLRequest", certificate)
        : verifyEnvelopedRoot(xml, doc, certificate),
  };
}

/** What an AuthnRequest asks beyond the common fields (SAML core §3.4.1). */
export interface AuthnAsk {
  acsUrl: string | null;
  force: boolean;
  passive: boolean;
  /** The REFEDS MFA profile was asked (RequestedAuthnContext). */
  mfa: boolean;
  /** ProtocolBinding, when given: only HTTP-POST is answered. */
  bindingOk: boolean;
}

const yes = (v: string | null) => v === "true" || v === "1";

export function authnAsk(m: ReadMessage): AuthnAsk {
  const r = m.root;
  const requested = child(r, NS.protocol, "RequestedAuthnContext");
  const classes = requested
    ? Array.from(requested.getElementsByTagNameNS(NS.assertion, "AuthnContextClassRef")).map((e) => text(e))
    : [];
  const binding = r.getAttribute("ProtocolBinding");
  return {
    acsUrl: r.getAttribute("AssertionConsumerServiceURL") || null,
    force: yes(r.getAttribute("ForceAuthn")),
    passive: yes(r.getAttribute("IsPassive")),
    mfa: classes.includes("https://refeds.org/profile/mfa"),
    bindingOk: !binding || binding === BINDING_POST,
  };
}

/** A LogoutRequest's subject (SAML core §3.7.1): its NameID and SessionIndex values. */
export function logoutSubject(m: ReadMessage): { nameId: string; sessionIndexes: string[] } {
  return {
    nameId: text(child(m.root, NS.assertion, "NameID")),
    sessionIndexes: Array.from(m.root.getElementsByTagNameNS(NS.protocol, "SessionIndex")).map((e) => text(e)),
  };
}
