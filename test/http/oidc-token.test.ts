/**
 * The back channel of the OpenID provider (CONTRACT §12): /oauth2/token's authorization_code and
 * refresh_token grants, the ID token, UserInfo and discovery, through the real app on every store.
 * Codes are issued straight through the store's AuthorizationCodeStore (the hosted pages issue
 * them in production), in a sign-in session created through the BrowserSessionStore.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { s256Challenge, type AuthorizationCode } from "../../src/protocols/oidc";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { PASSWORD, seedWorld, type World } from "../sdk/world";

let t: TestApp;
let w: World;
let adminA: string;
let user: { id: number; email: string; fullName: string; updatedAt: Date };

interface Client {
  clientId: string;
  clientSecret?: string;
}
let conf: Client; // confidential, authorization_code + refresh_token
let conf2: Client; // another confidential client, same application
let noRefresh: Client; // confidential, authorization_code only
let pub: Client; // public, authorization_code + refresh_token

const REDIRECT = "https://app.example.com/callback";
const LOOPBACK = "http://127.0.0.1/cb";

async function registerClient(body: Record<string, unknown>): Promise<Client> {
  const r = await t.call("POST", "/api/clients", {
    token: adminA,
    body: { name: "web", orgId: w.orgA.id, applicationId: w.appOrders.id, ...body },
  });
  if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  t = await makeTestApp();
  w = await seedWorld(t.svc.store, (pw) => t.svc.hasher.hash(pw));
  adminA = (await t.login(w.emails.adminA, PASSWORD)).accessToken;
  const u = await t.svc.store.users.findByEmail(w.emails.adminA);
  user = { id: u!.id, email: u!.email, fullName: u!.fullName, updatedAt: u!.updatedAt };
  const grants = ["authorization_code", "refresh_token"];
  conf = await registerClient({ grantTypes: grants, redirectUris: [REDIRECT] });
  conf2 = await registerClient({ grantTypes: grants, redirectUris: [REDIRECT] });
  noRefresh = await registerClient({ grantTypes: ["authorization_code"], redirectUris: [REDIRECT] });
  pub = await registerClient({ type: "public", grantTypes: grants, redirectUris: [LOOPBACK] });
});
afterAll(() => t.close());

/** A live sign-in session of the test user; returns its sid. */
async function signInSession(authTime = new Date(Date.now() - 5000)): Promise<string> {
  const sid = randomToken(16);
  const now = new Date();
  await t.svc.sessions.signIns.create(
    {
      sid,
      tenantId: w.tenantA,
      userId: user.id,
      authTime,
      amr: ["pwd"],
      idleSeconds: 86400,
      idleExpiresAt: new Date(now.getTime() + 86400_000),
      absoluteExpiresAt: new Date(now.getTime() + 14 * 86400_000),
      createdAt: now,
      ipAddress: null,
      userAgent: null,
    },
    sha256Hex(randomToken(32)),
  );
  return sid;
}

interface Issued {
  code: string;
  verifier: string;
  sid: string;
  record: AuthorizationCode;
}

/** Issues a code for `client` as the hosted pages would: stored under its SHA-256. */
async function issueCode(
  client: Client,
  opts: { scopes?: string[]; nonce?: string | null; redirectUri?: string; sid?: string; pkce?: false } = {},
): Promise<Issued> {
  const code = randomToken(32);
  const verifier = randomToken(48);
  const sid = opts.sid ?? (await signInSession());
  const record: AuthorizationCode = {
    tenantId: w.tenantA,
    clientId: client.clientId,
    userId: user.id,
    redirectUri: opts.redirectUri ?? (client === pub ? LOOPBACK : REDIRECT),
    codeChallenge: opts.pkce === false ? null : s256Challenge(verifier),
    nonce: opts.nonce === undefined ? "n-0S6_WzA2Mj" : opts.nonce,
    sid,
    scopes: opts.scopes ?? ["openid", "profile", "email"],
    orgId: w.orgA.id,
    authTime: new Date(Math.floor(Date.now() / 1000) * 1000 - 5000),
    amr: ["pwd", "otp", "mfa"],
    authorizedIp: "203.0.113.9",
    expiresAt: new Date(Date.now() + 60_000),
  };
  await t.svc.sessions.codes.issue(sha256Hex(code), record);
  return { code, verifier, sid, record };
}

