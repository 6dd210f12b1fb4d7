/**
 * Contract for the platform-level ports: signing keys, leases, webhooks + outbox, import refs/jobs,
 * claims mappings. Each runs unchanged on every adapter.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConflictError } from "../../src/kernel/errors";
import { BACKCHANNEL_LOGOUT_EVENT, BACKCHANNEL_LOGOUT_TARGET } from "../../src/features/events";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const platformContract: ContractSuite = {
  name: "platform ports",
  run(make) {
    let s: TestStores;
    let tenantA: number;
    let tenantB: number;
    let orgA: { id: number; path: string };
    let childA: { id: number; path: string };
    let orgB: { id: number; path: string };
    beforeAll(async () => {
      s = await make();
      tenantA = (await s.store.tenants.create({ name: "A", slug: "a" })).id;
      tenantB = (await s.store.tenants.create({ name: "B", slug: "b" })).id;
      orgA = await s.store.orgs.create({
        tenantId: tenantA,
        parentId: null,
        name: "A",
        slug: "a",
        type: "organization",
      });
      childA = await s.store.orgs.create({
        tenantId: tenantA,
        parentId: orgA.id,
        name: "A1",
        slug: "a1",
        type: "organization",
      });
      orgB = await s.store.orgs.create({
        tenantId: tenantB,
        parentId: null,
        name: "B",
        slug: "b",
        type: "organization",
      });
    });
    afterAll(() => s.close());

    test("keys: published hides expired keys, newest activation first; retireOthers retires only older keys", async () => {
      const now = new Date();
      const mk = (kid: string, activatesAt: Date, expiresAt: Date | null = null) => ({
        kid,
        privateKeyEnc: `v1.${kid}`,
        publicJwk: { kid, kty: "RSA" },
        createdAt: now,
        activatesAt,
        retiredAt: null,
        expiresAt,
      });
      await s.store.keys.insert(mk("k-old", new Date(now.getTime() - 3_600_000)));
      await s.store.keys.insert(mk("k-new", new Date(now.getTime() - 60_000)));
      await s.store.keys.insert(mk("k-gone", new Date(now.getTime() - 7_200_000), new Date(now.getTime() - 1000)));
      const kids = (await s.store.keys.published(now)).map((k) => k.kid);
      expect(kids).toEqual(["k-new", "k-old"]);
      await s.store.keys.retireOthers("k-new", new Date(now.getTime() - 60_000), new Date(now.getTime() + 86_400_000));
      const after = await s.store.keys.published(now);
      expect(after.find((k) => k.kid === "k-old")?.retiredAt).not.toBeNull();
      expect(after.find((k) => k.kid === "k-new")?.retiredAt).toBeNull();
      await expect(s.store.keys.insert(mk("k-new", now))).rejects.toBeInstanceOf(ConflictError);
    });

    test("leases: one holder at a time, renewable by its holder, free after release", async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => s.store.leases.acquire("job", `h${i}`, 30)),
      );
      expect(results.filter(Boolean).length).toBe(1);
      const winner = `h${results.indexOf(true)}`;
      expect(await s.store.leases.acquire("job", winner, 30)).toBe(true);
      expect(await s.store.leases.acquire("job", "someone-else", 30)).toBe(false);
      await s.store.leases.release("job", "someone-else");
      expect(await s.store.leases.acquire("job", "someone-else", 30)).toBe(false);
      await s.store.leases.release("job", winner);
      expect(await s.store.leases.acquire("job", "someone-else", 30)).toBe(true);
    });

    test("leases: an expired lease can be taken over", async () => {
      expect(await s.store.leases.acquire("short", "a", -1)).toBe(true);
      expect(await s.store.leases.acquire("short", "b", 30)).toBe(true);
    });

    test("webhooks: one per application, tenant-filtered reads, subscribers by ancestor and event type", async () => {
      const hook = await s.store.webhooks.create({
        tenantId: tenantA,
        organizationId: orgA.id,
        applicationId: 101,
        url: "https://h.example/a",
        eventTypes: ["role.assigned"],
        secretEnc: "v1.x",
        active: true,
      });
      await expect(
        s.store.webhooks.create({
          tenantId: tenantA,
          organizationId: orgA.id,
          applicationId: 101,
          url: "https://h.example/b",
          eventTypes: [],
          secretEnc: "v1.y",
          active: true,
        }),
      ).rejects.toBeInstanceOf(ConflictError);
      const all = await s.store.webhooks.create({
        tenantId: tenantA,
        organizationId: childA.id,
        applicationId: 102,
        url: "https://h.example/c",
        eventTypes: [],
        secretEnc: "v1.z",
        active: true,
      });
      expect(await s.store.webhooks.get(tenantB, hook.id)).toBeNull();
      expect((await s.store.webhooks.get(tenantA, hook.id))?.url).toBe("https://h.example/a");
      expect(await s.store.webhooks.listByOrg(tenantB, orgA.id)).toEqual([]);
      // An event at the child org reaches the child's hook and the ancestor's hook (if it selected the type).
      const subs = await s.store.webhooks.subscribers(tenantA, childA.path, "role.assigned");
      expect(subs.map((h) => h.id).sort()).toEqual([hook.id, all.id].sort());
      const subs2 = await s.store.webhooks.subscribers(tenantA, childA.path, "user.disabled");
      expect(subs2.map((h) => h.id)).toEqual([all.id]);
      expect(await s.store.webhooks.subscribers(tenantA, orgA.path, "user.disabled")).toEqual([]);
      expect(await s.store.webhooks.subscribers(tenantB, childA.path, "role.assigned")).toEqual([]);
      await s.store.webhooks.update(tenantA, all.id, { active: false });
      expect((await s.store.webhooks.subscribers(tenantA, childA.path, "user.disabled")).length).toBe(0);
      expect(await s.store.webhooks.update(tenantB, hook.id, { active: false })).toBeNull();
      expect(await s.store.webhooks.delete(tenantB, hook.id)).toBe(false);
      expect(await s.store.webhooks.delete(tenantA, hook.id)).toBe(true);
    });

    test("outbox: concurrent claimers never get the same due message; delivered and failed are final", async () => {
      const hook = await s.store.webhooks.create({
        tenantId: tenantB,
        organizationId: orgB.id,
        applicationId: 201,
        url: "https://h.example/q",
        eventTypes: [],
        secretEnc: "v1.q",
        active: true,
      });
      await s.store.outbox.enqueue(
        Array.from({ length: 20 }, (_, i) => ({
          tenantId: tenantB,
          webhookId: hook.id,
          messageId: `msg_${i}`,
          eventType: "user.enabled",
          payload: { i },
          nextAttemptAt: new Date(),
        })),
      );
      const now = new Date(Date.now() + 1000);
      const claims = await Promise.all(Array.from({ length: 4 }, () => s.store.outbox.claimDue(now, 8, 30)));
      const ids = claims.flat().map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(20);
      expect(claims.flat().every((m) => m.attempts === 1)).toBe(true);
      // Locked messages are not claimed again before the lock ends.
      expect(await s.store.outbox.claimDue(now, 50, 30)).toEqual([]);
      const [first, second] = claims.flat();
      await s.store.outbox.markDelivered(first.id, { at: now, status: 204 });
      await s.store.outbox.markFailed(
        second.id,
        { at: now, status: 500, error: "HTTP 500" },
        new Date(now.getTime() - 1),
      );
      const retry = await s.store.outbox.claimDue(now, 50, 30);
      expect(retry.map((m) => m.id)).toEqual([second.id]);
      expect(retry[0].attempts).toBe(2);
      await s.store.outbox.markFailed(second.id, { at: now, error: "connect ECONNREFUSED" }, null);
      const later = new Date(now.getTime() + 3_600_000);
      const rest = await s.store.outbox.claimDue(later, 50, 30);
      expect(rest.map((m) => m.id)).not.toContain(first.id);
      expect(rest.map((m) => m.id)).not.toContain(second.id);
      expect(rest.length).toBe(18);
      const [failed] = (await s.store.outbox.listByWebhook(tenantB, hook.id, 100)).filter((d) => d.id === second.id);
      expect(failed).toMatchObject({
        status: "FAILED",
        attempts: 2,
        lastStatus: null,
        lastError: "connect ECONNREFUSED",
        messageId: second.messageId,
      });
      const [delivered] = (await s.store.outbox.listByWebhook(tenantB, hook.id, 100)).filter((d) => d.id === first.id);
      expect(delivered).toMatchObject({ status: "DELIVERED", lastStatus: 204, lastError: null });
      expect(delivered.deliveredAt?.getTime()).toBe(now.getTime());
    });

    test("outbox: back-channel logout rows (no webhook) are claimed once each by concurrent claimers, and retried", async () => {
      await s.store.outbox.enqueue(
        Array.from({ length: 6 }, (_, i) => ({
          tenantId: tenantB,
          webhookId: BACKCHANNEL_LOGOUT_TARGET,
          messageId: `msg_bc${i}`,
          eventType: BACKCHANNEL_LOGOUT_EVENT,
          payload: { clientId: "cli_x", url: "https://rp.example/bc", sub: String(i) },
          nextAttemptAt: new Date(),
        })),
      );
      const now = new Date(Date.now() + 2000);
      const claims = await Promise.all(Array.from({ length: 3 }, () => s.store.outbox.claimDue(now, 50, 30)));
      const mine = claims
        .flat()
        .filter((m) => m.webhookId === BACKCHANNEL_LOGOUT_TARGET && m.messageId.startsWith("msg_bc"));
      expect(mine.length).toBe(6);
      expect(new Set(mine.map((m) => m.id)).size).toBe(6);
      expect(mine.find((m) => m.messageId === "msg_bc0")?.payload).toEqual({
        clientId: "cli_x",
        url: "https://rp.example/bc",
        sub: "0",
      });
      await s.store.outbox.markFailed(
        mine[0].id,
        { at: now, status: 503, error: "HTTP 503" },
        new Date(now.getTime() + 10_000),
      );
      for (const m of mine.slice(1)) await s.store.outbox.markDelivered(m.id, { at: now, status: 200 });
      const due = await s.store.outbox.claimDue(new Date(now.getTime() + 10_001), 50, 30);
      const retried = due.filter((m) => m.messageId.startsWith("msg_bc"));
      expect(retried.map((m) => [m.id, m.attempts, m.messageId])).toEqual([[mine[0].id, 2, mine[0].messageId]]);
      await s.store.outbox.markDelivered(mine[0].id, { at: now, status: 200 });
    });

    test("outbox: paging, redelivery of failed only, release, backlog, paused webhooks unclaimed, tenant-filtered", async () => {
      const hook = await s.store.webhooks.create({
        tenantId: tenantB,
        organizationId: orgB.id,
        applicationId: 202,
        url: "https://h.example/r",
        eventTypes: [],
        secretEnc: "v1.r",
        active: true,
      });
      await s.store.outbox.enqueue(
        Array.from({ length: 5 }, (_, i) => ({
          tenantId: tenantB,
          webhookId: hook.id,
          messageId: `msg_r${i}`,
          eventType: "user.enabled",
          payload: { i },
          nextAttemptAt: new Date(),
        })),
      );
      const page1 = await s.store.outbox.listByWebhook(tenantB, hook.id, 3);
      const page2 = await s.store.outbox.listByWebhook(tenantB, hook.id, 3, page1[2].id);
      expect([...page1, ...page2].map((d) => d.messageId)).toEqual(["msg_r4", "msg_r3", "msg_r2", "msg_r1", "msg_r0"]);
      expect(await s.store.outbox.listByWebhook(tenantA, hook.id, 10)).toEqual([]);
      const backlog = await s.store.outbox.backlog();
      expect(backlog).toBeGreaterThanOrEqual(5);
      // Paused: nothing of this webhook is claimed; resumed: all of it is.
      await s.store.webhooks.update(tenantB, hook.id, { active: false });
      const far = new Date(Date.now() + 86_400_000);
      expect((await s.store.outbox.claimDue(far, 100, 30)).filter((m) => m.webhookId === hook.id)).toEqual([]);
      await s.store.webhooks.update(tenantB, hook.id, { active: true });
      const mine = (await s.store.outbox.claimDue(far, 100, 30)).filter((m) => m.webhookId === hook.id);
      expect(mine.length).toBe(5);
      // release gives one back at once, attempt uncounted.
      await s.store.outbox.release(mine[0].id);
      const again = (await s.store.outbox.claimDue(far, 100, 30)).filter((m) => m.webhookId === hook.id);
      expect(again.map((m) => [m.id, m.attempts])).toEqual([[mine[0].id, 1]]);
      // Only a FAILED delivery can be redelivered, in its own webhook and tenant; same message id.
      expect(await s.store.outbox.redeliver(tenantB, hook.id, mine[1].id, far)).toBeNull();
      await s.store.outbox.markFailed(mine[1].id, { at: far, status: 410, error: "HTTP 410" }, null);
      expect(await s.store.outbox.redeliver(tenantA, hook.id, mine[1].id, far)).toBeNull();
      expect(await s.store.outbox.redeliver(tenantB, hook.id + 1, mine[1].id, far)).toBeNull();
      const re = await s.store.outbox.redeliver(tenantB, hook.id, mine[1].id, far);
      expect(re).toMatchObject({ id: mine[1].id, status: "PENDING", messageId: mine[1].messageId });
      const retried = (await s.store.outbox.claimDue(new Date(far.getTime() + 1), 100, 30)).filter(
        (m) => m.webhookId === hook.id,
      );
      expect(retried.map((m) => m.id)).toEqual([mine[1].id]);
      // Deleting the webhook cancels what is still pending.
      await s.store.webhooks.delete(tenantB, hook.id);
      expect((await s.store.outbox.listByWebhook("any", hook.id, 10)).filter((d) => d.status === "PENDING")).toEqual(
        [],
      );
    });

    test("imports: refs are per tenant and kind; jobs keep the caller's timestamps and list newest first per caller tenant", async () => {
      await s.store.imports.putRef(tenantA, "users", "u-1", 42, "fp1");
      expect(await s.store.imports.findRef(tenantA, "users", "u-1")).toEqual({ entityId: 42, fingerprint: "fp1" });
      expect(await s.store.imports.findRef(tenantB, "users", "u-1")).toBeNull();
      expect(await s.store.imports.findRef(tenantA, "roles", "u-1")).toBeNull();
      await s.store.imports.putRef(tenantA, "users", "u-1", 42, "fp2");
      expect((await s.store.imports.findRef(tenantA, "users", "u-1"))?.fingerprint).toBe("fp2");
      const base = {
        tenantId: tenantA,
        rootOrgId: orgA.id,
        dryRun: true,
        counts: {},
        errors: [],
        createdAt: new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)),
        completedAt: new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 7)),
      };
      const j1 = await s.store.imports.createJob({ ...base, callerTenantId: tenantA, status: "VALID" });
      // Both instants are stored as given (the caller's clock), never stamped by the adapter or the server.
      expect([j1.createdAt.toISOString(), j1.completedAt?.toISOString()]).toEqual([
        "2020-01-02T03:04:05.006Z",
        "2020-01-02T03:04:05.007Z",
      ]);
      const [listed] = await s.store.imports.listJobs(tenantA, 1);
      expect(listed.createdAt.getTime()).toBe(base.createdAt.getTime());
      expect(listed.completedAt?.getTime()).toBe(base.completedAt.getTime());
      const j2 = await s.store.imports.createJob({ ...base, callerTenantId: tenantA, status: "INVALID" });
      await s.store.imports.createJob({ ...base, callerTenantId: tenantB, status: "VALID" });
      expect((await s.store.imports.listJobs(tenantA, 10)).map((j) => j.id)).toEqual([j2.id, j1.id]);
      expect((await s.store.imports.listJobs(tenantA, 1)).length).toBe(1);
    });

    test("claims: one mapping per owning org, tenant-filtered, replaced on put", async () => {
      expect(await s.store.claims.get(tenantA, orgA.id)).toBeNull();
      await s.store.claims.put({
        organizationId: orgA.id,
        tenantId: tenantA,
        mapping: { add: [{ key: "x", value: 1 }] },
        enabled: false,
      });
      await s.store.claims.put({
        organizationId: orgA.id,
        tenantId: tenantA,
        mapping: { add: [{ key: "y", from: "org_id" }] },
        enabled: true,
      });
      const got = await s.store.claims.get(tenantA, orgA.id);
      expect(got).toEqual({
        organizationId: orgA.id,
        tenantId: tenantA,
        mapping: { add: [{ key: "y", from: "org_id" }] },
        enabled: true,
      });
      expect(await s.store.claims.get(tenantB, orgA.id)).toBeNull();
    });

    test("transactions are all or nothing", async () => {
      await expect(
        s.store.transaction(async (tx) => {
          await tx.tenants.create({ name: "Rolled back", slug: "rolled-back" });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      const t = await s.store.transaction(async (tx) => tx.tenants.create({ name: "Kept", slug: "kept" }));
      expect((await s.store.tenants.get(t.id))?.name).toBe("Kept");
      // The rolled-back insert consumed the previous id (sequences are not transactional) but left no row.
      expect(await s.store.tenants.get(t.id - 1)).toBeNull();
    });
  },
};
