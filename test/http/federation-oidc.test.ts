/**
 * Enterprise sign-in at an organization's own OpenID provider (CONTRACT §16, issue 38 items 3, 4, 6)
 * through the real app, on the store TEST_STORE names:
 * - "Contoso's IdP": panva's oidc-provider, started here on a local port, its dev login pages
 *   driven like a browser; home-realm discovery, JIT, linking, access_denied back to the client;
 * - the takeover set: an upstream asserting the email of a user of another tenant, of an
 *   unverified domain, of a platform administrator, or an unverified email;
 * - a hand-made upstream whose ID tokens are wrong one way each (nonce, iss, aud, signature,
 *   `alg: none`, expired), a forged or replayed state: each an error page, never a 500.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Provider from "oidc-provider";
import { ADMIN_EMAIL, makeTestApp, type TestApp } from "../support/app";
import { forcedDomain as forcedDomainOf, freshDomain, portalClient, upstreamTarget } from "../support/federation";
import { atOidcProvider, handedBack } from "../support/upstream-drivers";
import { browser, exchangeCode, authorizePath, codeOfRedirect, fieldOf, submit } from "../support/hosted-pages";
import {
  claimsOf,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  type TenantFixture,
} from "./directory-fixtures";

const REDIRECT = "https://app.contoso.example/cb";
const UPSTREAM_CLIENT = "sso-at-contoso";
const UPSTREAM_SECRET = "contoso-idp-client-secret-0123456789";

let t: TestApp;
let admin: string;
let a: TenantFixture;
let b: TenantFixture;
let clientA: string;
/** Contoso's verified domain, a second verified domain with ssoRequired, and tenant B's verified domain. */
let dA: string;
let dSso: string;
let dB: string;
let contoso: { id: number; redirectUri: string };
let strictConn: { id: number; redirectUri: string };
let upstreamUrl: string;
let upstream: { close(): void };
/** The people Contoso's IdP knows: account id → claims. */
const people = new Map<string, Record<string, unknown>>();

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const fresh = freshDomain;
const forcedDomain = (token: string, orgId: number, domain: string) => forcedDomainOf(t, admin, token, orgId, domain);
async function connection(orgId: number, body: Record<string, unknown>) {
  return ok(
    t.call("POST", `/api/organizations/${orgId}/identity-providers`, {
      token: a.token,
      body: { kind: "oidc", name: "Contoso IdP", enabled: true, jit: { enabled: true }, ...body },
    }),
  );
}

beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.adminToken();
  a = await provisionTenant(t, uniq("Contoso"));
  b = await provisionTenant(t, uniq("Fabrikam"));
  clientA = await portalClient(t, a.token, a.rootOrgId, REDIRECT);
  dA = fresh("contoso");
  dSso = fresh("contoso-strict");
  dB = fresh("fabrikam");
  await forcedDomain(a.token, a.rootOrgId, dA);
  await forcedDomain(a.token, a.rootOrgId, dSso);
  await forcedDomain(b.token, b.rootOrgId, dB);

  const port = await freePort();
  upstreamUrl = `http://127.0.0.1:${port}`;
  const oidc = { issuer: upstreamUrl, clientId: UPSTREAM_CLIENT, clientSecret: UPSTREAM_SECRET };
  contoso = await connection(a.rootOrgId, { domains: [dA], oidc });
  strictConn = await connection(a.rootOrgId, { domains: [dSso], oidc, ssoRequired: true, jit: { enabled: false } });

  // Contoso's IdP: a real OpenID provider, its ID tokens carrying the email claims.
  const provider = new Provider(upstreamUrl, {
    clients: [
      {
        client_id: UPSTREAM_CLIENT,
        client_secret: UPSTREAM_SECRET,
        redirect_uris: [contoso.redirectUri, strictConn.redirectUri],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...(people.get(id) ?? {}) }),
    }),
  });
  const server = provider.listen(port);
  upstream = { close: () => server.close() };
});
afterAll(async () => {
  upstream?.close();
  await t.close();
});

/** A person at Contoso's IdP (account id = subject). */
function person(claims: Record<string, unknown>): string {
  const id = uniq("upstream-sub");
  people.set(id, claims);
  return id;
}

