/**
 * The `claims` request parameter (OIDC Core §5.5; the conformance suite's oidcc-claims-essential),
 * black-box through the real app: claims asked for by name in `userinfo` are in UserInfo's answer,
 * also after a refresh, and those asked in `id_token` are in the ID token, with only the `openid`
 * scope; claims we do not hold and malformed values are ignored; discovery says it is supported.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  authorizePath,
  browser,
  codeOfRedirect,
  exchangeCode,
  PKCE_CHALLENGE,
  passwordSignIn,
  tokenEndpoint,
} from "../support/hosted-pages";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let client: string;
const REDIRECT = "https://app.example.com/claims-cb";

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/claims"), name: "Claims" },
    }),
  );
  client = (
    await ok(
      t.call("POST", "/api/clients", {
        token: ten.token,
        body: {
          name: "Claims client",
          orgId: ten.rootOrgId,
          applicationId: app.id,
          type: "public",
          grantTypes: ["authorization_code", "refresh_token"],
          redirectUris: [REDIRECT],
        },
      }),
    )
  ).clientId as string;
});
afterAll(() => t.close());

const payload = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"));

/** Signs a new user in with `claims` and `scope`, and redeems the code. */
async function signInWith(claims: string | undefined, scope = "openid") {
  const u = await createUser(t, ten.token, ten.rootOrgId);
  const b = browser(t);
  const page = await b.get(
    authorizePath(client, REDIRECT, {
      scope,
      state: "st-c",
      nonce: "n",
      code_challenge: PKCE_CHALLENGE,
      code_challenge_method: "S256",
      ...(claims === undefined ? {} : { claims }),
    }),
  );
  expect(page.status).toBe(200);
  const back = await passwordSignIn(b, page, u.email, PASSWORD);
  const r = await exchangeCode(t, client, codeOfRedirect(back, REDIRECT, "st-c"), REDIRECT);
  expect(r.status).toBe(200);
  return { u, tokens: r.body };
}

const userinfo = async (accessToken: string) => {
  const r = await t.call("GET", "/oauth2/userinfo", { token: accessToken });
  expect(r.status).toBe(200);
  return r.body as Record<string, unknown>;
};

describe("claims request parameter (OIDC Core §5.5)", () => {
  test("discovery: claims_parameter_supported", async () => {
    const d = await t.call("GET", "/.well-known/openid-configuration");
    expect(d.body.claims_parameter_supported).toBe(true);
  });

  test("userinfo: name (essential) with scope openid only is answered by UserInfo, also after a refresh", async () => {
    const { u, tokens } = await signInWith(JSON.stringify({ userinfo: { name: { essential: true } } }));
    const info = await userinfo(tokens.access_token);
    expect(info).toEqual({ sub: String(u.id), name: "Some One" });
    // Only asked in userinfo: not in the ID token.
    expect(payload(tokens.id_token).name).toBeUndefined();
    const refreshed = await tokenEndpoint(t, {
      grant_type: "refresh_token",
      client_id: client,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(await userinfo(refreshed.body.access_token)).toEqual({ sub: String(u.id), name: "Some One" });
  });

  test("id_token: email and email_verified asked there are in the ID token, not in UserInfo", async () => {
    const { u, tokens } = await signInWith(JSON.stringify({ id_token: { email: null, email_verified: null } }));
    const id = payload(tokens.id_token);
    expect(id.email).toBe(u.email);
    expect(id.email_verified).toBe(false);
    expect(await userinfo(tokens.access_token)).toEqual({ sub: String(u.id) });
  });

  test("claims we do not hold, and malformed values, ask for nothing and never fail the request", async () => {
    for (const claims of [
      JSON.stringify({ userinfo: { picture: null, "https://x.example/claim": { essential: true } } }),
      "{not json",
      JSON.stringify({ userinfo: ["name"] }),
    ]) {
      const { u, tokens } = await signInWith(claims);
      expect(await userinfo(tokens.access_token)).toEqual({ sub: String(u.id) });
      expect(payload(tokens.access_token).userinfo_claims).toBeUndefined();
    }
  });

  test("the scopes' claims are still answered beside the named ones", async () => {
    const { u, tokens } = await signInWith(JSON.stringify({ userinfo: { name: null } }), "openid email");
    expect(await userinfo(tokens.access_token)).toEqual({
      sub: String(u.id),
      email: u.email,
      email_verified: false,
      name: "Some One",
    });
  });
});
