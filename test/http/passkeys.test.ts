/**
 * Passkeys through the API (CONTRACT §14), with a software authenticator (test/support/webauthn.ts):
 * registration and management by the person, removal by an administrator under the no-takeover
 * rule, first-party sign-in (`/api/auth/passkey/begin`, `/finish`) with the options of SPEC login,
 * the refusals (replay, another user's handle, counter backwards, foreign origin, no user
 * verification) each audited, lockout / disabled user / suspended org, export and erase, and an
 * attempt begun on one instance finished on another. Runs on every store.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generate } from "otplib";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { SoftAuthenticator, type SoftCredential } from "../support/webauthn";
import {
  claimsOf,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
  userWith,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
});
afterAll(() => t.close());

/** A signed-in user of the tenant with one registered passkey on a fresh authenticator. */
async function userWithPasskey(name = "Laptop") {
  const u = await createUser(t, ten.token, ten.rootOrgId);
  const { accessToken } = await t.login(u.email, PASSWORD);
  const auth = new SoftAuthenticator(ISSUER);
  const cred = await register(accessToken, auth, name);
  return { ...u, token: accessToken, auth, cred };
}

async function register(token: string, auth: SoftAuthenticator, name?: string): Promise<SoftCredential> {
  const begin = await ok(
    t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: name ? { name } : {} }),
  );
  const { json, credential } = auth.register(begin.options);
  await ok(
    t.call("POST", "/api/users/me/passkeys/register/finish", {
      token,
      body: { attemptId: begin.attemptId, credential: json },
    }),
  );
  return credential;
}

const begin = async () => ok(t.call("POST", "/api/auth/passkey/begin", {}));
const finish = (body: Record<string, unknown>, query = "", headers: Record<string, string> = {}) =>
  t.call("POST", `/api/auth/passkey/finish${query}`, { body, headers });

async function auditOf(userId: number, action: string) {
  await t.svc.idle();
  return (await t.svc.store.audit.forUser(userId, 200)).filter((a) => a.action === action);
}

describe("registration and management", () => {
  test("several named passkeys; the list shows names, backup state and last use; options ask for a discoverable, verified credential", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken: token } = await t.login(u.email, PASSWORD);
    const auth = new SoftAuthenticator(ISSUER);
    const b = await t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: { name: "Phone" } });
    expect(b.status).toBe(200);
    expect(b.headers.get("cache-control")).toBe("no-store");
    const o = b.body.options;
    expect(o.rp).toEqual({ name: "sso.test", id: "sso.test" });
    expect(o.attestation).toBe("none");
    expect(o.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(o.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -257]);
    // The user handle is random and holds no email; it is the same for every registration.
    expect(Buffer.from(o.user.id, "base64url").toString()).not.toContain(u.email);
    expect(Buffer.from(o.user.id, "base64url").length).toBe(32);
    const { json } = auth.register(o);
    const first = await ok(
      t.call("POST", "/api/users/me/passkeys/register/finish", {
        token,
        body: { attemptId: b.body.attemptId, credential: json },
      }),
    );
    expect(first).toMatchObject({ name: "Phone", backedUp: true, lastUsedAt: null });
    const b2 = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: {} }));
    expect(b2.options.user.id).toBe(o.user.id);
    // The registered credential is excluded (no second registration on the same authenticator).
    expect(b2.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([json.id]);
    const { json: json2 } = auth.register(b2.options);
    await ok(
      t.call("POST", "/api/users/me/passkeys/register/finish", {
        token,
        body: { attemptId: b2.attemptId, credential: json2, name: "Laptop" },
      }),
    );
    const list = await ok(t.call("GET", "/api/users/me/passkeys", { token }));
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Phone", "Laptop"]);
    // Rename and delete.
    const renamed = await ok(
      t.call("PUT", `/api/users/me/passkeys/${first.id}`, { token, body: { name: "Old phone" } }),
    );
    expect(renamed.name).toBe("Old phone");
    expectProblem(await t.call("PUT", `/api/users/me/passkeys/${first.id}`, { token, body: { name: "" } }), 400);
    await ok(t.call("DELETE", `/api/users/me/passkeys/${first.id}`, { token }));
    expectProblem(await t.call("DELETE", `/api/users/me/passkeys/${first.id}`, { token }), 404, "NOT_FOUND");
    expect((await ok(t.call("GET", "/api/users/me/passkeys", { token }))).map((p: { name: string }) => p.name)).toEqual(
      ["Laptop"],
    );
    expect((await auditOf(u.id, "passkey.registered")).length).toBe(2);
    expect((await auditOf(u.id, "passkey.renamed"))[0].metadata).toMatchObject({ from: "Phone", name: "Old phone" });
    expect((await auditOf(u.id, "passkey.deleted")).length).toBe(1);
  });

  test("a registration attempt is single use, bound to its user, and a foreign origin or a missing user verification is refused", async () => {
    const a = await createUser(t, ten.token, ten.rootOrgId);
    const b = await createUser(t, ten.token, ten.rootOrgId);
    const ta = (await t.login(a.email, PASSWORD)).accessToken;
    const tb = (await t.login(b.email, PASSWORD)).accessToken;
    const auth = new SoftAuthenticator(ISSUER);
    const reg = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token: ta, body: {} }));
    const { json } = auth.register(reg.options);
    // Another user cannot finish it.
    expectProblem(
      await t.call("POST", "/api/users/me/passkeys/register/finish", {
        token: tb,
        body: { attemptId: reg.attemptId, credential: json },
      }),
      400,
      "INVALID_TOKEN",
    );
    await ok(
      t.call("POST", "/api/users/me/passkeys/register/finish", {
        token: ta,
        body: { attemptId: reg.attemptId, credential: json },
      }),
    );
    expectProblem(
      await t.call("POST", "/api/users/me/passkeys/register/finish", {
        token: ta,
        body: { attemptId: reg.attemptId, credential: json },
      }),
      400,
      "INVALID_TOKEN",
    );
    for (const g of [{ origin: "http://evil.test" }, { uv: false }]) {
      const r = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token: ta, body: {} }));
      const bad = auth.register(r.options, g).json;
      expectProblem(
        await t.call("POST", "/api/users/me/passkeys/register/finish", {
          token: ta,
          body: { attemptId: r.attemptId, credential: bad },
        }),
        400,
        "VALIDATION_FAILED",
      );
    }
    expectProblem(await t.call("POST", "/api/users/me/passkeys/register/begin", { body: {} }), 401);
    expect((await ok(t.call("GET", "/api/users/me/passkeys", { token: ta }))).length).toBe(1);
  });
});

