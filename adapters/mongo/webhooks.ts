/**
 * Webhooks and the delivery outbox. Rows enqueued inside a unit carry UNIT_MARK until it commits
 * and are never claimed before; claims are conditional single-document updates on the lock,
 * and every write of a delivery row by the delivery job runs under `exclusive` (atomic.ts), so
 * two instances never claim one row while its lock holds, on FerretDB v1 too.
 */
import type { Filter } from "mongodb";
import type { Delivery, OutboxMessage, OutboxRepo, Webhook, WebhookRepo } from "../../src/features/webhooks/ports";
import { pathIds } from "../../src/kernel/tenancy";
import { exclusive } from "./atomic";
import {
  coll,
  deleteDocs,
  type Doc,
  fromDoc,
  insertDocs,
  modifyOne,
  nextIds,
  nextId,
  UNIT_MARK,
  updateDocs,
  type Ctx,
} from "./db";
import { C } from "./schema";
import { BACKCHANNEL_LOGOUT_TARGET } from "../../src/features/events/ports";

const rowLock = (id: number) => `delivery:${id}`;
const tf = (tenant: number | "any"): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });
const toHook = (d: Doc) => fromDoc<Webhook>(d);

export function createMongoWebhooks(ctx: Ctx): WebhookRepo {
  const c = coll(ctx, C.webhooks);
  return {
    async create(hook) {
      const doc = { _id: await nextId(ctx, C.webhooks), ...hook, createdAt: new Date() };
      await insertDocs(ctx, C.webhooks, [doc]);
      return toHook(doc)!;
    },
    async get(tenant, id) {
      return toHook(await c.findOne({ _id: id, ...tf(tenant) }));
    },
    async listByOrg(tenant, orgId) {
      return (
        await c
          .find({ ...tf(tenant), organizationId: orgId })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => toHook(d)!);
    },
    async update(tenant, id, patch) {
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (!Object.keys(set).length) return toHook(await c.findOne({ _id: id, ...tf(tenant) }));
      return toHook(await modifyOne(ctx, C.webhooks, { _id: id, ...tf(tenant) }, { $set: set }));
    },
    async delete(tenant, id) {
      const n = await deleteDocs(ctx, C.webhooks, { _id: id, ...tf(tenant) });
      if (n)
        await updateDocs(
          ctx,
          C.deliveries,
          { webhookId: id, status: "PENDING" },
          { $set: { status: "CANCELLED" } },
          { many: true },
        );
      return n > 0;
    },
    async subscribers(tenantId, orgPath, eventType) {
      // The org ids on the path are the org and its ancestors (the first segment is the tenant).
      const orgIds = pathIds(orgPath).slice(1);
      const rows = await c
        .find({ tenantId, active: true, organizationId: { $in: orgIds } })
        .sort({ _id: 1 })
        .toArray();
      return rows.map((d) => toHook(d)!).filter((h) => h.eventTypes.length === 0 || h.eventTypes.includes(eventType));
    },
  };
}

const toMessage = (d: Doc): OutboxMessage => ({
  id: d._id,
  tenantId: d.tenantId,
  webhookId: d.webhookId,
  messageId: d.messageId,
  eventType: d.eventType,
  payload: d.payload,
  attempts: d.attempts,
});
const toDelivery = (d: Doc): Delivery => ({
  ...toMessage(d),
  status: d.status,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  lastAttemptAt: d.lastAttemptAt,
  nextAttemptAt: d.nextAttemptAt,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
});

