/**
 * `response_mode=form_post` (OAuth 2.0 Form Post Response Mode; CONTRACT §12), black-box through
 * the real app: every answer that would go back to the client in the query (the code, and the
 * errors sent to the redirect URI) is instead a page whose form POSTs the same parameters to the
 * redirect URI, submitted by a script file of this origin (no inline script) or, without
 * JavaScript, a `<noscript>` button; `Cache-Control: no-store`; `form-action` names the redirect
 * URI; branded and in the page's language. Any other response_mode is invalid_request in the query.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { pageAssetRoutes } from "../../src/http/pages";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { browser as browserOf, exchangeCode, PKCE_CHALLENGE, submit } from "../support/hosted-pages";
import { createUser, ok, PASSWORD, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let client: string;
let third: string;
const REDIRECT = "https://app.example.com/cb?tenant=a";
const browser = () => browserOf(t);
const assets = pageAssetRoutes();

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/fp"), name: "Shop" },
    }),
  );
  const register = async (over: Record<string, unknown>) =>
    (
      await ok(
        t.call("POST", "/api/clients", {
          token: ten.token,
          body: {
            name: "Photo Printing",
            orgId: ten.rootOrgId,
            applicationId: app.id,
            grantTypes: ["authorization_code"],
            redirectUris: [REDIRECT],
            ...over,
          },
        }),
      )
    ).clientId as string;
  client = await register({ type: "public" });
  third = await register({ firstParty: false });
  await ok(
    t.call("PUT", "/api/branding", {
      token: ten.token,
      body: { displayName: "Acme Identity", primaryColor: "#f2c500" },
    }),
  );
});
afterAll(() => t.close());

const authorizeUrl = (extra: Record<string, string> = {}, clientId = client) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    response_mode: "form_post",
    scope: "openid",
    state: "st-fp",
    nonce: "n",
    code_challenge: PKCE_CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

const decode = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * The form_post page's answer: checks what every such page must be (200, HTML, no-store, no
 * redirect, CSP with only this origin's scripts and the redirect URI as form target, one form
 * POSTing to the redirect URI, every script a file of this origin, a `<noscript>` button), and
 * answers its hidden fields in order.
 */
async function formPost(res: Response): Promise<{ fields: [string, string][]; html: string }> {
  expect(res.status).toBe(200);
  expect(res.headers.get("location")).toBeNull();
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(res.headers.get("cache-control")).toContain("no-store");
  const csp = res.headers.get("content-security-policy")!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("form-action 'self' https://app.example.com;");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  const html = await res.text();
  const forms = [...html.matchAll(/<form([^>]*)>/g)].map((m) => m[1]);
  expect(forms).toHaveLength(1);
  expect(forms[0]).toContain('method="post"');
  expect(decode(/action="([^"]*)"/.exec(forms[0])![1])).toBe(REDIRECT);
  // No inline script: every <script> names a file and has no body; no event-handler attribute.
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  expect(scripts[0][2]).toBe("");
  const src = /src="(\/pages\/assets\/form-post\.[0-9a-f]{12}\.js)"/.exec(scripts[0][1])?.[1];
  expect(src).toBeDefined();
  // A classic deferred script, not a module: browsers without module support (the OpenID
  // conformance suite's HtmlUnit) must still submit the answer.
  expect(scripts[0][1]).not.toContain("type=");
  expect(scripts[0][1]).toMatch(/\sdefer(\s|=|$)/);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  // Without JavaScript: a submit button inside <noscript>.
  expect(html).toMatch(/<noscript>[\s\S]*<button type="submit"[\s\S]*<\/noscript>/);
  // The script is served by the service (the page asset route, mounted by src/main.ts).
  const asset = await assets.handle(new Request(`${ISSUER}${src}`));
  expect(asset.status).toBe(200);
  expect(asset.headers.get("content-type")).toContain("javascript");
  const code = await asset.text();
  expect(code).toContain("submit");
  // Loadable as a classic script: no import or export statement; waits for the form if run early.
  expect(code).not.toMatch(/(^|[;}])\s*(import|export)\b/);
  expect(code).toContain("DOMContentLoaded");
  // The CSRF token of the pages never goes to the client.
  expect(html).not.toContain('name="csrf"');
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/?>/g)].map(
    (m): [string, string] => [m[1], decode(m[2])],
  );
  return { fields, html };
}

