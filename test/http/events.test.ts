/**
 * The event journal through the real stack: the six SPEC 6 triggers, called over HTTP, fill the
 * webhook outbox (and the audit trail) in the same unit as the change; a crash inside a unit
 * answers 500 and leaves neither the change nor its journal entries behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FaultInjector } from "../../src/kernel/unit";
import { makeTestApp, type TestApp } from "../support/app";
import {
  createOrg,
  createRole,
  createUser,
  expectProblem,
  ok,
  provisionTenant,
  uniq,
  type TenantFixture,
} from "./directory-fixtures";

/** Crashes every port call of the unit named `unit`, from call number `at` on, while armed. */
const crash: FaultInjector & { unit: string | null; at: number; seen: number } = {
  unit: null,
  at: 1,
  seen: 0,
  beforeCall(unit) {
    if (unit !== this.unit) return;
    if (++this.seen >= this.at) throw new Error("injected crash");
  },
};

let t: TestApp;
let ten: TenantFixture;
let hookId: number;

async function registerHook(orgId: number, eventTypes: string[] = []) {
  const app = await ok(
    t.call("POST", "/api/applications", {
      token: ten.token,
      body: { organizationId: orgId, identifier: `https://${uniq("hooked")}.test`, name: "Hooked" },
    }),
  );
  const hook = await t.svc.store.webhooks.create({
    tenantId: ten.tenantId,
    organizationId: orgId,
    applicationId: app.id,
    url: "https://receiver.test/hook",
    eventTypes,
    secretEnc: "sealed",
    active: true,
  });
  return hook.id;
}
const outbox = (id = hookId) => t.svc.store.outbox.listByWebhook(ten.tenantId, id, 1000);

beforeAll(async () => {
  t = await makeTestApp({ faults: crash });
  ten = await provisionTenant(t);
  hookId = await registerHook(ten.rootOrgId);
});
afterAll(() => t.close());

describe("webhook events from their triggers", () => {
  test("assign, permission change, revoke, disable, enable and erase each enqueue one delivery with the CONTRACT §7 payload", async () => {
    const org = await createOrg(t, ten.token, ten.rootOrgId);
    const role = await createRole(t, ten.token, org.id, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, org.id);
    const before = (await outbox()).length;
    const assign = { userId: u.id, organizationId: org.id };
    await ok(t.call("POST", `/api/roles/${role.id}/assign`, { token: ten.token, body: assign }));
    await ok(
      t.call("PUT", `/api/roles/${role.id}/permissions`, {
        token: ten.token,
        body: { permissionCodes: ["AUDIT_VIEW", "USER_MANAGE"] },
      }),
    );
    await ok(t.call("POST", `/api/roles/${role.id}/revoke`, { token: ten.token, body: assign }));
    await ok(t.call("POST", `/api/users/${u.id}/disable`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${u.id}/enable`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${u.id}/erase`, { token: ten.token }));
    const rows = (await outbox()).slice(0, (await outbox()).length - before).reverse();
    expect(rows.map((r) => r.eventType)).toEqual([
      "role.assigned",
      "role.permissions_changed",
      "role.revoked",
      "user.disabled",
      "user.enabled",
      "user.erased",
    ]);
    const base = { organizationId: org.id, tenantId: ten.tenantId };
    expect(rows.map((r) => r.payload.data)).toEqual([
      { userId: u.id, roleId: role.id, roleName: role.name, ...base },
      { roleId: role.id, added: ["USER_MANAGE"], removed: [], ...base },
      { userId: u.id, roleId: role.id, roleName: role.name, ...base },
      { userId: u.id, ...base },
      { userId: u.id, ...base },
      { userId: u.id, ...base },
    ]);
    for (const r of rows) {
      expect(r.payload.type).toBe(r.eventType);
      expect(new Date(r.payload.timestamp as string).toISOString()).toBe(r.payload.timestamp as string);
      expect(r.status).toBe("PENDING");
    }
  });

  test("a repeat that changes nothing (assign twice) records no second event", async () => {
    const role = await createRole(t, ten.token, ten.rootOrgId, ["AUDIT_VIEW"]);
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const before = (await outbox()).length;
    for (let i = 0; i < 2; i++)
      await ok(
        t.call("POST", `/api/roles/${role.id}/assign`, {
          token: ten.token,
          body: { userId: u.id, organizationId: ten.rootOrgId },
        }),
      );
    expect((await outbox()).length - before).toBe(1);
  });

  test("events outside the webhook's org subtree or filter do not reach it", async () => {
    const a = await createOrg(t, ten.token, ten.rootOrgId);
    const b = await createOrg(t, ten.token, ten.rootOrgId);
    const onA = await registerHook(a.id, ["user.disabled"]);
    const ub = await createUser(t, ten.token, b.id);
    const ua = await createUser(t, ten.token, a.id);
    await ok(t.call("POST", `/api/users/${ub.id}/disable`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${ua.id}/disable`, { token: ten.token }));
    await ok(t.call("POST", `/api/users/${ua.id}/enable`, { token: ten.token }));
    expect((await outbox(onA)).map((r) => [r.eventType, (r.payload.data as { userId: number }).userId])).toEqual([
      ["user.disabled", ua.id],
    ]);
  });
});

describe("a crash inside a unit", () => {
  for (const at of [1, 2, 3, 4]) {
    test(`roles.assign crashing before its port call ${at}: 500, and no assignment, audit entry or delivery`, async () => {
      const role = await createRole(t, ten.token, ten.rootOrgId, ["AUDIT_VIEW"]);
      const u = await createUser(t, ten.token, ten.rootOrgId);
      const before = (await outbox()).length;
      Object.assign(crash, { unit: "roles.assign", at, seen: 0 });
      const r = await t.call("POST", `/api/roles/${role.id}/assign`, {
        token: ten.token,
        body: { userId: u.id, organizationId: ten.rootOrgId },
      });
      crash.unit = null;
      expectProblem(r, 500, "INTERNAL");
      expect(JSON.stringify(r.body)).not.toContain("injected");
      expect(await t.svc.store.roles.assignmentsOf(u.id)).toEqual([]);
      expect((await t.svc.store.audit.forUser(u.id, 100)).map((e) => e.action)).not.toContain("role.assigned");
      expect((await outbox()).length).toBe(before);
      // The same call succeeds once the fault is gone.
      await ok(
        t.call("POST", `/api/roles/${role.id}/assign`, {
          token: ten.token,
          body: { userId: u.id, organizationId: ten.rootOrgId },
        }),
      );
      expect((await outbox()).length).toBe(before + 1);
    });
  }

  test("users.erase crashing after the erase itself leaves the user untouched", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    Object.assign(crash, { unit: "users.erase", at: 3, seen: 0 });
    expectProblem(await t.call("POST", `/api/users/${u.id}/erase`, { token: ten.token }), 500, "INTERNAL");
    crash.unit = null;
    const user = await t.svc.store.users.get(ten.tenantId, u.id);
    expect(user?.status).toBe("ACTIVE");
    expect(user?.email).toBe(u.email);
  });
});

describe("conflicts", () => {
  test("a duplicate never reveals a constraint name", async () => {
    const u = await createUser(t, ten.token, ten.rootOrgId);
    const r = await t.call("POST", "/api/users", {
      token: ten.token,
      body: { organizationId: ten.rootOrgId, email: u.email, fullName: "Twin" },
    });
    expectProblem(r, 409, "CONFLICT");
    expect(JSON.stringify(r.body)).not.toMatch(/users_|_key|_idx|unique|constraint/i);
  });
});
