/**
 * Scopes of the OpenID provider (CONTRACT §12: `openid profile email offline_access`) and the
 * claims each one releases (OIDC Core §5.4). Pure data and parsing; the grant decides.
 */

/** Every scope the provider understands, in the order it lists them (discovery, consent page). */
export const SUPPORTED_SCOPES = ["openid", "profile", "email", "offline_access"] as const;
export type SupportedScope = (typeof SUPPORTED_SCOPES)[number];

/** Longest `scope` parameter accepted (characters). */
export const MAX_SCOPE_LENGTH = 1024;

/** RFC 6749 §3.3: `scope-token = 1*( %x21 / %x23-5B / %x5D-7E )`, tokens separated by one or more spaces. */
const SCOPE_TOKEN_RE = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Claims released per scope (OIDC Core §5.4, narrowed to what CONTRACT §12 issues): `email` →
 * `email`, `email_verified`; `profile` → `name`, `updated_at`.
 */
export const SCOPE_CLAIMS: Readonly<Record<SupportedScope, readonly string[]>> = {
  openid: ["sub"],
  profile: ["name", "updated_at"],
  email: ["email", "email_verified"],
  offline_access: [],
};

/**
 * Every claim the ID token or UserInfo may carry (OIDC Discovery 1.0 §3 `claims_supported`):
 * the ID token's own (OIDC Core §2; CONTRACT §12) and the scope claims above.
 */
export const CLAIMS_SUPPORTED = [
  "sub",
  "iss",
  "aud",
  "exp",
  "iat",
  "auth_time",
  "nonce",
  "azp",
  "sid",
  "amr",
  "acr",
  "at_hash",
  "email",
  "email_verified",
  "name",
  "updated_at",
] as const;

export interface ParsedScope {
  /** The supported scopes asked for, deduplicated, in SUPPORTED_SCOPES order. */
  scopes: SupportedScope[];
  /** Scope tokens not understood, ignored (OIDC Core §3.1.2.1; RFC 6749 §3.3). Kept for logs only. */
  ignored: string[];
}

/**
 * Splits a `scope` value (RFC 6749 §3.3: space-delimited, case-sensitive tokens). Returns null
 * when a token breaks the §3.3 grammar (the caller answers invalid_scope). Unknown tokens are
 * ignored, not refused: OIDC Core §3.1.2.1 ("scope values used that are not understood by an
 * implementation SHOULD be ignored") and RFC 6749 §3.3 (the server may fully or partially ignore
 * the requested scope).
 */
export function parseScope(value: string | undefined): ParsedScope | null {
  const tokens = (value ?? "").split(" ").filter((t) => t !== "");
  if (!tokens.every((t) => SCOPE_TOKEN_RE.test(t))) return null;
  const asked = new Set(tokens);
  return {
    scopes: SUPPORTED_SCOPES.filter((s) => asked.has(s)),
    ignored: [...asked].filter((t) => !(SUPPORTED_SCOPES as readonly string[]).includes(t)),
  };
}
