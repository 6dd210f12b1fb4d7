/**
 * Logout and session control (CONTRACT §13) through the real app on the store TEST_STORE names:
 * RP-initiated logout at /oauth2/logout, back-channel logout tokens received by a real HTTP
 * receiver and verified with jose against the published keys, the person's and an
 * administrator's session endpoints, consents, /oauth2/revoke and /oauth2/introspect, and the
 * endings of password reset, disable and erase. After each ending: prompt=none fails, the ended
 * refresh token fails, introspection says `active: false` and UserInfo answers 401 `invalid_token`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createLocalJWKSet, jwtVerify } from "jose";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import { browser, fieldOf } from "../support/hosted-pages";
import { startReceiver, type Receiver } from "../support/receiver";
import { createOrg, createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let rx: Receiver;
let appId: number;
let audience: string;
/** Confidential clients: A and B with back-channel receivers, C without, D without refresh tokens. */
let A: { clientId: string; clientSecret: string };
let B: { clientId: string; clientSecret: string };
let C: { clientId: string; clientSecret: string };
let D: { clientId: string; clientSecret: string };
/** A confidential resource server that introspects (client credentials only). */
let RS: { clientId: string; clientSecret: string };

const REDIRECT = "https://app.example.com/cb";
const AFTER = "https://app.example.com/signed-out";
const VERIFIER = "the-verifier-of-this-test-0123456789-abcdefghij";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update(VERIFIER).digest()).toString("base64url");

async function register(body: Record<string, unknown>) {
  return ok(
    t.call("POST", "/api/clients", {
      token: ten.token,
      body: { name: uniq("Client"), orgId: ten.rootOrgId, ...body },
    }),
  ) as Promise<{ clientId: string; clientSecret: string }>;
}

beforeAll(async () => {
  t = await makeTestApp();
  rx = startReceiver("/backchannel");
  ten = await provisionTenant(t);
  audience = uniq("https://api.example.com/logout");
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: audience, name: "Shop" },
    }),
  );
  appId = app.id;
  const browserClient = (backchannel: boolean) => ({
    applicationId: appId,
    grantTypes: ["authorization_code", "refresh_token"],
    redirectUris: [REDIRECT],
    postLogoutRedirectUris: [AFTER],
    ...(backchannel ? { backchannelLogoutUri: rx.url } : {}),
  });
  A = await register(browserClient(true));
  B = await register(browserClient(true));
  C = await register({ ...browserClient(false), firstParty: false });
  D = await register({ ...browserClient(false), grantTypes: ["authorization_code"] });
  RS = await register({ scopes: ["api.default"] });
});
afterAll(async () => {
  rx.close();
  await t.close();
});
beforeEach(() => {
  rx.received.length = 0;
  rx.answer = 200;
});

const basic = (c: { clientId: string; clientSecret: string }) =>
  `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`;

function form(path: string, fields: Record<string, string>, auth?: { clientId: string; clientSecret: string }) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth) headers.authorization = basic(auth);
  return t.call("POST", path, { headers, raw: new URLSearchParams(fields).toString() });
}

const authorizeUrl = (clientId: string, extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid profile email",
    state: "s",
    nonce: "n",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

const codeOf = (res: Response) => {
  expect(res.status).toBe(303);
  const loc = new URL(res.headers.get("location")!);
  const code = loc.searchParams.get("code");
  if (!code) throw new Error(`no code: ${loc}`);
  return code;
};

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

async function exchange(client: { clientId: string; clientSecret: string }, code: string): Promise<Tokens> {
  const r = await form(
    "/oauth2/token",
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
    client,
  );
  expect(r.status).toBe(200);
  return r.body;
}

/**
 * A person signed in on the pages into client A (and, with SSO, B): the browser and the tokens. The
 * person belongs to `where`: an org of the tenant (its root by default), or another tenant's root.
 */
async function signedIn(clients = [A, B], where: number | TenantFixture = ten.rootOrgId) {
  const b = browser(t);
  const tenant = typeof where === "number" ? ten : where;
  const u = await createUser(t, tenant.token, typeof where === "number" ? where : where.rootOrgId);
  const page = await b.get(authorizeUrl(clients[0].clientId));
  const html = await page.text();
  const posted = await b.post("/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    email: u.email,
    password: PASSWORD,
  });
  const tokens: Tokens[] = [await exchange(clients[0], codeOf(await b.follow(posted)))];
  for (const c of clients.slice(1)) tokens.push(await exchange(c, codeOf(await b.get(authorizeUrl(c.clientId)))));
  const sid = (await jwtVerify(tokens[0].id_token, await keys())).payload.sid as string;
  return { b, u, tokens, sid };
}

