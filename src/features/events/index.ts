export { createEventJournal, isWebhookEvent, newMessageId, webhookData } from "./service";
export {
  WEBHOOK_EVENT_TYPES,
  type DomainEvent,
  type EventJournal,
  type JournalPorts,
  type NewAuditEntry,
  type NewOutboxMessage,
  type WebhookEventType,
} from "./ports";
