// The authorization request's ordered checks (src/protocols/oidc/authorization-request.ts): one test per rule,
// named after it and citing it. Page failures are never redirected; the others go back with state.
import { describe, expect, test } from "bun:test";
import {
  type AuthorizationOutcome,
  type AuthorizeClient,
  LIMITS,
  REDIRECT_CHECKS,
  redirectUriMatches,
  s256Challenge,
  validateAuthorizationRequest,
} from "../../../src/protocols/oidc";
import { authorizationErrorRedirect } from "../../../src/protocols/oidc";

const CLIENT_ID = "cli_AAAAAAAAAAAAAAAAAAAAAA";
const REDIRECT = "https://app.example/cb";
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = s256Challenge(VERIFIER);
const ISS = "https://sso.example";

const aClient = (over: Partial<AuthorizeClient> = {}): AuthorizeClient => ({
  clientId: CLIENT_ID,
  tenantId: 1,
  organizationId: 10,
  type: "confidential",
  grantTypes: ["authorization_code", "refresh_token"],
  redirectUris: [REDIRECT],
  firstParty: true,
  requirePkce: true,
  ...over,
});

const BASE: Record<string, string> = {
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT,
  response_type: "code",
  scope: "openid profile",
  state: "xyz",
  code_challenge: CHALLENGE,
  code_challenge_method: "S256",
};

/** Params from BASE with overrides (`undefined` removes one); extra pairs appended as given (repeats). */
function params(over: Record<string, string | undefined> = {}, extra: [string, string][] = []): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...BASE, ...over })) if (v !== undefined) p.append(k, v);
  for (const [k, v] of extra) p.append(k, v);
  return p;
}

async function run(p: URLSearchParams, client: AuthorizeClient | null = aClient()): Promise<AuthorizationOutcome> {
  return validateAuthorizationRequest(p, async (id) => (client && id === client.clientId ? client : null));
}

async function valid(p: URLSearchParams, client?: AuthorizeClient) {
  const o = await run(p, client);
  if (o.kind !== "valid") throw new Error(`expected valid, got ${o.kind}: ${o.error.error} ${o.error.description}`);
  return o.request;
}

async function page(p: URLSearchParams, client?: AuthorizeClient | null) {
  const o = await run(p, client);
  if (o.kind !== "error_page") throw new Error(`expected error_page, got ${o.kind}`);
  return o.error;
}

async function redirected(p: URLSearchParams, client?: AuthorizeClient) {
  const o = await run(p, client);
  if (o.kind !== "redirect_error") throw new Error(`expected redirect_error, got ${o.kind}`);
  return o;
}

describe("a valid request", () => {
  test("RFC 6749 §4.1.1 + OIDC Core §3.1.2.1: a complete code request is valid and keeps what it was sent", async () => {
    const r = await valid(
      params({ nonce: "n-0S6", prompt: "login", max_age: "0", login_hint: "ann@example.com", organization: "42" }),
    );
    expect(r).toMatchObject({
      redirectUri: REDIRECT,
      responseType: "code",
      responseMode: "query",
      state: "xyz",
      scopes: ["openid", "profile"],
      openid: true,
      codeChallenge: CHALLENGE,
      codeChallengeMethod: "S256",
      nonce: "n-0S6",
      prompt: ["login"],
      maxAge: 0,
      loginHint: "ann@example.com",
      organizationId: 42,
    });
    expect(r.client.clientId).toBe(CLIENT_ID);
  });

  test("RFC 6749 §4.1.1: state is kept verbatim, byte for byte", async () => {
    const state = "a b+c/d?e=f&g#h\u00e9\u{1f600}";
    expect((await valid(params({ state }))).state).toBe(state);
  });

  test("RFC 6749 §3.1: a parameter sent without a value is treated as omitted", async () => {
    const r = await valid(params({ state: "", nonce: "" }));
    expect(r.state).toBeUndefined();
    expect(r.nonce).toBeUndefined();
  });

  test("RFC 6749 §3.1: unknown parameters are ignored, even repeated", async () => {
    const r = await valid(
      params({}, [
        ["foo", "1"],
        ["foo", "2"],
      ]),
    );
    expect(r.scopes).toEqual(["openid", "profile"]);
  });
});

