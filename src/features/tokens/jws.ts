/**
 * The RS256 access-token signature, shared by the service and the benchmark's signing ceiling.
 * A JWT is a compact JWS whose payload is the JSON claims set, so jose's CompactSign signs the
 * claims we serialize; jose's SignJWT would first deep-copy them (structuredClone), which costs
 * more than the rest of the JSON work on the refresh path (docs/performance.md).
 */
import { CompactSign } from "jose";

const encoder = new TextEncoder();

/** Throws when iat, nbf or exp is present and not an integer NumericDate (shared by every signer). */
export function validateNumericDates(claims: Record<string, unknown>): void {
  for (const c of ["iat", "nbf", "exp"] as const) {
    const v = claims[c];
    if (v !== undefined && !Number.isSafeInteger(v)) throw new TypeError(`"${c}" must be an integer NumericDate`);
  }
}

/** `typ` is `at+jwt` (RFC 9068) for access tokens; ID tokens pass `JWT` (OIDC Core §2). */
export function signAccessJwt(
  claims: Record<string, unknown>,
  kid: string,
  key: CryptoKey,
  typ = "at+jwt",
): Promise<string> {
  validateNumericDates(claims);
  return new CompactSign(encoder.encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "RS256", typ, kid })
    .sign(key);
}