async function keys() {
  return createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
}

const introspect = async (token: string) => (await form("/oauth2/introspect", { token }, RS)).body;
const userinfo = (token: string) => t.call("GET", "/oauth2/userinfo", { token });

/**
 * A token introspection calls inactive is refused at UserInfo too (CONTRACT §12): 401
 * `invalid_token` with the RFC 6750 §3.1 challenge, by GET and by POST.
 */
async function expectRefusedAtUserInfo(token: string) {
  expect(await introspect(token)).toEqual({ active: false });
  for (const method of ["GET", "POST"]) {
    const r = await t.call(method, "/oauth2/userinfo", { token });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("invalid_token");
    expect(r.headers.get("www-authenticate")).toMatch(/^Bearer realm="sso", error="invalid_token"/);
  }
}
const refreshWith = (client: { clientId: string; clientSecret: string }, refreshToken: string) =>
  form("/oauth2/token", { grant_type: "refresh_token", refresh_token: refreshToken }, client);

/** prompt=none in this browser: the error of the redirect, or "code". */
async function silent(b: ReturnType<typeof browser>, clientId = A.clientId) {
  const res = await b.get(authorizeUrl(clientId, { prompt: "none" }));
  const loc = new URL(res.headers.get("location")!);
  return loc.searchParams.get("error") ?? (loc.searchParams.get("code") ? "code" : "none");
}

/** Delivers the outbox now and returns the logout tokens the receiver got, verified. */
async function logoutTokens(n: number) {
  const until = Date.now() + 15_000;
  while (rx.received.length < n && Date.now() < until) {
    await t.svc.delivery.tick();
    await Bun.sleep(20);
  }
  expect(rx.received.length).toBe(n);
  const jwks = await keys();
  const out = [];
  for (const r of rx.received) {
    expect(r.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const token = new URLSearchParams(r.body).get("logout_token")!;
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: ISSUER, typ: "logout+jwt" });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.events).toEqual({ "http://schemas.openid.net/event/backchannel-logout": {} });
    expect(payload.nonce).toBeUndefined();
    expect(payload.jti).toBeString();
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(120);
    out.push(payload);
  }
  return out;
}

/** Everything that must be dead after an ending, checked through the HTTP API. */
async function expectEnded(s: Awaited<ReturnType<typeof signedIn>>, opts: { browserEnded?: boolean } = {}) {
  if (opts.browserEnded !== false) expect(await silent(s.b)).toBe("login_required");
  for (const [k, c] of [A, B].entries()) {
    if (!s.tokens[k]) continue;
    expect((await refreshWith(c, s.tokens[k].refresh_token)).body.error).toBe("invalid_grant");
    await expectRefusedAtUserInfo(s.tokens[k].access_token);
  }
}