const basic = (c: Client) => `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`;

/** POST /oauth2/token; `auth` picks the client authentication method. */
function token(client: Client, form: Record<string, string>, auth: "basic" | "post" | "none" = "basic") {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const body: Record<string, string> = { ...form };
  if (auth === "basic") headers.authorization = basic(client);
  else {
    body.client_id = client.clientId;
    if (auth === "post") body.client_secret = client.clientSecret!;
  }
  return t.call("POST", "/oauth2/token", { headers, raw: new URLSearchParams(body).toString() });
}

function exchange(client: Client, i: Issued, auth: "basic" | "post" | "none" = "basic", extra = {}) {
  return token(
    client,
    {
      grant_type: "authorization_code",
      code: i.code,
      redirect_uri: i.record.redirectUri,
      code_verifier: i.verifier,
      ...extra,
    },
    auth,
  );
}

const refresh = (client: Client, refreshToken: string, auth: "basic" | "post" | "none" = "basic") =>
  token(client, { grant_type: "refresh_token", refresh_token: refreshToken }, auth);

async function keySet() {
  return createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
}

function expectNoStore(r: { headers: Headers }) {
  expect(r.headers.get("cache-control")).toBe("no-store");
  expect(r.headers.get("pragma")).toBe("no-cache");
}

function expectError(r: { status: number; headers: Headers; body: any }, status: number, error: string) {
  expect(r.status).toBe(status);
  expect(r.body.error).toBe(error);
  expect(typeof r.body.error_description).toBe("string");
  expectNoStore(r);
}

const atHash = (accessToken: string) =>
  createHash("sha256").update(accessToken).digest().subarray(0, 16).toString("base64url");