/** Drives Contoso's IdP like a browser (its dev login as `accountId`, or abort) until it redirects back to us. */
const atUpstream = (authorizationUrl: string, accountId: string | "abort") =>
  atOidcProvider(authorizationUrl, accountId, "http://sso.test");

/** From an answer of ours that leaves for the upstream, the upstream's authorization URL. */
const toUpstream = (br: ReturnType<typeof browser>, res: Response) => upstreamTarget(br, res, "oidc");

/** The whole sign-in: our authorization request, the identifier page, the upstream, back; the final answer. */
async function federated(accountId: string | "abort", email: string, extra: Record<string, string> = {}) {
  const br = browser(t);
  let res = await br.get(authorizePath(clientA, REDIRECT, { scope: "openid email", ...extra }));
  if (res.status === 200) res = await submit(br, res, "/oauth2/authorize/identify", { email });
  const callback = await atUpstream(await toUpstream(br, res), accountId);
  return { br, res: await handedBack(await br.get(callback)) };
}

const auditOf = async (action: string) =>
  ok(t.call("GET", `/api/audit?organizationId=${a.rootOrgId}&action=${action}`, { token: a.token }));

describe("home-realm discovery", () => {
  test("the tenant has a connection: the email first; another domain goes to the password page, whether or not an account exists", async () => {
    const br = browser(t);
    const page = await br.get(authorizePath(clientA, REDIRECT));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('action="/oauth2/authorize/identify"');
    expect(html).not.toContain('name="password"');
    const known = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("known")}@elsewhere.example` });
    const pages: string[] = [];
    for (const email of [known.email, `${uniq("nobody")}@elsewhere.example`]) {
      const again = browser(t);
      const first = await again.get(authorizePath(clientA, REDIRECT));
      const next = await submit(again, first, "/oauth2/authorize/identify", { email });
      expect(next.status).toBe(303);
      expect(next.headers.get("location")).toStartWith("/oauth2/authorize/resume?");
      const shown = await again.follow(next);
      const text = await shown.text();
      expect(text).toContain('name="password"');
      expect(fieldOf(text, "email")).toBe(email);
      pages.push(
        text
          .replace(/value="[^"]*"/g, "")
          .replace(/interaction=[^"&]*/g, "")
          .replace(/challenge&quot;:&quot;[^&]*/g, ""),
      );
    }
    // The same page for a known and an unknown email (hidden values and the email aside).
    expect(pages[0]).toBe(pages[1]);
  });

  test("a German identifier page", async () => {
    const br = browser(t);
    const page = await br.get(authorizePath(clientA, REDIRECT, { ui_locales: "de" }));
    expect(await page.text()).toContain("E-Mail");
  });

  test("login_hint, idp= and organization= skip the question", async () => {
    const hinted = await browser(t).get(authorizePath(clientA, REDIRECT, { login_hint: `x@${dA}` }));
    expect(hinted.headers.get("location")).toStartWith(`/federation/oidc/${contoso.id}/start?`);
    const byIdp = await browser(t).get(authorizePath(clientA, REDIRECT, { idp: String(strictConn.id) }));
    expect(byIdp.headers.get("location")).toStartWith(`/federation/oidc/${strictConn.id}/start?`);
    // organization= with two enabled connections serving it: the question is asked.
    const byOrg = await browser(t).get(authorizePath(clientA, REDIRECT, { organization: String(a.rootOrgId) }));
    expect(byOrg.status).toBe(200);
    // A login_hint of another domain: the password page with it filled in.
    const other = await browser(t).get(authorizePath(clientA, REDIRECT, { login_hint: "y@elsewhere.example" }));
    expect(other.status).toBe(200);
    expect(fieldOf(await other.text(), "email")).toBe("y@elsewhere.example");
  });

  test("ssoRequired: a right password is refused on the API and the pages; platform administrators keep theirs", async () => {
    const u = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("dave")}@${dSso}` });
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      403,
      "FORBIDDEN",
    );
    const br = browser(t);
    const page = await br.get(authorizePath(clientA, REDIRECT, { login_hint: "y@elsewhere.example" }));
    const html = await page.text();
    const refused = await br.post("/oauth2/authorize/password", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      email: u.email,
      password: PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("identity provider");
    // Another domain of the tenant keeps passwords.
    expect((await t.login(a.adminEmail, PASSWORD)).accessToken).toBeTruthy();
  });

  test("a connection created, changed or deleted reaches the very next sign-in (the tenant's list is cached until the directory changes)", async () => {
    const domain = fresh("contoso-later");
    await forcedDomain(a.token, a.rootOrgId, domain);
    const u = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("erin")}@${domain}` });
    const login = () => t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } });
    expect((await login()).status).toBe(200);
    const settings = {
      kind: "oidc",
      name: "Contoso later",
      enabled: true,
      domains: [domain],
      jit: { enabled: false },
      ssoRequired: true,
      oidc: { issuer: upstreamUrl, clientId: UPSTREAM_CLIENT, clientSecret: UPSTREAM_SECRET },
    };
    const conn = await connection(a.rootOrgId, settings);
    expectProblem(await login(), 403, "FORBIDDEN");
    const path = `/api/organizations/${a.rootOrgId}/identity-providers/${conn.id}`;
    await ok(t.call("PUT", path, { token: a.token, body: { ...settings, enabled: false } }));
    expect((await login()).status).toBe(200);
    await ok(t.call("PUT", path, { token: a.token, body: settings }));
    expectProblem(await login(), 403, "FORBIDDEN");
    await ok(t.call("DELETE", path, { token: a.token }));
    expect((await login()).status).toBe(200);
  });

  test("ssoRequired never takes the platform administrator's password; other people of the platform tenant's domain lose theirs", async () => {
    const [{ organizationId: platformRoot }] = await ok(t.call("GET", "/api/users/me/memberships", { token: admin }));
    const domain = ADMIN_EMAIL.split("@")[1];
    await ok(t.call("POST", `/api/organizations/${platformRoot}/domains`, { token: admin, body: { domain } }));
    await ok(
      t.call("POST", `/api/organizations/${platformRoot}/domains/${domain}/verify`, {
        token: admin,
        body: { force: true },
      }),
    );
    const staff = await createUser(t, admin, platformRoot, { email: `${uniq("staff")}@${domain}` });
    const conn = await ok(
      t.call("POST", `/api/organizations/${platformRoot}/identity-providers`, {
        token: admin,
        body: {
          kind: "oidc",
          name: "Platform IdP",
          enabled: true,
          domains: [domain],
          jit: { enabled: false },
          ssoRequired: true,
          oidc: { issuer: upstreamUrl, clientId: UPSTREAM_CLIENT, clientSecret: UPSTREAM_SECRET },
        },
      }),
    );
    try {
      expect((await t.login(ADMIN_EMAIL)).accessToken).toBeTruthy();
      expectProblem(
        await t.call("POST", "/api/auth/login", { body: { email: staff.email, password: PASSWORD } }),
        403,
        "FORBIDDEN",
      );
    } finally {
      await ok(t.call("DELETE", `/api/organizations/${platformRoot}/identity-providers/${conn.id}`, { token: admin }));
    }
  });
});

describe("upstream OIDC (Contoso's IdP: oidc-provider)", () => {
  test("first sign-in creates the person (JIT, email verified, no password); the ID token's amr holds fed; the next one follows the link", async () => {
    const email = `${uniq("alice")}@${dA}`;
    const sub = person({ email, email_verified: true, name: "Alice Upstream" });
    const { res } = await federated(sub, email);
    const code = codeOfRedirect(res, REDIRECT, "s");
    const tokens = await exchangeCode(t, clientA, code, REDIRECT);
    expect(tokens.status).toBe(200);
    const id = claimsOf(tokens.body.id_token);
    expect(id.amr).toContain("fed");
    expect(id.email).toBe(email);
    expect(id.email_verified).toBe(true);
    const user = await t.stores.store.users.findByEmail(email);
    expect(user).toMatchObject({
      tenantId: a.tenantId,
      organizationId: a.rootOrgId,
      emailVerified: true,
      passwordHash: null,
    });
    expect(id.sub).toBe(String(user!.id));
    expect((await auditOf("federation.jit_created")).some((e: any) => e.userId === user!.id)).toBe(true);
    // The second time: the link, even after the upstream changed the email (never keyed by email).
    people.set(sub, { email: `renamed-${email}`, email_verified: true });
    const again = await federated(sub, email);
    const second = await exchangeCode(t, clientA, codeOfRedirect(again.res, REDIRECT, "s"), REDIRECT);
    expect(claimsOf(second.body.id_token).sub).toBe(String(user!.id));
  });

  test("an existing user of the tenant with an email of the connection's verified domain is linked", async () => {
    const u = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("carol")}@${dA}` });
    const sub = person({ email: u.email, email_verified: true });
    const { res } = await federated(sub, u.email);
    const tokens = await exchangeCode(t, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
    expect(claimsOf(tokens.body.id_token).sub).toBe(String(u.id));
    expect(await t.stores.store.externalIdentities.find(a.tenantId, contoso.id, sub)).toMatchObject({ userId: u.id });
    expect((await auditOf("federation.linked")).some((e: any) => e.userId === u.id)).toBe(true);
  });

  test("erasing a federated user removes their upstream links", async () => {
    const email = `${uniq("erased")}@${dA}`;
    const sub = person({ email, email_verified: true });
    const { res } = await federated(sub, email);
    codeOfRedirect(res, REDIRECT, "s");
    const user = (await t.stores.store.users.findByEmail(email))!;
    expect(await t.stores.store.externalIdentities.find(a.tenantId, contoso.id, sub)).not.toBeNull();
    const r = await t.call("POST", `/api/users/${user.id}/erase`, { token: a.token });
    expect(r.status).toBeLessThan(300);
    expect(await t.stores.store.externalIdentities.find(a.tenantId, contoso.id, sub)).toBeNull();
  });

  test("the way back to the application is a page (its form goes there; its CSP names only it), not a redirect chain", async () => {
    const email = `${uniq("back")}@${dA}`;
    const br = browser(t);
    const first = await br.get(authorizePath(clientA, REDIRECT, { login_hint: email }));
    const callback = await atUpstream(await toUpstream(br, first), person({ email, email_verified: true }));
    const res = await br.get(callback);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("sso_session=");
    expect(res.headers.get("content-security-policy")).toContain(`form-action 'self' ${new URL(REDIRECT).origin};`);
    const back = new URL((await handedBack(res)).headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("s");
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  test("access_denied at the upstream goes back to the client with that error", async () => {
    const { res } = await federated("abort", `${uniq("x")}@${dA}`);
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get("location")!);
    expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT);
    expect(loc.searchParams.get("error")).toBe("access_denied");
    expect(loc.searchParams.get("state")).toBe("s");
  });

  test("a disabled user is refused with a page", async () => {
    const u = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("gone")}@${dA}` });
    await t.stores.store.users.update(a.tenantId, u.id, { status: "DISABLED" });
    const { res } = await federated(person({ email: u.email, email_verified: true }), u.email);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("not active");
  });

  test("no JIT and no account: a clear page", async () => {
    const email = `${uniq("nojit")}@${dSso}`;
    const { res } = await federated(person({ email, email_verified: true }), email);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("no account here");
  });
});

describe("two instances sharing the stores", () => {
  test("the sign-in started on one instance is finished by the other's callback; the state is used once across both", async () => {
    const other = await makeTestApp({ stores: t.stores });
    try {
      const email = `${uniq("roamer")}@${dA}`;
      const br = browser(t);
      const first = await br.get(authorizePath(clientA, REDIRECT, { login_hint: email }));
      const callback = await atUpstream(await toUpstream(br, first), person({ email, email_verified: true }));
      const onOther = browser(other);
      for (const [k, v] of br.jar) onOther.jar.set(k, v);
      const res = await handedBack(await onOther.get(callback));
      const tokens = await exchangeCode(other, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
      expect(claimsOf(tokens.body.id_token).amr).toContain("fed");
      // The same callback again, on the first instance: the state was consumed.
      expect((await br.get(callback)).status).toBe(400);
    } finally {
      await other.svc.delivery.stop();
      await other.svc.idle();
    }
  });
});

describe("takeover set", () => {
  const refusedPage = async (claims: Record<string, unknown>, typed = `${uniq("z")}@${dA}`) => {
    const sub = person(claims);
    const { res } = await federated(sub, typed);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await t.stores.store.externalIdentities.find(a.tenantId, contoso.id, sub)).toBeNull();
    return res.text();
  };

  test("an upstream answer opened in another browser (login CSRF: someone's callback link) is refused there", async () => {
    const email = `${uniq("csrf")}@${dA}`;
    const starter = browser(t);
    const first = await starter.get(authorizePath(clientA, REDIRECT, { login_hint: email }));
    const sub = person({ email, email_verified: true });
    const callback = await atUpstream(await toUpstream(starter, first), sub);
    const victim = browser(t);
    const res = await victim.get(callback);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("set-cookie") ?? "").not.toContain("sso_session=");
    expect(victim.jar.has("sso_session")).toBe(false);
    expect(await t.stores.store.externalIdentities.find(a.tenantId, contoso.id, sub)).toBeNull();
  });

  test("an upstream of tenant A asserting the email of a user of tenant B (another domain) is refused", async () => {
    const bob = await createUser(t, b.token, b.rootOrgId, { email: `${uniq("bob")}@${dB}` });
    expect(await refusedPage({ email: bob.email, email_verified: true })).toContain("not allowed");
    expect((await t.stores.store.users.get(b.tenantId, bob.id))!.status).toBe("ACTIVE");
  });

  test("the email of an existing user of the tenant at an unverified domain is refused", async () => {
    const eve = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("eve")}@${fresh("unverified")}` });
    await refusedPage({ email: eve.email, email_verified: true });
  });

  test("the platform administrator's email is refused", async () => {
    await refusedPage({ email: ADMIN_EMAIL, email_verified: true });
  });

  test("a sign-in of tenant A's client is never sent to tenant B's provider", async () => {
    const bConn = await ok(
      t.call("POST", `/api/organizations/${b.rootOrgId}/identity-providers`, {
        token: b.token,
        body: {
          kind: "oidc",
          name: "Fabrikam IdP",
          enabled: true,
          domains: [dB],
          jit: { enabled: true },
          oidc: { issuer: upstreamUrl, clientId: UPSTREAM_CLIENT, clientSecret: UPSTREAM_SECRET },
        },
      }),
    );
    const br = browser(t);
    // idp= of another tenant's connection is not one of the tenant's: the identifier page.
    const page = await br.get(authorizePath(clientA, REDIRECT, { idp: String(bConn.id) }));
    expect(page.status).toBe(200);
    const handle = fieldOf(await page.text(), "interaction");
    const forged = await br.get(`/federation/oidc/${bConn.id}/start?${new URLSearchParams({ interaction: handle })}`);
    expect(forged.status).toBe(400);
  });

  test("an email the upstream did not verify never links an existing account", async () => {
    const u = await createUser(t, a.token, a.rootOrgId, { email: `${uniq("unv")}@${dA}` });
    await refusedPage({ email: u.email, email_verified: false });
    // A new person of the connection's verified domain is created without it (no account is touched).
    const email = `${uniq("entra-style")}@${dA}`;
    const { res } = await federated(person({ email }), email);
    codeOfRedirect(res, REDIRECT, "s");
    expect((await t.stores.store.users.findByEmail(email))!.emailVerified).toBe(true);
  });
});

