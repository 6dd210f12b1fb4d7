import { and, asc, desc, eq, inArray, lte, or, isNull, lt, sql } from "drizzle-orm";
import { BACKCHANNEL_LOGOUT_TARGET } from "../../src/features/events/ports";
import type {
  Delivery,
  DeliveryStatus,
  OutboxMessage,
  OutboxRepo,
  Webhook,
  WebhookRepo,
} from "../../src/features/webhooks/ports";
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
      const [r] = await db
        .select()
        .from(w)
        .where(and(eq(w.id, id), tf(tenant)));
      return r ? toHook(r) : null;
    },
    async listByOrg(tenant, orgId) {
      return (
        await db
          .select()
          .from(w)
          .where(and(tf(tenant), eq(w.organizationId, orgId)))
          .orderBy(asc(w.id))
      ).map(toHook);
    },
    async update(tenant, id, patch) {
      const [r] = await db
        .update(w)
        .set(patch)
        .where(and(eq(w.id, id), tf(tenant)))
        .returning();
      return r ? toHook(r) : null;
    },
    async delete(tenant, id) {
      const rows = await db
        .delete(w)
        .where(and(eq(w.id, id), tf(tenant)))
        .returning({ id: w.id });
      if (rows.length)
        await db
          .update(q)
          .set({ status: "CANCELLED" })
          .where(and(eq(q.webhookId, id), eq(q.status, "PENDING")));
      return rows.length > 0;
    },
    async subscribers(tenantId, orgPath, eventType) {
      const paths = ancestorPaths(orgPath);
      const rows = await db
        .select({ hook: w })
        .from(w)
        .innerJoin(o, eq(o.id, w.organizationId))
        .where(and(eq(w.tenantId, tenantId), eq(w.active, true), inArray(o.path, paths)));
      return rows
        .map((r) => toHook(r.hook))
        .filter((h) => h.eventTypes.length === 0 || h.eventTypes.includes(eventType));
    },
  };
}

const toDelivery = (r: typeof q.$inferSelect): Delivery => ({
  id: r.id,
  tenantId: r.tenantId,
  webhookId: r.webhookId,
  messageId: r.messageId,
  eventType: r.eventType,
  payload: r.payload,
  attempts: r.attempts,
  status: r.status as DeliveryStatus,
  lastStatus: r.lastStatus,
  lastError: r.lastError,
  lastAttemptAt: r.lastAttemptAt,
  nextAttemptAt: r.nextAttemptAt,
  createdAt: r.createdAt,
  deliveredAt: r.deliveredAt,
});

export function createPgOutbox(db: Db): OutboxRepo {
  const tenantOf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(q.tenantId, tenant));
  return {
    async enqueue(messages) {
      if (messages.length) await db.insert(q).values(messages);
    },
    async claimDue(now, limit, lockSeconds) {
      const until = new Date(now.getTime() + lockSeconds * 1000);
      // SKIP LOCKED + a lock horizon: two instances never claim the same attempt; paused webhooks' rows stay put.
      const due = db
        .select({ id: q.id })
        .from(q)
        .leftJoin(w, eq(w.id, q.webhookId))
        .where(
          and(
            eq(q.status, "PENDING"),
            lte(q.nextAttemptAt, now),
            or(isNull(q.lockedUntil), lt(q.lockedUntil, now)),
            // Back-channel logout rows have no webhook (BACKCHANNEL_LOGOUT_TARGET); others need an active one.
            or(eq(q.webhookId, BACKCHANNEL_LOGOUT_TARGET), eq(w.active, true)),
          ),
        )
        .orderBy(asc(q.id))
        .limit(limit)
        .for("update", { of: q, skipLocked: true });
      const rows = await db
        .update(q)
        .set({ lockedUntil: until, attempts: sql`${q.attempts} + 1` })
        .where(inArray(q.id, due))
        .returning();
      return rows
        .sort((a, b) => a.id - b.id)
        .map(
          (r): OutboxMessage => ({
            id: r.id,
            tenantId: r.tenantId,
            webhookId: r.webhookId,
            messageId: r.messageId,
            eventType: r.eventType,
            payload: r.payload,
            attempts: r.attempts,
          }),
        );
    },
    async markDelivered(id, o) {
      await db
        .update(q)
        .set({
          status: "DELIVERED",
          deliveredAt: o.at,
          lastAttemptAt: o.at,
          lastStatus: o.status ?? null,
          lastError: null,
          lockedUntil: null,
        })
        .where(eq(q.id, id));
    },
    async markFailed(id, o, nextAttemptAt) {
      const base = { lastAttemptAt: o.at, lastStatus: o.status ?? null, lastError: o.error ?? null, lockedUntil: null };
      await db
        .update(q)
        .set(nextAttemptAt ? { ...base, nextAttemptAt } : { ...base, status: "FAILED" })
        .where(eq(q.id, id));
    },
    async release(id) {
      await db
        .update(q)
        .set({ lockedUntil: null, attempts: sql`greatest(${q.attempts} - 1, 0)` })
        .where(eq(q.id, id));
    },
    async listByWebhook(tenant, webhookId, limit, beforeId) {
      const rows = await db
        .select()
        .from(q)
        .where(and(eq(q.webhookId, webhookId), tenantOf(tenant), beforeId ? lt(q.id, beforeId) : undefined))
        .orderBy(desc(q.id))
        .limit(limit);
      return rows.map(toDelivery);
    },
    async redeliver(tenant, webhookId, deliveryId, now) {
      const [r] = await db
        .update(q)
        .set({ status: "PENDING", nextAttemptAt: now, lockedUntil: null, deliveredAt: null })
        .where(and(eq(q.id, deliveryId), eq(q.webhookId, webhookId), eq(q.status, "FAILED"), tenantOf(tenant)))
        .returning();
      return r ? toDelivery(r) : null;
    },
    async backlog() {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(q).where(eq(q.status, "PENDING"));
      return Number(r?.n ?? 0);
    },
  };
}