describe("authorization_code: successful exchanges", () => {
  test("confidential client, client_secret_basic: access token, ID token and refresh token, verified against the JWKS", async () => {
    const i = await issueCode(conf);
    const r = await exchange(conf, i);
    expect(r.status).toBe(200);
    expectNoStore(r);
    expect(Object.keys(r.body).sort()).toEqual([
      "access_token",
      "expires_in",
      "id_token",
      "refresh_token",
      "scope",
      "token_type",
    ]);
    expect(r.body.token_type).toBe("Bearer");
    expect(r.body.expires_in).toBe(900);
    expect(r.body.scope).toBe("openid profile email");

    const jwks = await keySet();
    const at = await jwtVerify(r.body.access_token, jwks, { issuer: ISSUER, typ: "at+jwt", algorithms: ["RS256"] });
    expect(at.payload.token_use).toBe("access");
    expect(at.payload.aud).toBe(w.appOrders.identifier);
    expect(at.payload.client_id).toBe(conf.clientId);
    expect(at.payload.sid).toBe(i.sid);
    expect(at.payload.uid).toBe(user.id);
    expect(at.payload.sub).toBe(user.email);
    expect(at.payload.org_id).toBe(w.orgA.id);
    expect(at.payload.tenant_id).toBe(w.tenantA);
    expect(String(at.payload.scope).split(" ").slice(0, 3)).toEqual(["openid", "profile", "email"]);
    expect(at.payload.exp! - at.payload.iat!).toBe(900);

    const idt = await jwtVerify(r.body.id_token, jwks, {
      issuer: ISSUER,
      audience: conf.clientId,
      typ: "JWT",
      algorithms: ["RS256"],
    });
    expect(decodeProtectedHeader(r.body.id_token).kid).toBeString();
    const c = idt.payload;
    expect(c.sub).toBe(String(user.id));
    expect(c.aud).toBe(conf.clientId);
    expect(c.azp).toBe(conf.clientId);
    expect(c.exp! - c.iat!).toBe(900);
    expect(c.auth_time).toBe(Math.floor(i.record.authTime.getTime() / 1000));
    expect(c.nonce).toBe("n-0S6_WzA2Mj");
    expect(c.sid).toBe(i.sid);
    expect(c.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(c.at_hash).toBe(atHash(r.body.access_token));
    expect(c.email).toBe(user.email);
    expect(c.email_verified).toBe(false);
    expect(c.name).toBe(user.fullName);
    expect(c.updated_at).toBe(Math.floor(user.updatedAt.getTime() / 1000));
    expect(typeof r.body.refresh_token).toBe("string");

    // The sign-in session now lists the client (back-channel logout, §13).
    const session = await t.svc.sessions.signIns.get(w.tenantA, i.sid, new Date());
    expect(session!.clients).toContain(conf.clientId);
  });

  test("the authorization and its redemption are audited once, as oauth.code.redeemed", async () => {
    const i = await issueCode(conf);
    expect((await exchange(conf, i)).status).toBe(200);
    const r = await t.call("GET", `/api/audit?organizationId=${w.orgA.id}&action=oauth.code.redeemed&size=1000`, {
      token: adminA,
    });
    expect(r.status).toBe(200);
    const items = (Array.isArray(r.body) ? r.body : r.body.items) as {
      metadata: Record<string, unknown>;
      userId: number;
    }[];
    const mine = items.filter((x) => x.metadata.sid === i.sid);
    // One entry for the authorization and its redemption: the org, the scopes and the browser's address at authorization.
    expect(mine).toHaveLength(1);
    expect(mine[0].metadata).toMatchObject({
      clientId: conf.clientId,
      organizationId: w.orgA.id,
      scopes: ["openid", "profile", "email"],
      authorizedIp: "203.0.113.9",
    });
    expect(mine[0].userId).toBe(user.id);
  });

  test("confidential client, client_secret_post; no refresh token without the refresh_token grant; no ID token without openid", async () => {
    const i = await issueCode(noRefresh, { scopes: ["profile"] });
    const r = await exchange(noRefresh, i, "post");
    expect(r.status).toBe(200);
    expectNoStore(r);
    expect(Object.keys(r.body).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
    expect(r.body.scope).toBe("profile");
  });

  test("ID token without a nonce carries none; email and profile claims only with their scopes", async () => {
    const i = await issueCode(conf, { scopes: ["openid"], nonce: null });
    const r = await exchange(conf, i);
    expect(r.status).toBe(200);
    const { payload } = await jwtVerify(r.body.id_token, await keySet(), { issuer: ISSUER, audience: conf.clientId });
    expect(payload.nonce).toBeUndefined();
    for (const k of ["email", "email_verified", "name", "updated_at"]) expect(payload[k]).toBeUndefined();
  });

  test("public client, none + PKCE", async () => {
    const i = await issueCode(pub);
    const r = await exchange(pub, i, "none");
    expect(r.status).toBe(200);
    expectNoStore(r);
    const { payload } = await jwtVerify(r.body.id_token, await keySet(), { issuer: ISSUER, audience: pub.clientId });
    expect(payload.azp).toBe(pub.clientId);
    expect(typeof r.body.refresh_token).toBe("string");
  });

  test("oauth4webapi as a real client: the code exchange and ID token validation", async () => {
    const i = await issueCode(conf, { nonce: "abc123nonce" });
    const as = await oauth.processDiscoveryResponse(
      new URL(ISSUER),
      new Response(JSON.stringify((await t.call("GET", "/.well-known/openid-configuration")).body), {
        headers: { "content-type": "application/json" },
      }),
    );
    const client: oauth.Client = { client_id: conf.clientId };
    const jwks = (await t.call("GET", "/.well-known/jwks.json")).body;
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URL(`${REDIRECT}?code=${encodeURIComponent(i.code)}&iss=${encodeURIComponent(ISSUER)}`),
    );
    const customFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const u = new URL(typeof url === "string" || url instanceof URL ? url : url.url);
      if (u.pathname === "/.well-known/jwks.json")
        return new Response(JSON.stringify(jwks), { headers: { "content-type": "application/json" } });
      return t.app.handle(new Request(u, init));
    }) as typeof fetch;
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(conf.clientSecret!),
      params,
      REDIRECT,
      i.verifier,
      { [oauth.customFetch]: customFetch, [oauth.allowInsecureRequests]: true },
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: "abc123nonce",
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(result)!;
    expect(claims.sub).toBe(String(user.id));
    expect(claims.sid).toBe(i.sid);
    expect(result.refresh_token).toBeString();
  });
});