export function createMongoOutbox(ctx: Ctx): OutboxRepo {
  const q = coll(ctx, C.deliveries);
  /** Claimable at `now`: pending, due, unlocked (or its holder's lock passed), and committed. */
  const claimable = (now: Date): Filter<Doc> => ({
    status: "PENDING",
    nextAttemptAt: { $lte: now },
    $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }],
    [UNIT_MARK]: { $exists: false },
  });
  return {
    async enqueue(messages) {
      if (!messages.length) return;
      const ids = await nextIds(ctx, C.deliveries, messages.length);
      const createdAt = new Date();
      const rows = messages.map((m, i) => ({
        _id: ids[i],
        tenantId: m.tenantId,
        webhookId: m.webhookId,
        messageId: m.messageId,
        eventType: m.eventType,
        payload: m.payload,
        attempts: 0,
        status: "PENDING",
        lastStatus: null,
        lastError: null,
        lastAttemptAt: null,
        nextAttemptAt: m.nextAttemptAt,
        lockedUntil: null,
        createdAt,
        deliveredAt: null,
      }));
      // Marked: not claimable until the unit commits.
      await insertDocs(ctx, C.deliveries, rows, { mark: true });
    },
    async claimDue(now, limit, lockSeconds) {
      if (limit <= 0) return [];
      const until = new Date(now.getTime() + lockSeconds * 1000);
      // Paused webhooks' rows stay put: only rows of active webhooks are candidates.
      const active = (
        await coll(ctx, C.webhooks)
          .find({ active: true }, { projection: { _id: 1 } })
          .toArray()
      ).map((w) => w._id);
      // Back-channel logout rows have no webhook (BACKCHANNEL_LOGOUT_TARGET): always candidates.
      active.push(BACKCHANNEL_LOGOUT_TARGET);
      const out: OutboxMessage[] = [];
      let afterId = 0;
      // Candidates oldest first, each claimed by a conditional update (another instance may win some).
      while (out.length < limit) {
        const batch = await q
          .find({ ...claimable(now), webhookId: { $in: active }, _id: { $gt: afterId } }, { projection: { _id: 1 } })
          .sort({ _id: 1 })
          .limit(limit - out.length)
          .toArray();
        if (!batch.length) break;
        afterId = batch[batch.length - 1]._id;
        const won = await Promise.all(
          batch.map((d) =>
            exclusive(ctx, rowLock(d._id), () =>
              q.findOneAndUpdate(
                { _id: d._id, ...claimable(now) },
                { $set: { lockedUntil: until }, $inc: { attempts: 1 } },
                { returnDocument: "after" },
              ),
            ),
          ),
        );
        for (const r of won) if (r) out.push(toMessage(r));
      }
      return out.sort((a, b) => a.id - b.id);
    },
    async markDelivered(id, o) {
      await exclusive(ctx, rowLock(id), () =>
        updateDocs(
          ctx,
          C.deliveries,
          { _id: id },
          {
            $set: {
              status: "DELIVERED",
              deliveredAt: o.at,
              lastAttemptAt: o.at,
              lastStatus: o.status ?? null,
              lastError: null,
              lockedUntil: null,
            },
          },
        ),
      );
    },
    async markFailed(id, o, nextAttemptAt) {
      const base = { lastAttemptAt: o.at, lastStatus: o.status ?? null, lastError: o.error ?? null, lockedUntil: null };
      await exclusive(ctx, rowLock(id), () =>
        updateDocs(
          ctx,
          C.deliveries,
          { _id: id },
          { $set: nextAttemptAt ? { ...base, nextAttemptAt } : { ...base, status: "FAILED" } },
        ),
      );
    },
    async release(id) {
      // Attempts never go below 0 (no expression updates: decrement only where positive).
      await exclusive(ctx, rowLock(id), async () => {
        const n = await updateDocs(
          ctx,
          C.deliveries,
          { _id: id, attempts: { $gt: 0 } },
          { $set: { lockedUntil: null }, $inc: { attempts: -1 } },
        );
        if (!n) await updateDocs(ctx, C.deliveries, { _id: id }, { $set: { lockedUntil: null } });
      });
    },
    async listByWebhook(tenant, webhookId, limit, beforeId) {
      const filter: Filter<Doc> = { webhookId, ...tf(tenant), ...(beforeId ? { _id: { $lt: beforeId } } : {}) };
      return (await q.find(filter).sort({ _id: -1 }).limit(limit).toArray()).map(toDelivery);
    },
    async redeliver(tenant, webhookId, deliveryId, now) {
      const d = await exclusive(ctx, rowLock(deliveryId), () =>
        modifyOne(
          ctx,
          C.deliveries,
          { _id: deliveryId, webhookId, status: "FAILED", ...tf(tenant) },
          { $set: { status: "PENDING", nextAttemptAt: now, lockedUntil: null, deliveredAt: null } },
        ),
      );
      return d ? toDelivery(d) : null;
    },
    async backlog() {
      return q.countDocuments({ status: "PENDING" });
    },
  };
}
