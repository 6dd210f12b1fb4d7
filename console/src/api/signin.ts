/**
 * The console signs in as a public OAuth client of its own service (`sso-console`; docs/oidc.md,
 * "The console is a client too"): the authorization-code flow with PKCE through the hosted pages,
 * done by oauth4webapi (a certified relying-party library), so the console shares the browser's
 * sign-in session with every application of the person's tenant, both ways.
 *
 * - Tokens stay in this page's memory (never in storage or a readable cookie). What must survive the
 *   trip to the hosted pages (the PKCE verifier, `state`, `nonce` and the page to return to) waits in
 *   sessionStorage and is removed when the browser comes back.
 * - A reload has no tokens: the console goes through /oauth2/authorize again, which answers at once
 *   with a code while the sign-in session lives (no page shown).
 * - The refresh token rotates at /oauth2/token shortly before the access token ends.
 * - Switching the active organization is an authorization request with `organization=` and
 *   `prompt=none`; signing out is RP-initiated logout at /oauth2/logout.
 */
import * as oauth from "oauth4webapi";
import { t } from "../i18n";

export const CLIENT_ID = "sso-console";
/** Where the service runs: the console is served at `<issuer>/console`. */
export const ISSUER = location.href.slice(0, location.href.indexOf("/console"));
export const REDIRECT_URI = `${ISSUER}/console/callback`;
const POST_LOGOUT_URI = `${ISSUER}/console/`;
const SCOPE = "openid profile email offline_access";
const PENDING = "sso-console.pending";
const client: oauth.Client = { client_id: CLIENT_ID };
/** Plain http is allowed only where the issuer itself is plain http (a local start). */
const options = ISSUER.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {};

let server: Promise<oauth.AuthorizationServer> | null = null;

/** The service's OpenID document (fetched once per page load). */
export function authorizationServer(): Promise<oauth.AuthorizationServer> {
  server ??= (async () => {
    const issuer = new URL(ISSUER);
    const res = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...options });
    return oauth.processDiscoveryResponse(issuer, res);
  })().catch((e) => {
    server = null;
    throw e;
  });
  return server;
}

interface Pending {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

/**
 * Leaves for /oauth2/authorize (the hosted pages, or straight back with a code while the sign-in
 * session lives). `organization` asks for that active organization; `prompt: "none"` never shows a page.
 */
export async function beginSignIn(opts: { organization?: number; prompt?: "none" | "login" } = {}): Promise<never> {
  const as = await authorizationServer();
  const pending: Pending = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    returnTo: location.pathname.startsWith("/console/callback") ? "/console" : location.pathname + location.search,
  };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPE,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: "S256",
    ...(opts.organization ? { organization: String(opts.organization) } : {}),
    ...(opts.prompt ? { prompt: opts.prompt } : {}),
  }).toString();
  location.assign(url.href);
  return new Promise<never>(() => {});
}

/** What the token endpoint answered, as the console keeps it. */
export interface Tokens {
  accessToken: string;
  expiresInSeconds: number;
  refreshToken?: string;
  idToken?: string;
}

const tokensOf = (r: oauth.TokenEndpointResponse, idToken?: string): Tokens => ({
  accessToken: r.access_token,
  expiresInSeconds: r.expires_in ?? 900,
  refreshToken: r.refresh_token,
  idToken: r.id_token ?? idToken,
});

/** Why a sign-in came back without tokens (`error` of the authorization response, or a failed check). */
export class SignInError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * On `/console/callback`: checks the authorization response (`state`, `iss`), redeems the code with
 * the PKCE verifier, validates the ID token (signature, `nonce`, `aud`, `at_hash` by the library),
 * and answers the tokens and the page to return to.
 */
export async function completeSignIn(): Promise<{ tokens: Tokens; returnTo: string }> {
  const raw = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!raw) throw new SignInError("expired", t("signin.expired"));
  const pending = JSON.parse(raw) as Pending;
  const as = await authorizationServer();
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, new URL(location.href), pending.state);
  } catch (e) {
    if (e instanceof oauth.AuthorizationResponseError) throw new SignInError(e.error, e.error_description ?? e.error);
    throw e;
  }
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    REDIRECT_URI,
    pending.verifier,
    options,
  );
  const r = await oauth.processAuthorizationCodeResponse(as, client, res, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  return { tokens: tokensOf(r), returnTo: pending.returnTo.startsWith("/console") ? pending.returnTo : "/console" };
}

/** Rotates the refresh token; the ID token of the sign-in is kept (a refresh answers none). */
export async function refreshTokens(current: Tokens): Promise<Tokens> {
  if (!current.refreshToken) throw new SignInError("no_refresh_token", t("signin.noRefreshToken"));
  const as = await authorizationServer();
  const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), current.refreshToken, options);
  return tokensOf(await oauth.processRefreshTokenResponse(as, client, res), current.idToken);
}

/** RP-initiated logout: ends the sign-in session at the service, then back to the console. */
export async function signOut(idToken: string | undefined): Promise<never> {
  const as = await authorizationServer();
  const url = new URL(as.end_session_endpoint ?? `${ISSUER}/oauth2/logout`);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    post_logout_redirect_uri: POST_LOGOUT_URI,
    ...(idToken ? { id_token_hint: idToken } : {}),
  }).toString();
  location.assign(url.href);
  return new Promise<never>(() => {});
}

/**
 * Revokes a refresh token as the page goes away (a reload, sign-out, an organization switch, a
 * closed tab): the page keeps its tokens only in memory, so that family could never be used again,
 * and it would otherwise stay among the person's sessions until it expires. RFC 7009 at
 * /oauth2/revoke, sent as a beacon (delivered even while the page unloads).
 */
export function revokeOnLeave(refreshToken: string): void {
  const body = new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token", client_id: CLIENT_ID });
  navigator.sendBeacon(`${ISSUER}/oauth2/revoke`, body);
}
