// Tokens from every minting path verify against the published JWKS under both signers, the
// metric says which signer runs, and a key rotation under the OpenSSL signer fails no request.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import { PASSWORD, seedWorld, type World } from "../sdk/world";

const DAY = 86400;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

for (const signer of ["openssl", "webcrypto"] as const)
  describe(`SSO_SIGNER=${signer}`, () => {
    const clock = manualClock(Date.UTC(2031, 0, 1));
    let t: TestApp;
    let w: World;
    beforeAll(async () => {
      t = await makeTestApp({ clock, env: { SSO_SIGNER: signer } });
      w = await seedWorld(t.svc.store, (pw) => t.svc.hasher.hash(pw));
    });
    afterAll(() => t?.close());

    const jwks = async () => createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    /** Verifies against `keys` (default: the set published now) as of the token's own iat. */
    const verify = async (jwt: string, audience?: string, keys?: Awaited<ReturnType<typeof jwks>>) =>
      (
        await jwtVerify(jwt, keys ?? (await jwks()), {
          issuer: ISSUER,
          audience,
          algorithms: ["RS256"],
          typ: "at+jwt",
          currentDate: new Date((decodeJwt(jwt).iat as number) * 1000),
        })
      ).payload;
    const clientCredentials = async (c: { clientId: string; clientSecret: string }) =>
      t.call("POST", "/oauth2/token", {
        headers: {
          authorization: basic(c.clientId, c.clientSecret),
          "content-type": "application/x-www-form-urlencoded",
        },
        raw: "grant_type=client_credentials",
      });

    test("the signer that runs is the one asked for, and /metrics says so", async () => {
      expect(t.svc.keys.signer.name).toBe(signer);
      const m = await t.call("GET", "/metrics");
      expect(String(m.body)).toContain(`sso_signer_info{signer="${signer}"} 1`);
    });

    test("sign-in, refresh and client-credentials tokens verify against /.well-known/jwks.json", async () => {
      const login = await t.login(w.emails.adminA, PASSWORD);
      expect((await verify(login.accessToken)).token_use).toBe("access");
      const refreshed = await t.call("POST", "/api/auth/refresh", { body: { refreshToken: login.refreshToken } });
      expect(refreshed.status).toBe(200);
      const again = await verify(refreshed.body.accessToken);
      expect(again.sid).toBe((await verify(login.accessToken)).sid);
      const reg = await t.call("POST", "/api/clients", {
        token: login.accessToken,
        body: { name: "svc", orgId: w.orgA1a.id },
      });
      expect(reg.status).toBe(200);
      const r = await clientCredentials(reg.body);
      expect(r.status).toBe(200);
      expect((await verify(r.body.access_token, reg.body.clientId)).token_use).toBe("machine");
    });

    test("a key rotation under steady token traffic fails no request; each token verifies", async () => {
      const admin = (await t.login(w.emails.adminA, PASSWORD)).accessToken;
      const reg = (await t.call("POST", "/api/clients", { token: admin, body: { name: "load", orgId: w.orgA1a.id } }))
        .body;
      const before = t.svc.keys.currentKid();
      let stop = false;
      const tokens: string[] = [];
      const failures: number[] = [];
      const loop = async () => {
        while (!stop) {
          const r = await clientCredentials(reg);
          if (r.status === 200) tokens.push(r.body.access_token);
          else failures.push(r.status);
        }
      };
      const loops = Array.from({ length: 8 }, loop);
      // Publish the next key (it signs after the lead), switch to it, then retire the old one.
      clock.advance(30 * DAY - 3600 + 1);
      const next = await t.svc.keys.rotateIfDue();
      expect(next).toBeString();
      await Bun.sleep(50);
      clock.advance(3600);
      await t.svc.keys.rotateIfDue();
      await Bun.sleep(50);
      expect(t.svc.keys.currentKid()).toBe(next as string);
      const bothPublished = await jwks();
      clock.advance(2 * DAY);
      await t.svc.keys.rotateIfDue();
      await Bun.sleep(50);
      stop = true;
      await Promise.all(loops);
      expect(failures).toEqual([]);
      const kids = new Set(tokens.map((x) => decodeProtectedHeader(x).kid));
      expect(kids.has(before)).toBe(true);
      expect(kids.has(next as string)).toBe(true);
      // Every token verifies: against the set published while both keys were, and the new key's
      // against the set published after the old one was withdrawn.
      for (const x of tokens) await verify(x, reg.clientId, bothPublished);
      const fresh = tokens.filter((x) => decodeProtectedHeader(x).kid === next);
      for (const x of fresh) await verify(x, reg.clientId);
    }, 60_000);
  });
