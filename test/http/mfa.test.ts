/**
 * Second factor, black-box (SPEC 4.1, 4.9; CONTRACT §4, §11): enrolment with an authenticator's
 * codes (otplib, as an app computes them), the challenge at sign-in, verification with a TOTP or a
 * recovery code, single use of codes and of the pending token, the 5-wrong-codes limit, and disable.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generate } from "otplib";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import {
  claimsOf,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
} from "./directory-fixtures";

const clock = manualClock();
let t: TestApp;
let ten: TenantFixture;

/** The code an authenticator app shows `stepsFromNow` steps from the (manual) clock's now. */
const codeAt = (secret: string, stepsFromNow = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + 30 * stepsFromNow });

/** A user with MFA on: answers its email, TOTP secret and recovery codes. */
async function enrolledUser() {
  const u = await createUser(t, ten.token, ten.rootOrgId);
  const { accessToken } = await t.login(u.email, PASSWORD);
  const begin = await ok(t.call("POST", "/api/mfa/setup/begin", { token: accessToken }));
  const uri = new URL(begin.otpAuthUri);
  const secret = uri.searchParams.get("secret")!;
  const confirm = await ok(
    t.call("POST", "/api/mfa/setup/confirm", { token: accessToken, body: { code: await codeAt(secret) } }),
  );
  clock.advance(61); // past the confirming step and its neighbour: every code of "now ± 1" is fresh
  return { ...u, secret, recoveryCodes: confirm.recoveryCodes as string[], accessToken };
}

const loginRaw = (email: string, extra: Record<string, unknown> = {}, query = "") =>
  t.call("POST", `/api/auth/login${query}`, { body: { email, password: PASSWORD, ...extra } });
const verify = (pendingToken: string, code: string, extra: Record<string, unknown> = {}, query = "") =>
  t.call("POST", `/api/auth/mfa/verify${query}`, {
    body: { pendingToken, code, ...extra },
    headers: query ? { origin: ISSUER } : {},
  });

beforeAll(async () => {
  t = await makeTestApp({ clock });
  ten = await provisionTenant(t);
});
afterAll(() => t.close());

