// Logout across real processes (CONTRACT §13, docs/oidc.md "Logout"):
// - Two instances on one Postgres (or MongoDB) + Redis: a person signs in on the hosted pages of
//   instance A; logout, "sign out everywhere", an administrator's revoke and the revoke endpoint
//   each end it on one instance, and on the other prompt=none fails, the ended refresh token fails
//   and introspection says active:false. Logout tokens arrive at a real receiver, verified with jose.
// - SIGKILL of the instance that was delivering a logout token (the receiver stalls): after the
//   claim's lock passes another instance delivers it, same jti; on the embedded store too (restart).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { randomToken } from "../../src/kernel/secrets";
import { fieldOf } from "../support/page-fields";
import { freePort, okService, startService, type RunningService } from "../support/process";
import { startReceiver, type Receiver } from "../support/receiver";
import {
  clearRedisPrefix,
  freshServerStore,
  REDIS_TARGET,
  redisEnv,
  SERVER_STORE,
  TEST_STORE,
} from "../support/stores";

const ADMIN = { email: "logout-admin@platform.test", password: "logout-password-1" };
const PASSWORD = "a-person-password-1";
const MASTER_KEY = Buffer.alloc(32, 9).toString("base64");
const REDIRECT = "https://app.example.com/cb";
const VERIFIER = "the-verifier-of-this-test-0123456789-abcdefghij";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update(VERIFIER).digest()).toString("base64url");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Client {
  clientId: string;
  clientSecret: string;
}

/** Admin token, an application, a browser client with a back-channel receiver, a resource server, a person. */
async function setUp(svc: RunningService, backchannel: string) {
  const { accessToken: token } = await okService(svc, "POST", "/api/auth/login", undefined, ADMIN);
  const [{ organizationId: root }] = await okService(svc, "GET", "/api/users/me/memberships", token);
  const app = await okService(svc, "POST", "/api/applications", token, {
    organizationId: root,
    identifier: `https://app-${randomToken(4)}.test`,
    name: "Shop",
  });
  const web: Client = await okService(svc, "POST", "/api/clients", token, {
    name: "Web",
    orgId: root,
    applicationId: app.id,
    grantTypes: ["authorization_code", "refresh_token"],
    redirectUris: [REDIRECT],
    backchannelLogoutUri: backchannel,
  });
  const rs: Client = await okService(svc, "POST", "/api/clients", token, {
    name: "RS",
    orgId: root,
    scopes: ["api.default"],
  });
  return { token, root, web, rs };
}

async function newPerson(svc: RunningService, token: string, root: number) {
  const email = `p-${randomToken(5)}@logout.test`.toLowerCase();
  const u = await okService(svc, "POST", "/api/users", token, {
    organizationId: root,
    email,
    fullName: "Person",
    password: PASSWORD,
  });
  return { id: u.id as number, email };
}