describe("the user handle", () => {
  test("made by the first registration's unit (begin writes nothing); a registration begun with another handle starts again", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken: token } = await t.login(u.email, PASSWORD);
    const auth = new SoftAuthenticator(ISSUER);
    const a = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: {} }));
    const b = await ok(t.call("POST", "/api/users/me/passkeys/register/begin", { token, body: {} }));
    expect(await t.svc.store.passkeys.handleOf(ten.tenantId, u.id)).toBeNull();
    expect(a.options.user.id).not.toBe(b.options.user.id);
    await ok(
      t.call("POST", "/api/users/me/passkeys/register/finish", {
        token,
        body: { attemptId: a.attemptId, credential: auth.register(a.options).json },
      }),
    );
    expect(await t.svc.store.passkeys.handleOf(ten.tenantId, u.id)).toBe(a.options.user.id);
    expectProblem(
      await t.call("POST", "/api/users/me/passkeys/register/finish", {
        token,
        body: { attemptId: b.attemptId, credential: auth.register(b.options).json },
      }),
      409,
      "CONFLICT",
    );
    expect((await ok(t.call("GET", "/api/users/me/passkeys", { token }))).length).toBe(1);
    expect((await auditOf(u.id, "passkey.registered")).length).toBe(1);
  });
});

