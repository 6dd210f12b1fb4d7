/**
 * Webhooks (SPEC 2.9, 3.4, 4.8, 6; CONTRACT §7): registration (one per application, known event
 * types, https targets), pause/resume, secret rotation, deletion, the deliveries list and
 * redelivery. Secrets are `whsec_` + base64 of 32 random bytes, sealed at rest and shown only at
 * registration and rotation. Deliveries themselves are the delivery job's (src/jobs).
 */
import { actorOf, requirePermission, tenantOf, type Principal } from "../../kernel/authz";
import { callerEvent } from "../../kernel/event-shapes";
import type { Clock } from "../../kernel/clock";
import type { CryptoBox } from "../../kernel/crypto-box";
import { fieldError, notFound, validation, type FieldError, orConflict } from "../../kernel/errors";
import { refuseTargetUrl } from "../../kernel/net-policy";
import type { Unit } from "../../kernel/unit";
import type { AppRepo } from "../apps/ports";
import { WEBHOOK_EVENT_TYPES, type DomainEvent, type EventJournal } from "../events";
import { reachableHome, reachableOrg } from "../orgs";
import type { Org, OrgRepo } from "../orgs/ports";
import type { Delivery, OutboxRepo, Webhook, WebhookRepo } from "./ports";

export interface WebhookServiceDeps {
  webhooks: WebhookRepo;
  outbox: Pick<OutboxRepo, "listByWebhook" | "redeliver">;
  orgs: OrgRepo;
  apps: Pick<AppRepo, "get">;
  unit: Unit<{ webhooks: WebhookRepo; events: EventJournal }>;
  record(e: DomainEvent): Promise<void>;
  box: CryptoBox;
  clock: Clock;
  /** SSO_WEBHOOK_ALLOW_PRIVATE: plain http and private targets (development and tests only). */
  allowPrivate: boolean;
}

export interface WebhookInput {
  organizationId: number;
  applicationId: number;
  url: string;
  eventTypes?: string[];
}