describe("page phase: never a redirect (RFC 6749 §4.1.2.1)", () => {
  test("RFC 6749 §4.1.2.1: a missing client_id shows an error page, never a redirect", async () => {
    expect((await page(params({ client_id: undefined }))).error).toBe("invalid_request");
  });

  test("RFC 6749 §4.1.2.1: an unknown client_id shows an error page, never a redirect", async () => {
    expect((await page(params({ client_id: "cli_BBBBBBBBBBBBBBBBBBBBBB" }))).error).toBe("invalid_client");
  });

  test("RFC 6749 §4.1.2.1: a malformed client_id shows an error page without a lookup", async () => {
    let looked = false;
    const o = await validateAuthorizationRequest(params({ client_id: "not a client" }), async () => {
      looked = true;
      return aClient();
    });
    expect(o.kind).toBe("error_page");
    expect(looked).toBe(false);
  });

  test("RFC 6749 §3.1 + §4.1.2.1: a repeated client_id shows an error page", async () => {
    expect((await page(params({}, [["client_id", CLIENT_ID]]))).error).toBe("invalid_request");
  });

  test("RFC 6749 §4.1.2.1: a client without authorization_code shows an error page (unauthorized_client)", async () => {
    const machine = aClient({ grantTypes: ["client_credentials"], redirectUris: [] });
    expect((await page(params(), machine)).error).toBe("unauthorized_client");
  });

  test("OIDC Core §3.1.2.1: a missing redirect_uri shows an error page, even with one registered", async () => {
    expect((await page(params({ redirect_uri: undefined }))).error).toBe("invalid_request");
  });

  test("RFC 6749 §4.1.2.1: an unregistered redirect_uri shows an error page, never a redirect", async () => {
    expect((await page(params({ redirect_uri: "https://evil.example/cb" }))).error).toBe("invalid_request");
  });

  test("RFC 9700 §2.1: redirect_uri is compared by exact string (no prefix, case or slash normalisation)", async () => {
    for (const uri of [
      `${REDIRECT}/x`,
      `${REDIRECT}/`,
      "https://APP.example/cb",
      `${REDIRECT}?a=1`,
      "https://app.example:443/cb",
    ])
      expect((await page(params({ redirect_uri: uri }))).error).toBe("invalid_request");
  });

  test("RFC 3986 + our limit: a redirect_uri over 2000 characters shows an error page", async () => {
    const long = `${REDIRECT}?${"a".repeat(LIMITS.redirect_uri)}`;
    expect((await page(params({ redirect_uri: long }), aClient({ redirectUris: [long] }))).error).toBe(
      "invalid_request",
    );
  });

  test("RFC 6749 §3.1 + §4.1.2.1: a repeated redirect_uri shows an error page", async () => {
    expect((await page(params({}, [["redirect_uri", REDIRECT]]))).error).toBe("invalid_request");
  });

  test("page errors precede every other error: an unknown client with a bad response_type is a page", async () => {
    expect((await page(params({ client_id: "cli_BBBBBBBBBBBBBBBBBBBBBB", response_type: "token" }))).error).toBe(
      "invalid_client",
    );
  });
});

