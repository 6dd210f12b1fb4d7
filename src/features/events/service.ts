/**
 * The event journal over the audit and outbox ports of one unit of work. `record` appends the
 * audit entry and, for a webhook event type, enqueues one delivery per active webhook registered at
 * the affected org or an ancestor whose filter takes the type (CONTRACT §7).
 */
import type { Clock } from "../../kernel/clock";
import { randomToken } from "../../kernel/secrets";
import {
  BACKCHANNEL_LOGOUT_EVENT,
  BACKCHANNEL_LOGOUT_TARGET,
  WEBHOOK_EVENT_TYPES,
  type DomainEvent,
  type EventJournal,
  type JournalPorts,
  type NewAuditEntry,
  type WebhookEventType,
} from "./ports";

export const isWebhookEvent = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** The fields of `data` each webhook event carries, beyond userId/organizationId/tenantId (CONTRACT §7). */
const PAYLOAD_FIELDS: Record<WebhookEventType, { user: boolean; fields: string[] }> = {
  "role.assigned": { user: true, fields: ["roleId", "roleName"] },
  "role.revoked": { user: true, fields: ["roleId", "roleName"] },
  "role.permissions_changed": { user: false, fields: ["roleId", "added", "removed"] },
  "user.disabled": { user: true, fields: [] },
  "user.enabled": { user: true, fields: [] },
  "user.erased": { user: true, fields: [] },
};

/** The webhook body's `data` for an event (CONTRACT §7); only the documented fields, nothing personal. */
export function webhookData(e: DomainEvent & { type: WebhookEventType }): Record<string, unknown> {
  const shape = PAYLOAD_FIELDS[e.type];
  const data: Record<string, unknown> = Object.create(null);
  if (shape.user) data.userId = e.target?.userId ?? null;
  for (const f of shape.fields) data[f] = e.data?.[f] ?? null;
  data.organizationId = e.org?.id ?? null;
  data.tenantId = e.tenantId;
  return { ...data };
}

/** A Standard Webhooks message id (stable across the retries of one delivery). */
export const newMessageId = () => `msg_${randomToken(18)}`;

/**
 * Largest batch written as one statement: each size is its own prepared statement on a SQL store,
 * so the sizes are few; under load batches stay far below it.
 */
export const AUDIT_BATCH_MAX = 32;

interface Pending {
  entry: NewAuditEntry;
  resolve(): void;
  reject(e: unknown): void;
}

/**
 * Group commit of the audit entries of events recorded outside a unit of work (`groupCommit`: an
 * event that changes nothing else, units.record): the entries appended while one write is on its
 * way are written together, in arrival order, as one statement (`appendMany`) when it returns.
 * Every caller still waits until its own entry is stored, as with `append`, so nothing is
 * acknowledged before it is written; only the number of round trips changes (one per batch
 * instead of one per entry when requests run concurrently: the sign-in and code-exchange hot
 * paths). A failed batch is written again entry by entry, so each caller gets its own outcome.
 */
function groupCommit(repo: Required<JournalPorts["audit"]>): JournalPorts["audit"] {
  let queue: Pending[] = [];
  let writing = false;

  async function writeBatch(batch: Pending[]): Promise<void> {
    try {
      if (batch.length === 1) await repo.append(batch[0].entry);
      else await repo.appendMany(batch.map((p) => p.entry));
      for (const p of batch) p.resolve();
    } catch (e) {
      if (batch.length === 1) return batch[0].reject(e);
      // One entry's fault is not the others': each on its own.
      await Promise.all(
        batch.map((p) =>
          repo.append(p.entry).then(
            () => p.resolve(),
            (err) => p.reject(err),
          ),
        ),
      );
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length) {
        const batch = queue.slice(0, AUDIT_BATCH_MAX);
        queue = queue.slice(batch.length);
        await writeBatch(batch);
      }
    } finally {
      writing = false;
    }
  }

  return {
    append(entry) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ entry, resolve, reject });
        // The first entry of an idle journal goes out at the end of this turn of the event loop
        // (with whatever else the turn appends); later ones wait for the write on its way.
        if (!writing) {
          writing = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}

export function createEventJournal(
  ports: JournalPorts,
  deps: { clock: Clock; onEnqueued?: () => void; groupCommit?: boolean },
): EventJournal {
  const audit =
    deps.groupCommit && ports.audit.appendMany
      ? groupCommit({ append: (e) => ports.audit.append(e), appendMany: ports.audit.appendMany.bind(ports.audit) })
      : ports.audit;
  return {
    async record(e) {
      const actorId = e.actor?.userId ?? null;
      await audit.append({
        tenantId: e.tenantId,
        organizationId: e.org?.id ?? null,
        orgPath: e.org?.path ?? `/${e.tenantId}/`,
        userId: e.target?.userId ?? actorId,
        actorId,
        action: e.type,
        ipAddress: e.actor?.ip ?? null,
        metadata: { ...(e.data ?? {}), ...(actorId ? { actorId } : {}) },
      });
      if (e.logoutNotices?.length) {
        const now = deps.clock.now();
        await ports.outbox.enqueue(
          e.logoutNotices.map((n) => ({
            tenantId: e.tenantId,
            webhookId: BACKCHANNEL_LOGOUT_TARGET,
            // The logout token's `jti`: the same on every attempt of this delivery.
            messageId: newMessageId(),
            eventType: BACKCHANNEL_LOGOUT_EVENT,
            payload: { clientId: n.clientId, url: n.url, sub: n.sub, ...(n.sid ? { sid: n.sid } : {}) },
            nextAttemptAt: now,
          })),
        );
        deps.onEnqueued?.();
      }
      if (!isWebhookEvent(e.type) || !e.org) return;
      const hooks = await ports.webhooks.subscribers(e.tenantId, e.org.path, e.type);
      if (!hooks.length) return;
      const now = deps.clock.now();
      const body = {
        type: e.type,
        timestamp: now.toISOString(),
        data: webhookData(e as DomainEvent & { type: WebhookEventType }),
      };
      await ports.outbox.enqueue(
        hooks.map((h) => ({
          tenantId: e.tenantId,
          webhookId: h.id,
          messageId: newMessageId(),
          eventType: e.type,
          payload: body,
          nextAttemptAt: now,
        })),
      );
      deps.onEnqueued?.();
    },
  };
}
