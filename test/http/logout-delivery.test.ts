/**
 * Back-channel logout delivery on the webhook outbox (CONTRACT §13), on the store TEST_STORE
 * names, with a manual clock: a receiver that fails a few times gets the token once its retries
 * succeed (the same `jti` on every attempt, each attempt freshly signed), a receiver on a private
 * address is refused by the SSRF guard when private targets are not allowed; and openid-client's
 * `tokenRevocation` / `tokenIntrospection` accept the endpoints.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalJWKSet, jwtVerify } from "jose";
import * as client from "openid-client";
import { createWebhookSender } from "../../adapters/outbound/webhook-sender";
import { RETRY_SCHEDULE_SECONDS } from "../../src/jobs/webhook-delivery";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import { ISSUER, makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import { startReceiver, type Receiver } from "../support/receiver";
import { createUser, ok, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

const clock = manualClock();
let t: TestApp;
let ten: TenantFixture;
let rx: Receiver;
let withReceiver: { clientId: string; clientSecret: string };

beforeAll(async () => {
  t = await makeTestApp({ clock, webhookTimeoutMs: 2000 });
  rx = startReceiver("/bc");
  ten = await provisionTenant(t);
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/bc"), name: "Shop" },
    }),
  );
  withReceiver = await ok(
    t.call("POST", "/api/clients", {
      token: ten.token,
      body: {
        name: uniq("Client"),
        orgId: ten.rootOrgId,
        applicationId: app.id,
        grantTypes: ["authorization_code", "refresh_token", "client_credentials"],
        scopes: ["api.default"],
        redirectUris: ["https://app.example.com/cb"],
        backchannelLogoutUri: rx.url,
      },
    }),
  );
});
afterAll(async () => {
  rx.close();
  await t.close();
});

/** A live sign-in session of a new user in which `clientId` got tokens; returns its sid and user id. */
async function sessionWith(clientId: string) {
  const u = await createUser(t, ten.token, ten.rootOrgId);
  const sid = randomToken(16);
  const now = clock.now();
  await t.svc.sessions.signIns.create(
    {
      sid,
      tenantId: ten.tenantId,
      userId: u.id,
      authTime: now,
      amr: ["pwd"],
      idleSeconds: 86400,
      idleExpiresAt: new Date(now.getTime() + 86400_000),
      absoluteExpiresAt: new Date(now.getTime() + 14 * 86400_000),
      createdAt: now,
      ipAddress: null,
      userAgent: null,
    },
    sha256Hex(randomToken(32)),
  );
  expect(await t.svc.sessions.signIns.addClient(ten.tenantId, sid, clientId, now)).toBe(true);
  return { sid, userId: u.id };
}