describe("invalid upstream answers (a hand-made upstream)", () => {
  let fake: ReturnType<typeof Bun.serve>;
  let conn: { id: number };
  let mode = "good";
  let key: CryptoKey;
  let otherKey: CryptoKey;
  let jwk: JWK;
  const lastNonce: { value?: string } = {};
  let fakeDomain = "";
  const fakeEmail = () => `${uniq("fake")}@${fakeDomain}`;

  beforeAll(async () => {
    const kp = await generateKeyPair("RS256");
    key = kp.privateKey;
    otherKey = (await generateKeyPair("RS256")).privateKey;
    jwk = { ...(await exportJWK(kp.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    const port = await freePort();
    const iss = `http://127.0.0.1:${port}`;
    fake = Bun.serve({
      port,
      hostname: "127.0.0.1",
      fetch: async (req) => {
        const p = new URL(req.url).pathname;
        if (p === "/.well-known/openid-configuration")
          return Response.json({
            issuer: iss,
            authorization_endpoint: `${iss}/authorize`,
            token_endpoint: `${iss}/token`,
            jwks_uri: `${iss}/jwks`,
            id_token_signing_alg_values_supported: ["RS256"],
            response_types_supported: ["code"],
            subject_types_supported: ["public"],
          });
        if (p === "/jwks") return Response.json({ keys: [jwk] });
        if (p === "/token") {
          const now = Math.floor(Date.now() / 1000);
          const claims: Record<string, unknown> = {
            sub: "fake-sub",
            email: fakeEmail(),
            email_verified: true,
            amr: ["pwd", "mfa", "not-a-method"],
            nonce: mode === "nonce" ? "another-nonce" : lastNonce.value,
          };
          let jwt: string;
          if (mode === "none") {
            const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
            jwt = `${enc({ alg: "none", typ: "JWT" })}.${enc({ ...claims, iss, aud: UPSTREAM_CLIENT, iat: now, exp: now + 300 })}.`;
          } else {
            jwt = await new SignJWT(claims)
              .setProtectedHeader({ alg: "RS256", kid: "k1" })
              .setIssuer(mode === "iss" ? "https://evil.example" : iss)
              .setAudience(mode === "aud" ? "someone-else" : UPSTREAM_CLIENT)
              .setIssuedAt(mode === "expired" ? now - 7200 : now)
              .setExpirationTime(mode === "expired" ? now - 3600 : now + 300)
              .sign(mode === "signature" ? otherKey : key);
          }
          return Response.json({ access_token: "at", token_type: "Bearer", id_token: jwt });
        }
        return new Response("not found", { status: 404 });
      },
    });
    const d = fresh("fake-upstream");
    fakeDomain = d;
    await forcedDomain(a.token, a.rootOrgId, d);
    conn = await connection(a.rootOrgId, {
      domains: [d],
      oidc: { issuer: iss, clientId: UPSTREAM_CLIENT, clientSecret: UPSTREAM_SECRET },
    });
  });
  afterAll(() => fake?.stop(true));

  /** Our start for the fake connection; the state and nonce it sent; then our callback with a code. */
  async function viaFake(m: string) {
    mode = m;
    const br = browser(t);
    const res = await br.get(authorizePath(clientA, REDIRECT, { idp: String(conn.id) }));
    const authz = new URL(await toUpstream(br, res));
    expect(authz.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authz.searchParams.get("nonce")).toBeTruthy();
    lastNonce.value = authz.searchParams.get("nonce")!;
    const state = authz.searchParams.get("state")!;
    const cb = `/federation/oidc/${conn.id}/callback?${new URLSearchParams({ code: "c", state })}`;
    return { br, state, res: await handedBack(await br.get(cb)), cb };
  }

  test("a well-formed answer signs in (the fake is sound); amr holds fed and the upstream's own RFC 8176 methods", async () => {
    const { res } = await viaFake("good");
    const tokens = await exchangeCode(t, clientA, codeOfRedirect(res, REDIRECT, "s"), REDIRECT);
    const id = claimsOf(tokens.body.id_token);
    expect([...id.amr].sort()).toEqual(["fed", "mfa", "pwd"]);
    expect(id.acr).toBe("urn:sso:acr:mfa");
  });

  for (const m of ["nonce", "iss", "aud", "signature", "none", "expired"])
    test(`an ID token with a bad ${m} is an error page, never a sign-in or a 500`, async () => {
      const { res } = await viaFake(m);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("cannot accept");
    });

  test("a replayed state, a forged state and a state of another connection are error pages", async () => {
    const { br, cb } = await viaFake("good");
    const replay = await br.get(cb);
    expect(replay.status).toBe(400);
    const forged = await br.get(`/federation/oidc/${conn.id}/callback?code=c&state=forged`);
    expect(forged.status).toBe(400);
    const none = await br.get(`/federation/oidc/${conn.id}/callback?code=c`);
    expect(none.status).toBe(400);
    const br2 = browser(t);
    const started = await br2.get(authorizePath(clientA, REDIRECT, { idp: String(conn.id) }));
    const state = new URL(await toUpstream(br2, started)).searchParams.get("state")!;
    const elsewhere = await br2.get(`/federation/oidc/${contoso.id}/callback?code=c&state=${state}`);
    expect(elsewhere.status).toBe(400);
  });
});
