/**
 * The peer of the OpenID flow benchmark (bench/oidc.ts): panva's oidc-provider (a dev dependency,
 * also the upstream IdP of the enterprise sign-in tests) on Node, configured to do what our
 * provider does in the silent flow: one static public client (PKCE S256, no client secret), a
 * signed JWT access token for one resource (`resourceIndicators`, `accessTokenFormat: "jwt"`) and
 * an ID token, both RS256 with one 2048-bit key, sessions and codes in its default in-memory
 * adapter. Its dev interactions are the sign-in (any login, then the consent that creates the grant).
 *
 *   node bench/oidc-peer.mjs <port> <redirect_uri> <client_id> <resource>
 *
 * Prints "ready <url>" on stdout once it listens; stops on SIGTERM.
 */
import { generateKeyPairSync } from "node:crypto";
import Provider from "oidc-provider";

const [port, redirectUri, clientId, resource] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: "jwk" }), kid: "bench-rs256", alg: "RS256", use: "sig" };
const scope = "openid profile email";

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      token_endpoint_auth_method: "none",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      id_token_signed_response_alg: "RS256",
    },
  ],
  jwks: { keys: [jwk] },
  cookies: { keys: ["bench-cookie-key-0123456789abcdef"] },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  features: {
    devInteractions: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope,
        audience: resource,
        accessTokenTTL: 3600,
        accessTokenFormat: "jwt",
        jwt: { sign: { alg: "RS256" } },
      }),
    },
  },
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: `${id}@bench.local`, email_verified: true, name: `Bench ${id}` }),
  }),
});
provider.on("server_error", (_ctx, err) => console.error("peer server_error", err));
const server = provider.listen(Number(port), "127.0.0.1", () => console.log(`ready ${issuer}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
