/**
 * The event journal: the one place a write use case says what happened. From one recorded event
 * come the audit entry and, for the SPEC 6 webhook event types, one outbox row per subscribed
 * webhook, written inside the same unit of work as the change itself (transactional outbox).
 */

/** SPEC 6: the event types a webhook can subscribe to (CONTRACT §7 payloads). */
export const WEBHOOK_EVENT_TYPES = [
  "role.assigned",
  "role.revoked",
  "role.permissions_changed",
  "user.disabled",
  "user.enabled",
  "user.erased",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What happened, once. `type` is the dotted lower-case audit action (CONTRACT §9). */
export interface DomainEvent {
  type: string;
  tenantId: number;
  /** The affected organization (role events: the org of the assignment or role; user events: the home org). */
  org?: { id: number; path: string } | null;
  /** Who did it; absent for the service itself (bootstrap, key rotation) and for anonymous calls. */
  actor?: { userId?: number | null; ip?: string | null };
  /** Whom it happened to; the audit entry's user is the target, else the actor. */
  target?: { userId?: number | null };
  /** Event details: the audit metadata, and the source of the webhook payload's `data`. */
  data?: Record<string, unknown>;
}

export interface EventJournal {
  /**
   * Records `event` inside the caller's unit of work: the audit entry and the outbox rows commit
   * with the change or not at all. Never call it outside a unit (the unit runner's `record` does
   * that for events that change nothing else).
   */
  record(event: DomainEvent): Promise<void>;
}
