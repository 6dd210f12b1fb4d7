/** Webhooks: registration and operations (service), the outbox and sender ports. Delivery is src/jobs/webhook-delivery.ts. */
export { createWebhookService, newWebhookSecret, type WebhookInput, type WebhookService } from "./service";
export type {
  AttemptOutcome,
  Delivery,
  DeliveryStatus,
  OutboxMessage,
  OutboxRepo,
  Webhook,
  WebhookRepo,
  WebhookSender,
} from "./ports";