/** A browser over real HTTP: a cookie jar, no redirect following. */
function browserOf() {
  const jar = new Map<string, string>();
  async function send(base: string, method: string, path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(base + path, { method, headers, body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const parsed = new Bun.Cookie(c);
      if (parsed.maxAge === 0 || parsed.value === "") jar.delete(parsed.name);
      else jar.set(parsed.name, parsed.value);
    }
    return res;
  }
  return { jar, send };
}

const authorizePath = (clientId: string, extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    state: "s",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

const basic = (c: Client) => `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`;

async function form(svc: RunningService, path: string, fields: Record<string, string>, c: Client) {
  const r = await fetch(svc.url + path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(c) },
    body: new URLSearchParams(fields),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** Signs the person in on `svc`'s pages and redeems the code there: the browser and the tokens. */
async function signIn(svc: RunningService, web: Client, email: string) {
  const b = browserOf();
  const page = await b.send(svc.url, "GET", authorizePath(web.clientId));
  const html = await page.text();
  let res = await b.send(svc.url, "POST", "/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    email,
    password: PASSWORD,
  });
  while (res.status === 303 && res.headers.get("location")!.startsWith("/"))
    res = await b.send(svc.url, "GET", res.headers.get("location")!);
  const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
  const tokens = await form(
    svc,
    "/oauth2/token",
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
    web,
  );
  expect(tokens.status).toBe(200);
  return { b, tokens: tokens.body as { access_token: string; refresh_token: string; id_token: string } };
}

/** Everything of the session is dead when seen from `other`. */
async function expectEndedOn(
  other: RunningService,
  s: Awaited<ReturnType<typeof signIn>>,
  web: Client,
  rs: Client,
  browserEnded = true,
) {
  if (browserEnded) {
    const silent = await s.b.send(other.url, "GET", authorizePath(web.clientId, { prompt: "none" }));
    expect(new URL(silent.headers.get("location")!).searchParams.get("error")).toBe("login_required");
  }
  const refreshed = await form(
    other,
    "/oauth2/token",
    { grant_type: "refresh_token", refresh_token: s.tokens.refresh_token },
    web,
  );
  expect(refreshed.body.error).toBe("invalid_grant");
  expect((await form(other, "/oauth2/introspect", { token: s.tokens.access_token }, rs)).body).toEqual({
    active: false,
  });
}

async function verifyLogoutToken(svc: RunningService, rx: Receiver, n: number, aud: string) {
  const got = await rx.waitFor(n, 30_000);
  const jwks = createRemoteJWKSet(new URL(`${svc.url}/.well-known/jwks.json`));
  const token = new URLSearchParams(got[n - 1].body).get("logout_token")!;
  const { payload } = await jwtVerify(token, jwks, { audience: aud, typ: "logout+jwt" });
  expect(payload.events).toEqual({ "http://schemas.openid.net/event/backchannel-logout": {} });
  return payload;
}

if (SERVER_STORE && REDIS_TARGET) {
  describe(`two instances on one ${TEST_STORE} + Redis`, () => {
    test("each kind of ending on one instance is seen on the other; logout tokens arrive", async () => {
      const rx = startReceiver("/bc");
      const db = await freshServerStore();
      const prefix = `lo${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}:`;
      const env = {
        ...db.env,
        ...redisEnv(prefix),
        SSO_MASTER_KEY: MASTER_KEY,
        SSO_ISSUER: "http://sso.logout.test",
        SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        SSO_RATE_LIMIT: "off",
        SSO_WEBHOOK_ALLOW_PRIVATE: "true",
      };
      const [a, b] = [await startService(env, { timeoutMs: 60_000 }), await startService(env, { timeoutMs: 60_000 })];
      try {
        const { token, root, web, rs } = await setUp(a, rx.url);
        const endings: [
          string,
          (s: Awaited<ReturnType<typeof signIn>>, p: { id: number; email: string }) => Promise<void>,
        ][] = [
          [
            "logout",
            async (s) => {
              const r = await s.b.send(a.url, "GET", `/oauth2/logout?id_token_hint=${s.tokens.id_token}`);
              expect(r.status).toBe(200);
            },
          ],
          [
            "sign out everywhere",
            async (_s, p) => {
              const api = await okService(a, "POST", "/api/auth/login", undefined, {
                email: p.email,
                password: PASSWORD,
              });
              await okService(a, "POST", "/api/users/me/sessions/revoke-all", api.accessToken);
            },
          ],
          [
            "admin revoke",
            async (_s, p) => void (await okService(a, "POST", `/api/users/${p.id}/sessions/revoke`, token)),
          ],
          ["disable", async (_s, p) => void (await okService(a, "POST", `/api/users/${p.id}/disable`, token))],
          ["erase", async (_s, p) => void (await okService(a, "POST", `/api/users/${p.id}/erase`, token))],
          [
            "reset",
            async (_s, p) => {
              const link = await okService(a, "POST", `/api/users/${p.id}/password-setup-link`, token);
              await okService(a, "POST", "/api/auth/password/reset", undefined, {
                token: link.token,
                newPassword: "a-new-password-2",
              });
            },
          ],
        ];
        let n = 0;
        for (const [name, end] of endings) {
          const p = await newPerson(a, token, root);
          const s = await signIn(a, web, p.email);
          expect((await form(b, "/oauth2/introspect", { token: s.tokens.access_token }, rs)).body.active).toBe(true);
          await end(s, p);
          const lt = await verifyLogoutToken(b, rx, ++n, web.clientId);
          expect(lt.sub, name).toBe(String(p.id));
          await expectEndedOn(b, s, web, rs);
        }
        // The revoke endpoint: the family ends, the sign-in session goes on.
        const p = await newPerson(a, token, root);
        const s = await signIn(a, web, p.email);
        expect((await form(a, "/oauth2/revoke", { token: s.tokens.refresh_token }, web)).status).toBe(200);
        await verifyLogoutToken(b, rx, ++n, web.clientId);
        await expectEndedOn(b, s, web, rs, false);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        rx.close();
        await db.drop();
        await clearRedisPrefix(prefix);
      }
    }, 240_000);

    test("SIGKILL of the instance delivering a logout token loses none: another one delivers it, same jti", async () => {
      const rx = startReceiver("/bc");
      rx.answer = "stall";
      const db = await freshServerStore();
      const prefix = `lk${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}:`;
      const env = {
        ...db.env,
        ...redisEnv(prefix),
        SSO_MASTER_KEY: MASTER_KEY,
        SSO_ISSUER: "http://sso.logout.test",
        SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        SSO_RATE_LIMIT: "off",
        SSO_WEBHOOK_ALLOW_PRIVATE: "true",
        SSO_WEBHOOK_TIMEOUT_SECONDS: "1",
      };
      // Only A runs while the ending is delivered, so A is the instance delivering it.
      const a = await startService(env, { timeoutMs: 60_000 });
      let b: RunningService | null = null;
      try {
        const { token, root, web } = await setUp(a, rx.url);
        const p = await newPerson(a, token, root);
        const s = await signIn(a, web, p.email);
        await s.b.send(a.url, "GET", `/oauth2/logout?id_token_hint=${s.tokens.id_token}`);
        await rx.waitFor(1, 30_000);
        a.proc.kill("SIGKILL");
        await a.proc.exited;
        rx.answer = 200;
        b = await startService(env, { timeoutMs: 60_000 });
        const lt = await verifyLogoutToken(b, rx, 2, web.clientId);
        const first = JSON.parse(
          Buffer.from(
            new URLSearchParams(rx.received[0].body).get("logout_token")!.split(".")[1],
            "base64url",
          ).toString(),
        );
        expect(lt.jti).toBe(first.jti);
        expect(lt.sub).toBe(String(p.id));
      } finally {
        await b?.stop();
        if (a.proc.exitCode === null) await a.stop();
        rx.close();
        await db.drop();
        await clearRedisPrefix(prefix);
      }
    }, 120_000);
  });
} else {
  console.warn(
    "NOT RUN here: two-instance logout tests (need TEST_STORE=postgres or mongo, and REDIS_URL); the CI postgres and mongo passes run them",
  );
}

describe("embedded store", () => {
  test("a logout token whose delivery was cut by SIGKILL arrives after a restart, same jti", async () => {
    const rx = startReceiver("/bc");
    rx.answer = "stall";
    const dir = mkdtempSync(join(tmpdir(), "sso-logout-"));
    dirs.push(dir);
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      SSO_ISSUER: `http://127.0.0.1:${port}`,
      SSO_DATA_DIR: dir,
      SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      SSO_RATE_LIMIT: "off",
      SSO_WEBHOOK_ALLOW_PRIVATE: "true",
      SSO_WEBHOOK_TIMEOUT_SECONDS: "1",
    };
    let svc = await startService(env, { timeoutMs: 60_000 });
    try {
      const { token, root, web, rs } = await setUp(svc, rx.url);
      const p = await newPerson(svc, token, root);
      const s = await signIn(svc, web, p.email);
      await okService(svc, "POST", `/api/users/${p.id}/sessions/revoke`, token);
      await rx.waitFor(1, 30_000);
      svc.proc.kill("SIGKILL");
      await svc.proc.exited;
      rx.answer = 200;
      svc = await startService(env, { timeoutMs: 60_000 });
      const lt = await verifyLogoutToken(svc, rx, 2, web.clientId);
      expect(lt.sid).toBeUndefined();
      expect(lt.sub).toBe(String(p.id));
      await expectEndedOn(svc, s, web, rs);
    } finally {
      await svc.stop();
      rx.close();
    }
  }, 120_000);
});
