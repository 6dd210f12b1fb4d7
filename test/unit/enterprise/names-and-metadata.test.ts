// Domain names (normalization, public mail domains) and SAML IdP metadata reading (CONTRACT §16).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isPublicMailDomain, normalizeDomain } from "../../../src/features/domains";
import { normalizeCertificate, parseIdpMetadata, SamlInputError } from "../../../src/features/connections";

const PEM = readFileSync(join(import.meta.dir, "..", "..", "support", "saml-idp.pem"), "utf8");
const B64 = PEM.replace(/-----[A-Z ]+-----|\s+/g, "");
const idp = (
  entityId: string,
  keys = `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${B64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
) =>
  `<md:EntityDescriptor entityID="${entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${keys}<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
const NS = 'xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';
const single = (entityId: string, keys?: string) =>
  idp(entityId, keys).replace("<md:EntityDescriptor ", `<md:EntityDescriptor ${NS} `);
const refused = (xml: string) => {
  try {
    parseIdpMetadata(xml);
  } catch (e) {
    expect(e).toBeInstanceOf(SamlInputError);
    return (e as Error).message;
  }
  throw new Error("accepted");
};

describe("domain names", () => {
  test("normalized: trimmed, lower-cased, no trailing dot, IDNA ASCII; refused when not a host name of two labels or more", () => {
    expect(normalizeDomain(" Contoso.COM. ")).toBe("contoso.com");
    expect(normalizeDomain("Bücher.example")).toBe("xn--bcher-kva.example");
    expect(normalizeDomain("xn--bcher-kva.example")).toBe("xn--bcher-kva.example");
    expect(normalizeDomain("ｅxample.com")).toBe("example.com");
    for (const bad of [
      "",
      "com",
      "1.2.3.4",
      "*.example.com",
      "a..b",
      "-a.example",
      "a-.example",
      "a b.example",
      "user@example.com",
      "example.com:443",
      "http://example.com",
      `${"a".repeat(64)}.example`,
      "ex\u200bample.com",
    ])
      expect(normalizeDomain(bad)).toBeNull();
  });

  test("public mail domains and anything below them", () => {
    for (const d of [
      "gmail.com",
      "googlemail.com",
      "outlook.com",
      "hotmail.com",
      "live.com",
      "yahoo.com",
      "icloud.com",
      "aol.com",
      "gmx.de",
      "web.de",
      "proton.me",
      "protonmail.com",
      "eu.gmail.com",
    ])
      expect(isPublicMailDomain(d)).toBe(true);
    for (const d of ["contoso.com", "gmail.com.contoso.example", "notgmail.com"])
      expect(isPublicMailDomain(d)).toBe(false);
  });
});

describe("SAML IdP metadata", () => {
  test("reads the entity id, the redirect SSO URL and the signing certificates (PEM); encryption keys are skipped", () => {
    const enc = `<md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>AAAA</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
    const plain = `<md:KeyDescriptor><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${B64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
    expect(parseIdpMetadata(single("urn:idp", enc + plain))).toEqual({
      entityId: "urn:idp",
      ssoUrl: "https://idp.example/sso",
      certificates: [PEM],
    });
  });

  test("an aggregate with exactly one IdP is read; with two it is refused", () => {
    const sp = `<md:EntityDescriptor entityID="urn:sp"><md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>`;
    expect(
      parseIdpMetadata(`<md:EntitiesDescriptor ${NS}>${sp}${idp("urn:one")}</md:EntitiesDescriptor>`).entityId,
    ).toBe("urn:one");
    expect(
      refused(`<md:EntitiesDescriptor ${NS}>${idp("urn:one")}${idp("urn:two")}</md:EntitiesDescriptor>`),
    ).toContain("several");
  });

  test("refused: any DOCTYPE (before parsing), malformed XML, the wrong namespace, no certificate, an invalid certificate", () => {
    expect(refused(`<!DOCTYPE md [<!ENTITY a "b">]>${single("urn:x")}`)).toContain("DOCTYPE");
    expect(
      refused(`<?xml version="1.0"?>\n<!doctype md SYSTEM "http://evil.example/x.dtd">${single("urn:x")}`),
    ).toContain("DOCTYPE");
    expect(refused(single("urn:x").slice(0, -5))).toContain("well-formed");
    expect(refused(single("urn:x").replaceAll("urn:oasis:names:tc:SAML:2.0:metadata", "urn:other"))).toContain(
      "not SAML 2.0 metadata",
    );
    expect(refused(single("urn:x", ""))).toContain("no signing certificate");
    expect(refused(single("urn:x").replace(B64, B64.slice(0, 40)))).toContain("X.509");
  });

  test("certificates: PEM or bare base64 in, 64-column PEM out; anything else refused", () => {
    expect(normalizeCertificate(B64)).toBe(PEM);
    expect(normalizeCertificate(`\n  ${PEM.replace(/\n/g, "\r\n")}  `)).toBe(PEM);
    expect(() => normalizeCertificate("not a certificate")).toThrow(SamlInputError);
    expect(() => normalizeCertificate(Buffer.from("hello").toString("base64"))).toThrow(SamlInputError);
  });
});
