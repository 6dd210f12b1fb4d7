/**
 * Contract of units of work and the event journal (STYLE "Units of work and events",
 * docs/decisions.md "Units of work"): a unit sees only the ports it named; one recorded event
 * yields one audit entry and one outbox row per matching webhook; and a crash injected between any
 * two port calls of a unit leaves the change and its journal entries all visible or none, after the
 * store's recovery pass.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Org } from "../../src/features/orgs/ports";
import type { Role } from "../../src/features/roles/ports";
import type { User } from "../../src/kernel/users";
import { systemClock } from "../../src/kernel/clock";
import { randomToken } from "../../src/kernel/secrets";
import type { FaultInjector } from "../../src/kernel/unit";
import { createUnits, type Units } from "../../src/units";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

/** Counts port calls inside units; throws ("crash") at call number `failAt`. */
class Crash implements FaultInjector {
  calls = 0;
  failAt: number | null = null;
  beforeCall() {
    this.calls++;
    if (this.failAt !== null && this.calls === this.failAt) throw new Error(`injected crash before call ${this.calls}`);
  }
  arm(failAt: number | null) {
    this.calls = 0;
    this.failAt = failAt;
  }
}

export const unitsContract: ContractSuite = {
  name: "units",
  run(make) {
    let s: TestStores;
    let units: Units;
    const crash = new Crash();
    let tenant: number;
    let other: number;
    let root: Org;
    let child: Org;
    let sibling: Org;
    let otherRoot: Org;
    let role: Role;
    const hooks: Record<string, number> = {};

    const newUser = async (org: Org) =>
      s.store.users.create({
        tenantId: org.tenantId,
        organizationId: org.id,
        email: `u-${randomToken(6)}@units.test`.toLowerCase(),
        fullName: "Unit Test",
        passwordHash: null,
      });
    const hook = async (org: Org, name: string, eventTypes: string[], active = true) => {
      const app = await s.store.apps.create({
        tenantId: org.tenantId,
        organizationId: org.id,
        identifier: `https://${name}.units.test`,
        name,
        webRefreshTtlDays: null,
        deviceRefreshTtlDays: null,
        googleClientIds: [],
        microsoftClientIds: [],
      });
      const w = await s.store.webhooks.create({
        tenantId: org.tenantId,
        organizationId: org.id,
        applicationId: app.id,
        url: `https://${name}.units.test/hook`,
        eventTypes,
        secretEnc: "sealed",
        active,
      });
      hooks[name] = w.id;
    };
    const deliveries = async (name: string) => s.store.outbox.listByWebhook("any", hooks[name], 1000);
    const auditOf = async (userId: number, action: string) =>
      (await s.store.audit.forUser(userId, 1000)).filter((e) => e.action === action);

    beforeAll(async () => {
      s = await make();
      units = createUnits(s.store, { clock: systemClock, faults: crash });
      tenant = (await s.store.tenants.create({ name: "Units", slug: "units" })).id;
      other = (await s.store.tenants.create({ name: "Other", slug: "other" })).id;
      root = await s.store.orgs.create({
        tenantId: tenant,
        parentId: null,
        name: "Root",
        slug: "root",
        type: "organization",
      });
      child = await s.store.orgs.create({
        tenantId: tenant,
        parentId: root.id,
        name: "Child",
        slug: "child",
        type: "team",
      });
      sibling = await s.store.orgs.create({
        tenantId: tenant,
        parentId: root.id,
        name: "Sibling",
        slug: "sibling",
        type: "team",
      });
      otherRoot = await s.store.orgs.create({
        tenantId: other,
        parentId: null,
        name: "Other",
        slug: "root",
        type: "organization",
      });
      role = await s.store.roles.create({
        tenantId: tenant,
        organizationId: root.id,
        name: "Reader",
        description: "",
        scope: "SELF",
        permissionIds: [],
      });
      await hook(root, "root-all", []);
      await hook(child, "child-assigned", ["role.assigned"]);
      await hook(child, "child-disabled-only", ["user.disabled"]);
      await hook(root, "root-paused", [], false);
      await hook(sibling, "sibling-all", []);
      await hook(otherRoot, "other-tenant", []);
    });
    afterAll(() => s.close());

    describe("scope", () => {
      test("a unit sees exactly the ports it named", async () => {
        crash.arm(null);
        const keys = await units.unit("scope.check", ["roles", "events"], async (scope) => Object.keys(scope).sort());
        expect(keys).toEqual(["events", "roles"]);
        await units.unit("scope.types", ["roles"], async (scope) => {
          // @ts-expect-error a unit cannot reach a port it did not name (the type checker enforces it)
          expect(scope.users).toBeUndefined();
        });
      });

      test("naming a port that does not exist, or one only the journal may write, is refused", async () => {
        crash.arm(null);
        // @ts-expect-error not a unit port
        await expect(units.unit("scope.bad", ["outbox"], async () => 1)).rejects.toThrow(/unknown port "outbox"/);
        // @ts-expect-error not a unit port
        await expect(units.unit("scope.bad", ["leases"], async () => 1)).rejects.toThrow(/unknown port "leases"/);
      });
    });

    describe("journal", () => {
      test("one webhook event: one audit entry, one outbox row per active webhook at the org or an ancestor whose filter takes it", async () => {
        crash.arm(null);
        const user = await newUser(child);
        const before = Object.fromEntries(
          await Promise.all(Object.keys(hooks).map(async (h) => [h, (await deliveries(h)).length])),
        );
        await units.unit("roles.assign", ["roles", "events"], async ({ roles, events }) => {
          await roles.assign({ tenantId: tenant, userId: user.id, roleId: role.id, organizationId: child.id });
          await events.record({
            type: "role.assigned",
            tenantId: tenant,
            org: child,
            actor: { userId: 4242, ip: "192.0.2.1" },
            target: { userId: user.id },
            data: { roleId: role.id, roleName: role.name },
          });
        });
        const audit = await auditOf(user.id, "role.assigned");
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          tenantId: tenant,
          organizationId: child.id,
          orgPath: child.path,
          userId: user.id,
          actorId: 4242,
          ipAddress: "192.0.2.1",
          metadata: { roleId: role.id, roleName: "Reader", actorId: 4242 },
        });
        const grown = Object.fromEntries(
          await Promise.all(Object.keys(hooks).map(async (h) => [h, (await deliveries(h)).length - before[h]])),
        );
        expect(grown).toEqual({
          "root-all": 1,
          "child-assigned": 1,
          "child-disabled-only": 0,
          "root-paused": 0,
          "sibling-all": 0,
          "other-tenant": 0,
        });
        const [a] = await deliveries("root-all");
        const [b] = await deliveries("child-assigned");
        for (const d of [a, b]) {
          expect(d).toMatchObject({ tenantId: tenant, eventType: "role.assigned", status: "PENDING", attempts: 0 });
          expect(d.payload).toEqual({
            type: "role.assigned",
            timestamp: expect.any(String),
            data: { userId: user.id, roleId: role.id, roleName: "Reader", organizationId: child.id, tenantId: tenant },
          });
          expect(d.messageId).toMatch(/^msg_[A-Za-z0-9_-]{20,}$/);
        }
        expect(a.messageId).not.toBe(b.messageId);
      });

      test("payload data carries only the documented fields (CONTRACT §7)", async () => {
        crash.arm(null);
        const user = await newUser(child);
        await units.unit("roles.set_permissions", ["events"], async ({ events }) =>
          events.record({
            type: "role.permissions_changed",
            tenantId: tenant,
            org: root,
            actor: { userId: 1 },
            data: { roleId: role.id, added: ["a"], removed: [], secret: "x" },
          }),
        );
        await units.unit("users.disable", ["events"], async ({ events }) =>
          events.record({
            type: "user.disabled",
            tenantId: tenant,
            org: child,
            target: { userId: user.id },
            data: { email: "x@y" },
          }),
        );
        const [perm, disabled] = (await deliveries("root-all")).slice(0, 2).reverse();
        expect(perm.payload.data).toEqual({
          roleId: role.id,
          added: ["a"],
          removed: [],
          organizationId: root.id,
          tenantId: tenant,
        });
        expect(disabled.payload.data).toEqual({ userId: user.id, organizationId: child.id, tenantId: tenant });
        expect((await deliveries("child-disabled-only"))[0].payload.data).toEqual({
          userId: user.id,
          organizationId: child.id,
          tenantId: tenant,
        });
      });

      test("an event that is not a webhook type writes the audit entry only", async () => {
        crash.arm(null);
        const user = await newUser(root);
        const before = (await deliveries("root-all")).length;
        await units.record({
          type: "auth.login.succeeded",
          tenantId: tenant,
          org: root,
          actor: { ip: null },
          target: { userId: user.id },
          data: { method: "password" },
        });
        expect(await auditOf(user.id, "auth.login.succeeded")).toHaveLength(1);
        expect((await deliveries("root-all")).length).toBe(before);
      });
    });

    describe("atomicity", () => {
      /** A unit of five port calls: assign (1), audit append (2), subscribers (3), outbox enqueue (4), user update (5). */
      const work = (user: User) =>
        units.unit("roles.assign_and_rename", ["roles", "users", "events"], async ({ roles, users, events }) => {
          await roles.assign({ tenantId: tenant, userId: user.id, roleId: role.id, organizationId: child.id });
          await events.record({
            type: "role.assigned",
            tenantId: tenant,
            org: child,
            actor: { userId: 1 },
            target: { userId: user.id },
            data: { roleId: role.id, roleName: role.name },
          });
          await users.update(tenant, user.id, { fullName: "Renamed" });
        });

      const visible = async (user: User, outboxBefore: number) => ({
        assignment: (await s.store.roles.assignmentsOf(user.id)).length,
        audit: (await auditOf(user.id, "role.assigned")).length,
        outbox: (await deliveries("child-assigned")).length - outboxBefore,
        renamed: (await s.store.users.get(tenant, user.id))?.fullName === "Renamed" ? 1 : 0,
      });

      test("without a crash the unit makes five port calls and everything is visible", async () => {
        const user = await newUser(child);
        const before = (await deliveries("child-assigned")).length;
        crash.arm(null);
        await work(user);
        expect(crash.calls).toBe(5);
        expect(await visible(user, before)).toEqual({ assignment: 1, audit: 1, outbox: 1, renamed: 1 });
      });

      for (const failAt of [1, 2, 3, 4, 5]) {
        test(`a crash before port call ${failAt} leaves none of the change and none of its journal (after recovery)`, async () => {
          const user = await newUser(child);
          const before = (await deliveries("child-assigned")).length;
          crash.arm(failAt);
          await expect(work(user)).rejects.toThrow(/injected crash/);
          crash.arm(null);
          await s.store.recover();
          const seen = await visible(user, before);
          const total = seen.assignment + seen.audit + seen.outbox + seen.renamed;
          // All or nothing: the store may roll forward (4 of 4) or back (0 of 4), never stop between.
          expect([0, 4]).toContain(total);
          // SQL stores roll back: a unit is one transaction.
          if (s.store.atomicity === "transaction") expect(total).toBe(0);
        });
      }
    });
  },
};
