/**
 * Social sign-in, black-box (SPEC 4.1 rule 4; CONTRACT §11): a local fake provider publishes a
 * JWKS and signs id_tokens the way Google and Microsoft do. Success for both providers, linking by
 * subject, MFA, and every refusal with its code.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { generate } from "otplib";
import { makeTestApp, type TestApp } from "../support/app";
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

const GOOGLE_CLIENT = "google-client-1.apps.googleusercontent.com";
const MS_CLIENT = "5b3c2f0e-ms-client";
const MS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let google: Keys;
let microsoft: Keys;
let stranger: Keys;
let provider: ReturnType<typeof Bun.serve>;
let t: TestApp;
let ten: TenantFixture;
let appIdentifier: string;

async function idToken(keys: Keys, kid: string, claims: JWTPayload, opts: { expSeconds?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid })
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expSeconds ?? 600))
    .sign(keys.privateKey);
}
const googleToken = (sub: string, email: string, extra: JWTPayload = {}, opts = {}) =>
  idToken(
    google,
    "g1",
    { iss: "https://accounts.google.com", aud: GOOGLE_CLIENT, sub, email, email_verified: true, ...extra },
    opts,
  );
const msToken = (oid: string, email: string, extra: JWTPayload = {}) =>
  idToken(microsoft, "m1", {
    iss: `https://login.microsoftonline.com/${MS_TENANT}/v2.0`,
    aud: MS_CLIENT,
    sub: `pairwise-${oid}`,
    oid,
    tid: MS_TENANT,
    preferred_username: email,
    ...extra,
  });
const social = (p: string, idToken: string, extra: Record<string, unknown> = {}) =>
  t.call("POST", `/api/auth/social/${p}`, { body: { idToken, audience: appIdentifier, ...extra } });

beforeAll(async () => {
  [google, microsoft, stranger] = await Promise.all([
    generateKeyPair("RS256", { extractable: true }),
    generateKeyPair("RS256", { extractable: true }),
    generateKeyPair("RS256", { extractable: true }),
  ]);
  const jwk = async (k: Keys, kid: string) => ({ ...(await exportJWK(k.publicKey)), kid, alg: "RS256", use: "sig" });
  const sets = { google: { keys: [await jwk(google, "g1")] }, microsoft: { keys: [await jwk(microsoft, "m1")] } };
  provider = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) => Response.json(sets[new URL(req.url).pathname.slice(1) as "google" | "microsoft"] ?? { keys: [] }),
  });
  t = await makeTestApp({
    env: {
      SSO_GOOGLE_JWKS_URL: `http://127.0.0.1:${provider.port}/google`,
      SSO_MICROSOFT_JWKS_URL: `http://127.0.0.1:${provider.port}/microsoft`,
    },
  });
  ten = await provisionTenant(t);
  appIdentifier = `https://${uniq("social")}.test`;
  await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: {
        organizationId: ten.rootOrgId,
        identifier: appIdentifier,
        name: "Social",
        googleClientIds: [GOOGLE_CLIENT],
        microsoftClientIds: MS_CLIENT,
      },
    }),
  );
});
afterAll(async () => {
  await t.close();
  provider.stop(true);
});

describe("success", () => {
  test("Google: a verified email of a provisioned user signs in (aud = the application), and the account is linked by subject", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId, { password: null });
    const r = await social("google", await googleToken("g-sub-1", u.email.toUpperCase()));
    expect(r.status).toBe(200);
    const c = claimsOf(r.body.accessToken);
    expect(c.uid).toBe(u.id);
    expect(c.aud).toBe(appIdentifier);
    expect(typeof r.body.refreshToken).toBe("string");
    expect(await t.svc.store.socialIdentities.find("google", "g-sub-1")).toMatchObject({
      userId: u.id,
      tenantId: ten.tenantId,
    });
    // The issuer's other spelling is Google's too.
    expect((await social("google", await googleToken("g-sub-1", u.email, { iss: "accounts.google.com" }))).status).toBe(
      200,
    );
  });

  test("Microsoft: the tenant's v2.0 issuer, email from preferred_username, linked by tenant + object id", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const r = await social("microsoft", await msToken("oid-1", u.email));
    expect(r.status).toBe(200);
    expect(claimsOf(r.body.accessToken).uid).toBe(u.id);
    expect(await t.svc.store.socialIdentities.find("microsoft", `${MS_TENANT}:oid-1`)).toMatchObject({ userId: u.id });
    const signIns = (await t.svc.store.audit.forUser(u.id, 50)).filter((e) => e.action === "auth.login.succeeded");
    expect(signIns[0].metadata.method).toBe("microsoft");
  });

  test("after linking, a later email change at the provider cannot move the identity onto another account", async () => {
    const owner = await createUser(t, ten.token, ten.rootOrgId);
    const other = await createUser(t, ten.token, ten.rootOrgId);
    expect(claimsOf((await social("google", await googleToken("g-sub-move", owner.email))).body.accessToken).uid).toBe(
      owner.id,
    );
    // Same Google account, now claiming the other user's email: it still signs in as its owner.
    expect(claimsOf((await social("google", await googleToken("g-sub-move", other.email))).body.accessToken).uid).toBe(
      owner.id,
    );
    // A second Google account with the owner's email does not take the owner over.
    expectProblem(await social("google", await googleToken("g-sub-intruder", owner.email)), 401, "INVALID_CREDENTIALS");
  });

  test("MFA applies: a user with MFA on gets the challenge, not tokens; a recovery code completes it", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const { accessToken } = await t.login(u.email, PASSWORD);
    const secret = new URL(
      (await ok(t.call("POST", "/api/mfa/setup/begin", { token: accessToken }))).otpAuthUri,
    ).searchParams.get("secret")!;
    const { recoveryCodes } = await ok(
      t.call("POST", "/api/mfa/setup/confirm", {
        token: accessToken,
        body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) },
      }),
    );
    const r = await social("google", await googleToken(`g-mfa-${u.id}`, u.email), { device: { name: "Phone" } });
    expect(r.body).toEqual({ mfaRequired: true, pendingToken: expect.any(String), expiresInSeconds: 300 });
    const recovery = await t.svc.store.mfa.recoveryCodesLeft(u.id);
    expect(recovery).toBe(10);
    const v = await t.call("POST", "/api/auth/mfa/verify", {
      body: { pendingToken: r.body.pendingToken, code: recoveryCodes[0] },
    });
    expect(v.status).toBe(200);
    expect(v.body.deviceId).toEqual(expect.any(String)); // the device of the social sign-in
    const signIns = (await t.svc.store.audit.forUser(u.id, 50)).filter((e) => e.action === "auth.login.succeeded");
    expect(signIns[0].metadata).toMatchObject({ method: "google+recovery", mode: "device" });
  });
});

describe("refusals", () => {
  test("an unknown provider is 404", async () => {
    expectProblem(await social("github", "x.y.z"), 404, "NOT_FOUND");
  });

  test("bad, expired, wrongly addressed, foreign-signed, wrong-issuer or unverified tokens are 401 INVALID_TOKEN saying why", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const cases: [string, string, Promise<string> | string, RegExp][] = [
      ["garbage", "google", "not-a-jwt", /well-formed/],
      ["expired", "google", googleToken("g-x", u.email, {}, { expSeconds: -600 }), /expired/],
      ["other audience", "google", googleToken("g-x", u.email, { aud: "someone-else" }), /another client/],
      [
        "foreign key",
        "google",
        idToken(stranger, "g1", {
          iss: "https://accounts.google.com",
          aud: GOOGLE_CLIENT,
          sub: "g-x",
          email: u.email,
          email_verified: true,
        }),
        /published keys/,
      ],
      [
        "unknown kid",
        "google",
        idToken(stranger, "nope", {
          iss: "https://accounts.google.com",
          aud: GOOGLE_CLIENT,
          sub: "g-x",
          email: u.email,
          email_verified: true,
        }),
        /published keys/,
      ],
      ["wrong issuer", "google", googleToken("g-x", u.email, { iss: "https://evil.example" }), /issuer/],
      ["unverified email", "google", googleToken("g-x", u.email, { email_verified: false }), /verified/],
      [
        "Microsoft issuer of another tenant",
        "microsoft",
        msToken("oid-x", u.email, { iss: "https://login.microsoftonline.com/other-tenant/v2.0" }),
        /issuer/,
      ],
      ["Google token at Microsoft", "microsoft", googleToken("g-x", u.email), /published keys|another client/],
    ];
    for (const [label, p, token, why] of cases) {
      const r = await social(p, await token);
      if (r.status !== 401) throw new Error(`${label}: expected 401, got ${r.status} ${JSON.stringify(r.body)}`);
      expect(r.body.code).toBe("INVALID_TOKEN");
      expect(r.body.detail).toMatch(why);
    }
    expect(await t.svc.store.socialIdentities.find("google", "g-x")).toBeNull();
  });

  test("no provisioned account, or a disabled one, is 401 INVALID_CREDENTIALS (the same answer, revealing nothing)", async () => {
    const nobody = await social("google", await googleToken("g-nobody", "nobody@nowhere.test"));
    expectProblem(nobody, 401, "INVALID_CREDENTIALS");
    const u = await createUser(t, ten.token, ten.rootOrgId);
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    const disabled = await social("google", await googleToken("g-disabled", u.email));
    expectProblem(disabled, 401, "INVALID_CREDENTIALS");
    expect(disabled.body.detail).toBe(nobody.body.detail);
  });

  test("an application with no client id of that provider (and no platform default) refuses its tokens", async () => {
    const bare = `https://${uniq("bare")}.test`;
    await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: bare, name: "Bare" },
      }),
    );
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const r = await t.call("POST", "/api/auth/social/google", {
      body: { idToken: await googleToken("g-bare", u.email), audience: bare },
    });
    expectProblem(r, 401, "INVALID_TOKEN");
    expect(r.body.detail).toMatch(/client id/);
  });
});

describe("a provider that verified the address verifies it (CONTRACT §19)", () => {
  const verified = async (id: number) =>
    (await ok(t.call("GET", `/api/users/${id}/export`, { token: ten.token }))).user.emailVerified as boolean;

  test("Google (email_verified true) sets emailVerified, audited with the provider", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    expect(await verified(u.id)).toBe(false);
    expect((await social("google", await googleToken(`g-verify-${u.id}`, u.email))).status).toBe(200);
    expect(await verified(u.id)).toBe(true);
    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=user.email_verified&userId=${u.id}`, {
        token: ten.token,
      }),
    );
    expect(audit[0].metadata).toMatchObject({ via: "google" });
  });

  test("Microsoft: only an email claim with xms_edov true verifies; preferred_username alone does not", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    expect((await social("microsoft", await msToken(`oid-pu-${u.id}`, u.email))).status).toBe(200);
    expect(await verified(u.id)).toBe(false);
    const r = await social("microsoft", await msToken(`oid-pu-${u.id}`, u.email, { email: u.email, xms_edov: true }));
    expect(r.status).toBe(200);
    expect(await verified(u.id)).toBe(true);
  });

  test("a linked identity whose provider email is another address verifies nothing", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    expect((await social("google", await googleToken(`g-other-${u.id}`, u.email))).status).toBe(200);
    await ok(t.call("PUT", `/api/users/${u.id}`, { token: ten.token, body: { email: `moved-${u.id}@t.test` } }));
    expect(await verified(u.id)).toBe(false);
    // The link follows the subject; the provider still vouches only for the old address.
    expect((await social("google", await googleToken(`g-other-${u.id}`, u.email))).status).toBe(200);
    expect(await verified(u.id)).toBe(false);
  });
});

describe("Microsoft emails whose domain owner is not verified (xms_edov)", () => {
  test("xms_edov false never links a first sign-in, whoever has the email; a linked account still signs in; xms_edov true links", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    for (const edov of [false, "0", "false"]) {
      const r = await social("microsoft", await msToken("oid-unverified", u.email, { email: u.email, xms_edov: edov }));
      expectProblem(r, 401, "INVALID_TOKEN");
      expect(r.body.detail).toMatch(/xms_edov is false/);
    }
    // The same answer when no account has the email: the refusal depends on the token alone.
    const nobody = await social(
      "microsoft",
      await msToken("oid-unverified", "nobody@nowhere.test", { xms_edov: false }),
    );
    expect(nobody.body.detail).toBe(
      (await social("microsoft", await msToken("oid-unverified", u.email, { xms_edov: false }))).body.detail,
    );
    expect(await t.svc.store.socialIdentities.find("microsoft", `${MS_TENANT}:oid-unverified`)).toBeNull();

    const linked = await social(
      "microsoft",
      await msToken("oid-verified", u.email, { email: u.email, xms_edov: true }),
    );
    expect(claimsOf(linked.body.accessToken).uid).toBe(u.id);
    // Once linked, the link is followed; what the token says about its email no longer matters.
    expect(
      claimsOf(
        (await social("microsoft", await msToken("oid-verified", u.email, { xms_edov: false }))).body.accessToken,
      ).uid,
    ).toBe(u.id);
  });

  test("SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL=true: a first sign-in links only with an email claim and xms_edov true", async () => {
    const strict = await makeTestApp({
      env: {
        SSO_MICROSOFT_JWKS_URL: `http://127.0.0.1:${provider.port}/microsoft`,
        SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL: "true",
      },
    });
    try {
      const st = await provisionTenant(strict);
      const aud = `https://${uniq("strict")}.test`;
      await ok(
        strict.call("POST", "/api/applications", {
          token: st.token,
          body: { organizationId: st.rootOrgId, identifier: aud, name: "Strict", microsoftClientIds: [MS_CLIENT] },
        }),
      );
      const u = await createUser(strict, st.token, st.rootOrgId);
      const call = (idToken: string) =>
        strict.call("POST", "/api/auth/social/microsoft", { body: { idToken, audience: aud } });
      for (const [label, token] of [
        ["no xms_edov", await msToken("oid-s", u.email, { email: u.email })],
        ["preferred_username only", await msToken("oid-s", u.email, { xms_edov: true })],
      ] as const) {
        const r = await call(token);
        if (r.status !== 401) throw new Error(`${label}: expected 401, got ${r.status}`);
        expect(r.body.code).toBe("INVALID_TOKEN");
        expect(r.body.detail).toMatch(/xms_edov true/);
      }
      expect(await strict.svc.store.socialIdentities.find("microsoft", `${MS_TENANT}:oid-s`)).toBeNull();
      const r = await call(await msToken("oid-s", u.email, { email: u.email, xms_edov: true }));
      expect(claimsOf(r.body.accessToken).uid).toBe(u.id);
    } finally {
      await strict.close();
    }
  });
});
