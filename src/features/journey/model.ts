/**
 * The journey's wire (CONTRACT §12 "Signing people in: the hosted pages"): the paths of the hosted
 * sign-in steps and the cookies they keep. The steps sit under `/oauth2/authorize/` because that is
 * where the OpenID provider first served them: their URLs and the cookies' path are the wire and stay.
 * A protocol that sends browsers into the journey sends them here (a handle names the protocol).
 */

/** Every cookie of the journey is scoped to this path (the first protocol's authorization endpoint). */
export const JOURNEY_COOKIE_PATH = "/oauth2/authorize";

/** The hosted sign-in steps: a GET shows a page, a POST is its form. */
export const STEP_PATHS = {
  /** The next page of a journey, or the protocol's answer when nothing is left to ask. */
  resume: "/oauth2/authorize/resume",
  password: "/oauth2/authorize/password",
  secondFactor: "/oauth2/authorize/second-factor",
  organization: "/oauth2/authorize/organization",
  /** The sign-in page's passkey (button or autofill), CONTRACT §14. */
  passkey: "/oauth2/authorize/passkey",
  /** Home-realm discovery (CONTRACT §16): the identifier page's POST. */
  identify: "/oauth2/authorize/identify",
  /** A passkey in place of the TOTP code on the second-factor page. */
  secondFactorPasskey: "/oauth2/authorize/second-factor/passkey",
} as const;

/** The hosted password pages (the passwords feature's; docs/pages.md): the sign-in page links to them. */
export const PASSWORD_PAGE_PATHS = {
  forgot: "/pages/password/forgot",
  reset: "/pages/password/reset",
} as const;

/** The pending second factor of a sign-in on the pages (the auth feature's pending token). */
export const PENDING_MFA_COOKIE = "sso_mfa_pending";
/**
 * The organization last chosen on the picker in this browser session (`<sid>.<orgId>`): the next
 * request preselects it, so single sign-on shows no picker. Only a preference: it is honoured for
 * the session it names and only while the person may still get tokens there.
 */
export const ORG_COOKIE = "sso_org";
/**
 * The accounts that signed in with this browser before (`<tag>.<tag>…`, each an HMAC of a user id):
 * a sign-in whose account is not among them is from a new device (the tenant's alert mail).
 */
export const DEVICE_COOKIE = "sso_device";

/**
 * Where the journey hands a browser to an organization's provider (CONTRACT §16): the federation
 * protocol's start for a connection, with the journey's handle as `interaction`. Its callback
 * finishes the journey (`JourneyService.finishUpstream`).
 */
export const upstreamStartPath = (kind: "oidc" | "saml", connectionId: number) =>
  `/federation/${kind}/${connectionId}/start`;
