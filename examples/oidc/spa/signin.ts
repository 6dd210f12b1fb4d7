/**
 * A browser single-page application with oauth4webapi: a public client (no secret; PKCE proves it)
 * signs a person in through the service's hosted pages. Call `signIn(config)` from a button; on the
 * page at `config.redirectUri` call `handleCallback(config)`, which answers the tokens and the ID
 * token's validated claims. Keep the tokens in memory, not in storage. Only the PKCE verifier,
 * `state` and `nonce` wait in sessionStorage for the trip to the hosted pages, and are removed on
 * the way back.
 *
 * The admin console's "Try sign-in" uses this very file for public clients, so the browser test of
 * the console runs it against the real service.
 */
import * as oauth from "oauth4webapi";

export interface SpaConfig {
  issuer: string;
  clientId: string;
  redirectUri: string;
  scope: string;
}

export const PENDING = "oidc-spa.pending";

// Plain http is allowed only for a development issuer such as http://127.0.0.1:3000.
const optionsFor = (config: SpaConfig) =>
  config.issuer.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {};

async function discover(config: SpaConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(config.issuer);
  const res = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...optionsFor(config) });
  return oauth.processDiscoveryResponse(issuer, res);
}

/** Leaves for the hosted sign-in: PKCE (S256), state and nonce. */
export async function signIn(config: SpaConfig): Promise<void> {
  const as = await discover(config);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state, nonce }));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: "code",
    scope: config.scope,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  location.assign(url.href);
}

/**
 * On the redirect URI: checks the response (`state`, `iss`), redeems the code with the verifier,
 * and validates the ID token (signature, `iss`, `aud`, `exp`, `nonce`, `at_hash`).
 */
export async function handleCallback(config: SpaConfig) {
  const raw = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!raw) throw new Error("no sign-in was started in this tab");
  const pending = JSON.parse(raw) as { verifier: string; state: string; nonce: string };
  const as = await discover(config);
  const client: oauth.Client = { client_id: config.clientId };
  const params = oauth.validateAuthResponse(as, client, new URL(location.href), pending.state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    config.redirectUri,
    pending.verifier,
    optionsFor(config),
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, res, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  // The code is spent: take it out of the address bar and the history.
  history.replaceState(null, "", location.pathname);
  return {
    accessToken: result.access_token,
    idToken: result.id_token!,
    refreshToken: result.refresh_token,
    claims: oauth.getValidatedIdTokenClaims(result)!,
  };
}
