/**
 * Runnable SDK example: a backend gets a machine token with the client-credentials helper and a
 * resource server verifies it offline.
 *
 *   SSO_BOOTSTRAP_ADMIN_EMAIL=admin@example.com SSO_BOOTSTRAP_ADMIN_PASSWORD=change-me-now npm start   # terminal 1
 *   node_modules/.bin/bun examples/sdk-machine.ts                                                     # terminal 2
 *
 * It signs in as that admin, registers an API client in the admin's organization (the secret is
 * shown once), then uses only the SDK.
 */
import { canAct, createClientCredentials, createVerifier } from "../src/sdk";

const issuer = process.env.SSO_ISSUER ?? "http://localhost:3000";
const email = process.env.ADMIN_EMAIL ?? "admin@example.com";
const password = process.env.ADMIN_PASSWORD ?? "change-me-now";

const login = await fetch(`${issuer}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email, password }),
});
if (!login.ok) throw new Error(`sign-in failed (${login.status}): ${await login.text()}`);
const { accessToken } = (await login.json()) as { accessToken: string };
const claims = JSON.parse(Buffer.from(accessToken.split(".")[1], "base64url").toString()) as {
  org_id: number;
  org_path: string;
};

const reg = await fetch(`${issuer}/api/clients`, {
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
  body: JSON.stringify({ name: "example backend", orgId: claims.org_id }),
});
if (!reg.ok) throw new Error(`client registration failed (${reg.status}): ${await reg.text()}`);
const { clientId, clientSecret } = (await reg.json()) as { clientId: string; clientSecret: string };

// The backend: a cached machine token (fetched again shortly before it expires).
const tokens = createClientCredentials({ issuer, clientId, clientSecret });
const machineToken = await tokens.getToken();

// The resource server: discovers the JWKS from the issuer, pins RS256, checks iss/aud/exp/typ.
// An unbound client's audience is its own client id; a bound one's is its application identifier.
const verifier = createVerifier({ issuer, audience: clientId });
const machine = await verifier.verifyMachine(machineToken, { scopes: ["api.default"] });
console.log("machine token ok:", { clientId: machine.clientId, tenantId: machine.tenantId, scopes: machine.scopes });

// User tokens are checked against the org path of the resource with one prefix comparison.
const mgmt = createVerifier({ issuer, audience: issuer });
const user = await mgmt.verifyUser(accessToken);
console.log("user may act on its own org:", canAct(user, claims.org_path));