describe("introspection and revocation (RFC 7662, RFC 7009)", () => {
  test("a live access token introspects active with its claims; a refresh token only to its own client", async () => {
    const s = await signedIn();
    const r = await introspect(s.tokens[0].access_token);
    expect(r.active).toBe(true);
    expect(r.token_type).toBe("Bearer");
    expect(r.client_id).toBe(A.clientId);
    expect(r.sid).toBe(s.sid);
    expect(r.aud).toBe(audience);
    const own = await form("/oauth2/introspect", { token: s.tokens[0].refresh_token }, A);
    expect(own.body.active).toBe(true);
    expect(own.body.token_type).toBe("refresh_token");
    expect((await form("/oauth2/introspect", { token: s.tokens[0].refresh_token }, B)).body).toEqual({ active: false });
    expect(await introspect("garbage")).toEqual({ active: false });
    expect(await introspect(`${s.tokens[0].access_token.slice(0, -4)}AAAA`)).toEqual({ active: false });
  });

  test("a reused refresh token ends its family: the access tokens it minted introspect inactive", async () => {
    const s = await signedIn([A]);
    const next = await refreshWith(A, s.tokens[0].refresh_token);
    expect(next.status).toBe(200);
    expect((await introspect(next.body.access_token)).active).toBe(true);
    expect((await refreshWith(A, s.tokens[0].refresh_token)).body.error).toBe("invalid_grant");
    expect(await introspect(next.body.access_token)).toEqual({ active: false });
    expect(await introspect(s.tokens[0].access_token)).toEqual({ active: false });
  });

  test("introspection needs a confidential client over HTTP Basic", async () => {
    const s = await signedIn([A]);
    const none = await form("/oauth2/introspect", { token: s.tokens[0].access_token });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe("invalid_client");
    const post = await form("/oauth2/introspect", {
      token: s.tokens[0].access_token,
      client_id: RS.clientId,
      client_secret: RS.clientSecret,
    });
    expect(post.body.error).toBe("invalid_client");
    const wrong = await form("/oauth2/introspect", { token: "x" }, { clientId: RS.clientId, clientSecret: "nope" });
    expect(wrong.status).toBe(401);
  });

  test("revoking a refresh token ends its family: refresh fails, its access token is inactive, the client gets a logout token", async () => {
    const s = await signedIn([A]);
    const r = await form("/oauth2/revoke", { token: s.tokens[0].refresh_token, token_type_hint: "refresh_token" }, A);
    expect(r.status).toBe(200);
    expect((await refreshWith(A, s.tokens[0].refresh_token)).body.error).toBe("invalid_grant");
    expect(await introspect(s.tokens[0].access_token)).toEqual({ active: false });
    const [lt] = await logoutTokens(1);
    expect(lt.aud).toBe(A.clientId);
    expect(lt.sid).toBe(s.sid);
    expect(lt.sub).toBe(String(s.u.id));
    // The sign-in session itself goes on.
    expect(await silent(s.b)).toBe("code");
  });

  test("revoking an access token makes it inactive; another client's token and unknown tokens answer 200 and change nothing", async () => {
    const s = await signedIn();
    expect((await form("/oauth2/revoke", { token: s.tokens[1].access_token }, A)).status).toBe(200);
    expect((await introspect(s.tokens[1].access_token)).active).toBe(true);
    expect((await form("/oauth2/revoke", { token: s.tokens[1].refresh_token }, A)).status).toBe(200);
    expect((await refreshWith(B, s.tokens[1].refresh_token)).status).toBe(200);
    expect((await form("/oauth2/revoke", { token: "unknown" }, A)).status).toBe(200);
    expect((await form("/oauth2/revoke", { token: s.tokens[0].access_token }, A)).status).toBe(200);
    expect(await introspect(s.tokens[0].access_token)).toEqual({ active: false });
    const audit = await t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=oauth.token.revoked`, {
      token: ten.token,
    });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain("oauth.token.revoked");
  });

  test("a revoke without a token is invalid_request; without client authentication invalid_client", async () => {
    expect((await form("/oauth2/revoke", {}, A)).body.error).toBe("invalid_request");
    expect((await form("/oauth2/revoke", { token: "x" })).body.error).toBe("invalid_client");
  });
});

describe("introspection of an /api/auth access token (CONTRACT §13)", () => {
  test("is active while its session lives and inactive once /api/auth/logout ended it", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const pair = await t.login(u.email, PASSWORD);
    expect((await introspect(pair.accessToken)).active).toBe(true);
    expect((await t.call("POST", "/api/auth/logout", { body: { refreshToken: pair.refreshToken } })).status).toBe(200);
    expect(await introspect(pair.accessToken)).toEqual({ active: false });
  });
});

describe("UserInfo refuses every access token introspection calls inactive (CONTRACT §12)", () => {
  test("an access token revoked at /oauth2/revoke, and one whose refresh family was revoked, are 401 invalid_token", async () => {
    const s = await signedIn();
    for (const tk of s.tokens) expect((await userinfo(tk.access_token)).status).toBe(200);
    expect((await form("/oauth2/revoke", { token: s.tokens[0].access_token }, A)).status).toBe(200);
    await expectRefusedAtUserInfo(s.tokens[0].access_token);
    expect((await userinfo(s.tokens[1].access_token)).status).toBe(200);
    expect((await form("/oauth2/revoke", { token: s.tokens[1].refresh_token }, B)).status).toBe(200);
    await expectRefusedAtUserInfo(s.tokens[1].access_token);
    expect((await logoutTokens(1))[0].aud).toBe(B.clientId);
  });

  test("after an RP-initiated logout every client's access token of the session is 401 invalid_token", async () => {
    const s = await signedIn();
    for (const tk of s.tokens) expect((await userinfo(tk.access_token)).status).toBe(200);
    const res = await s.b.get(`/oauth2/logout?${new URLSearchParams({ id_token_hint: s.tokens[0].id_token })}`);
    expect(res.status).toBe(200);
    await logoutTokens(2);
    for (const tk of s.tokens) await expectRefusedAtUserInfo(tk.access_token);
  });

  test("after an authorization code is reused the first exchange's access token is 401 invalid_token, with or without a refresh family", async () => {
    const s = await signedIn([A]);
    for (const client of [A, D]) {
      const code = codeOf(await s.b.get(authorizeUrl(client.clientId)));
      const first = await exchange(client, code);
      expect((await userinfo(first.access_token)).status).toBe(200);
      const again = await form(
        "/oauth2/token",
        { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
        client,
      );
      expect(again.body.error).toBe("invalid_grant");
      await expectRefusedAtUserInfo(first.access_token);
    }
  });

  test("after a refresh token is reused every access token of its family is 401 invalid_token", async () => {
    const s = await signedIn([A]);
    const next = await refreshWith(A, s.tokens[0].refresh_token);
    expect(next.status).toBe(200);
    expect((await userinfo(next.body.access_token)).status).toBe(200);
    expect((await refreshWith(A, s.tokens[0].refresh_token)).body.error).toBe("invalid_grant");
    await expectRefusedAtUserInfo(next.body.access_token);
    await expectRefusedAtUserInfo(s.tokens[0].access_token);
  });

  test("a disabled user's access token is 401 invalid_token", async () => {
    const s = await signedIn([A]);
    expect((await userinfo(s.tokens[0].access_token)).status).toBe(200);
    expect((await t.call("POST", `/api/users/${s.u.id}/disable`, { token: ten.token })).status).toBe(200);
    await logoutTokens(1);
    await expectRefusedAtUserInfo(s.tokens[0].access_token);
  });

  test("an access token of a suspended organization is 401 invalid_token until the organization is activated again", async () => {
    const org = await createOrg(t, ten.token, ten.rootOrgId);
    const s = await signedIn([A], org.id);
    expect((await userinfo(s.tokens[0].access_token)).status).toBe(200);
    expect((await t.call("POST", `/api/organizations/${org.id}/suspend`, { token: ten.token })).status).toBe(200);
    await expectRefusedAtUserInfo(s.tokens[0].access_token);
    expect((await t.call("POST", `/api/organizations/${org.id}/activate`, { token: ten.token })).status).toBe(200);
    expect((await introspect(s.tokens[0].access_token)).active).toBe(true);
    expect((await userinfo(s.tokens[0].access_token)).status).toBe(200);
  });
});

describe("RP-initiated logout (/oauth2/logout)", () => {
  test("with a valid id_token_hint and a registered URI: back to the application with state; everything of the session ends; A and B get logout tokens", async () => {
    const s = await signedIn();
    const res = await s.b.get(
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: s.tokens[0].id_token, post_logout_redirect_uri: AFTER, state: "xyz" })}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${AFTER}?state=xyz`);
    expect(s.b.jar.has("sso_session")).toBe(false);
    const lts = await logoutTokens(2);
    expect(lts.map((p) => p.aud).sort()).toEqual([A.clientId, B.clientId].sort());
    for (const p of lts) {
      expect(p.sid).toBe(s.sid);
      expect(p.sub).toBe(String(s.u.id));
    }
    await expectEnded(s);
  });

  test("an unregistered post_logout_redirect_uri is never redirected to", async () => {
    const s = await signedIn([A]);
    const res = await s.b.get(
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: s.tokens[0].id_token, post_logout_redirect_uri: "https://evil.example/x" })}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("<html");
    // Nothing ended.
    expect(await silent(s.b)).toBe("code");
  });

  test("an id_token_hint of another client than client_id is refused with a page", async () => {
    const s = await signedIn([A]);
    const res = await s.b.get(
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: s.tokens[0].id_token, client_id: B.clientId })}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });

  test("without a hint the person confirms; 'stay' changes nothing, 'logout' (with CSRF) ends the session", async () => {
    const s = await signedIn();
    const page = await s.b.get(
      `/oauth2/logout?${new URLSearchParams({ client_id: A.clientId, post_logout_redirect_uri: AFTER, state: "st" })}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="decision"');
    expect(await silent(s.b)).toBe("code");
    const fields = {
      csrf: fieldOf(html, "csrf"),
      client_id: A.clientId,
      post_logout_redirect_uri: AFTER,
      state: "st",
    };
    const forged = await s.b.post("/oauth2/logout", { ...fields, csrf: "forged", decision: "logout" });
    expect(forged.status).toBe(403);
    const stay = await s.b.post("/oauth2/logout", { ...fields, decision: "stay" });
    expect(stay.status).toBe(303);
    expect(await silent(s.b)).toBe("code");
    const out = await s.b.post("/oauth2/logout", { ...fields, decision: "logout" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe(`${AFTER}?state=st`);
    await logoutTokens(2);
    await expectEnded(s);
  });

  test("a repeated parameter, or a POST that is not a form, is an error page", async () => {
    const twice = await t.call("GET", `/oauth2/logout?client_id=${A.clientId}&client_id=${B.clientId}`);
    expect(twice.status).toBe(400);
    expect(twice.headers.get("location")).toBeNull();
    const json = await t.call("POST", "/oauth2/logout", { body: { client_id: A.clientId } });
    expect(json.status).toBe(400);
    expect(String(json.body)).toContain("<html");
  });

  test("with a valid hint and no URI the signed-out page shows", async () => {
    const s = await signedIn([A]);
    const res = await s.b.get(`/oauth2/logout?id_token_hint=${s.tokens[0].id_token}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("signed out");
    await logoutTokens(1);
    await expectEnded(s);
  });
});

