/**
 * Reading an `id_token_hint` (OIDC Core §3.1.2.1, RP-Initiated Logout 1.0 §2): a token this issuer
 * signed with one of its published keys, expired or not (an expired hint is still acceptable: jose
 * checks the signature before the claims, so an expired token's payload is authentic). What the
 * caller then requires of it (its `typ`, `sub`, `aud`) is the caller's.
 */
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  type JSONWebKeySet,
  jwtVerify,
  type JWTPayload,
} from "jose";

/** The hint's claims and header `typ` when it is a token of `issuer` signed with `jwks`; null otherwise. */
export async function readIdTokenHint(
  hint: string,
  opts: { jwks: JSONWebKeySet; issuer: string; now: Date },
): Promise<{ payload: JWTPayload; typ: string | undefined } | null> {
  try {
    const { payload, protectedHeader } = await jwtVerify(hint, createLocalJWKSet(opts.jwks), {
      issuer: opts.issuer,
      algorithms: ["RS256"],
      currentDate: opts.now,
    });
    return { payload, typ: protectedHeader.typ };
  } catch (e) {
    if (!(e instanceof joseErrors.JWTExpired) || e.payload.iss !== opts.issuer) return null;
    try {
      return { payload: e.payload, typ: decodeProtectedHeader(hint).typ };
    } catch {
      return null;
    }
  }
}
