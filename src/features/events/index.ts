export { createEventJournal, isWebhookEvent, newMessageId, webhookData, type JournalPorts } from "./service";
export { WEBHOOK_EVENT_TYPES, type DomainEvent, type EventJournal, type WebhookEventType } from "./ports";
