/**
 * Authentication Context Class References (OIDC Core §2 `acr`, §3.1.2.1 `acr_values`; CONTRACT §12
 * "Step-up"): two levels, derived from the RFC 8176 `amr` of the sign-in session, never stored
 * beside it. Pure.
 */

/** One factor was proven (a password, or a provider's sign-in). */
export const ACR_PWD = "urn:sso:acr:pwd";
/** Two factors: a password and a TOTP or recovery code, or a passkey with user verification. */
export const ACR_MFA = "urn:sso:acr:mfa";

/** Discovery's `acr_values_supported`, lowest level first. */
export const ACR_VALUES_SUPPORTED = [ACR_PWD, ACR_MFA] as const;
export type Acr = (typeof ACR_VALUES_SUPPORTED)[number];

/**
 * The level a sign-in reached from its `amr`: `mfa` after a second factor (`mfa`, RFC 8176 §2) or
 * a passkey with user verification (`hwk` and `user`: something held and the user's own gesture,
 * CONTRACT §14); `pwd` otherwise.
 */
export function acrOf(amr: readonly string[]): Acr {
  return amr.includes("mfa") || (amr.includes("hwk") && amr.includes("user")) ? ACR_MFA : ACR_PWD;
}

/**
 * The level an `acr_values` list asks for: the lowest supported value it names, since the client
 * accepts any value it lists (OIDC Core §3.1.2.1: "in order of preference"; the request is
 * voluntary). Undefined when it names none of ours: the parameter is then ignored, never an error
 * (OIDC Core §15.1).
 */
export function askedAcr(acrValues: string | undefined): Acr | undefined {
  const asked = new Set((acrValues ?? "").split(" "));
  return ACR_VALUES_SUPPORTED.find((v) => asked.has(v));
}

/** Whether a sign-in at level `reached` satisfies a request for `asked`. */
export const acrSatisfies = (reached: Acr, asked: Acr): boolean => asked === ACR_PWD || reached === ACR_MFA;
