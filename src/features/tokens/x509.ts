/**
 * X.509 certificates of the signing keys, for protocols that publish certificates rather than
 * JWKs (SAML metadata, CONTRACT §17). A certificate is self-signed by its own key and made the
 * same way on every instance from what the store holds (serial from the kid, validity from the
 * key's creation), and RSASSA-PKCS1-v1_5 is deterministic: every instance publishes and embeds
 * byte-identical certificates, so an SP that pins a certificate's fingerprint sees one.
 */
// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API first.
import "reflect-metadata";
import { X509CertificateGenerator } from "@peculiar/x509";
import { createHash } from "node:crypto";

/** Years a signing certificate is valid: SAML SPs trust the key, not the dates, but some check them. */
const VALID_YEARS = 20;
const ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/**
 * The self-signed certificate (PEM) of signing key `kid`: subject and issuer `CN=<host> signing
 * key <kid>`, serial from SHA-256(kid), valid from `createdAt` (whole seconds) for 20 years.
 */
export async function signingCertificate(input: {
  kid: string;
  issuer: string;
  createdAt: Date;
  privateKey: CryptoKey;
  publicJwk: Record<string, unknown>;
}): Promise<string> {
  const publicKey = await crypto.subtle.importKey(
    "jwk",
    { kty: "RSA", n: input.publicJwk.n as string, e: input.publicJwk.e as string },
    ALGORITHM,
    true,
    ["verify"],
  );
  const notBefore = new Date(Math.floor(input.createdAt.getTime() / 1000) * 1000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  // A positive serial (RFC 5280 §4.1.2.2): 16 bytes of the kid's hash with the top bit cleared.
  const serial = createHash("sha256").update(input.kid).digest().subarray(0, 16);
  serial[0] = (serial[0] & 0x7f) | 0x01;
  const name = `CN=${new URL(input.issuer).host} signing key ${input.kid.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const cert = await X509CertificateGenerator.create({
    serialNumber: serial.toString("hex"),
    subject: name,
    issuer: name,
    notBefore,
    notAfter,
    publicKey,
    signingKey: input.privateKey,
    signingAlgorithm: ALGORITHM,
  });
  return cert.toString("pem");
}