/** A new secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks form). */
export const newWebhookSecret = () =>
  `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;

export function createWebhookService(deps: WebhookServiceDeps) {
  function checkUrl(url: string): string {
    const clean = url.trim();
    if (clean.length > 2048) throw fieldError("url", "must be at most 2048 characters");
    const why = refuseTargetUrl(clean, deps.allowPrivate);
    if (why) throw fieldError("url", why);
    return clean;
  }

  function checkEventTypes(types: string[] | undefined): string[] {
    const list = [...new Set((types ?? []).map((x) => x.trim()).filter(Boolean))];
    const errors: FieldError[] = [];
    list.forEach((x) => {
      if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(x))
        errors.push({
          field: "eventTypes",
          message: `unknown event type "${x.slice(0, 100)}" (known: ${WEBHOOK_EVENT_TYPES.join(", ")})`,
        });
    });
    if (errors.length) throw validation(`Unknown event types: ${errors.map((e) => e.message).join("; ")}.`, errors);
    return list;
  }

  /** The webhook as this caller may act on it: 404 across tenants, 403 when its org is outside reach. */
  async function reachableHook(p: Principal, id: number): Promise<{ hook: Webhook; org: Org }> {
    requirePermission(p, "ORG_MANAGE");
    const found = await deps.webhooks.get(tenantOf(p), id);
    const { record: hook, org } = await reachableHome(deps.orgs, p, found, "Webhook", "Webhook");
    return { hook, org };
  }

  /**
   * Registers the webhook of an application (ORG_MANAGE, the org in reach). The application must
   * belong to that org or one of its ancestors. A second webhook for the application is 409.
   */
  async function register(p: Principal, input: WebhookInput): Promise<{ webhook: Webhook; secret: string }> {
    requirePermission(p, "ORG_MANAGE");
    const org = await reachableOrg(deps.orgs, p, input.organizationId);
    const url = checkUrl(input.url);
    const eventTypes = checkEventTypes(input.eventTypes);
    const app = await deps.apps.get(org.tenantId, input.applicationId);
    if (!app) throw notFound("Application");
    const owner = await deps.orgs.get(org.tenantId, app.organizationId);
    if (!owner || !org.path.startsWith(owner.path))
      throw fieldError(
        "applicationId",
        "must be an application of the webhook's organization or of one of its ancestors",
      );
    const secret = newWebhookSecret();
    const secretEnc = await deps.box.seal(secret);
    const webhook = await orConflict(
      deps.unit("webhooks.register", ["webhooks", "events"], async ({ webhooks, events }) => {
        const w = await webhooks.create({
          tenantId: org.tenantId,
          organizationId: org.id,
          applicationId: app.id,
          url,
          eventTypes,
          secretEnc,
          active: true,
        });
        await events.record(
          callerEvent(p, "webhook.created", org.tenantId, org, {
            webhookId: w.id,
            applicationId: app.id,
            url,
            eventTypes,
          }),
        );
        return w;
      }),
      "This application already has a webhook. Update it (PUT /api/webhooks/{id}) instead.",
    );
    return { webhook, secret };
  }

  /** Webhooks registered at an org in reach. */
  async function list(p: Principal, organizationId: number): Promise<Webhook[]> {
    requirePermission(p, "ORG_MANAGE");
    const org = await reachableOrg(deps.orgs, p, organizationId);
    return deps.webhooks.listByOrg(org.tenantId, org.id);
  }

  /** Changes the URL, the event filter and/or `active` (false pauses: nothing is delivered while paused). */
  async function update(
    p: Principal,
    id: number,
    patch: { url?: string; eventTypes?: string[]; active?: boolean },
  ): Promise<Webhook> {
    const { hook, org } = await reachableHook(p, id);
    const clean: { url?: string; eventTypes?: string[]; active?: boolean } = {};
    if (patch.url !== undefined) clean.url = checkUrl(patch.url);
    if (patch.eventTypes !== undefined) clean.eventTypes = checkEventTypes(patch.eventTypes);
    if (patch.active !== undefined) clean.active = patch.active;
    return deps.unit("webhooks.update", ["webhooks", "events"], async ({ webhooks, events }) => {
      const next = await webhooks.update(hook.tenantId, hook.id, clean);
      if (!next) throw notFound("Webhook");
      const type =
        clean.active === false && hook.active
          ? "webhook.paused"
          : clean.active === true && !hook.active
            ? "webhook.resumed"
            : "webhook.updated";
      await events.record({
        type,
        tenantId: hook.tenantId,
        org,
        actor: actorOf(p),
        data: { webhookId: hook.id, changes: clean },
      });
      return next;
    });
  }

  /** Deletes the webhook; deliveries still pending are cancelled. */
  async function remove(p: Principal, id: number): Promise<void> {
    const { hook, org } = await reachableHook(p, id);
    await deps.unit("webhooks.delete", ["webhooks", "events"], async ({ webhooks, events }) => {
      if (!(await webhooks.delete(hook.tenantId, hook.id))) throw notFound("Webhook");
      await events.record(
        callerEvent(p, "webhook.deleted", hook.tenantId, org, {
          webhookId: hook.id,
          applicationId: hook.applicationId,
        }),
      );
    });
  }

  /** A new secret, effective at once for every later attempt (retries included); the old one stops working. */
  async function rotateSecret(p: Principal, id: number): Promise<{ id: number; secret: string }> {
    const { hook, org } = await reachableHook(p, id);
    const secret = newWebhookSecret();
    const secretEnc = await deps.box.seal(secret);
    await deps.unit("webhooks.rotate_secret", ["webhooks", "events"], async ({ webhooks, events }) => {
      if (!(await webhooks.update(hook.tenantId, hook.id, { secretEnc }))) throw notFound("Webhook");
      await events.record(callerEvent(p, "webhook.secret_rotated", hook.tenantId, org, { webhookId: hook.id }));
    });
    return { id: hook.id, secret };
  }

  /** Recent deliveries of a webhook, newest first, `size` per page, before the delivery id `before`. */
  async function deliveries(
    p: Principal,
    id: number,
    size: number,
    before?: number,
  ): Promise<{ items: Delivery[]; nextBefore: number | null }> {
    const { hook } = await reachableHook(p, id);
    const rows = await deps.outbox.listByWebhook(hook.tenantId, hook.id, size + 1, before);
    const more = rows.length > size;
    const items = more ? rows.slice(0, size) : rows;
    return { items, nextBefore: more ? items[items.length - 1].id : null };
  }

  /** Sends a FAILED delivery again (same webhook-id, so receivers can deduplicate); 404 otherwise. */
  async function redeliver(p: Principal, id: number, deliveryId: number): Promise<Delivery> {
    const { hook, org } = await reachableHook(p, id);
    const d = await deps.outbox.redeliver(hook.tenantId, hook.id, deliveryId, deps.clock.now());
    if (!d) throw notFound("Failed delivery");
    await deps.record({
      type: "webhook.redelivered",
      tenantId: hook.tenantId,
      org,
      actor: actorOf(p),
      data: { webhookId: hook.id, deliveryId, messageId: d.messageId },
    });
    return d;
  }

  return { register, list, update, remove, rotateSecret, deliveries, redeliver };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
