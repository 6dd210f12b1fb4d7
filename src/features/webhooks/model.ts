/** Wire shapes of the webhook endpoints (SPEC 2.9, 4.8; CONTRACT §7). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

const EventTypes = t.Array(t.String({ maxLength: 100 }), {
  maxItems: 20,
  description: "event types to receive (SPEC 6); empty or absent: all",
});
const Url = t.String({
  minLength: 1,
  maxLength: 2048,
  description:
    "https URL that receives POSTed deliveries (plain http and private hosts only with SSO_WEBHOOK_ALLOW_PRIVATE=true)",
});

export const CreateWebhookBody = t.Object({
  organizationId: Int({ minimum: 1 }),
  applicationId: Int({
    minimum: 1,
    description: "one webhook per application; the application of this org or an ancestor",
  }),
  url: Url,
  eventTypes: t.Optional(EventTypes),
});

export const UpdateWebhookBody = t.Object({
  url: t.Optional(Url),
  eventTypes: t.Optional(EventTypes),
  active: t.Optional(
    t.Boolean({ description: "false pauses deliveries (events raised while paused are never delivered)" }),
  ),
});

export const WebhookSummary = t.Object({
  id: Int(),
  applicationId: Int(),
  organizationId: Int(),
  url: t.String(),
  eventTypes: t.String({ description: "comma-separated (CONTRACT §7); empty: all events" }),
  active: t.Boolean(),
  createdAt: t.String({ format: "date-time" }),
});

export const RegisteredWebhook = t.Object({
  id: Int(),
  url: t.String(),
  secret: t.String({ description: "whsec_… (Standard Webhooks); shown only now and at rotation" }),
  eventTypes: t.Array(t.String()),
});

export const RotatedSecret = t.Object({ id: Int(), secret: t.String() });

export const WebhookListQuery = t.Object({ organizationId: QueryInt({ minimum: 1 }) });
export const WebhookIdParams = t.Object({ id: QueryInt({ minimum: 1 }) });
export const DeliveryParams = t.Object({ id: QueryInt({ minimum: 1 }), deliveryId: QueryInt({ minimum: 1 }) });
export const DeliveriesQuery = t.Object({
  size: t.Optional(QueryInt({ description: "1..1000, default 50" })),
  cursor: t.Optional(t.String({ maxLength: 64, description: "the `next` of the previous page" })),
});

export const DeliveryView = t.Object({
  id: Int(),
  webhookId: Int(),
  webhookMessageId: t.String({
    description: "the webhook-id header: the same on every attempt of this delivery (receivers' idempotency key)",
  }),
  eventType: t.String(),
  status: t.Union([t.Literal("PENDING"), t.Literal("DELIVERED"), t.Literal("FAILED"), t.Literal("CANCELLED")]),
  attempt: Int({ description: "attempts made so far" }),
  responseStatus: t.Union([Int(), t.Null()], {
    description: "HTTP status of the last attempt; null without an answer",
  }),
  error: t.Union([t.String(), t.Null()], { description: "why the last attempt failed" }),
  lastAttemptAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  nextAttemptAt: t.Union([t.String({ format: "date-time" }), t.Null()], {
    description: "the next retry (PENDING only)",
  }),
  createdAt: t.String({ format: "date-time" }),
  deliveredAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

export const DeliveryPage = t.Object({ items: t.Array(DeliveryView), next: t.Union([t.String(), t.Null()]) });
