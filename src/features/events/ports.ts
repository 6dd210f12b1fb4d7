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
  /**
   * Back-channel logout tokens this event sends (CONTRACT §13): one outbox row per notice, in the
   * same unit as the event, delivered by the webhook delivery job with its retries and SSRF guard.
   */
  logoutNotices?: LogoutNotice[];
}

/**
 * The outbox's `webhookId` of a back-channel logout delivery: it goes to a client's
 * `backchannelLogoutUri`, not to a webhook (webhook ids start at 1).
 */
export const BACKCHANNEL_LOGOUT_TARGET = 0;
/** The outbox's `eventType` of a back-channel logout delivery. */
export const BACKCHANNEL_LOGOUT_EVENT = "backchannel.logout";

/**
 * One logout token to send (OIDC Back-Channel Logout 1.0 §2.4): to `url`, for `clientId` (`aud`),
 * naming the user (`sub`) and, when one sign-in session ended, its `sid`. The token is signed at
 * each attempt (fresh `iat`/`exp`, the same `jti`), so a late retry is not refused as stale.
 */
export interface LogoutNotice {
  clientId: string;
  url: string;
  sub: string;
  sid?: string;
}

export interface EventJournal {
  /**
   * Records `event` inside the caller's unit of work: the audit entry and the outbox rows commit
   * with the change or not at all. Never call it outside a unit (the unit runner's `record` does
   * that for events that change nothing else).
   */
  record(event: DomainEvent): Promise<void>;
}

/**
 * An audit entry as the journal appends it. The audit feature owns the trail (`AuditEntry` is this
 * plus its id and time); it is declared here because the journal is the one writer.
 */
export interface NewAuditEntry {
  tenantId: number;
  organizationId: number | null;
  orgPath: string;
  userId: number | null;
  actorId: number | null;
  action: string;
  ipAddress: string | null;
  metadata: Record<string, unknown>;
  createdAt?: Date;
}

/**
 * One (event, webhook) delivery as the journal enqueues it. `messageId` is the Standard Webhooks
 * `webhook-id`; `payload` is the delivery body `{ type, timestamp, data }`, sent byte for byte on
 * every attempt. The webhooks feature owns the outbox (`OutboxMessage` is this plus its id and
 * attempts) and its delivery.
 */
export interface NewOutboxMessage {
  tenantId: number;
  webhookId: number;
  messageId: string;
  eventType: string;
  payload: Record<string, unknown>;
  /** First due at this instant. */
  nextAttemptAt: Date;
}

/**
 * What the journal writes to inside a unit, each the narrow side of another feature's port (the
 * audit trail, the webhook registry, the outbox), so the journal depends on no feature.
 */
export interface JournalPorts {
  audit: {
    /** Appends one entry; part of the caller's unit. */
    append(entry: NewAuditEntry): Promise<void>;
    /** Appends several, ids ascending in the given order (the journal's group commit outside units). */
    appendMany?(entries: NewAuditEntry[]): Promise<void>;
  };
  webhooks: {
    /** Active webhooks of the tenant registered at any org whose path is a prefix of `orgPath` taking `eventType`. */
    subscribers(tenantId: number, orgPath: string, eventType: string): Promise<{ id: number }[]>;
  };
  outbox: {
    /** Enqueues one delivery per row; part of the caller's unit. */
    enqueue(messages: NewOutboxMessage[]): Promise<void>;
  };
}
