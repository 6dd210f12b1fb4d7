/** Webhooks and the durable delivery outbox (CONTRACT §7). */
import type { NewOutboxMessage } from "../events";

export interface Webhook {
  id: number;
  tenantId: number;
  organizationId: number;
  applicationId: number;
  url: string;
  eventTypes: string[];
  /** Sealed secret (CryptoBox). */
  secretEnc: string;
  active: boolean;
  createdAt: Date;
}

/** One (event, webhook) delivery in the outbox, as the event journal enqueued it (`NewOutboxMessage`). */
export interface OutboxMessage extends Omit<NewOutboxMessage, "nextAttemptAt"> {
  id: number;
  /** Attempts made so far (claimDue counts the one it hands out). */
  attempts: number;
}

export type DeliveryStatus = "PENDING" | "DELIVERED" | "FAILED" | "CANCELLED";

/** An outbox row as the deliveries list shows it. */
export interface Delivery extends OutboxMessage {
  status: DeliveryStatus;
  /** HTTP status of the last attempt; null when there was no answer (see lastError) or no attempt yet. */
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  /** When the next attempt is due (PENDING only). */
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  at: Date;
  /** HTTP status, when the receiver answered. */
  status?: number;
  /** Why the attempt failed, when it did (no status, or a non-2xx status). */
  error?: string;
}

export interface WebhookRepo {
  /** Throws ConflictError when the application already has a webhook. */
  create(w: Omit<Webhook, "id" | "createdAt">): Promise<Webhook>;
  get(tenant: number | "any", id: number): Promise<Webhook | null>;
  listByOrg(tenant: number | "any", orgId: number): Promise<Webhook[]>;
  update(
    tenant: number | "any",
    id: number,
    patch: Partial<Pick<Webhook, "url" | "eventTypes" | "active" | "secretEnc">>,
  ): Promise<Webhook | null>;
  /** Deletes the webhook and cancels its pending deliveries; false when it is not in the tenant. */
  delete(tenant: number | "any", id: number): Promise<boolean>;
  /** Active webhooks of the tenant registered at any org whose path is a prefix of `orgPath`. */
  subscribers(tenantId: number, orgPath: string, eventType: string): Promise<Webhook[]>;
}

export interface OutboxRepo {
  /** Enqueues one delivery per webhook, first due at `nextAttemptAt`; only the event journal calls it, inside the unit of the change. */
  enqueue(messages: NewOutboxMessage[]): Promise<void>;
  /**
   * Claims up to `limit` PENDING messages of ACTIVE webhooks that are due at `now`, oldest first,
   * for `lockSeconds` (FOR UPDATE SKIP LOCKED or an equivalent conditional update), and counts the
   * attempt. Concurrent claimers (other instances) never get the same message while its lock holds;
   * a claim whose holder died is claimable again once the lock has passed. Messages of a paused
   * webhook stay PENDING and are not claimed.
   */
  claimDue(now: Date, limit: number, lockSeconds: number): Promise<OutboxMessage[]>;
  /** The attempt succeeded: DELIVERED (final). */
  markDelivered(id: number, outcome: AttemptOutcome): Promise<void>;
  /** The attempt failed: PENDING again at `nextAttemptAt`, or FAILED (final) when it is null. */
  markFailed(id: number, outcome: AttemptOutcome, nextAttemptAt: Date | null): Promise<void>;
  /** Gives a claimed message back unchanged but for its lock and the attempt count (e.g. its webhook was paused meanwhile). */
  release(id: number): Promise<void>;
  /** Deliveries of one webhook, newest first, ids below `beforeId` (another tenant's webhook lists nothing). */
  listByWebhook(tenant: number | "any", webhookId: number, limit: number, beforeId?: number): Promise<Delivery[]>;
  /**
   * Makes a FAILED delivery of the webhook PENDING again, due at `now`, with the same message id;
   * null when there is no such FAILED delivery in the tenant. Atomic (one conditional update).
   */
  redeliver(tenant: number | "any", webhookId: number, deliveryId: number, now: Date): Promise<Delivery | null>;
  /** PENDING deliveries (the backlog gauge). */
  backlog(): Promise<number>;
}

/** Sends one signed delivery. The adapter enforces the SSRF policy on the address it connects to. */
export interface WebhookSender {
  /**
   * POSTs `body` to `url` with `headers`, without following redirects, giving up after `timeoutMs`.
   * Resolves with the HTTP status, or with an error (refused target, DNS, connect, timeout); never throws.
   */
  send(
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<{ status: number } | { error: string }>;
}