/** The text a person reads on a page (tags dropped, entities of quotes decoded). */
const textOf = async (res: Response) =>
  (await res.text())
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

/** The confirmation page's form posted with `decision` (its hidden fields and CSRF token kept). */
async function decide(b: ReturnType<typeof browser>, page: Response, decision: "logout" | "stay") {
  const html = await page.text();
  const hidden: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) hidden[m[1]] = m[2];
  expect(hidden.csrf).toBeString();
  return b.post("/oauth2/logout", { ...hidden, decision });
}

/** Every session of the user, as `/api/users/me/sessions` lists them (kinds and ids). */
async function listedSessions(email: string) {
  const api = await t.login(email, PASSWORD);
  return (await t.call("GET", "/api/users/me/sessions", { token: api.accessToken })).body as {
    id: string;
    kind: string;
  }[];
}

/** A second tenant with two back-channel clients of its own (issue 34: a browser signed in there). */
let other: { ten: TenantFixture; X: typeof A; Y: typeof A } | undefined;
async function otherTenant() {
  if (other) return other;
  const o = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: o.token,
      body: { organizationId: o.rootOrgId, identifier: uniq("https://api.example.com/other"), name: "Other" },
    }),
  );
  const client = () =>
    ok(
      t.call("POST", "/api/clients", {
        token: o.token,
        body: {
          name: uniq("Other client"),
          orgId: o.rootOrgId,
          applicationId: app.id,
          grantTypes: ["authorization_code", "refresh_token"],
          redirectUris: [REDIRECT],
          postLogoutRedirectUris: [AFTER],
          backchannelLogoutUri: rx.url,
        },
      }),
    ) as Promise<{ clientId: string; clientSecret: string }>;
  await ok(t.call("PUT", "/api/branding", { token: o.token, body: { displayName: "Other Tenant Sign-in" } }));
  other = { ten: o, X: await client(), Y: await client() };
  return other;
}