describe("RFC 8252 §7.3: loopback redirect URIs of public clients", () => {
  const pub = aClient({
    type: "public",
    redirectUris: ["http://127.0.0.1/cb", "http://[::1]:8080/cb", "http://localhost:3000/cb"],
  });

  test("RFC 8252 §7.3: a public client's loopback IP redirect URI matches with any port", async () => {
    expect((await valid(params({ redirect_uri: "http://127.0.0.1:51004/cb" }), pub)).redirectUri).toBe(
      "http://127.0.0.1:51004/cb",
    );
    expect((await valid(params({ redirect_uri: "http://[::1]:1/cb" }), pub)).redirectUri).toBe("http://[::1]:1/cb");
  });

  test("RFC 8252 §7.3: only the port may differ (path and host are still exact)", async () => {
    for (const uri of ["http://127.0.0.1:51004/cb2", "http://[::1]:51004/cb", "http://127.0.0.1:70000/cb"])
      expect(redirectUriMatches("http://127.0.0.1/cb", uri, pub)).toBe(false);
  });

  test("RFC 8252 §8.3: localhost is matched exactly, port included (not a loopback IP literal)", async () => {
    expect((await page(params({ redirect_uri: "http://localhost:3001/cb" }), pub)).error).toBe("invalid_request");
    expect((await valid(params({ redirect_uri: "http://localhost:3000/cb" }), pub)).redirectUri).toBe(
      "http://localhost:3000/cb",
    );
  });

  test("CONTRACT §12: a confidential client's loopback redirect URI is matched exactly, port included", async () => {
    const conf = aClient({ redirectUris: ["http://127.0.0.1:8080/cb"] });
    expect((await page(params({ redirect_uri: "http://127.0.0.1:9090/cb" }), conf)).error).toBe("invalid_request");
  });

  test("CONTRACT §12: the console client's redirect URI is matched exactly even when the issuer is on a loopback IP", async () => {
    for (const host of ["127.0.0.1", "[::1]"]) {
      const callback = `http://${host}:4555/console/callback`;
      const consoleClient = aClient({ clientId: "sso-console", type: "public", redirectUris: [callback] });
      for (const other of [`http://${host}:4556/console/callback`, `http://${host}/console/callback`]) {
        expect(redirectUriMatches(callback, other, consoleClient)).toBe(false);
        const p = params({ client_id: "sso-console", redirect_uri: other });
        expect((await page(p, consoleClient)).error).toBe("invalid_request");
      }
      const p = params({ client_id: "sso-console", redirect_uri: callback });
      expect((await valid(p, consoleClient)).redirectUri).toBe(callback);
    }
  });
});

describe("redirect phase: errors go back with state and iss (RFC 6749 §4.1.2.1, RFC 9207)", () => {
  test("RFC 6749 §4.1.2.1 + RFC 9207 §2: an error redirect carries error, error_description, state and iss", async () => {
    const o = await redirected(params({ response_type: "token" }));
    const url = new URL(authorizationErrorRedirect(o, ISS));
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get("error")).toBe("unsupported_response_type");
    expect(url.searchParams.get("error_description")).toBeTruthy();
    expect(url.searchParams.get("state")).toBe("xyz");
    expect(url.searchParams.get("iss")).toBe(ISS);
    expect(url.hash).toBe("");
  });

  test("RFC 6749 §3.1: any repeated known parameter is invalid_request (redirected)", async () => {
    for (const name of ["response_type", "scope", "code_challenge", "nonce", "prompt", "claims", "acr_values"]) {
      const o = await redirected(
        params(
          {},
          BASE[name]
            ? [[name, "x"]]
            : [
                [name, "x"],
                [name, "y"],
              ],
        ),
      );
      expect(o.error.error).toBe("invalid_request");
    }
  });

  test("RFC 6749 §4.1.2.1: a repeated state is invalid_request and no state is echoed", async () => {
    const o = await redirected(params({}, [["state", "other"]]));
    expect(o.error.error).toBe("invalid_request");
    expect(o.state).toBeUndefined();
  });

  test(`bounded state: a state over ${LIMITS.state} characters is invalid_request and is not echoed`, async () => {
    const o = await redirected(params({ state: "s".repeat(LIMITS.state + 1) }));
    expect(o.error.error).toBe("invalid_request");
    expect(o.state).toBeUndefined();
  });

  test("RFC 6749 §4.1.1: a missing response_type is invalid_request", async () => {
    expect((await redirected(params({ response_type: undefined }))).error.error).toBe("invalid_request");
  });

  test("RFC 6749 §4.1.2.1 + CONTRACT §12: a response_type other than code is unsupported_response_type", async () => {
    for (const t of ["token", "id_token", "code id_token", "none"])
      expect((await redirected(params({ response_type: t }))).error.error).toBe("unsupported_response_type");
  });

  test("OAuth Multiple Response Types §2.1 + Form Post Response Mode §2: query or form_post; any other response_mode is invalid_request, answered in the query", async () => {
    for (const m of ["fragment", "jwt", "form_post.jwt"]) {
      const o = await redirected(params({ response_mode: m }));
      expect(o.error.error).toBe("invalid_request");
      expect(o.responseMode).toBe("query");
    }
    expect((await valid(params({ response_mode: "query" }))).responseMode).toBe("query");
    expect((await valid(params({ response_mode: undefined }))).responseMode).toBe("query");
    expect((await valid(params({ response_mode: "form_post" }))).responseMode).toBe("form_post");
    // A form_post request's errors are posted like its answer; a repeated response_mode is answered in the query.
    expect((await redirected(params({ response_mode: "form_post", response_type: "token" }))).responseMode).toBe(
      "form_post",
    );
    expect(
      (await redirected(params({ response_mode: "form_post" }, [["response_mode", "form_post"]]))).responseMode,
    ).toBe("query");
  });

  test("OIDC Core §6.1 + §3.1.2.6: a request object is request_not_supported", async () => {
    expect((await redirected(params({ request: "eyJ.eyJ.sig" }))).error.error).toBe("request_not_supported");
  });

  test("OIDC Core §6.2 + §3.1.2.6: a request_uri is request_uri_not_supported", async () => {
    expect((await redirected(params({ request_uri: "https://app.example/r" }))).error.error).toBe(
      "request_uri_not_supported",
    );
  });

  test("OIDC Core §7.2.1 + §3.1.2.6: a registration parameter is registration_not_supported", async () => {
    expect((await redirected(params({ registration: "{}" }))).error.error).toBe("registration_not_supported");
  });
});

