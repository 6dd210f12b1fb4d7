/**
 * The `claims` request parameter (OIDC Core §5.5): a JSON object whose `userinfo` and `id_token`
 * members name individual claims to return there. Pure: parsing only. Only the claims the scopes
 * could release are honoured (`REQUESTABLE_CLAIMS`); other names, `essential`, `value` and `values`
 * are ignored (§5.5.1: a claim the provider cannot return is simply left out, essential or not).
 */

/** Claims a request may ask for by name: those of the `email` and `profile` scopes (scopes.ts). */
export const REQUESTABLE_CLAIMS = ["name", "email", "email_verified", "updated_at"] as const;

/** Longest `claims` value accepted (characters). */
export const MAX_CLAIMS_LENGTH = 4096;

export interface ClaimsRequest {
  /** Claims to add to UserInfo's answer. */
  userinfo: string[];
  /** Claims to add to the ID token. */
  idToken: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses `claims`. Null when it is not a JSON object, or its `userinfo` / `id_token` member is not
 * an object, or a claim's request is neither null nor an object (§5.5: the caller answers
 * invalid_request). Names are kept in REQUESTABLE_CLAIMS order, without duplicates.
 */
export function parseClaimsRequest(value: string): ClaimsRequest | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  const member = (name: "userinfo" | "id_token"): string[] | null => {
    const m = parsed[name];
    if (m === undefined || m === null) return [];
    if (!isObject(m)) return null;
    for (const v of Object.values(m)) if (v !== null && !isObject(v)) return null;
    return REQUESTABLE_CLAIMS.filter((c) => Object.hasOwn(m, c));
  };
  const userinfo = member("userinfo");
  const idToken = member("id_token");
  if (!userinfo || !idToken) return null;
  return { userinfo, idToken };
}