describe("logout names only what it ends (issue 34 hole 2)", () => {
  test("a logout for tenant A's client in a browser signed in to tenant B ends nothing: B's session lives, its clients hear nothing, the cookie stays, the page says so", async () => {
    const { ten: tenB, X, Y } = await otherTenant();
    const s = await signedIn([X, Y], tenB);
    const cookie = s.b.jar.get("sso_session");
    // Asked without a hint for A's client: nothing of A's tenant is signed in here, so nothing is asked.
    const asked = await s.b.get(`/oauth2/logout?${new URLSearchParams({ client_id: A.clientId })}`);
    expect(asked.status).toBe(200);
    expect(await asked.clone().text()).not.toContain('name="decision"');
    const askedText = await textOf(asked);
    expect(askedText).not.toContain("You are signed out");
    expect(askedText).toContain("Nothing was signed out");
    // Confirmed anyway (a form of this service's, with its CSRF token, posted for A's client).
    const page = await s.b.get(`/oauth2/logout?${new URLSearchParams({ client_id: X.clientId })}`);
    const html = await page.text();
    const confirmed = await s.b.post("/oauth2/logout", {
      csrf: fieldOf(html, "csrf"),
      client_id: A.clientId,
      decision: "logout",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith("sso_session="))).toBe(false);
    const text = await textOf(confirmed);
    expect(text).not.toContain("You are signed out");
    expect(text).toContain("Nothing was signed out");
    // B's session is whole: the cookie, prompt=none, the listing, and no logout token to B's clients.
    expect(s.b.jar.get("sso_session")).toBe(cookie);
    expect(await silent(s.b, X.clientId)).toBe("code");
    expect((await listedSessions(s.u.email)).some((x) => x.kind === "signin" && x.id === s.sid)).toBe(true);
    await t.svc.delivery.tick();
    await Bun.sleep(50);
    await t.svc.delivery.tick();
    expect(rx.received).toHaveLength(0);
    // In German too, with a return link to the validated URI instead of a redirect.
    const de = await s.b.post("/oauth2/logout", {
      csrf: fieldOf(html, "csrf"),
      client_id: A.clientId,
      post_logout_redirect_uri: AFTER,
      state: "st",
      ui_locales: "de",
      decision: "logout",
    });
    expect(de.status).toBe(200);
    const deText = await textOf(de);
    expect(deText).toContain("Es wurde nichts abgemeldet");
    expect(deText).not.toContain("Sie sind abgemeldet");
    expect(await silent(s.b, X.clientId)).toBe("code");
  });
});