describe("authorization_code: refusals", () => {
  test("wrong or missing code_verifier is invalid_grant (and burns the code)", async () => {
    const i = await issueCode(conf);
    expectError(await exchange(conf, i, "basic", { code_verifier: randomToken(48) }), 400, "invalid_grant");
    expectError(await exchange(conf, i), 400, "invalid_grant");
    const j = await issueCode(conf);
    const { code_verifier: _, ...noVerifier } = {
      grant_type: "authorization_code",
      code: j.code,
      redirect_uri: REDIRECT,
      code_verifier: "",
    };
    expectError(await token(conf, noVerifier), 400, "invalid_grant");
  });

  test("a code without a challenge: a client that requires PKCE gets invalid_grant; a verifier is refused (downgrade)", async () => {
    // The authorization endpoint never issues such a code to these clients; the token endpoint holds the line too.
    for (const [client, auth] of [
      [conf, "basic"],
      [pub, "none"],
    ] as const) {
      const i = await issueCode(client, { pkce: false });
      const { code_verifier: _, ...form } = {
        grant_type: "authorization_code",
        code: i.code,
        redirect_uri: i.record.redirectUri,
        code_verifier: "",
      };
      expectError(await token(client, form, auth), 400, "invalid_grant");
      expectError(await exchange(client, await issueCode(client, { pkce: false }), auth), 400, "invalid_grant");
    }
  });

  test("a redirect_uri other than the code's is invalid_grant", async () => {
    const i = await issueCode(conf);
    expectError(
      await exchange(conf, i, "basic", { redirect_uri: "https://app.example.com/callback/" }),
      400,
      "invalid_grant",
    );
  });

  test("missing code or redirect_uri is invalid_request; an unknown code invalid_grant", async () => {
    expectError(
      await token(conf, { grant_type: "authorization_code", redirect_uri: REDIRECT }),
      400,
      "invalid_request",
    );
    expectError(await token(conf, { grant_type: "authorization_code", code: "x" }), 400, "invalid_request");
    expectError(
      await token(conf, {
        grant_type: "authorization_code",
        code: randomToken(32),
        redirect_uri: REDIRECT,
        code_verifier: randomToken(48),
      }),
      400,
      "invalid_grant",
    );
  });

  test("another client's code is invalid_grant and does not burn it", async () => {
    const i = await issueCode(conf);
    expectError(await exchange(conf2, i), 400, "invalid_grant");
    expect((await exchange(conf, i)).status).toBe(200);
  });

  test("client authentication: public with a secret, public by Basic, confidential with none, two methods, unknown client", async () => {
    const i = await issueCode(pub);
    expectError(await exchange({ ...pub, clientSecret: "anything" }, i, "post"), 401, "invalid_client");
    const basicR = await exchange({ ...pub, clientSecret: "anything" }, i, "basic");
    expectError(basicR, 401, "invalid_client");
    expect(basicR.headers.get("www-authenticate")).toMatch(/^Basic /);
    const j = await issueCode(conf);
    expectError(await exchange(conf, j, "none"), 401, "invalid_client");
    expectError(
      await t.call("POST", "/oauth2/token", {
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(conf) },
        raw: new URLSearchParams({ grant_type: "authorization_code", client_secret: conf.clientSecret! }).toString(),
      }),
      400,
      "invalid_request",
    );
    expectError(
      await exchange({ clientId: "cli_AAAAAAAAAAAAAAAAAAAAAA", clientSecret: "x" }, j, "post"),
      401,
      "invalid_client",
    );
    // None of these burnt the codes.
    expect((await exchange(pub, i, "none")).status).toBe(200);
    expect((await exchange(conf, j)).status).toBe(200);
  });

  test("a code whose sign-in session has ended is invalid_grant", async () => {
    const i = await issueCode(conf);
    await t.svc.sessions.signIns.end(w.tenantA, i.sid);
    expectError(await exchange(conf, i), 400, "invalid_grant");
  });

  test("a code used twice: invalid_grant, and the first exchange's refresh token stops working", async () => {
    const i = await issueCode(conf);
    const first = await exchange(conf, i);
    expect(first.status).toBe(200);
    expectError(await exchange(conf, i), 400, "invalid_grant");
    expectError(await refresh(conf, first.body.refresh_token), 400, "invalid_grant");
  });

  test("concurrent redemptions of one code: exactly one redeems it, the others are reuse; no usable refresh token survives", async () => {
    const i = await issueCode(conf);
    const n = 6;
    const rs = await Promise.all(Array.from({ length: n }, () => exchange(conf, i)));
    const ok = rs.filter((r) => r.status === 200);
    // The one redemption answers 200 unless a reuse landed before it recorded what it issued (it
    // then revokes its own tokens and answers invalid_grant: CONTRACT §12 "revokes what the first one issued").
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of rs.filter((r) => r.status !== 200)) expectError(r, 400, "invalid_grant");
    for (const r of ok) expectError(await refresh(conf, r.body.refresh_token), 400, "invalid_grant");
    // Exactly one "ok" redemption: every other attempt was recorded as a reuse of the code.
    const audit = await t.call("GET", `/api/audit?organizationId=${w.orgA.id}&action=oauth.code.reused&size=1000`, {
      token: adminA,
    });
    const items = (Array.isArray(audit.body) ? audit.body : audit.body.items) as {
      metadata: Record<string, unknown>;
    }[];
    expect(items.filter((e) => e.metadata.sid === i.sid).length).toBe(n - 1);
  });
});