describe("PKCE (CONTRACT §12, OAuth 2.1 draft §4.1.1, RFC 7636, RFC 9700 §2.1.1)", () => {
  const noPkce = { code_challenge: undefined, code_challenge_method: undefined };

  test("RFC 7636 §4.4.1: a missing code_challenge is invalid_request for a public client and a confidential one by default", async () => {
    for (const client of [aClient(), aClient({ type: "public" }), aClient({ type: "public", requirePkce: false })])
      for (const p of [params({ code_challenge: undefined }), params(noPkce)])
        expect((await redirected(p, client)).error.error).toBe("invalid_request");
  });

  test("RFC 9700 §2.1.1: a confidential client registered with requirePkce false may omit it; the request then has no challenge", async () => {
    const r = await valid(params(noPkce), aClient({ requirePkce: false }));
    expect(r.codeChallenge).toBeUndefined();
    expect(r.codeChallengeMethod).toBeUndefined();
    expect(r.pkceRefusal).toBeUndefined();
  });

  test("a challenge such a client sends binds the request and follows every rule; a method alone is refused", async () => {
    const lenient = aClient({ requirePkce: false });
    expect((await valid(params(), lenient)).codeChallenge).toBe(CHALLENGE);
    for (const p of [
      params({ code_challenge_method: "plain" }),
      params({ code_challenge_method: undefined }),
      params({ code_challenge: "short" }),
      params({ code_challenge: undefined }),
    ])
      expect((await redirected(p, lenient)).error.error).toBe("invalid_request");
  });

  test("OIDC Core §3.1.2.6: with prompt=none a PKCE refusal is kept for the flow (login_required first), not answered", async () => {
    for (const p of [
      params({ ...noPkce, prompt: "none" }),
      params({ code_challenge_method: "plain", prompt: "none" }),
    ]) {
      const r = await valid(p, aClient({ type: "public" }));
      expect(r.pkceRefusal?.error).toBe("invalid_request");
      expect(r.codeChallenge).toBeUndefined();
    }
    // The kept refusal waits only for the session: a later check's error is still answered.
    expect((await redirected(params({ ...noPkce, prompt: "none", max_age: "x" }))).error.description).toContain(
      "max_age",
    );
  });

  test("OAuth 2.1 draft §4.1.1: code_challenge_method plain is invalid_request", async () => {
    expect((await redirected(params({ code_challenge_method: "plain" }))).error.error).toBe("invalid_request");
  });

  test("RFC 7636 §4.3: a missing code_challenge_method (which would mean plain) is invalid_request", async () => {
    expect((await redirected(params({ code_challenge_method: undefined }))).error.error).toBe("invalid_request");
  });

  test("RFC 7636 §4.2: a code_challenge that is not 43 base64url characters is invalid_request", async () => {
    for (const c of [CHALLENGE.slice(1), `${CHALLENGE}A`, `${CHALLENGE.slice(1)}~`, "a".repeat(128)])
      expect((await redirected(params({ code_challenge: c }))).error.error).toBe("invalid_request");
  });
});

