/**
 * A relying party with openid-client (a public client: no secret, PKCE proves it): signs a person
 * in through the service's hosted pages.
 *
 * Environment: ISSUER, CLIENT_ID, REDIRECT_URI (registered). Prints the authorization URL, reads the
 * callback URL (where the browser was sent back) from stdin, then prints one JSON line:
 * {"ok": true, "sub", "sid", "email", "amr"}. Any failed check throws (exit code 1).
 *
 *   ISSUER=http://127.0.0.1:3000 CLIENT_ID=cli_… REDIRECT_URI=http://127.0.0.1:8080/callback bun examples/oidc/ts/rp.ts
 */
import { createHash } from "node:crypto";
import * as client from "openid-client";

const issuer = new URL(process.env.ISSUER!);
const redirectUri = process.env.REDIRECT_URI!;

// 1. Discovery. Signature checks of the ID token are on (enableNonRepudiationChecks); plain http
//    is allowed only for a development issuer such as http://127.0.0.1:3000.
const config = await client.discovery(issuer, process.env.CLIENT_ID!, undefined, client.None(), {
  execute: [client.enableNonRepudiationChecks, ...(issuer.protocol === "http:" ? [client.allowInsecureRequests] : [])],
});

// 2. The authorization URL: PKCE (S256), state and nonce.
const pkceCodeVerifier = client.randomPKCECodeVerifier();
const state = client.randomState();
const nonce = client.randomNonce();
const url = client.buildAuthorizationUrl(config, {
  redirect_uri: redirectUri,
  scope: "openid profile email",
  code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
  code_challenge_method: "S256",
  state,
  nonce,
});
console.log(url.href);

// 3. The callback URL: the first line on stdin.
let line = "";
for await (line of console) break;
const callback = new URL(line.trim());

// 4. Code exchange; openid-client checks state, the callback's iss (RFC 9207), the ID token's
//    signature against the JWKS, iss, aud, exp and nonce.
const tokens = await client.authorizationCodeGrant(config, callback, {
  pkceCodeVerifier,
  expectedState: state,
  expectedNonce: nonce,
  idTokenExpected: true,
});
const claims = tokens.claims()!;
// openid-client does not check at_hash in the code flow (OIDC Core §3.1.3.8 makes it optional
// there); the service always sends it, so check it: base64url of the left half of SHA-256.
const atHash = createHash("sha256").update(tokens.access_token).digest().subarray(0, 16).toString("base64url");
if (claims.at_hash !== atHash) throw new Error("the ID token's at_hash does not match the access token");

const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);

// A refresh: a new access token and a rotated refresh token (no new ID token: no new sign-in).
const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
if (!refreshed.access_token || refreshed.refresh_token === tokens.refresh_token) throw new Error("refresh failed");

// 5. The result.
console.log(JSON.stringify({ ok: true, sub: claims.sub, sid: claims.sid, email: userInfo.email, amr: claims.amr }));
