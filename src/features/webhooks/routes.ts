/** /api/webhooks: registration, updates, secret rotation, deliveries and redelivery (ORG_MANAGE). */
import { Elysia, t } from "elysia";
import { decodeCursor, encodeCursor, iso, noContent200, pageSize, noStore } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import {
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryPage,
  DeliveryParams,
  DeliveryView,
  RegisteredWebhook,
  RotatedSecret,
  UpdateWebhookBody,
  WebhookIdParams,
  WebhookListQuery,
  WebhookSummary,
} from "./model";
import type { Delivery, Webhook } from "./ports";
import type { WebhookService } from "./service";

const summary = (w: Webhook) => ({
  id: w.id,
  applicationId: w.applicationId,
  organizationId: w.organizationId,
  url: w.url,
  eventTypes: w.eventTypes.join(","),
  active: w.active,
  createdAt: w.createdAt.toISOString(),
});

const deliveryView = (d: Delivery) => ({
  id: d.id,
  webhookId: d.webhookId,
  webhookMessageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  attempt: d.attempts,
  responseStatus: d.lastStatus,
  error: d.lastError,
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: d.status === "PENDING" ? iso(d.nextAttemptAt) : null,
  createdAt: iso(d.createdAt),
  deliveredAt: iso(d.deliveredAt),
});

export function webhookRoutes({ webhooks, guard }: { webhooks: WebhookService; guard: Guard }) {
  const tags = ["Webhooks"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "webhook-routes" })
    .get(
      "/api/webhooks",
      async ({ query, request }) => (await webhooks.list(await caller(request), query.organizationId)).map(summary),
      {
        query: WebhookListQuery,
        response: ok(t.Array(WebhookSummary)),
        detail: {
          tags,
          ...management,
          summary: "Webhooks registered at an organization",
          description: "ORG_MANAGE and the organization inside the token's reach. Secrets are never listed.",
        },
      },
    )
    .post(
      "/api/webhooks",
      async ({ body, request, set }) => {
        const r = await webhooks.register(await caller(request), body);
        noStore(set);
        return { id: r.webhook.id, url: r.webhook.url, secret: r.secret, eventTypes: r.webhook.eventTypes };
      },
      {
        body: CreateWebhookBody,
        response: ok(RegisteredWebhook),
        detail: {
          tags,
          ...management,
          summary: "Register the webhook of an application",
          description:
            "One per application (409 for a second). `eventTypes` must be known types (SPEC 6); empty means all. The `secret` (whsec_…) is shown only here and at rotation. " +
            "Deliveries are POSTed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256); see docs/webhooks.md.",
        },
      },
    )
    .put(
      "/api/webhooks/:id",
      async ({ params, body, request }) => summary(await webhooks.update(await caller(request), params.id, body)),
      {
        params: WebhookIdParams,
        body: UpdateWebhookBody,
        response: ok(WebhookSummary),
        detail: { tags, ...management, summary: "Change the URL or event filter, or pause/resume (`active`)" },
      },
    )
    .delete(
      "/api/webhooks/:id",
      async ({ params, request }) => {
        await webhooks.remove(await caller(request), params.id);
        return noContent200();
      },
      {
        params: WebhookIdParams,
        detail: { tags, ...management, summary: "Delete the webhook; pending deliveries are cancelled" },
      },
    )
    .post(
      "/api/webhooks/:id/rotate-secret",
      async ({ params, request, set }) => {
        const r = await webhooks.rotateSecret(await caller(request), params.id);
        noStore(set);
        return r;
      },
      {
        params: WebhookIdParams,
        response: ok(RotatedSecret),
        detail: {
          tags,
          ...management,
          summary: "Rotate the signing secret",
          description:
            "The old secret stops working at once: every later attempt, retries included, is signed with the new one.",
        },
      },
    )
    .get(
      "/api/webhooks/:id/deliveries",
      async ({ params, query, request }) => {
        const page = await webhooks.deliveries(
          await caller(request),
          params.id,
          pageSize(query.size, 50),
          decodeCursor(query.cursor, "cursor") || undefined,
        );
        return { items: page.items.map(deliveryView), next: page.nextBefore ? encodeCursor(page.nextBefore) : null };
      },
      {
        params: WebhookIdParams,
        query: DeliveriesQuery,
        response: ok(DeliveryPage),
        detail: {
          tags,
          ...management,
          summary: "Recent deliveries, newest first",
          description:
            "Each with its webhook-id, status, attempt count, last response status or error, and next retry.",
        },
      },
    )
    .post(
      "/api/webhooks/:id/deliveries/:deliveryId/redeliver",
      async ({ params, request }) =>
        deliveryView(await webhooks.redeliver(await caller(request), params.id, params.deliveryId)),
      {
        params: DeliveryParams,
        response: ok(DeliveryView),
        detail: {
          tags,
          ...management,
          summary: "Send a failed delivery again",
          description: "Only a FAILED delivery (404 otherwise). It keeps its webhook-id, so receivers can deduplicate.",
        },
      },
    );
}
