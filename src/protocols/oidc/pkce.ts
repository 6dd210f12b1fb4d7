/**
 * Proof Key for Code Exchange (RFC 7636), S256 only (OAuth 2.1 draft §4.1.1, §7.5.1; RFC 9700
 * §2.1.1; CONTRACT §12): a client sends a challenge with its authorization request and the
 * verifier with its token request. Required of every public client and of a confidential one
 * unless it is registered with `requirePkce: false`. A verifier is accepted only for a code whose
 * request carried a challenge (RFC 9700 §4.8.2, downgrade). `plain` is never accepted.
 */
import { createHash } from "node:crypto";
import { timingSafeEqual } from "../../kernel/secrets";

/** RFC 7636 §4.1: `code-verifier = 43*128unreserved`, unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~". */
export const CODE_VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * RFC 7636 §4.2: with S256 the challenge is BASE64URL(SHA-256(verifier)) without padding: always
 * 43 characters of the base64url alphabet. The ABNF allows `43*128unreserved`, but any other value
 * can never match an S256 verifier, so the authorization request refuses it up front.
 */
export const S256_CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

/** The only `code_challenge_method` accepted (RFC 7636 §4.3; `plain` refused per OAuth 2.1 draft §4.1.1). */
export const PKCE_METHOD = "S256";

/**
 * Whether `client` must send a challenge: a public client always (nothing else proves that a code
 * is its own), a confidential one unless registered with `requirePkce: false` (it authenticates
 * with its secret and relies on the OIDC `nonce`, RFC 9700 §2.1.1).
 */
export function pkceRequired(client: { type: "confidential" | "public"; requirePkce: boolean }): boolean {
  return client.type === "public" || client.requirePkce;
}

/** RFC 7636 §4.2: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/**
 * RFC 7636 §4.6: true when `verifier` is well formed (§4.1) and its S256 transform equals
 * `challenge`. The comparison is constant-time (the challenge stands in for a secret until the
 * code is redeemed). A malformed verifier is false, never an exception: the token endpoint answers
 * `invalid_grant` either way (RFC 7636 §4.6).
 */
export function verifyPkceS256(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER_RE.test(verifier)) return false;
  // constant-time: the computed value is compared with the stored one without early exit.
  return timingSafeEqual(s256Challenge(verifier), challenge);
}