describe("response_mode=form_post", () => {
  test("discovery lists query and form_post", async () => {
    const d = await t.call("GET", "/.well-known/openid-configuration");
    expect(d.body.response_modes_supported).toEqual(["query", "form_post"]);
  });

  test("the code: a branded page posts code, state and iss to the redirect URI; the code redeems", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const signIn = await b.get(authorizeUrl());
    expect(signIn.status).toBe(200);
    // The sign-in POST is answered with the page itself (its code cannot wait for a GET).
    const answered = await submit(b, signIn, "/oauth2/authorize/password", { email: u.email, password: PASSWORD });
    expect(b.jar.has("sso_session")).toBe(true);
    const { fields, html } = await formPost(answered);
    expect(fields.map(([k]) => k)).toEqual(["code", "state", "iss"]);
    const f = Object.fromEntries(fields);
    expect(f.state).toBe("st-fp");
    expect(f.iss).toBe(ISSUER);
    expect(html).toContain("Acme Identity");
    expect(html).toContain("Returning to Photo Printing");
    const r = await exchangeCode(t, client, f.code, REDIRECT);
    expect(r.status).toBe(200);
    expect(r.body.id_token).toBeString();

    // Single sign-on: the next request is answered at once with the page.
    const sso = await formPost(await b.get(authorizeUrl({ state: "st-2" })));
    expect(Object.fromEntries(sso.fields).state).toBe("st-2");
  });

  test("in German with ui_locales=de", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const signIn = await b.get(authorizeUrl({ ui_locales: "de" }));
    const { html } = await formPost(
      await submit(b, signIn, "/oauth2/authorize/password", { email: u.email, password: PASSWORD }),
    );
    expect(html).toContain('lang="de"');
    expect(html).toContain("Zurück zu Photo Printing");
    expect(html).toContain("Weiter");
  });

  test("an error after validation (prompt=none, nobody signed in) is posted: error, error_description, state, iss", async () => {
    const { fields } = await formPost(await browser().get(authorizeUrl({ prompt: "none" })));
    expect(fields.map(([k]) => k)).toEqual(["error", "error_description", "state", "iss"]);
    const f = Object.fromEntries(fields);
    expect(f.error).toBe("login_required");
    expect(f.state).toBe("st-fp");
    expect(f.iss).toBe(ISSUER);
  });

  test("an error of the request's own checks is posted too (unsupported_response_type, a plain PKCE method)", async () => {
    for (const [extra, error] of [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
    ] as const) {
      const f = Object.fromEntries((await formPost(await browser().get(authorizeUrl(extra)))).fields);
      expect(f.error).toBe(error);
      expect(f.state).toBe("st-fp");
      expect(f.iss).toBe(ISSUER);
    }
  });

  test("consent denied is posted as access_denied", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const b = browser();
    const signIn = await b.get(authorizeUrl({}, third));
    const consent = await b.follow(
      await submit(b, signIn, "/oauth2/authorize/password", { email: u.email, password: PASSWORD }),
    );
    expect(consent.status).toBe(200);
    const f = Object.fromEntries(
      (await formPost(await submit(b, consent, "/oauth2/authorize/consent", { decision: "deny" }))).fields,
    );
    expect(f.error).toBe("access_denied");
    expect(f.state).toBe("st-fp");
  });

  test("an unknown client or redirect URI is still an error page, never a post", async () => {
    const r = await browser().get(authorizeUrl({}, "cli_AAAAAAAAAAAAAAAAAAAAAA"));
    expect(r.status).toBe(400);
    expect(await r.text()).not.toContain("<form");
    const bad = await browser().get(authorizeUrl({ redirect_uri: "https://evil.example.com/cb" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain("evil.example.com");
  });

  test("a request object (not supported) that asks for form_post gets request_not_supported posted, with its state", async () => {
    // OIDC Core §6.1: every parameter may travel only in the object (alg none here, as the
    // conformance suite's oidcc-unsigned-request-object module sends it).
    const jwt = (claims: Record<string, unknown>) =>
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
    const inQuery = (request: string) =>
      `/oauth2/authorize?${new URLSearchParams({ client_id: client, redirect_uri: REDIRECT, response_type: "code", scope: "openid", request })}`;
    const object = { client_id: client, redirect_uri: REDIRECT, response_type: "code", scope: "openid", nonce: "n" };
    const f = Object.fromEntries(
      (await formPost(await browser().get(inQuery(jwt({ ...object, response_mode: "form_post", state: "st-ro" })))))
        .fields,
    );
    expect(f).toEqual({
      error: "request_not_supported",
      error_description: expect.any(String),
      state: "st-ro",
      iss: ISSUER,
    });
    // Without response_mode in the object: the query, still with the object's state.
    const res = await browser().get(inQuery(jwt({ ...object, state: "st-ro" })));
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get("location")!);
    expect(loc.searchParams.get("error")).toBe("request_not_supported");
    expect(loc.searchParams.get("state")).toBe("st-ro");
    // The query's own response_mode and state win; a request value that is not a JWT changes nothing.
    const q = await browser().get(
      `${inQuery(jwt({ ...object, response_mode: "form_post", state: "x" }))}&state=st-q&response_mode=query`,
    );
    const ql = new URL(q.headers.get("location")!);
    expect(ql.searchParams.get("error")).toBe("request_not_supported");
    expect(ql.searchParams.get("state")).toBe("st-q");
    const junk = await browser().get(inQuery("not-a-jwt"));
    expect(junk.status).toBe(303);
    expect(new URL(junk.headers.get("location")!).searchParams.get("state")).toBeNull();
  });

  test("any other response_mode is invalid_request, answered in the query", async () => {
    for (const mode of ["fragment", "form_post.jwt", "jwt"]) {
      const res = await browser().get(authorizeUrl({ response_mode: mode }));
      expect(res.status).toBe(303);
      const loc = new URL(res.headers.get("location")!);
      expect(`${loc.origin}${loc.pathname}`).toBe("https://app.example.com/cb");
      expect(loc.searchParams.get("tenant")).toBe("a");
      expect(loc.searchParams.get("error")).toBe("invalid_request");
      expect(loc.searchParams.get("state")).toBe("st-fp");
      expect(loc.searchParams.get("iss")).toBe(ISSUER);
    }
  });
});
