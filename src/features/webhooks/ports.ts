/** Webhooks and the durable delivery outbox (CONTRACT §7). */
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

export interface OutboxMessage {
  id: number;
  tenantId: number;
  webhookId: number;
  messageId: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface WebhookRepo {
  /** Throws ConflictError when the application already has a webhook. */
  create(w: Omit<Webhook, "id" | "createdAt">): Promise<Webhook>;
  get(tenant: number | "any", id: number): Promise<Webhook | null>;
  listByOrg(tenant: number | "any", orgId: number): Promise<Webhook[]>;
  update(tenant: number | "any", id: number, patch: Partial<Pick<Webhook, "url" | "eventTypes" | "active" | "secretEnc">>): Promise<Webhook | null>;
  delete(tenant: number | "any", id: number): Promise<boolean>;
  /** Active webhooks of the tenant registered at any org whose path is a prefix of `orgPath`. */
  subscribers(tenantId: number, orgPath: string, eventType: string): Promise<Webhook[]>;
}

/** An outbox row as the deliveries list shows it. */
export interface Delivery extends OutboxMessage {
  status: "PENDING" | "DELIVERED" | "FAILED" | "CANCELLED";
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface OutboxRepo {
  /** Deliveries of one webhook, newest first (another tenant's webhook id lists nothing). */
  listByWebhook(tenant: number | "any", webhookId: number, limit: number): Promise<Delivery[]>;
  /** Enqueues one delivery per webhook; call inside the transaction that makes the change. */
  enqueue(messages: Omit<OutboxMessage, "id" | "attempts">[]): Promise<void>;
  /**
   * Claims up to `limit` due messages for `lockSeconds` (FOR UPDATE SKIP LOCKED or equivalent), so
   * two instances never send the same attempt.
   */
  claimDue(now: Date, limit: number, lockSeconds: number): Promise<OutboxMessage[]>;
  markDelivered(id: number, at: Date): Promise<void>;
  /** Schedules the next attempt, or marks FAILED when `nextAttemptAt` is null. */
  markFailed(id: number, error: string, nextAttemptAt: Date | null): Promise<void>;
}