describe("scope (RFC 6749 §3.3, OIDC Core §3.1.2.1, §11)", () => {
  test("OIDC Core §3.1.2.1: unknown scope values are ignored", async () => {
    expect((await valid(params({ scope: "openid api:read email" }))).scopes).toEqual(["openid", "email"]);
  });

  test("OIDC Core §3.1.2.1: without openid the request is plain OAuth 2.0 (no ID token)", async () => {
    const r = await valid(params({ scope: "profile" }));
    expect(r.openid).toBe(false);
    expect(r.scopes).toEqual(["profile"]);
  });

  test("RFC 6749 §3.3: an absent scope is the empty default set", async () => {
    const r = await valid(params({ scope: undefined }));
    expect(r).toMatchObject({ scopes: [], openid: false });
  });

  test("RFC 6749 §3.3: a scope token outside the NQCHAR grammar is invalid_scope", async () => {
    expect((await redirected(params({ scope: 'openid "quoted"' }))).error.error).toBe("invalid_scope");
  });

  test(`bounded scope: a scope over ${LIMITS.scope} characters is invalid_scope`, async () => {
    expect((await redirected(params({ scope: `openid ${"x".repeat(LIMITS.scope)}` }))).error.error).toBe(
      "invalid_scope",
    );
  });

  test("OIDC Core §11: offline_access is kept for a first-party client holding refresh_token", async () => {
    expect((await valid(params({ scope: "openid offline_access" }))).scopes).toEqual(["openid", "offline_access"]);
  });

  test("OIDC Core §11: offline_access is ignored for a client without refresh_token", async () => {
    const c = aClient({ grantTypes: ["authorization_code"] });
    expect((await valid(params({ scope: "openid offline_access", prompt: "consent" }), c)).scopes).toEqual(["openid"]);
  });

  test("OIDC Core §11: a third-party client gets offline_access only with prompt=consent", async () => {
    const c = aClient({ firstParty: false });
    expect((await valid(params({ scope: "openid offline_access" }), c)).scopes).toEqual(["openid"]);
    expect((await valid(params({ scope: "openid offline_access", prompt: "consent" }), c)).scopes).toEqual([
      "openid",
      "offline_access",
    ]);
  });
});

