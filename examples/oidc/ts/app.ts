/**
 * A small web application that signs people in with the service (openid-client): a "Sign in"
 * link, the callback, and a page showing the ID token's claims.
 *
 *   ISSUER=http://127.0.0.1:3000 CLIENT_ID=cli_… [CLIENT_SECRET=…] [PORT=8080] bun examples/oidc/ts/app.ts
 *
 * Register the client with the redirect URI http://127.0.0.1:$PORT/callback (docs/oidc.md). With
 * CLIENT_SECRET it authenticates as a confidential client (client_secret_basic), without it as a
 * public one; PKCE, state and nonce protect the sign-in either way. Sessions live in memory: an
 * example, not a production session store.
 */
import * as client from "openid-client";

const issuer = new URL(process.env.ISSUER ?? "http://127.0.0.1:3000");
const port = Number(process.env.PORT ?? 8080);
const redirectUri = `http://127.0.0.1:${port}/callback`;
const secret = process.env.CLIENT_SECRET;

const config = await client.discovery(
  issuer,
  process.env.CLIENT_ID!,
  undefined,
  secret ? client.ClientSecretBasic(secret) : client.None(),
  {
    execute: [
      client.enableNonRepudiationChecks,
      ...(issuer.protocol === "http:" ? [client.allowInsecureRequests] : []),
    ],
  },
);

/** Sign-ins under way (PKCE verifier, state, nonce) and signed-in people, by cookie. */
const pending = new Map<string, { verifier: string; state: string; nonce: string }>();
const sessions = new Map<string, { claims: client.IDToken; email?: string }>();

const html = (body: string, status = 200) =>
  new Response(`<!doctype html><meta charset="utf-8"><title>Example app</title>${body}`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const cookie = (name: string, value: string) => `${name}=${value}; Path=/; HttpOnly; SameSite=Lax`;

const server = Bun.serve({
  port,
  hostname: "127.0.0.1",
  routes: {
    "/": (req) => {
      const session = sessions.get(req.cookies.get("app_session") ?? "");
      if (!session) return html(`<h1>Example app</h1><p><a href="/login">Sign in</a></p>`);
      return html(
        `<h1>Signed in as ${escape(session.email ?? session.claims.sub)}</h1><h2>ID token claims</h2>` +
          `<pre id="claims">${escape(JSON.stringify(session.claims, null, 2))}</pre>`,
      );
    },
    "/login": async () => {
      const login = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      };
      const id = crypto.randomUUID();
      pending.set(id, login);
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid profile email",
        code_challenge: await client.calculatePKCECodeChallenge(login.verifier),
        code_challenge_method: "S256",
        state: login.state,
        nonce: login.nonce,
      });
      return new Response(null, {
        status: 303,
        headers: { location: url.href, "set-cookie": cookie("app_login", id) },
      });
    },
    "/callback": async (req) => {
      const id = req.cookies.get("app_login") ?? "";
      const login = pending.get(id);
      if (!login) return html(`<p>No sign-in under way. <a href="/login">Sign in</a></p>`, 400);
      pending.delete(id);
      // Checks state, the response's iss, the ID token (signature, iss, aud, exp, nonce).
      const tokens = await client.authorizationCodeGrant(config, new URL(req.url), {
        pkceCodeVerifier: login.verifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const sessionId = crypto.randomUUID();
      sessions.set(sessionId, { claims, email: userInfo.email });
      return new Response(null, {
        status: 303,
        headers: { location: "/", "set-cookie": cookie("app_session", sessionId) },
      });
    },
  },
  error: (e) => html(`<h1>Sign-in failed</h1><pre>${escape(String(e))}</pre>`, 500),
});
console.log(`Example app on ${server.url}`);