describe("logout with no parameter: the browser's own session (issue 36, RP-Initiated Logout 1.0 §2)", () => {
  for (const [name, query] of [
    ["no parameter at all", ""],
    ["only state", "?state=only-state"],
  ] as const)
    test(`with ${name} the person confirms, then the browser's session ends with its clients told`, async () => {
      const s = await signedIn();
      const page = await s.b.get(`/oauth2/logout${query}`);
      expect(page.status).toBe(200);
      const html = await page.clone().text();
      expect(html).toContain('name="decision"');
      expect(await textOf(page.clone())).toContain("Do you want to sign out?");
      // Nothing ends before the person says so.
      expect(await silent(s.b)).toBe("code");
      const out = await decide(s.b, page, "logout");
      expect(out.status).toBe(200);
      expect(await textOf(out)).toContain("You are signed out");
      expect(s.b.jar.has("sso_session")).toBe(false);
      const lts = await logoutTokens(2);
      expect(lts.map((p) => p.aud).sort()).toEqual([A.clientId, B.clientId].sort());
      for (const p of lts) expect(p.sid).toBe(s.sid);
      await expectEnded(s);
      expect((await listedSessions(s.u.email)).some((x) => x.id === s.sid)).toBe(false);
    });

  test("'stay' on the parameterless page changes nothing", async () => {
    const s = await signedIn([A]);
    const stay = await decide(s.b, await s.b.get("/oauth2/logout"), "stay");
    expect(stay.status).toBe(200);
    expect(await textOf(stay)).toContain("You are still signed in");
    expect(s.b.jar.has("sso_session")).toBe(true);
    expect(await silent(s.b)).toBe("code");
  });

  test("the parameterless pages carry the branding of the session's tenant", async () => {
    const { ten: tenB, X } = await otherTenant();
    const s = await signedIn([X], tenB);
    const page = await s.b.get("/oauth2/logout");
    expect(await textOf(page.clone())).toContain("Other Tenant Sign-in");
    const out = await decide(s.b, page, "logout");
    expect(await textOf(out)).toContain("Other Tenant Sign-in");
    await logoutTokens(1);
  });

  test("a cookie of the earlier format (<sid>.<secret>, no tenant) still names its session", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const sid = randomToken(16);
    const secret = randomToken(32);
    const now = new Date();
    await t.svc.sessions.signIns.create(
      {
        sid,
        tenantId: ten.tenantId,
        userId: u.id,
        authTime: now,
        amr: ["pwd"],
        idleSeconds: 86400,
        idleExpiresAt: new Date(now.getTime() + 86400_000),
        absoluteExpiresAt: new Date(now.getTime() + 14 * 86400_000),
        createdAt: now,
        ipAddress: null,
        userAgent: null,
      },
      sha256Hex(secret),
    );
    const b = browser(t);
    b.jar.set("sso_session", `${sid}.${secret}`);
    expect(await silent(b)).toBe("code");
    const out = await decide(b, await b.get("/oauth2/logout"), "logout");
    expect(await textOf(out)).toContain("You are signed out");
    expect(await silent(b)).toBe("login_required");
    expect(await t.svc.sessions.signIns.get(ten.tenantId, sid, new Date())).toBeNull();
  });

  test("without a live session (no cookie, a malformed one, an ended one) the page says nothing was signed out, and clears no cookie", async () => {
    const none = await t.call("GET", "/oauth2/logout");
    expect(none.status).toBe(200);
    expect(none.headers.get("location")).toBeNull();
    expect(String(none.body)).toContain("Nothing was signed out");
    const b = browser(t);
    b.jar.set("sso_session", "not-a-session");
    for (const res of [await b.get("/oauth2/logout"), await b.get("/oauth2/logout?state=x")]) {
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("sso_session="))).toBe(false);
      const html = await res.text();
      expect(html).toContain("Nothing was signed out");
      expect(html).not.toContain('name="decision"');
    }
    // A session ended elsewhere between the question and the answer.
    const s = await signedIn([A]);
    const page = await s.b.get("/oauth2/logout");
    expect(
      (
        await t.call("DELETE", `/api/users/me/sessions/${s.sid}`, {
          token: (await t.login(s.u.email, PASSWORD)).accessToken,
        })
      ).status,
    ).toBe(200);
    const late = await decide(s.b, page, "logout");
    expect(await textOf(late)).toContain("Nothing was signed out");
    const de = await t.call("GET", "/oauth2/logout?ui_locales=de");
    expect(String(de.body)).toContain("Es wurde nichts abgemeldet");
    await logoutTokens(1);
  });

  test("the error pages of logout speak of signing out, never of signing in", async () => {
    const cases = [
      // A return address without a client to check it against: never followed.
      `/oauth2/logout?${new URLSearchParams({ post_logout_redirect_uri: AFTER })}`,
      `/oauth2/logout?state=a&state=b`,
      `/oauth2/logout?${new URLSearchParams({ client_id: "no-such-client" })}`,
      `/oauth2/logout?${new URLSearchParams({ client_id: A.clientId, post_logout_redirect_uri: "https://evil.example/x" })}`,
    ];
    for (const path of cases)
      for (const [lang, out, notIn] of [
        ["en", /sign-out|sign out|signed out/i, /sign-in (request|link)/i],
        ["de", /abmeld/i, /Anmeldeanfrage|Anmeldelink/i],
      ] as const) {
        const res = await t.call("GET", `${path}${path.includes("?") ? "&" : "?"}ui_locales=${lang}`);
        expect(res.status).toBe(400);
        expect(res.headers.get("location")).toBeNull();
        const text = String(res.body).replace(/<[^>]+>/g, " ");
        expect(text).toMatch(out);
        expect(text).not.toMatch(notIn);
      }
  });
});

