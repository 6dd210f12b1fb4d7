/**
 * Operators can see why a page refused (issue 37, point 6; CONTRACT §19): every hosted error page's
 * log line carries the page's reference (the request id the page shows), the check that failed and
 * the value it refused, never a secret.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Logger } from "../../src/http/observability";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { browser, fieldOf, PKCE_CHALLENGE } from "../support/hosted-pages";
import { ok, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
const capture = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
  void lines.push({ level, msg, fields: fields ?? {} });
const log: Logger = { debug: capture("debug"), info: capture("info"), warn: capture("warn"), error: capture("error") };

let t: TestApp;
let ten: TenantFixture;
let clientId: string;
const REDIRECT = "https://app.example.com/cb";

beforeAll(async () => {
  t = await makeTestApp({ log });
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/log"), name: "Log" },
    }),
  );
  const c = await ok(
    t.call("POST", "/api/clients", {
      token: ten.token,
      body: {
        name: uniq("Client"),
        orgId: ten.rootOrgId,
        applicationId: app.id,
        type: "public",
        grantTypes: ["authorization_code"],
        redirectUris: [REDIRECT],
        postLogoutRedirectUris: ["https://app.example.com/bye"],
      },
    }),
  );
  clientId = c.clientId;
});
afterAll(() => t.close());

const authorizeUrl = (over: Record<string, string>) =>
  `/oauth2/authorize?${new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: "openid",
    state: "s",
    code_challenge: PKCE_CHALLENGE,
    code_challenge_method: "S256",
    ...over,
  })}`;

/** The page's reference (shown on it, and the x-request-id) and the one log line that names it. */
async function refusal(res: Response) {
  const reference = res.headers.get("x-request-id")!;
  expect(reference).toBeTruthy();
  expect(await res.text()).toContain(reference);
  const mine = lines.filter((l) => l.fields.requestId === reference && l.level === "warn");
  expect(mine).toHaveLength(1);
  return mine[0].fields;
}

describe("the log line of a hosted error page", () => {
  test("an unregistered redirect_uri: the check and the URI sent", async () => {
    const res = await browser(t).get(authorizeUrl({ redirect_uri: "https://evil.example.net/steal" }));
    expect(res.status).toBe(400);
    const f = await refusal(res);
    expect(f).toMatchObject({
      page: "bad_redirect",
      check: "checkRedirectUri",
      value: "https://evil.example.net/steal",
      error: "invalid_request",
    });
    expect(String(f.reason)).toContain("not registered");
  });

  test("an unknown client: the check and the client_id sent (malformed, or well formed and unknown)", async () => {
    let res = await browser(t).get(authorizeUrl({ client_id: "not a client id" }));
    expect(res.status).toBe(400);
    expect(await refusal(res)).toMatchObject({
      page: "unknown_client",
      check: "checkClientId",
      value: "not a client id",
    });
    const unknown = clientId.slice(0, -1) + (clientId.endsWith("a") ? "b" : "a");
    res = await browser(t).get(authorizeUrl({ client_id: unknown }));
    expect(res.status).toBe(400);
    expect(await refusal(res)).toMatchObject({ page: "unknown_client", check: "checkClient", value: unknown });
  });

  test("a POST that is not a form names its content type; a CSRF refusal never logs the token", async () => {
    const b = browser(t);
    const page = await b.get(authorizeUrl({}));
    const html = await page.text();
    const json = await t.app.handle(
      new Request(`${ISSUER}/oauth2/authorize/password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(json.status).toBe(400);
    expect(await refusal(json)).toMatchObject({
      check: expect.stringContaining("content-type"),
      value: "application/json",
    });
    const forged = "forged-csrf-value-1234567890";
    const csrf = await b.post("/oauth2/authorize/password", {
      csrf: forged,
      interaction: fieldOf(html, "interaction"),
      email: "a@b.test",
      password: "whatever-1",
    });
    expect(csrf.status).toBe(403);
    const f = await refusal(csrf);
    expect(f).toMatchObject({ page: "csrf", check: expect.stringContaining("csrf") });
    expect(JSON.stringify(f)).not.toContain(forged);
    expect(JSON.stringify(f)).not.toContain("whatever-1");
  });

  test("logout: an unknown client and an unregistered post_logout_redirect_uri", async () => {
    const unknown = await browser(t).get(`/oauth2/logout?client_id=c_nosuchclient0000000000`);
    expect(unknown.status).toBe(400);
    expect(await refusal(unknown)).toMatchObject({
      page: "unknown_client",
      check: "client is known",
      value: "c_nosuchclient0000000000",
    });
    const bad = await browser(t).get(
      `/oauth2/logout?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: "https://evil.example.net/bye" })}`,
    );
    expect(bad.status).toBe(400);
    expect(await refusal(bad)).toMatchObject({
      page: "bad_redirect",
      check: expect.stringContaining("post_logout_redirect_uri"),
      value: "https://evil.example.net/bye",
    });
  });
});