describe("refresh_token at /oauth2/token", () => {
  async function fresh(client = conf, auth: "basic" | "none" = "basic") {
    const i = await issueCode(client);
    const r = await exchange(client, i, auth);
    expect(r.status).toBe(200);
    return { i, body: r.body };
  }

  test("rotates: a new pair of the same shape, same sid and client; the old token replayed revokes the family", async () => {
    const { i, body } = await fresh();
    const r = await refresh(conf, body.refresh_token);
    expect(r.status).toBe(200);
    expectNoStore(r);
    expect(Object.keys(r.body).sort()).toEqual(["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
    expect(r.body.scope).toBe("openid profile email");
    expect(r.body.refresh_token).not.toBe(body.refresh_token);
    const { payload } = await jwtVerify(r.body.access_token, await keySet(), { issuer: ISSUER, typ: "at+jwt" });
    expect(payload.sid).toBe(i.sid);
    expect(payload.client_id).toBe(conf.clientId);
    expect(payload.aud).toBe(w.appOrders.identifier);
    // Reuse of the consumed token: invalid_grant, and the whole family ends.
    expectError(await refresh(conf, body.refresh_token), 400, "invalid_grant");
    expectError(await refresh(conf, r.body.refresh_token), 400, "invalid_grant");
  });

  test("no scope granted: empty scope, no ID token, and the family still refreshes", async () => {
    const r = await exchange(conf, await issueCode(conf, { scopes: [] }));
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe("");
    expect(r.body.id_token).toBeUndefined();
    const next = await refresh(conf, r.body.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.scope).toBe("");
  });

  test("a public client refreshes with none", async () => {
    const { body } = await fresh(pub, "none");
    expect((await refresh(pub, body.refresh_token, "none")).status).toBe(200);
  });

  test("another client's refresh token is invalid_grant and is not consumed", async () => {
    const { body } = await fresh();
    expectError(await refresh(conf2, body.refresh_token), 400, "invalid_grant");
    expect((await refresh(conf, body.refresh_token)).status).toBe(200);
  });

  test("an /api/auth/login refresh token is invalid_grant at /oauth2/token and still works at /api/auth/refresh", async () => {
    const pair = await t.login(w.emails.adminA, PASSWORD);
    expectError(await refresh(conf, pair.refreshToken), 400, "invalid_grant");
    expect((await t.call("POST", "/api/auth/refresh", { body: { refreshToken: pair.refreshToken } })).status).toBe(200);
  });

  test("a client's refresh token is refused at /api/auth/refresh (and its family ends)", async () => {
    const { body } = await fresh();
    const r = await t.call("POST", "/api/auth/refresh", { body: { refreshToken: body.refresh_token } });
    expect(r.status).toBe(401);
    expectError(await refresh(conf, body.refresh_token), 400, "invalid_grant");
  });

  test("a client without the refresh_token grant is unauthorized_client; a garbage token invalid_grant", async () => {
    expectError(await refresh(noRefresh, "x.y", "post"), 400, "unauthorized_client");
    expectError(await refresh(conf, "not-a-token"), 400, "invalid_grant");
    expectError(await token(conf, { grant_type: "refresh_token" }), 400, "invalid_request");
  });
});

describe("UserInfo", () => {
  const userinfo = (method: "GET" | "POST", accessToken?: string) =>
    t.call(method, "/oauth2/userinfo", { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });

  test("GET and POST answer sub and the claims the scopes grant", async () => {
    const all = await exchange(conf, await issueCode(conf));
    for (const m of ["GET", "POST"] as const) {
      const r = await userinfo(m, all.body.access_token);
      expect(r.status).toBe(200);
      expectNoStore(r);
      expect(r.body).toEqual({
        sub: String(user.id),
        email: user.email,
        email_verified: false,
        name: user.fullName,
        updated_at: Math.floor(user.updatedAt.getTime() / 1000),
      });
    }
    const only = await exchange(conf, await issueCode(conf, { scopes: ["openid", "email"] }));
    expect((await userinfo("GET", only.body.access_token)).body).toEqual({
      sub: String(user.id),
      email: user.email,
      email_verified: false,
    });
  });

  test("RFC 6750 errors: no token, a bad token, a login token, a token without openid", async () => {
    const none = await userinfo("GET");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="sso"');
    const bad = await userinfo("GET", "abc.def.ghi");
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toMatch(/^Bearer realm="sso", error="invalid_token"/);
    expect(bad.body.error).toBe("invalid_token");
    const login = await t.login(w.emails.adminA, PASSWORD);
    expect((await userinfo("GET", login.accessToken)).status).toBe(401);
    const plain = await exchange(conf, await issueCode(conf, { scopes: ["profile"] }));
    const r = await userinfo("GET", plain.body.access_token);
    expect(r.status).toBe(403);
    expect(r.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  const formUserinfo = (fields: [string, string][], headers: Record<string, string> = {}) =>
    t.call("POST", "/oauth2/userinfo", {
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      raw: new URLSearchParams(fields).toString(),
    });

  test("POST takes the token as access_token in a form body (RFC 6750 §2.2), checked as the header's is", async () => {
    const all = await exchange(conf, await issueCode(conf));
    const r = await formUserinfo([["access_token", all.body.access_token]]);
    expect(r.status).toBe(200);
    expectNoStore(r);
    expect(r.body).toEqual((await userinfo("GET", all.body.access_token)).body);
    expect(r.body.sub).toBe(String(user.id));
    const charset = await formUserinfo([["access_token", all.body.access_token]], {
      "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
    });
    expect(charset.status).toBe(200);
    const bad = await formUserinfo([["access_token", "abc.def.ghi"]]);
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toMatch(/^Bearer realm="sso", error="invalid_token"/);
    const plain = await exchange(conf, await issueCode(conf, { scopes: ["profile"] }));
    expect((await formUserinfo([["access_token", plain.body.access_token]])).status).toBe(403);
    // §2.2 names the form body only: a JSON body carries no token.
    const json = await t.call("POST", "/oauth2/userinfo", { body: { access_token: all.body.access_token } });
    expect(json.status).toBe(401);
    expect(json.headers.get("www-authenticate")).toBe('Bearer realm="sso"');
    expect((await formUserinfo([["other", "x"]])).headers.get("www-authenticate")).toBe('Bearer realm="sso"');
  });

  test("exactly one method: header and form body together, a repeated access_token, or a token in the URL is 400 invalid_request", async () => {
    const tok = (await exchange(conf, await issueCode(conf))).body.access_token;
    const refusals = [
      await formUserinfo([["access_token", tok]], { authorization: `Bearer ${tok}` }),
      await formUserinfo([
        ["access_token", tok],
        ["access_token", tok],
      ]),
      await t.call("GET", `/oauth2/userinfo?access_token=${tok}`),
      await t.call("GET", `/oauth2/userinfo?access_token=${tok}`, { headers: { authorization: `Bearer ${tok}` } }),
      await t.call("POST", `/oauth2/userinfo?access_token=${tok}`),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(400);
      expectNoStore(r);
      expect(r.body.error).toBe("invalid_request");
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer realm="sso", error="invalid_request"/);
    }
  });

  test("CORS preflight like the token endpoint's (GET and POST)", async () => {
    const r = await t.call("OPTIONS", "/oauth2/userinfo", {
      headers: { origin: "https://nowhere.example", "access-control-request-method": "GET" },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("discovery", () => {
  test("the OpenID document lists the code grant, refresh, UserInfo and the JWKS, and nothing not served", async () => {
    const r = await t.call("GET", "/.well-known/openid-configuration");
    expect(r.status).toBe(200);
    const d = r.body;
    expect(d.issuer).toBe(ISSUER);
    expect(d.token_endpoint).toBe(`${ISSUER}/oauth2/token`);
    expect(d.userinfo_endpoint).toBe(`${ISSUER}/oauth2/userinfo`);
    expect(d.authorization_endpoint).toBe(`${ISSUER}/oauth2/authorize`);
    expect(d.jwks_uri).toBe(`${ISSUER}/.well-known/jwks.json`);
    expect(d.grant_types_supported).toEqual(["authorization_code", "refresh_token", "client_credentials"]);
    expect(d.token_endpoint_auth_methods_supported).toEqual(["client_secret_basic", "client_secret_post", "none"]);
    expect(d.response_types_supported).toEqual(["code"]);
    expect(d.code_challenge_methods_supported).toEqual(["S256"]);
    expect(d.id_token_signing_alg_values_supported).toEqual(["RS256"]);
    expect(d.subject_types_supported).toEqual(["public"]);
    expect(d.scopes_supported).toEqual(["openid", "profile", "email", "offline_access"]);
    expect(d.authorization_response_iss_parameter_supported).toBe(true);
    // CONTRACT §13: logout, revocation, introspection and back-channel logout, with their auth methods.
    expect(d.end_session_endpoint).toBe(`${ISSUER}/oauth2/logout`);
    expect(d.revocation_endpoint).toBe(`${ISSUER}/oauth2/revoke`);
    expect(d.revocation_endpoint_auth_methods_supported).toEqual(["client_secret_basic", "client_secret_post", "none"]);
    expect(d.introspection_endpoint).toBe(`${ISSUER}/oauth2/introspect`);
    // RFC 8414 §2: absent means client_secret_basic, exactly what introspection takes.
    expect(d.introspection_endpoint_auth_methods_supported).toBeUndefined();
    expect(d.backchannel_logout_supported).toBe(true);
    expect(d.backchannel_logout_session_supported).toBe(true);
    expect((await t.call("GET", "/.well-known/oauth-authorization-server")).body).toEqual(d);
  });

  test("every advertised endpoint answers (not 404)", async () => {
    const d = (await t.call("GET", "/.well-known/openid-configuration")).body;
    const path = (u: string) => new URL(u).pathname;
    expect((await t.call("GET", path(d.jwks_uri))).status).toBe(200);
    expect((await t.call("POST", path(d.token_endpoint), { raw: "" })).status).not.toBe(404);
    expect((await t.call("GET", path(d.userinfo_endpoint))).status).toBe(401);
    // Without parameters the authorization endpoint shows its error page (never a redirect).
    const authz = await t.call("GET", path(d.authorization_endpoint));
    expect(authz.status).not.toBe(404);
    expect(authz.headers.get("location")).toBeNull();
    // Without any parameter the logout endpoint answers a page (here: nothing signed in to end), never a redirect.
    const out = await t.call("GET", path(d.end_session_endpoint));
    expect(out.status).toBe(200);
    expect(out.headers.get("location")).toBeNull();
    expect((await t.call("POST", path(d.revocation_endpoint), { raw: "" })).status).not.toBe(404);
    expect((await t.call("POST", path(d.introspection_endpoint), { raw: "" })).status).not.toBe(404);
  });
});