describe("the person's sessions and consents", () => {
  test("lists sign-in sessions and refresh families; ends one; 'sign out everywhere' keeps the calling one", async () => {
    const s = await signedIn();
    const api = await t.login(s.u.email, PASSWORD);
    const list = await t.call("GET", "/api/users/me/sessions", { token: api.accessToken });
    expect(list.status).toBe(200);
    const kinds = list.body.map((x: { kind: string }) => x.kind);
    expect(kinds.filter((k: string) => k === "signin")).toHaveLength(1);
    expect(kinds.filter((k: string) => k === "refresh")).toHaveLength(3);
    const signin = list.body.find((x: { kind: string }) => x.kind === "signin");
    expect(signin.id).toBe(s.sid);
    expect(signin.clients.sort()).toEqual([A.clientId, B.clientId].sort());
    expect(list.body.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    const fromB = list.body.find((x: { clientId: string | null }) => x.clientId === B.clientId);
    expect(fromB.applicationId).toBe(appId);
    // Lists name the clients as registered, not by id (issue 37 item 8).
    const nameOf = async (id: string) => (await t.call("GET", `/api/clients/${id}`, { token: ten.token })).body.name;
    expect(fromB.clientName).toBe(await nameOf(B.clientId));
    expect([...signin.clientNames].sort()).toEqual([await nameOf(A.clientId), await nameOf(B.clientId)].sort());

    // Ending B's family alone: B's tokens die, A's live on.
    expect((await t.call("DELETE", `/api/users/me/sessions/${fromB.id}`, { token: api.accessToken })).status).toBe(200);
    expect((await refreshWith(B, s.tokens[1].refresh_token)).body.error).toBe("invalid_grant");
    expect(await introspect(s.tokens[1].access_token)).toEqual({ active: false });
    expect((await introspect(s.tokens[0].access_token)).active).toBe(true);
    expect((await logoutTokens(1))[0].aud).toBe(B.clientId);
    rx.received.length = 0;

    const all = await t.call("POST", "/api/users/me/sessions/revoke-all", { token: api.accessToken });
    expect(all.status).toBe(200);
    expect(all.body.revoked).toBe(2);
    // The sign-in session ended: every client that got tokens in it hears of it (B again, harmlessly).
    const lts = await logoutTokens(2);
    expect(lts.map((p) => p.aud).sort()).toEqual([A.clientId, B.clientId].sort());
    for (const p of lts) expect(p.sid).toBe(s.sid);
    await expectEnded(s);
    // The caller's own session goes on.
    expect((await t.call("GET", "/api/users/me/sessions", { token: api.accessToken })).body).toHaveLength(1);
    expect((await introspect(api.accessToken)).active).toBe(true);
    expect((await t.call("DELETE", `/api/users/me/sessions/${s.sid}`, { token: api.accessToken })).status).toBe(404);
  });

  test("ending the sign-in session from the list ends it everywhere; another user's session is 404", async () => {
    const s = await signedIn();
    const other = await t.login((await createUser(t, ten.token, ten.rootOrgId)).email, PASSWORD);
    expect((await t.call("DELETE", `/api/users/me/sessions/${s.sid}`, { token: other.accessToken })).status).toBe(404);
    const api = await t.login(s.u.email, PASSWORD);
    expect((await t.call("DELETE", `/api/users/me/sessions/${s.sid}`, { token: api.accessToken })).status).toBe(200);
    await logoutTokens(2);
    await expectEnded(s);
  });

  test("consents to a third-party client are listed and withdrawn (audited); the next authorization asks again", async () => {
    const b = browser(t);
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const page = await b.get(authorizeUrl(C.clientId));
    const html = await page.text();
    const consent = await b.follow(
      await b.post("/oauth2/authorize/password", {
        csrf: fieldOf(html, "csrf"),
        interaction: fieldOf(html, "interaction"),
        email: u.email,
        password: PASSWORD,
      }),
    );
    const ch = await consent.text();
    const code = codeOf(
      await b.post("/oauth2/authorize/consent", {
        csrf: fieldOf(ch, "csrf"),
        interaction: fieldOf(ch, "interaction"),
        decision: "allow",
      }),
    );
    const tokens = await exchange(C, code);
    const api = await t.login(u.email, PASSWORD);
    const list = await t.call("GET", "/api/users/me/consents", { token: api.accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].clientId).toBe(C.clientId);
    expect(list.body[0].applicationId).toBe(appId);
    expect(list.body[0].scopes).toEqual(["email", "openid", "profile"]);
    expect((await t.call("DELETE", `/api/users/me/consents/${C.clientId}`, { token: api.accessToken })).status).toBe(
      200,
    );
    expect((await t.call("DELETE", `/api/users/me/consents/${C.clientId}`, { token: api.accessToken })).status).toBe(
      404,
    );
    expect((await t.call("GET", "/api/users/me/consents", { token: api.accessToken })).body).toEqual([]);
    expect((await refreshWith(C, tokens.refresh_token)).body.error).toBe("invalid_grant");
    expect(await silent(b, C.clientId)).toBe("consent_required");
    const audit = await t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=consent.withdrawn`, {
      token: ten.token,
    });
    expect(JSON.stringify(audit.body)).toContain(C.clientId);
  });
});

describe("administrators and account changes end sessions", () => {
  test("an administrator signs a user out everywhere: logout tokens without sid", async () => {
    const s = await signedIn();
    const r = await t.call("POST", `/api/users/${s.u.id}/sessions/revoke`, { token: ten.token });
    expect(r.status).toBe(200);
    expect(r.body.revoked).toBe(3);
    const lts = await logoutTokens(2);
    for (const p of lts) expect(p.sid).toBeUndefined();
    await expectEnded(s);
  });

  test("no takeover: a user manager without the target's system permissions is refused", async () => {
    const s = await signedIn([A]);
    const manager = await createUser(t, ten.token, ten.rootOrgId);
    const managerToken = (await t.login(manager.email, PASSWORD)).accessToken;
    // A plain user holds no USER_MANAGE at all.
    expect((await t.call("POST", `/api/users/${s.u.id}/sessions/revoke`, { token: managerToken })).status).toBe(403);
    // The tenant's other admin may not be signed out by a plain user either.
    const admin = await t.svc.store.users.findByEmail(ten.adminEmail);
    expect((await t.call("POST", `/api/users/${admin!.id}/sessions/revoke`, { token: managerToken })).status).toBe(403);
    expect(await silent(s.b)).toBe("code");
  });

  test("another tenant's administrator gets 404 and ends nothing", async () => {
    const s = await signedIn([A]);
    const other = await provisionTenant(t);
    expect((await t.call("POST", `/api/users/${s.u.id}/sessions/revoke`, { token: other.token })).status).toBe(404);
    expect(await silent(s.b)).toBe("code");
    // Nor can the other tenant's resource server see this tenant's tokens.
    const rs = await ok(
      t.call("POST", "/api/clients", { token: other.token, body: { name: uniq("RS"), orgId: other.rootOrgId } }),
    );
    expect((await form("/oauth2/introspect", { token: s.tokens[0].access_token }, rs)).body).toEqual({ active: false });
    expect((await introspect(s.tokens[0].access_token)).active).toBe(true);
  });

  for (const kind of ["disable", "erase", "reset"] as const)
    test(`${kind} ends the sign-in session and the families, with logout tokens`, async () => {
      const s = await signedIn();
      if (kind === "reset") {
        // A setup link is redeemed by the same reset (CONTRACT §4: a reset ends all the user's sessions).
        const link = await t.call("POST", `/api/users/${s.u.id}/password-setup-link`, { token: ten.token });
        expect(link.status).toBe(200);
        const done = await t.call("POST", "/api/auth/password/reset", {
          body: { token: link.body.token, newPassword: "another-password-9" },
        });
        expect(done.status).toBe(200);
      } else expect((await t.call("POST", `/api/users/${s.u.id}/${kind}`, { token: ten.token })).status).toBe(200);
      const lts = await logoutTokens(2);
      for (const p of lts) expect(p.sid).toBeUndefined();
      await expectEnded(s);
    });
});
