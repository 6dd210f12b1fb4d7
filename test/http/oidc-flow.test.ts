/**
 * The whole authorization-code flow end to end through the real app (CONTRACT §12): the hosted
 * pages sign a person in and issue a code, the token endpoint redeems it with PKCE, and the tokens
 * verify against the published keys; a second application then signs in with no page (single
 * sign-on) into the same sign-in session; a replayed code revokes what the first exchange issued.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, jwtVerify } from "jose";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import {
  browser,
  codeOfRedirect,
  exchangeCode,
  fieldOf,
  passwordSignIn,
  PKCE_CHALLENGE,
  PKCE_VERIFIER,
  tokenEndpoint,
} from "../support/hosted-pages";
import {
  createOrg,
  createRole,
  createUser,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
  uniq,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let audience: string;
let first: string;
let second: string;
/** A confidential client registered with `requirePkce: false` (the OpenID conformance suite's kind). */
let rp: { clientId: string; clientSecret: string };
const RP_REDIRECT = "https://rp.example.com/cb";
const REDIRECT = "https://app.example.com/cb";
const OTHER = "https://other.example.com/cb";

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  audience = uniq("https://api.example.com/flow");
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: audience, name: "Shop" },
    }),
  );
  const register = async (redirectUri: string) =>
    (
      await ok(
        t.call("POST", "/api/clients", {
          token: ten.token,
          body: {
            name: uniq("Client"),
            orgId: ten.rootOrgId,
            applicationId: app.id,
            type: "public",
            grantTypes: ["authorization_code", "refresh_token"],
            redirectUris: [redirectUri],
          },
        }),
      )
    ).clientId as string;
  first = await register(REDIRECT);
  second = await register(OTHER);
  rp = await ok(
    t.call("POST", "/api/clients", {
      token: ten.token,
      body: {
        name: uniq("RP"),
        orgId: ten.rootOrgId,
        applicationId: app.id,
        grantTypes: ["authorization_code", "refresh_token"],
        redirectUris: [RP_REDIRECT],
        requirePkce: false,
      },
    }),
  );
});
afterAll(() => t.close());