describe("sign-in through the API", () => {
  test("usernameless: a token pair as SPEC login answers it, with no MFA step even with TOTP on; last use recorded", async () => {
    const u = await userWithPasskey();
    // Turn TOTP on: a passkey with user verification is still enough.
    const setup = await ok(t.call("POST", "/api/mfa/setup/begin", { token: u.token }));
    const secret = new URL(setup.otpAuthUri).searchParams.get("secret")!;
    await ok(t.call("POST", "/api/mfa/setup/confirm", { token: u.token, body: { code: await generate({ secret }) } }));
    const b = await begin();
    expect(b.options.allowCredentials ?? []).toEqual([]);
    expect(b.options.userVerification).toBe("required");
    expect(b.options.rpId).toBe("sso.test");
    const r = await finish({ attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) });
    expect(r.status).toBe(200);
    expect(r.body.mfaRequired).toBeUndefined();
    expect(typeof r.body.refreshToken).toBe("string");
    expect(claimsOf(r.body.accessToken).sub).toBe(claimsOf(u.token).sub);
    expect(claimsOf(r.body.accessToken).amr).toBeUndefined();
    const list = await ok(t.call("GET", "/api/users/me/passkeys", { token: u.token }));
    expect(list[0].lastUsedAt).not.toBeNull();
    const ok1 = await auditOf(u.id, "auth.login.succeeded");
    expect(ok1.some((a) => a.metadata.method === "passkey")).toBe(true);
  });

  test("web, device and audience behave as at /api/auth/login", async () => {
    const u = await userWithPasskey();
    let b = await begin();
    const web = await finish({ attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) }, "?web=true", {
      origin: ISSUER,
    });
    expect(web.status).toBe(200);
    expect(web.body.refreshToken).toBeUndefined();
    expect(web.headers.get("set-cookie")).toContain("sso_refresh=");
    b = await begin();
    const dev = await finish({
      attemptId: b.attemptId,
      credential: u.auth.assert(b.options, u.cred),
      device: { name: "Phone", platform: "ios" },
    });
    expect(dev.status).toBe(200);
    expect(typeof dev.body.deviceId).toBe("string");
    b = await begin();
    expectProblem(
      await finish({
        attemptId: b.attemptId,
        credential: u.auth.assert(b.options, u.cred),
        audience: "https://nope.test",
      }),
      400,
    );
    // A cookie session from another origin's page is refused (login CSRF).
    b = await begin();
    expectProblem(
      await finish({ attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) }, "?web=true", {
        origin: "http://evil.test",
      }),
      403,
    );
  });

  test("refusals, each audited with its reason: replay, another user's handle, counter backwards, foreign origin, no user verification", async () => {
    const u = await userWithPasskey();
    const other = await userWithPasskey();
    const refused = async (credential: unknown, attemptId?: string) => {
      const r = await finish({ attemptId: attemptId ?? (await begin()).attemptId, credential });
      expectProblem(r, 401, "INVALID_CREDENTIALS");
    };
    // Replay: the same assertion (and attempt) again.
    const b = await begin();
    const assertion = u.auth.assert(b.options, u.cred);
    await ok(finish({ attemptId: b.attemptId, credential: assertion }));
    await refused(assertion, b.attemptId);
    // The assertion of one challenge under another attempt.
    await refused(u.auth.assert(b.options, u.cred));
    // Another user's handle with my credential (a credential answering for someone else).
    let b2 = await begin();
    await refused(u.auth.assert(b2.options, u.cred, { userHandle: other.cred.userHandle }), b2.attemptId);
    // A counter that goes backwards (a cloned authenticator).
    b2 = await begin();
    await refused(u.auth.assert(b2.options, u.cred, { counter: 1 }), b2.attemptId);
    // A foreign origin; no user verification.
    b2 = await begin();
    await refused(u.auth.assert(b2.options, u.cred, { origin: "http://evil.test" }), b2.attemptId);
    b2 = await begin();
    await refused(u.auth.assert(b2.options, u.cred, { uv: false }), b2.attemptId);
    // An unknown credential is refused the same way.
    const stranger = new SoftAuthenticator(ISSUER);
    const { credential: loose } = stranger.register({
      user: { id: "eA" },
      rp: { id: "sso.test" },
      challenge: "eA",
    });
    b2 = await begin();
    await refused(stranger.assert(b2.options, loose), b2.attemptId);
    const reasons = (await auditOf(u.id, "auth.passkey.failed")).map((a) => a.metadata.reason);
    expect(reasons.sort()).toEqual(["attempt", "attempt", "counter", "origin", "other_user", "user_verification"]);
    expect((await auditOf(other.id, "auth.passkey.failed")).length).toBe(0);
    // Refused assertions lock nothing (CONTRACT §19): the credential (kept) works with a counter that moves forward.
    u.cred.counter = 100;
    const again = await begin();
    await ok(finish({ attemptId: again.attemptId, credential: u.auth.assert(again.options, u.cred) }));
  });

  test("a password lockout never locks the passkey; a disabled user and a suspended organization apply as at login", async () => {
    const u = await userWithPasskey();
    for (let i = 0; i < 6; i++)
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: "wrong-password" } });
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: u.email, password: "wrong-password" } })).status,
    ).toBe(429);
    let b = await begin();
    await ok(finish({ attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) }));

    const d = await userWithPasskey();
    await ok(t.call("POST", `/api/users/${d.id}/disable`, { token: ten.token }));
    b = await begin();
    expectProblem(
      await finish({ attemptId: b.attemptId, credential: d.auth.assert(b.options, d.cred) }),
      401,
      "INVALID_CREDENTIALS",
    );
    await ok(t.call("POST", `/api/users/${d.id}/enable`, { token: ten.token }));

    const s = await userWithPasskey();
    await t.stores.store.orgs.update(ten.tenantId, ten.rootOrgId, { status: "SUSPENDED" });
    await t.directoryChanged();
    try {
      b = await begin();
      expectProblem(
        await finish({ attemptId: b.attemptId, credential: s.auth.assert(b.options, s.cred) }),
        403,
        "ORG_SUSPENDED",
      );
    } finally {
      await t.stores.store.orgs.update(ten.tenantId, ten.rootOrgId, { status: "ACTIVE" });
      await t.directoryChanged();
    }
  });

  test("the per-address sign-in limit counts passkey sign-ins with password ones", async () => {
    const limited = await makeTestApp({
      stores: t.stores,
      env: { SSO_RATE_LIMIT: "on", SSO_LOGIN_RATE_LIMIT: "2" },
    });
    try {
      const u = await userWithPasskey();
      const attempt = async () => {
        const b = await ok(limited.call("POST", "/api/auth/passkey/begin", {}));
        return limited.call("POST", "/api/auth/passkey/finish", {
          body: { attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) },
        });
      };
      // In-process calls share one client address: a password sign-in, then passkeys, from it.
      await ok(limited.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }));
      await ok(attempt());
      const third = await attempt();
      expectProblem(third, 429, "RATE_LIMITED");
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.svc.delivery.stop();
      await limited.svc.idle();
      limited.svc.keys.close();
    }
  });

  test("an attempt begun on one instance finishes on another, once", async () => {
    const u = await userWithPasskey();
    const second = await makeTestApp({ stores: t.stores });
    try {
      const b = await ok(second.call("POST", "/api/auth/passkey/begin", {}));
      const assertion = u.auth.assert(b.options, u.cred);
      const r = await finish({ attemptId: b.attemptId, credential: assertion });
      expect(r.status).toBe(200);
      expectProblem(
        await second.call("POST", "/api/auth/passkey/finish", {
          body: { attemptId: b.attemptId, credential: assertion },
        }),
        401,
        "INVALID_CREDENTIALS",
      );
    } finally {
      await second.svc.delivery.stop();
      await second.svc.idle();
      second.svc.keys.close();
    }
  });
});

