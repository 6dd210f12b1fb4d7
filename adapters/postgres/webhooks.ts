import { and, asc, desc, eq, inArray, lte, or, isNull, lt, sql } from "drizzle-orm";
import type { Delivery, OutboxMessage, OutboxRepo, Webhook, WebhookRepo } from "../../src/features/webhooks/ports";
import { ancestorPaths } from "../../src/kernel/tenancy";
import { schema, type Db } from "./db";

const { webhooks: w, webhookDeliveries: q, organizations: o } = schema;
const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(w.tenantId, tenant));
const toHook = (r: typeof w.$inferSelect): Webhook => ({ ...r });

export function createPgWebhooks(db: Db): WebhookRepo {
  return {
    async create(hook) {
      const [r] = await db.insert(w).values(hook).returning();
      return toHook(r);
    },
    async get(tenant, id) {
      const [r] = await db.select().from(w).where(and(eq(w.id, id), tf(tenant)));
      return r ? toHook(r) : null;
    },
    async listByOrg(tenant, orgId) {
      return (await db.select().from(w).where(and(tf(tenant), eq(w.organizationId, orgId))).orderBy(asc(w.id))).map(toHook);
    },
    async update(tenant, id, patch) {
      const [r] = await db.update(w).set(patch).where(and(eq(w.id, id), tf(tenant))).returning();
      return r ? toHook(r) : null;
    },
    async delete(tenant, id) {
      const rows = await db.delete(w).where(and(eq(w.id, id), tf(tenant))).returning({ id: w.id });
      if (rows.length) await db.update(q).set({ status: "CANCELLED" }).where(and(eq(q.webhookId, id), eq(q.status, "PENDING")));
      return rows.length > 0;
    },
    async subscribers(tenantId, orgPath, eventType) {
      const paths = ancestorPaths(orgPath);
      const rows = await db
        .select({ hook: w })
        .from(w)
        .innerJoin(o, eq(o.id, w.organizationId))
        .where(and(eq(w.tenantId, tenantId), eq(w.active, true), inArray(o.path, paths)));
      return rows.map((r) => toHook(r.hook)).filter((h) => h.eventTypes.length === 0 || h.eventTypes.includes(eventType));
    },
  };
}

export function createPgOutbox(db: Db): OutboxRepo {
  return {
    async listByWebhook(tenant, webhookId, limit) {
      const rows = await db
        .select()
        .from(q)
        .where(and(eq(q.webhookId, webhookId), tenant === "any" ? undefined : eq(q.tenantId, tenant)))
        .orderBy(desc(q.id))
        .limit(limit);
      return rows.map((r): Delivery => ({
        id: r.id, tenantId: r.tenantId, webhookId: r.webhookId, messageId: r.messageId, eventType: r.eventType, payload: r.payload, attempts: r.attempts,
        status: r.status as Delivery["status"], lastError: r.lastError, nextAttemptAt: r.nextAttemptAt, createdAt: r.createdAt, deliveredAt: r.deliveredAt,
      }));
    },
    async enqueue(messages) {
      if (messages.length) await db.insert(q).values(messages);
    },
    async claimDue(now, limit, lockSeconds) {
      const until = new Date(now.getTime() + lockSeconds * 1000);
      // SKIP LOCKED + a lock horizon: two instances never claim the same attempt.
      const due = db
        .select({ id: q.id })
        .from(q)
        .where(and(eq(q.status, "PENDING"), lte(q.nextAttemptAt, now), or(isNull(q.lockedUntil), lt(q.lockedUntil, now))))
        .orderBy(asc(q.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      const rows = await db.update(q).set({ lockedUntil: until, attempts: sql`${q.attempts} + 1` }).where(inArray(q.id, due)).returning();
      return rows.map((r): OutboxMessage => ({ id: r.id, tenantId: r.tenantId, webhookId: r.webhookId, messageId: r.messageId, eventType: r.eventType, payload: r.payload, attempts: r.attempts }));
    },
    async markDelivered(id, at) {
      await db.update(q).set({ status: "DELIVERED", deliveredAt: at, lockedUntil: null }).where(eq(q.id, id));
    },
    async markFailed(id, error, nextAttemptAt) {
      await db
        .update(q)
        .set(nextAttemptAt ? { lastError: error, nextAttemptAt, lockedUntil: null } : { lastError: error, status: "FAILED", lockedUntil: null })
        .where(eq(q.id, id));
    },
  };
}