describe("back-channel logout delivery", () => {
  test("a receiver failing three times gets the token on the fourth attempt, the same jti each time, freshly signed", async () => {
    rx.received.length = 0;
    rx.answer = 503;
    const s = await sessionWith(withReceiver.clientId);
    await t.svc.logout.endSignIn(ten.tenantId, s.sid, { actor: { ip: null }, via: "logout" });
    await t.svc.delivery.tick();
    expect(rx.received.length).toBe(1);
    for (const wait of RETRY_SCHEDULE_SECONDS.slice(0, 2)) {
      clock.advance(wait - 1);
      await t.svc.delivery.tick();
      const before = rx.received.length;
      clock.advance(1);
      await t.svc.delivery.tick();
      expect(rx.received.length).toBe(before + 1);
    }
    rx.answer = 200;
    clock.advance(RETRY_SCHEDULE_SECONDS[2]);
    await t.svc.delivery.tick();
    expect(rx.received.length).toBe(4);
    const deliveredAt = clock.now();
    // Delivered: nothing more goes out, however long we wait.
    clock.advance(86_400);
    await t.svc.delivery.tick();
    expect(rx.received.length).toBe(4);

    const jwks = createLocalJWKSet((await t.call("GET", "/.well-known/jwks.json")).body);
    const tokens = rx.received.map((r) => new URLSearchParams(r.body).get("logout_token")!);
    const last = await jwtVerify(tokens[3], jwks, {
      issuer: ISSUER,
      audience: withReceiver.clientId,
      typ: "logout+jwt",
      currentDate: deliveredAt,
    });
    expect(last.payload.sid).toBe(s.sid);
    expect(last.payload.sub).toBe(String(s.userId));
    const jtis = new Set<string>();
    const iats = new Set<number>();
    for (const tok of tokens) {
      const p = JSON.parse(Buffer.from(tok.split(".")[1], "base64url").toString());
      jtis.add(p.jti);
      iats.add(p.iat);
    }
    expect(jtis.size).toBe(1);
    expect(iats.size).toBe(4);
  });

  test("the SSRF guard: with private targets refused, a loopback receiver is never contacted", async () => {
    const guarded = await makeTestApp({
      webhookSender: createWebhookSender({ allowPrivate: false }),
    });
    try {
      const own = startReceiver("/private");
      try {
        const tenant = await provisionTenant(guarded);
        const app = await ok(
          guarded.call("POST", "/api/applications", {
            token: tenant.token,
            body: { organizationId: tenant.rootOrgId, identifier: uniq("https://api.example.com/ssrf"), name: "X" },
          }),
        );
        const c = await ok(
          guarded.call("POST", "/api/clients", {
            token: tenant.token,
            body: {
              name: uniq("Client"),
              orgId: tenant.rootOrgId,
              applicationId: app.id,
              grantTypes: ["authorization_code"],
              redirectUris: ["https://app.example.com/cb"],
              // Accepted at registration (this app allows private targets); the sender refuses it.
              backchannelLogoutUri: own.url,
            },
          }),
        );
        const u = await createUser(guarded, tenant.token, tenant.rootOrgId);
        const sid = randomToken(16);
        const now = new Date();
        await guarded.svc.sessions.signIns.create(
          {
            sid,
            tenantId: tenant.tenantId,
            userId: u.id,
            authTime: now,
            amr: ["pwd"],
            idleSeconds: 86400,
            idleExpiresAt: new Date(now.getTime() + 86400_000),
            absoluteExpiresAt: new Date(now.getTime() + 86400_000),
            createdAt: now,
            ipAddress: null,
            userAgent: null,
          },
          sha256Hex(randomToken(32)),
        );
        await guarded.svc.sessions.signIns.addClient(tenant.tenantId, sid, c.clientId, now);
        await guarded.svc.logout.endSignIn(tenant.tenantId, sid, { actor: { ip: null }, via: "logout" });
        expect(await guarded.svc.delivery.tick()).toBeGreaterThanOrEqual(1);
        await Bun.sleep(100);
        expect(own.received.length).toBe(0);
      } finally {
        own.close();
      }
    } finally {
      await guarded.close();
    }
  });
});

describe("openid-client accepts /oauth2/revoke and /oauth2/introspect", () => {
  test("tokenIntrospection says active, tokenRevocation revokes, tokenIntrospection then says inactive", async () => {
    const viaApp = (async (url: string, init: { method?: string; headers?: HeadersInit; body?: unknown }) =>
      t.app.handle(new Request(url, init as RequestInit))) as unknown as client.CustomFetch;
    const config = await client.discovery(
      new URL(ISSUER),
      withReceiver.clientId,
      undefined,
      client.ClientSecretBasic(withReceiver.clientSecret),
      { execute: [client.allowInsecureRequests], [client.customFetch]: viaApp },
    );
    // openid-client checks `iat`/`exp` against its own clock: keep the service's clock there.
    clock.set(Date.now());
    const machine = await client.clientCredentialsGrant(config, { scope: "api.default" });
    const before = await client.tokenIntrospection(config, machine.access_token);
    expect(before.active).toBe(true);
    expect(before.client_id).toBe(withReceiver.clientId);
    expect(before.token_type).toBe("Bearer");
    await client.tokenRevocation(config, machine.access_token);
    const after = await client.tokenIntrospection(config, machine.access_token);
    expect(after.active).toBe(false);
    expect(Object.keys(after)).toEqual(["active"]);
  });
});
