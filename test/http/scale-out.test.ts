// Two real server processes on one Postgres (or MongoDB) and one Redis: sessions, reuse detection and the
// lockout counter are shared, so any instance can serve any request (CONTRACT §4, §10).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { randomToken } from "../../src/kernel/secrets";
import { startService, type RunningService } from "../support/process";
import {
  freshServerStore,
  REDIS_TARGET,
  redisEnv,
  clearRedisPrefix,
  SERVER_STORE,
  TEST_STORE,
} from "../support/stores";

const RUN = SERVER_STORE && !!REDIS_TARGET;

if (!RUN) {
  console.warn(
    "NOT RUN here: scale-out test (needs TEST_STORE=postgres or mongo, and REDIS_URL); the CI postgres and mongo passes run it",
  );
} else {
  const ADMIN = "scale-admin@platform.test";
  const PASSWORD = "scale-out-password-1";
  const prefix = `so${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}:`;
  let db: Awaited<ReturnType<typeof freshServerStore>>;
  let a: RunningService;
  let b: RunningService;
  let c: RunningService;
  // A local stand-in for Google's published keys (social sign-in across instances).
  let google: Awaited<ReturnType<typeof generateKeyPair>>;
  let jwks: ReturnType<typeof Bun.serve>;

  beforeAll(async () => {
    db = await freshServerStore();
    google = await generateKeyPair("RS256", { extractable: true });
    const keys = { keys: [{ ...(await exportJWK(google.publicKey)), kid: "g1", alg: "RS256", use: "sig" }] };
    jwks = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json(keys) });
    const env = {
      ...db.env,
      SSO_GOOGLE_JWKS_URL: `http://127.0.0.1:${jwks.port}/google`,
      ...redisEnv(prefix),
      SSO_MASTER_KEY: Buffer.alloc(32, 9).toString("base64"),
      SSO_ISSUER: "http://sso.scale.test",
      SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN,
      SSO_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
      SSO_RATE_LIMIT: "off",
    };
    // Three first starts at once on an empty store: one bootstrap and one signing key between them.
    [a, b, c] = await Promise.all([0, 1, 2].map(() => startService(env, { timeoutMs: 60_000 })));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    jwks?.stop(true);
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  const post = (svc: RunningService, path: string, body: unknown) =>
    fetch(`${svc.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (r) => ({
      status: r.status,
      body:
        r.status === 200 && path !== "/api/auth/logout"
          ? await r.json()
          : await r.text().then((x) => (x ? JSON.parse(x) : null)),
    }));

  /** JSON calls with a bearer token to any instance; anything but 200 throws. */
  const authorized = (token: string) => async (svc: RunningService, method: string, path: string, body?: unknown) => {
    const r = await fetch(svc.url + path, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };

  describe(`three instances, one ${TEST_STORE === "mongo" ? "MongoDB" : "Postgres"}, one Redis`, () => {
    test("started at once on an empty store, they bootstrap once and publish the same single signing key", async () => {
      const sets = await Promise.all(
        [a, b, c].map(
          async (s) => (await (await fetch(`${s.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] },
        ),
      );
      expect(sets[0].keys.length).toBe(1);
      for (const set of sets) expect(set.keys.map((k) => k.kid)).toEqual(sets[0].keys.map((k) => k.kid));
      // One platform administrator: signing in works on every instance with the one bootstrap password.
      for (const s of [a, b, c])
        expect((await post(s, "/api/auth/login", { email: ADMIN, password: PASSWORD })).status).toBe(200);
    });

    test("a token rotated on one instance and replayed on a third is reuse there", async () => {
      const login = await post(c, "/api/auth/login", { email: ADMIN, password: PASSWORD });
      expect((await post(a, "/api/auth/refresh", { refreshToken: login.body.refreshToken })).status).toBe(200);
      const replay = await post(b, "/api/auth/refresh", { refreshToken: login.body.refreshToken });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe("REFRESH_TOKEN_REUSED");
    });

    test("login on one, refresh on the other, replay on the first revokes the family", async () => {
      const login = await post(a, "/api/auth/login", { email: ADMIN, password: PASSWORD });
      expect(login.status).toBe(200);
      const onB = await post(b, "/api/auth/refresh", { refreshToken: login.body.refreshToken });
      expect(onB.status).toBe(200);
      expect(onB.body.refreshToken).not.toBe(login.body.refreshToken);
      // The access token minted by A is accepted by B (shared signing keys).
      const me = await fetch(`${b.url}/api/users/me/memberships`, {
        headers: { authorization: `Bearer ${login.body.accessToken}` },
      });
      expect(me.status).toBe(200);
      const replay = await post(a, "/api/auth/refresh", { refreshToken: login.body.refreshToken });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe("REFRESH_TOKEN_REUSED");
      const successor = await post(b, "/api/auth/refresh", { refreshToken: onB.body.refreshToken });
      expect(successor.status).toBe(401);
      expect(successor.body.code).toBe("INVALID_TOKEN");
    });

    test("simultaneous refreshes of one token spread over the instances: exactly one wins", async () => {
      const login = await post(a, "/api/auth/login", { email: ADMIN, password: PASSWORD });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post([a, b, c][i % 3], "/api/auth/refresh", { refreshToken: login.body.refreshToken }),
        ),
      );
      expect(results.filter((r) => r.status === 200).length).toBe(1);
      expect(results.filter((r) => r.status === 401 && r.body.code === "REFRESH_TOKEN_REUSED").length).toBe(9);
    });

    test("logout on one instance ends the session on the other", async () => {
      const login = await post(b, "/api/auth/login", { email: ADMIN, password: PASSWORD });
      expect((await post(a, "/api/auth/logout", { refreshToken: login.body.refreshToken })).status).toBe(200);
      expect((await post(b, "/api/auth/refresh", { refreshToken: login.body.refreshToken })).status).toBe(401);
    });

    test("a token-claims change on one instance reaches the other's cache at once", async () => {
      const { accessToken: admin } = (await post(a, "/api/auth/login", { email: ADMIN, password: PASSWORD })).body;
      const call = authorized(admin);
      const [{ organizationId: root, tenantId }] = await call(a, "GET", "/api/users/me/memberships");
      await call(a, "PUT", `/api/platform/tenants/${tenantId}/features`, { customClaims: true });
      const app = await call(a, "POST", "/api/applications", {
        organizationId: root,
        identifier: "https://claims.scale.test",
        name: "claims",
      });
      const tier = async () => {
        const r = await post(b, "/api/auth/login", { email: ADMIN, password: PASSWORD, audience: app.identifier });
        return JSON.parse(Buffer.from(r.body.accessToken.split(".")[1], "base64url").toString()).tier;
      };
      await call(a, "PUT", "/api/token-claims", { enabled: true, mapping: { add: [{ key: "tier", value: 1 }] } });
      expect(await tier()).toBe(1); // B has cached the mapping now
      await call(a, "PUT", "/api/token-claims", { enabled: true, mapping: { add: [{ key: "tier", value: 2 }] } });
      // The very next token on the other instance: the change moved the shared directory version on.
      expect(await tier()).toBe(2);
    });

    test("an application's googleClientIds replaced on one instance: an id_token for the removed client id is refused at once by the others", async () => {
      const { accessToken: admin } = (await post(a, "/api/auth/login", { email: ADMIN, password: PASSWORD })).body;
      const call = authorized(admin);
      const [{ organizationId: root }] = await call(a, "GET", "/api/users/me/memberships");
      const app = await call(a, "POST", "/api/applications", {
        organizationId: root,
        identifier: "https://social.scale.test",
        name: "social",
        googleClientIds: ["old.apps.googleusercontent.com", "new.apps.googleusercontent.com"],
      });
      const social = async (svc: RunningService, aud: string) => {
        const now = Math.floor(Date.now() / 1000);
        const idToken = await new SignJWT({
          iss: "https://accounts.google.com",
          aud,
          sub: "scale-sub",
          email: ADMIN,
          email_verified: true,
        })
          .setProtectedHeader({ alg: "RS256", kid: "g1" })
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(google.privateKey);
        return (await post(svc, "/api/auth/social/google", { idToken, audience: app.identifier })).status;
      };
      for (const svc of [a, b, c, b, c]) expect(await social(svc, "old.apps.googleusercontent.com")).toBe(200);
      await call(a, "PUT", `/api/applications/${app.id}`, {
        name: "social",
        googleClientIds: ["new.apps.googleusercontent.com"],
      });
      for (const svc of [b, c, a]) {
        expect(await social(svc, "old.apps.googleusercontent.com")).toBe(401);
        expect(await social(svc, "new.apps.googleusercontent.com")).toBe(200);
      }
    });

    test("an org suspended on one instance: the very next client-credentials token on the others is refused", async () => {
      const { accessToken: admin } = (await post(a, "/api/auth/login", { email: ADMIN, password: PASSWORD })).body;
      const call = authorized(admin);
      const [{ organizationId: root }] = await call(a, "GET", "/api/users/me/memberships");
      const org = await call(a, "POST", "/api/organizations", {
        parentId: root,
        name: "Suspended later",
        slug: `sl-${randomToken(4)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "x")}`,
      });
      const client = await call(a, "POST", "/api/clients", { name: "so", orgId: org.id, scopes: [] });
      const token = (svc: RunningService) =>
        fetch(`${svc.url}/oauth2/token`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
          },
          body: "grant_type=client_credentials",
        }).then((r) => r.status);
      for (const svc of [a, b, c, b, c]) expect(await token(svc)).toBe(200);
      await call(a, "POST", `/api/organizations/${org.id}/suspend`);
      for (const svc of [b, c, a]) expect(await token(svc)).toBe(400);
      await call(a, "POST", `/api/organizations/${org.id}/activate`);
      for (const svc of [b, c]) expect(await token(svc)).toBe(200);
    });

    test("a role revoked on one instance is gone from the very next refresh on another (reused contexts follow the shared version)", async () => {
      const { accessToken: admin } = (await post(a, "/api/auth/login", { email: ADMIN, password: PASSWORD })).body;
      const call = authorized(admin);
      const [{ organizationId: root }] = await call(a, "GET", "/api/users/me/memberships");
      const role = await call(a, "POST", "/api/roles", {
        name: `ctx-${randomToken(4)}`,
        organizationId: root,
        permissionCodes: ["AUDIT_VIEW"],
      });
      const email = `ctx-${randomToken(6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "x")}@platform.test`;
      const user = await call(a, "POST", "/api/users", {
        organizationId: root,
        email,
        fullName: "Ctx",
        password: PASSWORD,
        roleId: role.id,
      });
      const perms = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()).permissions;
      let rt = (await post(b, "/api/auth/login", { email, password: PASSWORD })).body.refreshToken;
      for (let i = 0; i < 2; i++) rt = (await post(b, "/api/auth/refresh", { refreshToken: rt })).body.refreshToken; // B reuses the context now
      await call(a, "POST", `/api/roles/${role.id}/revoke`, { userId: user.id, organizationId: root });
      // No waiting: the revoke was answered after the version moved on, so B's next refresh reads again.
      const r = await post(b, "/api/auth/refresh", { refreshToken: rt });
      expect(r.status).toBe(200);
      expect(perms(r.body.accessToken)).toEqual([]);
      await call(c, "POST", `/api/users/${user.id}/disable`);
      expect((await post(b, "/api/auth/refresh", { refreshToken: r.body.refreshToken })).status).toBe(401);
    });

    test("the lockout counter is shared: failures on both instances add up", async () => {
      const email = "locked-across@platform.test";
      for (const svc of [a, b, a, b, a])
        expect((await post(svc, "/api/auth/login", { email, password: "wrong-password" })).status).toBe(401);
      const next = await post(b, "/api/auth/login", { email, password: "wrong-password" });
      expect(next.status).toBe(429);
      expect(next.body.code).toBe("ACCOUNT_LOCKED");
    });
  });
}
