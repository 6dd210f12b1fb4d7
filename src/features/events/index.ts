export { AUDIT_BATCH_MAX, createEventJournal, isWebhookEvent, newMessageId, webhookData } from "./service";
export {
  BACKCHANNEL_LOGOUT_EVENT,
  BACKCHANNEL_LOGOUT_TARGET,
  WEBHOOK_EVENT_TYPES,
  type LogoutNotice,
  type DomainEvent,
  type EventJournal,
  type JournalPorts,
  type NewAuditEntry,
  type NewOutboxMessage,
  type WebhookEventType,
} from "./ports";
