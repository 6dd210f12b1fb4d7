/**
 * ID token claims (OIDC Core §2, §3.1.3.6, §5.4; CONTRACT §12 "ID token"). Pure: no I/O. Signed by
 * the key service with header `typ: JWT`, after the access token it names (the minter's
 * `mintAccessWithIdToken`, one step: JwsSigner.signWithIdToken).
 */
import { createHash } from "node:crypto";
import type { User } from "../../kernel/users";

/** Seconds an ID token is valid (CONTRACT §12: 900, like the access token). */
export const ID_TOKEN_TTL = 900;

export interface IdTokenInput {
  user: Pick<User, "id" | "email" | "fullName" | "updatedAt" | "emailVerified">;
  issuer: string;
  /** The client the token is for: `aud` and `azp`. */
  clientId: string;
  /** The sign-in session (`sid`, shared by every token of the session). */
  sid: string;
  /** When the person last proved who they are. */
  authTime: Date;
  /** RFC 8176 method references. */
  amr: string[];
  /** The level the sign-in reached (OIDC Core §2; CONTRACT §12 "Step-up"): `urn:sso:acr:pwd` or `urn:sso:acr:mfa`. */
  acr: string;
  /** The authorization request's nonce; omitted when none was sent. */
  nonce?: string | null;
  /** The access token issued beside it (`at_hash`); omitted when none. */
  accessToken?: string;
  /** Granted scopes: `email` adds email/email_verified, `profile` name/updated_at. */
  scopes: readonly string[];
  /** Claims the request's `claims` parameter asked for in the ID token (OIDC Core §5.5), by name. */
  claims?: readonly string[];
  iat: number;
}

/**
 * OIDC Core §3.1.3.6: base64url of the left-most half of the hash of the access token's ASCII
 * octets, the hash being that of the ID token's `alg` (RS256 → SHA-256).
 */
export function atHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken, "ascii").digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

/**
 * The claims a scope releases about the user (OIDC Core §5.4), shared by the ID token and
 * UserInfo so both say the same. `email_verified` is the user's `emailVerified`: true only with
 * evidence the person controls the mailbox (a redeemed mailed link, or a provider that verified
 * it; CONTRACT §12, §19), false again once the email changes.
 */
export function scopeClaims(
  user: Pick<User, "email" | "fullName" | "updatedAt" | "emailVerified">,
  scopes: readonly string[],
  /** Claims asked for by name besides the scopes (OIDC Core §5.5 `claims`): any of the four above. */
  named: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const email = scopes.includes("email");
  const profile = scopes.includes("profile");
  if (email || named.includes("email")) out.email = user.email;
  if (email || named.includes("email_verified")) out.email_verified = user.emailVerified === true;
  if (profile || named.includes("name")) out.name = user.fullName;
  if (profile || named.includes("updated_at")) out.updated_at = Math.floor(user.updatedAt.getTime() / 1000);
  return out;
}

/**
 * The ID token's claims around `at_hash`: `head` (iss … acr) and `tail` (the scopes' claims). The
 * claims set is head, then `at_hash` when an access token is named, then tail, in that order, so
 * the token can be signed after its access token in one step (`withAtHash`, the signers'
 * `signWithIdToken`) with the bytes `computeIdTokenClaims` gives.
 */
export function idTokenClaimParts(i: Omit<IdTokenInput, "accessToken">): {
  head: Record<string, unknown>;
  tail: Record<string, unknown>;
} {
  const head: Record<string, unknown> = {
    iss: i.issuer,
    sub: String(i.user.id),
    aud: i.clientId,
    azp: i.clientId,
    exp: i.iat + ID_TOKEN_TTL,
    iat: i.iat,
    auth_time: Math.floor(i.authTime.getTime() / 1000),
  };
  if (i.nonce) head.nonce = i.nonce;
  head.sid = i.sid;
  head.amr = [...i.amr];
  head.acr = i.acr;
  return { head, tail: scopeClaims(i.user, i.scopes, i.claims) };
}

/**
 * The JSON of the claims set `head`, `at_hash`, `tail` from the JSON of `head` and of `tail` (each
 * `JSON.stringify` of an object; no member of either is named `at_hash`): the same text as
 * `JSON.stringify({ ...head, at_hash, ...tail })`.
 */
export function withAtHash(headJson: string, hash: string, tailJson: string): string {
  const member = `"at_hash":${JSON.stringify(hash)}`;
  const head = headJson.length > 2 ? `${headJson.slice(0, -1)},${member}` : `{${member}`;
  return tailJson.length > 2 ? `${head},${tailJson.slice(1)}` : `${head}}`;
}

export function computeIdTokenClaims(i: IdTokenInput): Record<string, unknown> {
  const { head, tail } = idTokenClaimParts(i);
  return i.accessToken ? { ...head, at_hash: atHash(i.accessToken), ...tail } : { ...head, ...tail };
}
