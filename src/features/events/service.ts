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

export function createEventJournal(ports: JournalPorts, deps: { clock: Clock; onEnqueued?: () => void }): EventJournal {
  return {
    async record(e) {
      const actorId = e.actor?.userId ?? null;
      await ports.audit.append({
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
