// Verifies an access token with jose: keys from the issuer's RFC 8414 metadata, RS256, typ at+jwt,
// iss, aud, exp, and the RFC 9068 claims. ISSUER, AUDIENCE, TOKEN from the environment.
import { createRemoteJWKSet, jwtVerify } from "jose";

const { ISSUER, AUDIENCE, TOKEN } = process.env;
if (!ISSUER || !AUDIENCE || !TOKEN) throw new Error("set ISSUER, AUDIENCE and TOKEN");

const meta = await (await fetch(`${ISSUER}/.well-known/oauth-authorization-server`)).json();
if (meta.issuer !== ISSUER) throw new Error("the metadata names another issuer");
const keys = createRemoteJWKSet(new URL(meta.jwks_uri));
try {
  const { payload } = await jwtVerify(TOKEN, keys, {
    issuer: ISSUER,
    audience: AUDIENCE,
    algorithms: ["RS256"],
    typ: "at+jwt",
    requiredClaims: ["exp", "iat", "jti", "sub", "client_id"],
  });
  console.log(JSON.stringify(payload));
} catch (e) {
  console.error(`rejected: ${(e as Error).message}`);
  process.exit(1);
}