describe("enrolment", () => {
  test("the authenticator lists the account under the tenant's brand name once it has one", async () => {
    const other = await provisionTenant(t);
    expect(
      (await t.call("PUT", "/api/branding", { token: other.token, body: { displayName: "Acme Corp" } })).status,
    ).toBe(200);
    const u = await createUser(t, other.token, other.rootOrgId);
    const { accessToken } = await t.login(u.email, PASSWORD);
    const uri = new URL((await t.call("POST", "/api/mfa/setup/begin", { token: accessToken })).body.otpAuthUri);
    expect(uri.searchParams.get("issuer")).toBe("Acme Corp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Acme Corp:${u.email}`);
  });

  test("begin answers an otpauth URI an authenticator shows well; confirm turns MFA on with 10 recovery codes; the secret is sealed", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken } = await t.login(u.email, PASSWORD);
    const begin = await t.call("POST", "/api/mfa/setup/begin", { token: accessToken });
    expect(begin.status).toBe(200);
    expect(begin.headers.get("cache-control")).toBe("no-store");
    const uri = new URL(begin.body.otpAuthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/sso.test:${u.email}`);
    expect(uri.searchParams.get("issuer")).toBe("sso.test");
    const secret = uri.searchParams.get("secret")!;
    expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
    const stored = await t.svc.store.mfa.get(ten.tenantId, u.id);
    expect(stored!.enabled).toBe(false);
    expect(stored!.secretEnc).not.toContain(secret);
    // A wrong code does not turn it on.
    expectProblem(
      await t.call("POST", "/api/mfa/setup/confirm", { token: accessToken, body: { code: "000000" } }),
      401,
      "MFA_INVALID_CODE",
    );
    const confirm = await t.call("POST", "/api/mfa/setup/confirm", {
      token: accessToken,
      body: { code: await codeAt(secret) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    expect((await t.svc.store.mfa.get(ten.tenantId, u.id))!.enabled).toBe(true);
    expect(await t.svc.store.mfa.recoveryCodesLeft(u.id)).toBe(10);
    // Already on: begin again is 409.
    expectProblem(await t.call("POST", "/api/mfa/setup/begin", { token: accessToken }), 409, "CONFLICT");
    await t.svc.idle();
    expect((await t.svc.store.audit.forUser(u.id, 50)).map((e) => e.action)).toContain("mfa.enabled");
  });

  test("the MFA endpoints take any user token of this issuer; none is 401", async () => {
    expectProblem(await t.call("POST", "/api/mfa/setup/begin"), 401, "UNAUTHENTICATED");
  });
});

describe("sign-in with a second factor", () => {
  test("login answers the challenge and no tokens; a TOTP completes it; the pending token then is spent", async () => {
    const u = await enrolledUser();
    const r = await loginRaw(u.email);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ mfaRequired: true, pendingToken: expect.any(String), expiresInSeconds: 300 });
    expect(JSON.stringify(r.body)).not.toContain("accessToken");
    const v = await verify(r.body.pendingToken, await codeAt(u.secret));
    expect(v.status).toBe(200);
    expect(claimsOf(v.body.accessToken).uid).toBe(u.id);
    expect(typeof v.body.refreshToken).toBe("string");
    expect(v.body).toMatchObject({ tokenType: "Bearer", expiresInSeconds: 900 });
    expectProblem(await verify(r.body.pendingToken, await codeAt(u.secret, 1)), 401, "INVALID_TOKEN");
  });

  test("one step of drift either side is accepted; two is not; a code already used is not accepted twice", async () => {
    const u = await enrolledUser();
    const p1 = (await loginRaw(u.email)).body.pendingToken;
    expectProblem(await verify(p1, await codeAt(u.secret, -2)), 401, "MFA_INVALID_CODE");
    expectProblem(await verify(p1, await codeAt(u.secret, 2)), 401, "MFA_INVALID_CODE");
    const late = await codeAt(u.secret, -1);
    expect((await verify(p1, late)).status).toBe(200);
    const p2 = (await loginRaw(u.email)).body.pendingToken;
    expectProblem(await verify(p2, late), 401, "MFA_INVALID_CODE"); // replay of a used code
    expect((await verify(p2, await codeAt(u.secret, 1))).status).toBe(200); // the next step is fine
  });

  test("recovery codes work once each, with or without hyphens, in any case", async () => {
    const u = await enrolledUser();
    const [first, second] = u.recoveryCodes;
    expect((await verify((await loginRaw(u.email)).body.pendingToken, first)).status).toBe(200);
    expectProblem(await verify((await loginRaw(u.email)).body.pendingToken, first), 401, "MFA_INVALID_CODE");
    expect(
      (await verify((await loginRaw(u.email)).body.pendingToken, second.replace(/-/g, "").toUpperCase())).status,
    ).toBe(200);
    expect(await t.svc.store.mfa.recoveryCodesLeft(u.id)).toBe(8);
  });

  test("the sign-in's audit entry names every proof given: password+totp, password+recovery", async () => {
    const u = await enrolledUser();
    expect((await verify((await loginRaw(u.email)).body.pendingToken, await codeAt(u.secret))).status).toBe(200);
    expect((await verify((await loginRaw(u.email)).body.pendingToken, u.recoveryCodes[0])).status).toBe(200);
    const methods = (await t.svc.store.audit.forUser(u.id, 50))
      .filter((e) => e.action === "auth.login.succeeded")
      .map((e) => e.metadata.method);
    // Newest first; the first entry is the enrolling sign-in, before MFA was on.
    expect(methods).toEqual(["password+recovery", "password+totp", "password"]);
  });

  test("5 wrong codes end the pending token (then even a right code is refused); they do not lock the email", async () => {
    const u = await enrolledUser();
    const pending = (await loginRaw(u.email)).body.pendingToken;
    for (let i = 0; i < 5; i++) {
      const r = await verify(pending, "123456");
      expectProblem(r, 401, "MFA_INVALID_CODE");
    }
    expectProblem(await verify(pending, await codeAt(u.secret)), 401, "INVALID_TOKEN");
    // The email is not locked: a new sign-in works.
    const again = await loginRaw(u.email);
    expect(again.body.mfaRequired).toBe(true);
    expect((await verify(again.body.pendingToken, await codeAt(u.secret))).status).toBe(200);
  });

  test("audience, web and device come from the verify call, else from the sign-in that started the challenge", async () => {
    const u = await enrolledUser();
    const app = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: "https://mfa-api.test", name: "MFA API" },
      }),
    );
    // From the login: audience and device.
    const c1 = await loginRaw(u.email, { audience: app.identifier, device: { name: "Phone" } });
    const v1 = await verify(c1.body.pendingToken, await codeAt(u.secret));
    expect(claimsOf(v1.body.accessToken).aud).toBe(app.identifier);
    expect(v1.body.deviceId).toEqual(expect.any(String));
    clock.advance(30);
    // From the verify call: web mode (cookie, no refresh token in the body) and the management audience.
    const c2 = await loginRaw(u.email, { audience: app.identifier });
    const v2 = await verify(c2.body.pendingToken, await codeAt(u.secret), { audience: ISSUER }, "?web=true");
    expect(v2.status).toBe(200);
    expect(v2.body.refreshToken).toBeUndefined();
    expect(v2.headers.get("set-cookie")).toContain("sso_refresh=");
    expect(claimsOf(v2.body.accessToken).aud).toBe(ISSUER);
  });

  test("a garbage pending token is 401 INVALID_TOKEN; a malformed body is 400", async () => {
    expectProblem(await verify("not-a-pending-token", "123456"), 401, "INVALID_TOKEN");
    expectProblem(
      await t.call("POST", "/api/auth/mfa/verify", { body: { pendingToken: "x" } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("disable", () => {
  test("turns MFA off (audited), sessions stay, and sign-in answers tokens again", async () => {
    const u = await enrolledUser();
    const session = await verify((await loginRaw(u.email)).body.pendingToken, await codeAt(u.secret));
    await ok(t.call("POST", "/api/mfa/disable", { token: session.body.accessToken }));
    expect(
      (await t.call("POST", "/api/auth/refresh", { body: { refreshToken: session.body.refreshToken } })).status,
    ).toBe(200);
    const r = await loginRaw(u.email);
    expect(r.body.accessToken).toEqual(expect.any(String));
    expect(await t.svc.store.mfa.recoveryCodesLeft(u.id)).toBe(0);
    await t.svc.idle();
    expect((await t.svc.store.audit.forUser(u.id, 50)).map((e) => e.action)).toContain("mfa.disabled");
  });
});