const authorizeUrl = (clientId: string, redirect: string, nonce: string) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: "code",
    scope: "openid profile email",
    state: `state-${nonce}`,
    nonce,
    code_challenge: PKCE_CHALLENGE,
    code_challenge_method: "S256",
  })}`;

/** The code of the redirect leaving the service for `redirect`, after checking state and iss. */
const codeOf = (res: Response, redirect: string, nonce: string) => codeOfRedirect(res, redirect, `state-${nonce}`);
const token = (form: Record<string, string>) => tokenEndpoint(t, form);
const exchange = (clientId: string, code: string, redirect: string) => exchangeCode(t, clientId, code, redirect);

async function keys() {
  return createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
}

/** OIDC Core §3.1.3.6: the left half of the SHA-256 of the access token, base64url. */
const atHash = (accessToken: string) =>
  Buffer.from(new Bun.CryptoHasher("sha256").update(accessToken).digest().subarray(0, 16)).toString("base64url");

describe("the authorization-code flow, end to end", () => {
  const b = () => session;
  let session: ReturnType<typeof browser>;
  let firstId: Record<string, unknown>;
  let firstCode: string;
  let firstRefresh: string;
  let firstIdToken: string;
  let userId: number;

  test("pages → code → token endpoint: the ID token and access token verify against the JWKS", async () => {
    session = browser(t);
    const u = await createUser(t, ten.token, ten.rootOrgId);
    userId = u.id;
    const page = await b().get(authorizeUrl(first, REDIRECT, "n-first"));
    expect(page.status).toBe(200);
    const signedIn = await passwordSignIn(b(), page, u.email, PASSWORD);
    firstCode = codeOf(signedIn, REDIRECT, "n-first");

    const r = await exchange(first, firstCode, REDIRECT);
    expect(r.status).toBe(200);
    expect(r.body.token_type).toBe("Bearer");
    expect(r.body.refresh_token).toBeString();
    firstRefresh = r.body.refresh_token;
    firstIdToken = r.body.id_token;
    const jwks = await keys();
    const id = await jwtVerify(r.body.id_token, jwks, { issuer: ISSUER, audience: first });
    expect(id.protectedHeader.typ).toBe("JWT");
    expect(id.payload.sub).toBe(String(u.id));
    expect(id.payload.azp).toBe(first);
    expect(id.payload.nonce).toBe("n-first");
    expect(id.payload.at_hash).toBe(atHash(r.body.access_token));
    expect(id.payload.amr).toEqual(["pwd"]);
    expect(id.payload.sid).toBeString();
    expect(id.payload.email).toBe(u.email);
    firstId = id.payload;
    const access = await jwtVerify(r.body.access_token, jwks, { issuer: ISSUER, audience });
    expect(access.payload.client_id).toBe(first);
    expect(access.payload.sid).toBe(id.payload.sid);

    const info = await t.call("GET", "/oauth2/userinfo", { token: r.body.access_token });
    expect(info.status).toBe(200);
    expect(info.body.sub).toBe(String(u.id));
  });

  test("single sign-on: a second application gets a code with no page, in the same sign-in session", async () => {
    const res = await b().get(authorizeUrl(second, OTHER, "n-second"));
    const code = codeOf(res, OTHER, "n-second");
    const r = await exchange(second, code, OTHER);
    expect(r.status).toBe(200);
    const id = await jwtVerify(r.body.id_token, await keys(), { issuer: ISSUER, audience: second });
    expect(id.payload.sub).toBe(String(userId));
    expect(id.payload.sid).toBe(firstId.sid);
    expect(id.payload.auth_time).toBe(firstId.auth_time);
    expect(id.payload.nonce).toBe("n-second");
  });

  test("OIDC Core §3.1.2.1: prompt=none with an id_token_hint of the signed-in person gets a code, of another person login_required", async () => {
    const url = (hint: string) => `${authorizeUrl(second, OTHER, "n-hint")}&prompt=none&id_token_hint=${hint}`;
    expect(codeOf(await b().get(url(firstIdToken)), OTHER, "n-hint")).toBeString();
    // A second person signs in in another browser; their ID token does not fit the first browser's session.
    const other = browser(t);
    const u2 = await createUser(t, ten.token, ten.rootOrgId);
    const page = await other.get(authorizeUrl(second, OTHER, "n-other"));
    const signedIn = await passwordSignIn(other, page, u2.email, PASSWORD);
    const r = await exchange(second, codeOf(signedIn, OTHER, "n-other"), OTHER);
    const refused = await b().get(url(r.body.id_token));
    expect(refused.status).toBe(303);
    const loc = new URL(refused.headers.get("location")!);
    expect(loc.searchParams.get("error")).toBe("login_required");
    expect(loc.searchParams.get("iss")).toBe(ISSUER);
  });

  test("a replayed code is invalid_grant and revokes the refresh token the first exchange issued", async () => {
    const again = await exchange(first, firstCode, REDIRECT);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    const refreshed = await token({ grant_type: "refresh_token", client_id: first, refresh_token: firstRefresh });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe("invalid_grant");
  });

  test("the refresh token of an application is bound to it: another client gets invalid_grant", async () => {
    const res = await b().get(authorizeUrl(first, REDIRECT, "n-third"));
    const r = await exchange(first, codeOf(res, REDIRECT, "n-third"), REDIRECT);
    expect(r.status).toBe(200);
    const stolen = await token({ grant_type: "refresh_token", client_id: second, refresh_token: r.body.refresh_token });
    expect(stolen.body.error).toBe("invalid_grant");
    const own = await token({ grant_type: "refresh_token", client_id: first, refresh_token: r.body.refresh_token });
    expect(own.status).toBe(200);
    expect(own.body.refresh_token).not.toBe(r.body.refresh_token);
  });
});

describe("prompt=select_account (OIDC Core §3.1.2.1)", () => {
  test("a signed-in person is asked to choose even with one organization, and may sign in as someone else instead", async () => {
    const b = browser(t);
    const u1 = await createUser(t, ten.token, ten.rootOrgId);
    const u2 = await createUser(t, ten.token, ten.rootOrgId);
    const page = await b.get(authorizeUrl(first, REDIRECT, "n-sa1"));
    codeOf(await passwordSignIn(b, page, u1.email, PASSWORD), REDIRECT, "n-sa1");
    // Signed in: without the prompt no page; with it, the chooser names the person.
    codeOf(await b.get(authorizeUrl(second, OTHER, "n-sa2")), OTHER, "n-sa2");
    const chooser = await b.get(`${authorizeUrl(second, OTHER, "n-sa3")}&prompt=select_account`);
    expect(chooser.status).toBe(200);
    const chooserHtml = await chooser.text();
    expect(chooserHtml).toContain(`Signed in as ${u1.email}`);
    expect(chooserHtml).toContain(`value="${ten.rootOrgId}"`);
    // Choosing the organization continues as that person.
    const chosen = await b.post("/oauth2/authorize/organization", {
      csrf: fieldOf(chooserHtml, "csrf"),
      interaction: fieldOf(chooserHtml, "interaction"),
      organization: String(ten.rootOrgId),
    });
    const r1 = await exchange(second, codeOf(await b.follow(chosen), OTHER, "n-sa3"), OTHER);
    expect((await jwtVerify(r1.body.id_token, await keys(), { audience: second })).payload.sub).toBe(String(u1.id));

    // "Use another account": the sign-in page, then the code is the other person's.
    const again = await b.get(`${authorizeUrl(second, OTHER, "n-sa4")}&prompt=select_account`);
    const link = /href="([^"]*\/oauth2\/authorize\/resume\?interaction=[^"]+)"/.exec(await again.text())?.[1];
    expect(link).toBeString();
    const signIn = await b.get(link!.replace(/&amp;/g, "&"));
    expect(signIn.status).toBe(200);
    const r2 = await exchange(
      second,
      codeOf(await passwordSignIn(b, signIn, u2.email, PASSWORD), OTHER, "n-sa4"),
      OTHER,
    );
    expect((await jwtVerify(r2.body.id_token, await keys(), { audience: second })).payload.sub).toBe(String(u2.id));
  });

  test("prompt=none with select_account is invalid_request, sent back to the client", async () => {
    const res = await browser(t).get(`${authorizeUrl(second, OTHER, "n-sa5")}&prompt=none%20select_account`);
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
  });
});

describe("the organization choice follows suspensions of an organization or one above it", () => {
  test("a membership under a suspended organization is not offered; with none left the client gets access_denied", async () => {
    const a = await createOrg(t, ten.token, ten.rootOrgId);
    const b = await createOrg(t, ten.token, a.id);
    const c = await createOrg(t, ten.token, ten.rootOrgId);
    const role = await createRole(t, ten.token, b.id, []);
    const u = await createUser(t, ten.token, c.id);
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: b.id },
      }),
    );
    const br = browser(t);
    const page = await br.get(authorizeUrl(first, REDIRECT, "n-sus1"));
    const signedIn = await passwordSignIn(br, page, u.email, PASSWORD);
    // Two memberships (C, and B under A): the picker offers both.
    const picker = await signedIn.text();
    expect(picker).toContain(`value="${b.id}"`);
    expect(picker).toContain(`value="${c.id}"`);
    // A (above B) suspended: only C is left, chosen with no page.
    await ok(t.call("POST", `/api/organizations/${a.id}/suspend`, { token: ten.token }));
    const r = await exchange(
      first,
      codeOf(await br.get(authorizeUrl(first, REDIRECT, "n-sus2")), REDIRECT, "n-sus2"),
      REDIRECT,
    );
    expect(r.status).toBe(200);
    const access = await jwtVerify(r.body.access_token, await keys(), { issuer: ISSUER });
    expect(access.payload.org_id).toBe(c.id);
    // C suspended too: nothing can get tokens.
    await ok(t.call("POST", `/api/organizations/${c.id}/suspend`, { token: ten.token }));
    const refused = await br.get(authorizeUrl(first, REDIRECT, "n-sus3"));
    expect(refused.status).toBe(303);
    expect(new URL(refused.headers.get("location")!).searchParams.get("error")).toBe("access_denied");
  });
});

describe("a confidential client without PKCE (requirePkce false; RFC 9700 §2.1.1: authenticated, uses the nonce)", () => {
  /** POST /oauth2/token with client_secret_basic. */
  const tokenBasic = async (form: Record<string, string>) => {
    const res = await t.app.handle(
      new Request(`${ISSUER}/oauth2/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${rp.clientId}:${rp.clientSecret}`).toString("base64")}`,
        },
        body: new URLSearchParams(form).toString(),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  const rpUrl = (nonce: string, pkce: boolean, extra: Record<string, string> = {}) =>
    `/oauth2/authorize?${new URLSearchParams({
      client_id: rp.clientId,
      redirect_uri: RP_REDIRECT,
      response_type: "code",
      scope: "openid profile email",
      state: `state-${nonce}`,
      nonce,
      ...(pkce ? { code_challenge: PKCE_CHALLENGE, code_challenge_method: "S256" } : {}),
      ...extra,
    })}`;
  let b: ReturnType<typeof browser>;
  let userId: number;

  test("the code flow without a challenge: client_secret_basic at the token endpoint, an ID token with the nonce", async () => {
    b = browser(t);
    const u = await createUser(t, ten.token, ten.rootOrgId);
    userId = u.id;
    const page = await b.get(rpUrl("n-rp1", false));
    expect(page.status).toBe(200);
    const code = codeOfRedirect(await passwordSignIn(b, page, u.email, PASSWORD), RP_REDIRECT, "state-n-rp1");
    const r = await tokenBasic({ grant_type: "authorization_code", code, redirect_uri: RP_REDIRECT });
    expect(r.status).toBe(200);
    expect(r.body.token_type).toBe("Bearer");
    expect(r.body.refresh_token).toBeString();
    const id = await jwtVerify(r.body.id_token, await keys(), { issuer: ISSUER, audience: rp.clientId });
    expect(id.payload.sub).toBe(String(u.id));
    expect(id.payload.nonce).toBe("n-rp1");
    expect(id.payload.at_hash).toBe(atHash(r.body.access_token));
  });

  test("downgrade (RFC 9700 §4.8.2): a code_verifier for a code requested without a challenge is invalid_grant, and burns it", async () => {
    const code = codeOfRedirect(await b.get(rpUrl("n-rp2", false)), RP_REDIRECT, "state-n-rp2");
    const r = await tokenBasic({
      grant_type: "authorization_code",
      code,
      redirect_uri: RP_REDIRECT,
      code_verifier: PKCE_VERIFIER,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_grant");
    expect(r.body.error_description).toContain("code_challenge");
    const again = await tokenBasic({ grant_type: "authorization_code", code, redirect_uri: RP_REDIRECT });
    expect(again.body.error).toBe("invalid_grant");
  });

  test("with a challenge it must send the matching verifier: none is invalid_grant, the right one gets the tokens", async () => {
    const missing = codeOfRedirect(await b.get(rpUrl("n-rp3", true)), RP_REDIRECT, "state-n-rp3");
    const refused = await tokenBasic({ grant_type: "authorization_code", code: missing, redirect_uri: RP_REDIRECT });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_grant");
    const code = codeOfRedirect(await b.get(rpUrl("n-rp4", true)), RP_REDIRECT, "state-n-rp4");
    const r = await tokenBasic({
      grant_type: "authorization_code",
      code,
      redirect_uri: RP_REDIRECT,
      code_verifier: PKCE_VERIFIER,
    });
    expect(r.status).toBe(200);
    const id = await jwtVerify(r.body.id_token, await keys(), { issuer: ISSUER, audience: rp.clientId });
    expect(id.payload.sub).toBe(String(userId));
  });

  test("prompt=none without a session and without a challenge is login_required (no PKCE complaint)", async () => {
    const res = await browser(t).get(rpUrl("n-rp5", false, { prompt: "none" }));
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get("location")!);
    expect(`${loc.origin}${loc.pathname}`).toBe(RP_REDIRECT);
    expect(loc.searchParams.get("error")).toBe("login_required");
    expect(loc.searchParams.get("state")).toBe("state-n-rp5");
    expect(loc.searchParams.get("iss")).toBe(ISSUER);
  });
});