describe("administrators, export and erase", () => {
  test("an administrator lists and removes a user's passkeys; someone without authority over the user cannot (no takeover)", async () => {
    const u = await userWithPasskey("Key");
    const list = await ok(t.call("GET", `/api/users/${u.id}/passkeys`, { token: ten.token }));
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Key"]);
    // A user manager holding less than the tenant admin cannot touch the tenant admin's passkeys.
    const manager = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    const adminId = (await ok(t.call("GET", "/api/users/me/export", { token: ten.token }))).user.id;
    const adminAuth = new SoftAuthenticator(ISSUER);
    await register(ten.token, adminAuth, "Admin key");
    const adminKey = (await ok(t.call("GET", "/api/users/me/passkeys", { token: ten.token })))[0];
    expectProblem(await t.call("GET", `/api/users/${adminId}/passkeys`, { token: manager.token }), 403);
    expectProblem(
      await t.call("DELETE", `/api/users/${adminId}/passkeys/${adminKey.id}`, { token: manager.token }),
      403,
    );
    // A user of another tenant is not found.
    const other = await provisionTenant(t);
    expectProblem(await t.call("GET", `/api/users/${u.id}/passkeys`, { token: other.token }), 404);
    expectProblem(await t.call("DELETE", `/api/users/${u.id}/passkeys/${list[0].id}`, { token: other.token }), 404);
    await ok(t.call("DELETE", `/api/users/${u.id}/passkeys/${list[0].id}`, { token: ten.token }));
    expect(await ok(t.call("GET", "/api/users/me/passkeys", { token: u.token }))).toEqual([]);
    const removed = await auditOf(u.id, "passkey.deleted");
    expect(removed[0].metadata).toMatchObject({ byAdministrator: true, name: "Key" });
    // The removed passkey no longer signs in.
    const b = await begin();
    expectProblem(await finish({ attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) }), 401);
  });

  test("the export lists passkeys (no key material); erase deletes them", async () => {
    const u = await userWithPasskey("Exported");
    const e = await ok(t.call("GET", "/api/users/me/export", { token: u.token }));
    expect(e.passkeys).toHaveLength(1);
    expect(e.passkeys[0]).toMatchObject({ name: "Exported", backedUp: true, lastUsedAt: null });
    expect(Object.keys(e.passkeys[0]).sort()).toEqual(["backedUp", "createdAt", "id", "lastUsedAt", "name"]);
    await ok(t.call("POST", `/api/users/${u.id}/erase`, { token: ten.token }));
    expect(await t.svc.store.passkeys.listUser(ten.tenantId, u.id)).toEqual([]);
    expect(await t.svc.store.passkeys.handleOf(ten.tenantId, u.id)).toBeNull();
    const b = await begin();
    expectProblem(await finish({ attemptId: b.attemptId, credential: u.auth.assert(b.options, u.cred) }), 401);
  });
});
