/**
 * Webhooks black-box, as a customer meets them (SPEC 2.9, 3.4, 4.8, 6; CONTRACT §7): registration
 * rules, every event type reaching a real receiver on loopback, signatures checked with the
 * `standardwebhooks` package, filters and subtree targeting, pause, rotation (the old secret fails),
 * deletion, retries with the same webhook-id on the CONTRACT schedule, redelivery, the deliveries
 * list, metrics, and the SSRF guard. Time is a manual clock; the delivery job runs tick by tick.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Webhook as Verifier } from "standardwebhooks";
import { createWebhookSender } from "../../adapters/outbound/webhook-sender";
import { makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import { startReceiver, type Receiver } from "../support/receiver";
import {
  createOrg,
  createRole,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

const clock = manualClock();
let t: TestApp;
let ten: TenantFixture;
let rx: Receiver;

const newApp = async (orgId: number) =>
  ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: orgId, identifier: `https://${uniq("hooked")}.test`, name: "Hooked" },
    }),
  );
async function register(orgId: number, eventTypes?: string[], url: string = rx.url) {
  const app = await newApp(orgId);
  return ok(
    t.call("POST", "/api/webhooks", {
      token: ten.token,
      body: { organizationId: orgId, applicationId: app.id, url, ...(eventTypes ? { eventTypes } : {}) },
    }),
  );
}
/** Verifies like a customer: the secret's signature over id, timestamp and the raw body. */
const verify = (secret: string, m: { id: string; timestamp: string; signature: string; body: string }) =>
  new Verifier(secret).verify(m.body, {
    "webhook-id": m.id,
    "webhook-timestamp": m.timestamp,
    "webhook-signature": m.signature,
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
/** Runs the delivery job until nothing is due now. */
async function deliverDue() {
  while ((await t.svc.delivery.tick()) > 0);
}

beforeAll(async () => {
  t = await makeTestApp({ clock, webhookTimeoutMs: 500 });
  ten = await provisionTenant(t);
  rx = startReceiver();
});
afterAll(async () => {
  rx.close();
  await t.close();
});

describe("registration", () => {
  test("answers id, url, a whsec_ secret and the event types; the secret is sealed at rest and never listed", async () => {
    const app = await newApp(ten.rootOrgId);
    const r = await t.call("POST", "/api/webhooks", {
      token: ten.token,
      body: {
        organizationId: ten.rootOrgId,
        applicationId: app.id,
        url: rx.url,
        eventTypes: ["user.disabled", "role.assigned"],
      },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toEqual({
      id: expect.any(Number),
      url: rx.url,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      eventTypes: ["user.disabled", "role.assigned"],
    });
    expect(Buffer.from(r.body.secret.slice(6), "base64").length).toBe(32);
    const stored = await t.svc.store.webhooks.get(ten.tenantId, r.body.id);
    expect(stored!.secretEnc).not.toContain(r.body.secret.slice(6, 20));
    const list = await ok(t.call("GET", `/api/webhooks?organizationId=${ten.rootOrgId}`, { token: ten.token }));
    const mine = list.find((w: { id: number }) => w.id === r.body.id);
    expect(mine).toEqual({
      id: r.body.id,
      applicationId: app.id,
      organizationId: ten.rootOrgId,
      url: rx.url,
      eventTypes: "user.disabled,role.assigned",
      active: true,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toContain("whsec_");
    // One per application.
    expectProblem(
      await t.call("POST", "/api/webhooks", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, applicationId: app.id, url: rx.url },
      }),
      409,
      "CONFLICT",
    );
  });

  test("unknown event types are 400; the application must be of the org or an ancestor; other tenants' orgs are 404; ORG_MANAGE is needed", async () => {
    const app = await newApp(ten.rootOrgId);
    const bad = await t.call("POST", "/api/webhooks", {
      token: ten.token,
      body: {
        organizationId: ten.rootOrgId,
        applicationId: app.id,
        url: rx.url,
        eventTypes: ["role.assigned", "user.created"],
      },
    });
    expectProblem(bad, 400, "VALIDATION_FAILED");
    expect(bad.body.errors[0].field).toBe("eventTypes");
    const a = await createOrg(t, ten.token, ten.rootOrgId);
    const b = await createOrg(t, ten.token, ten.rootOrgId);
    const siblingApp = await newApp(b.id);
    expectProblem(
      await t.call("POST", "/api/webhooks", {
        token: ten.token,
        body: { organizationId: a.id, applicationId: siblingApp.id, url: rx.url },
      }),
      400,
      "VALIDATION_FAILED",
    );
    const other = await provisionTenant(t);
    expectProblem(
      await t.call("POST", "/api/webhooks", {
        token: ten.token,
        body: { organizationId: other.rootOrgId, applicationId: app.id, url: rx.url },
      }),
      404,
      "NOT_FOUND",
    );
    const weak = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(
      await t.call("POST", "/api/webhooks", {
        token: weak.token,
        body: { organizationId: ten.rootOrgId, applicationId: app.id, url: rx.url },
      }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("GET", `/api/webhooks?organizationId=${ten.rootOrgId}`, { token: weak.token }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("delivery", () => {
  test("each of the six events reaches the receiver, signed as Standard Webhooks, with the CONTRACT §7 body; the list shows them delivered", async () => {
    const own = startReceiver();
    const org = await createOrg(t, ten.token, ten.rootOrgId);
    const hook = await register(org.id, undefined, own.url);
    const role = await createRole(t, ten.token, org.id, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, org.id);
    await ok(
      t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: org.id },
      }),
    );
    await ok(
      t.call("PUT", `/api/roles/${role.id}/permissions`, {
        token: ten.token,
        body: { permissionCodes: ["AUDIT_VIEW", "USER_MANAGE"] },
      }),
    );
    await ok(
      t.call("POST", `/api/roles/${role.id}/revoke`, {
        token: ten.token,
        body: { userId: u.id, organizationId: org.id },
      }),
    );
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${u.id}/erase`, { token: ten.token }));
    await deliverDue();
    own.close();
    const got = own.received;
    expect(got.every((m) => m.headers["content-type"] === "application/json")).toBe(true);
    const events = got.map((m) => verify(hook.secret, m));
    expect(events.map((e) => e.type)).toEqual([
      "role.assigned",
      "role.permissions_changed",
      "role.revoked",
      "user.disabled",
      "user.enabled",
      "user.erased",
    ]);
    const base = { organizationId: org.id, tenantId: ten.tenantId };
    expect(events[0].data).toEqual({ userId: u.id, roleId: role.id, roleName: role.name, ...base });
    expect(events[1].data).toEqual({ roleId: role.id, added: ["USER_MANAGE"], removed: [], ...base });
    expect(events[3].data).toEqual({ userId: u.id, ...base });
    for (const e of events) expect(new Date(e.timestamp).toISOString()).toBe(e.timestamp);
    for (const m of got)
      expect(Math.abs(Number(m.timestamp) - Math.floor(clock.now().getTime() / 1000))).toBeLessThanOrEqual(1);
    const page = await ok(t.call("GET", `/api/webhooks/${hook.id}/deliveries?size=3`, { token: ten.token }));
    expect(page.items).toHaveLength(3);
    expect(page.items[0]).toMatchObject({
      webhookId: hook.id,
      eventType: "user.erased",
      status: "DELIVERED",
      attempt: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    const rest = await ok(
      t.call("GET", `/api/webhooks/${hook.id}/deliveries?size=3&cursor=${page.next}`, { token: ten.token }),
    );
    expect(rest.items.map((d: { eventType: string }) => d.eventType)).toEqual([
      "role.revoked",
      "role.permissions_changed",
      "role.assigned",
    ]);
    expect(rest.next).toBeNull();
    const metrics = await t.call("GET", "/metrics");
    expect(metrics.body).toMatch(/webhook_deliveries_delivered_total \d+/);
  });

  test("subtree targeting and filters: a webhook at an org gets its own and its descendants' events, of its types only", async () => {
    const parent = await createOrg(t, ten.token, ten.rootOrgId);
    const child = await createOrg(t, ten.token, parent.id);
    const sibling = await createOrg(t, ten.token, ten.rootOrgId);
    const hook = await register(parent.id, ["user.disabled"]);
    const [inChild, inSibling] = [await createUser(t, ten.token, child.id), await createUser(t, ten.token, sibling.id)];
    for (const u of [inChild, inSibling]) {
      await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
      await ok(t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token }));
    }
    await deliverDue();
    const mine = rx.received
      .map((m) => {
        try {
          return verify(hook.secret, m);
        } catch {
          return null;
        }
      })
      .filter(Boolean);
    expect(mine.map((e) => [e!.type, e!.data.userId])).toEqual([["user.disabled", inChild.id]]);
  });

  test("paused: events raised while paused are never delivered, even after resuming; deleted: nothing more", async () => {
    const org = await createOrg(t, ten.token, ten.rootOrgId);
    const hook = await register(org.id);
    const u = await createUser(t, ten.token, org.id);
    await ok(t.call("PUT", `/api/webhooks/${hook.id}`, { token: ten.token, body: { active: false } }));
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    const resumed = await ok(t.call("PUT", `/api/webhooks/${hook.id}`, { token: ten.token, body: { active: true } }));
    expect(resumed.active).toBe(true);
    await ok(t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token }));
    await deliverDue();
    const seen = () =>
      rx.received
        .map((m) => {
          try {
            return verify(hook.secret, m).type;
          } catch {
            return null;
          }
        })
        .filter(Boolean);
    expect(seen()).toEqual(["user.enabled"]);
    await ok(t.call("DELETE", `/api/webhooks/${hook.id}`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    await deliverDue();
    expect(seen()).toEqual(["user.enabled"]);
    expectProblem(
      await t.call("PUT", `/api/webhooks/${hook.id}`, { token: ten.token, body: { active: true } }),
      404,
      "NOT_FOUND",
    );
  });

  test("retries keep the webhook-id on the 10 s, 1 min, 5 min, 30 min, 2 h, 6 h schedule, then FAILED; after a rotation only the new secret verifies; redelivery sends it again", async () => {
    const rx = startReceiver();
    const org = await createOrg(t, ten.token, ten.rootOrgId);
    const hook = await register(org.id, ["user.disabled"], rx.url);
    const u = await createUser(t, ten.token, org.id);
    rx.answer = 500;
    const from = 0;
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    await deliverDue();
    const rotated = await ok(t.call("POST", `/api/webhooks/${hook.id}/rotate-secret`, { token: ten.token }));
    expect(rotated.secret).not.toBe(hook.secret);
    for (const wait of [10, 60, 300, 1800, 7200, 21600]) {
      clock.advance(wait - 1);
      await deliverDue();
      expect(rx.received.length - from).toBe([10, 60, 300, 1800, 7200, 21600].indexOf(wait) + 1); // not due yet
      clock.advance(1);
      await deliverDue();
    }
    // The manual clock moved past the admin token's 15 minutes: sign in again.
    ten.token = (await t.login(ten.adminEmail, PASSWORD)).accessToken;
    const attempts = rx.received.slice(from);
    expect(attempts).toHaveLength(7);
    expect(new Set(attempts.map((m) => m.id)).size).toBe(1);
    // The first attempt was signed with the old secret (checked by the customer's library, its
    // timestamp being current); every retry with the new one only (checked by the HMAC itself, as the
    // manual clock has moved their timestamps hours past the library's 5-minute tolerance).
    verify(hook.secret, attempts[0]);
    expect(() => verify(rotated.secret, attempts[0])).toThrow();
    const hmac = async (secret: string, m: (typeof attempts)[number]) => {
      const key = await crypto.subtle.importKey(
        "raw",
        Buffer.from(secret.slice(6), "base64"),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      return `v1,${Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${m.id}.${m.timestamp}.${m.body}`))).toString("base64")}`;
    };
    for (const m of attempts.slice(1)) {
      expect(m.signature).toBe(await hmac(rotated.secret, m));
      expect(m.signature).not.toBe(await hmac(hook.secret, m));
    }
    const [failed] = (await ok(t.call("GET", `/api/webhooks/${hook.id}/deliveries`, { token: ten.token }))).items;
    expect(failed).toMatchObject({
      status: "FAILED",
      attempt: 7,
      responseStatus: 500,
      error: "HTTP 500",
      nextAttemptAt: null,
      webhookMessageId: attempts[0].id,
    });
    clock.advance(86_400);
    await deliverDue();
    expect(rx.received.length - from).toBe(7);
    ten.token = (await t.login(ten.adminEmail, PASSWORD)).accessToken;
    // Redelivery: same webhook-id, now accepted.
    rx.answer = 200;
    const again = await ok(
      t.call("POST", `/api/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`, { token: ten.token }),
    );
    expect(again).toMatchObject({ status: "PENDING", webhookMessageId: failed.webhookMessageId });
    await deliverDue();
    expect(rx.received.at(-1)!.id).toBe(failed.webhookMessageId);
    expect(rx.received.at(-1)!.signature).toBe(await hmac(rotated.secret, rx.received.at(-1)!));
    const [done] = (await ok(t.call("GET", `/api/webhooks/${hook.id}/deliveries`, { token: ten.token }))).items;
    expect(done).toMatchObject({ status: "DELIVERED", attempt: 8, responseStatus: 200 });
    expectProblem(
      await t.call("POST", `/api/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`, { token: ten.token }),
      404,
      "NOT_FOUND",
    );
    expect((await t.call("GET", "/metrics")).body).toMatch(/webhook_deliveries_failed_total [1-9]/);
    rx.close();
  });

  test("a stalled receiver times out the attempt (retried later) and never holds up the API", async () => {
    const rx = startReceiver();
    const org = await createOrg(t, ten.token, ten.rootOrgId);
    await register(org.id, ["user.disabled", "user.enabled"], rx.url);
    const u = await createUser(t, ten.token, org.id);
    rx.answer = "stall";
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    const round = t.svc.delivery.tick(); // the attempt hangs on the receiver …
    await ok(t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token })); // … while the API answers
    await round;
    rx.answer = 200;
    const hookId = (await ok(t.call("GET", `/api/webhooks?organizationId=${org.id}`, { token: ten.token })))[0].id;
    const items = (await ok(t.call("GET", `/api/webhooks/${hookId}/deliveries`, { token: ten.token }))).items;
    const stalled = items.find((d: { eventType: string }) => d.eventType === "user.disabled");
    expect(stalled).toMatchObject({
      status: "PENDING",
      attempt: 1,
      responseStatus: null,
      error: expect.stringMatching(/timeout/),
    });
    rx.close();
  });
});

describe("SSRF guard", () => {
  test("without SSO_WEBHOOK_ALLOW_PRIVATE: https only, and no loopback, private, link-local or metadata targets", async () => {
    const strict = await makeTestApp({ env: { SSO_WEBHOOK_ALLOW_PRIVATE: "false" } });
    try {
      const admin = await strict.adminToken();
      const root = (await ok(strict.call("GET", "/api/users/me/memberships", { token: admin })))[0].organizationId;
      const app = await ok(
        strict.call("POST", "/api/applications", {
          token: admin,
          body: { organizationId: root, identifier: "https://strict.test", name: "Strict" },
        }),
      );
      for (const url of [
        "http://hooks.example.com/x",
        "https://127.0.0.1/x",
        "https://10.1.2.3/x",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/x",
        "https://[fd00::1]/x",
        "https://localhost/x",
        "https://224.0.0.1/x",
        "https://user:pw@hooks.example.com/x",
        "ftp://hooks.example.com/x",
      ]) {
        const r = await strict.call("POST", "/api/webhooks", {
          token: admin,
          body: { organizationId: root, applicationId: app.id, url },
        });
        if (r.status !== 400) throw new Error(`${url}: expected 400, got ${r.status}`);
        expect(r.body.errors[0].field).toBe("url");
      }
      expect(
        (
          await strict.call("POST", "/api/webhooks", {
            token: admin,
            body: { organizationId: root, applicationId: app.id, url: "https://hooks.example.com/x" },
          })
        ).status,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });

  test("the address checked is the address connected to: a name that resolves to a private address at send time is refused (DNS rebinding); redirects are not followed", async () => {
    // A resolver under the test's control stands in for DNS: first public, then rebound to loopback.
    let answer = "93.184.216.34";
    const sender = createWebhookSender({ allowPrivate: false, resolve: async () => [{ address: answer, family: 4 }] });
    answer = "127.0.0.1";
    const r = await sender.send("https://rebind.example/hook", {}, "{}", 1000);
    expect(r).toEqual({ error: "refused target address 127.0.0.1" });
    answer = "169.254.169.254";
    expect(await sender.send("https://metadata.example/", {}, "{}", 1000)).toEqual({
      error: "refused target address 169.254.169.254",
    });
    // With private targets allowed, the same mechanism connects to the resolved address itself.
    const dev = createWebhookSender({ allowPrivate: true, resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    const port = new URL(rx.url).port;
    rx.answer = 302;
    const before = rx.received.length;
    expect(await dev.send(`http://any-name.example:${port}/hook`, {}, "{}", 1000)).toEqual({ status: 302 });
    expect(rx.received.length).toBe(before + 1);
    rx.answer = 200;
  });
});
