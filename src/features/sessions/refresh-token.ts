/**
 * The refresh-token format (CONTRACT §4): `selector.verifier`, the selector naming its refresh
 * family, only the verifier's hash stored.
 */
import { randomToken, sha256Hex } from "../../kernel/secrets";

/**
 * A new refresh token `selector.verifier` for a family: the selector is the family id followed by
 * 16 base64url characters of 12 random bytes (see SELECTOR_SUFFIX_LENGTH), the verifier base64url of
 * 32 random bytes; only the verifier's hash is stored.
 */
export function newRefreshToken(familyId: string) {
  const selector = `${familyId}${randomToken(12)}`;
  const verifier = randomToken(32);
  return { selector, verifier, verifierHash: sha256Hex(verifier), token: `${selector}.${verifier}` };
}

/** Splits a presented refresh token into (selector, verifierHash); null when it is not of our shape. */
export function parseRefreshToken(token: string): { selector: string; verifierHash: string } | null {
  const m = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(token);
  return m ? { selector: m[1], verifierHash: sha256Hex(m[2]) } : null;
}