describe("OIDC Core §3.1.2.1 parameters", () => {
  test("OIDC Core §3.1.2.1: prompt=none with any other value is invalid_request", async () => {
    expect((await redirected(params({ prompt: "none login" }))).error.error).toBe("invalid_request");
  });

  test("OIDC Core §3.1.2.1: an unknown prompt value is invalid_request", async () => {
    expect((await redirected(params({ prompt: "create" }))).error.error).toBe("invalid_request");
  });

  test("OIDC Core §3.1.2.1: prompt is a space-delimited set of values", async () => {
    expect((await valid(params({ prompt: "login consent login" }))).prompt).toEqual(["login", "consent"]);
    expect((await valid(params({ prompt: "select_account" }))).prompt).toEqual(["select_account"]);
    expect((await valid(params({ prompt: "none" }))).prompt).toEqual(["none"]);
  });

  test("OIDC Core §3.1.2.1: max_age must be a non-negative integer", async () => {
    for (const v of ["-1", "1.5", "abc", "1e3", "12345678901"])
      expect((await redirected(params({ max_age: v }))).error.error).toBe("invalid_request");
    expect((await valid(params({ max_age: "3600" }))).maxAge).toBe(3600);
  });

  test(`OIDC Core §3.1.2.1: nonce is optional in the code flow, bounded to ${LIMITS.nonce} characters`, async () => {
    expect((await valid(params({ nonce: undefined }))).nonce).toBeUndefined();
    expect((await redirected(params({ nonce: "n".repeat(LIMITS.nonce + 1) }))).error.error).toBe("invalid_request");
  });

  test("OIDC Core §3.1.2.1: id_token_hint and login_hint are kept raw and bounded", async () => {
    const r = await valid(params({ id_token_hint: "a.b.c", login_hint: "ann" }));
    expect(r).toMatchObject({ idTokenHint: "a.b.c", loginHint: "ann" });
    expect((await redirected(params({ id_token_hint: "x".repeat(LIMITS.id_token_hint + 1) }))).error.error).toBe(
      "invalid_request",
    );
    expect((await redirected(params({ login_hint: "x".repeat(LIMITS.login_hint + 1) }))).error.error).toBe(
      "invalid_request",
    );
  });

  test("OIDC Core §15.1: ui_locales, display, acr_values, claims and claims_locales never cause an error", async () => {
    const r = await valid(
      params({
        ui_locales: "fr-CA en !!bad",
        display: "popup",
        acr_values: "urn:mace:incommon:iap:silver",
        claims: '{"id_token":{"acr":{"essential":true}}}',
        claims_locales: "fr",
      }),
    );
    expect(r.uiLocales).toEqual(["fr-CA", "en"]);
    expect(r.display).toBe("popup");
    const odd = await valid(
      params({ ui_locales: "x".repeat(LIMITS.ui_locales + 1), display: "tv", claims: "{not json" }),
    );
    expect(odd.uiLocales).toEqual([]);
    expect(odd.display).toBeUndefined();
    expect(odd.acr).toBeUndefined();
    expect(r.acr).toBeUndefined();
    // A claim we do not hold (acr) and a malformed value ask for nothing.
    expect(r.claims).toBeUndefined();
    expect(odd.claims).toBeUndefined();
  });

  test("OIDC Core §5.5: claims keeps the userinfo and id_token claims we hold, with openid only", async () => {
    const claims = JSON.stringify({
      userinfo: { name: { essential: true }, email: null, picture: null },
      id_token: { email_verified: { essential: false }, auth_time: { essential: true } },
    });
    expect((await valid(params({ claims }))).claims).toEqual({
      userinfo: ["name", "email"],
      idToken: ["email_verified"],
    });
    expect((await valid(params({ claims: '{"userinfo":{"name":null}}', scope: "profile" }))).claims).toBeUndefined();
    for (const bad of [
      '{"userinfo":[]}',
      '{"userinfo":{"name":true}}',
      "[]",
      "null",
      `{"userinfo":{"name":null},"x":"${"y".repeat(4096)}"}`,
    ])
      expect((await valid(params({ claims: bad }))).claims).toBeUndefined();
  });

  test("CONTRACT §12 step-up: acr_values keeps the lowest of our levels it names; unknown values are ignored", async () => {
    expect((await valid(params({ acr_values: "urn:sso:acr:mfa" }))).acr).toBe("urn:sso:acr:mfa");
    expect((await valid(params({ acr_values: "1 urn:sso:acr:mfa" }))).acr).toBe("urn:sso:acr:mfa");
    // The client accepts any value it lists: pwd listed, pwd is enough (OIDC Core §3.1.2.1).
    expect((await valid(params({ acr_values: "urn:sso:acr:mfa urn:sso:acr:pwd" }))).acr).toBe("urn:sso:acr:pwd");
    expect((await valid(params({ acr_values: "1 2" }))).acr).toBeUndefined();
  });

  test("CONTRACT §12: organization must be a positive integer", async () => {
    for (const v of ["0", "-3", "1.0", "abc", "99999999999", "2147483648"])
      expect((await redirected(params({ organization: v }))).error.error).toBe("invalid_request");
    expect((await valid(params({ organization: "2147483647" }))).organizationId).toBe(2147483647);
  });
});

describe("the list", () => {
  test("the redirect-phase checks run in the documented order (docs/oidc.md)", () => {
    expect(REDIRECT_CHECKS.map((c) => c.name)).toEqual([
      "checkRepeatedParameters",
      "checkState",
      "checkResponseMode",
      "checkUnsupportedParameters",
      "checkResponseType",
      "checkScope",
      "checkNonce",
      "checkPrompt",
      "checkPkce",
      "checkMaxAge",
      "checkIdTokenHint",
      "checkLoginHint",
      "checkHarmlessHints",
      "checkClaims",
      "checkOrganization",
      "checkIdp",
      "checkOfflineAccess",
    ]);
  });

  test("RFC 6749 §4.1.2.1: every error_description uses only %x20-21 / %x23-5B / %x5D-7E", async () => {
    const cases = [
      params({ response_type: "token" }),
      params({ scope: '"' }),
      params({ code_challenge: undefined }),
      params({ prompt: "none login" }),
      params({ request: "x" }),
      params({ client_id: undefined }),
      params({ redirect_uri: "https://evil.example" }),
    ];
    for (const p of cases) {
      const o = await run(p);
      if (o.kind === "valid") throw new Error("expected a failure");
      expect(o.error.description).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
    }
  });

  test("a failing client lookup propagates (the caller answers server_error on its page)", async () => {
    const boom = new Error("store down");
    await expect(
      validateAuthorizationRequest(params(), async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });
});
