/**
 * Webhook delivery: an in-process scheduled task on every instance (docs/webhooks.md). Each tick
 * claims due outbox rows (SKIP LOCKED with a lock horizon, so one attempt is made by exactly one
 * instance and the work spreads over all of them), signs each with the webhook's current secret
 * (Standard Webhooks, via the `standardwebhooks` package) and POSTs it through the SSRF-guarded
 * sender. Back-channel logout rows (no webhook: `BACKCHANNEL_LOGOUT_TARGET`) are logout tokens,
 * signed at each attempt and form-posted to the client's `backchannelLogoutUri` (CONTRACT §13). 2xx delivers; anything else retries after 10 s, 1 min, 5 min, 30 min, 2 h and 6 h with the
 * same webhook-id, then fails. Receivers get at-least-once delivery: an instance that dies after
 * sending but before recording leaves the row to be sent again when its lock passes.
 */
import { Webhook as Signer } from "standardwebhooks";
import type { Clock } from "../kernel/clock";
import type { CryptoBox } from "../kernel/crypto-box";
import type { Logger } from "../kernel/log";
import type { OutboxMessage, OutboxRepo, WebhookRepo, WebhookSender } from "../features/webhooks/ports";
import { BACKCHANNEL_LOGOUT_TARGET } from "../features/events";

/** CONTRACT §7: seconds to wait after the 1st, 2nd, … failed attempt; after the last, the delivery fails. */
export const RETRY_SCHEDULE_SECONDS = [10, 60, 300, 1800, 7200, 21600] as const;

export interface DeliveryMetrics {
  count(name: string, help: string, by?: number): void;
  gauge(name: string, help: string, value: number): void;
}

export interface DeliveryDeps {
  outbox: Pick<OutboxRepo, "claimDue" | "markDelivered" | "markFailed" | "release" | "backlog">;
  webhooks: Pick<WebhookRepo, "get">;
  box: CryptoBox;
  sender: WebhookSender;
  clock: Clock;
  log: Logger;
  metrics: DeliveryMetrics;
  /** How often an idle instance looks for due rows (ms). */
  pollMs?: number;
  /** Rows claimed per tick, and sent at once. */
  batch?: number;
  /** Per-attempt timeout (CONTRACT §7: 10 s). */
  timeoutMs?: number;
  /** How long a claim holds; longer than the timeout, so a live sender is never overtaken. */
  lockSeconds?: number;
  /**
   * Signs the logout token of a back-channel logout row (its payload: clientId, sub, sid?) with
   * `jti` = the row's message id. Absent: such rows fail (an instance built without the OpenID provider).
   */
  logoutToken?(notice: { clientId: string; sub: string; sid?: string }, jti: string): Promise<string>;
}

/** When the attempt after `attempts` failed ones is due, or null when the delivery has failed for good. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const wait = RETRY_SCHEDULE_SECONDS[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000);
}

export function createWebhookDelivery(deps: DeliveryDeps) {
  const pollMs = deps.pollMs ?? 250;
  const batch = deps.batch ?? 16;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const lockSeconds = deps.lockSeconds ?? Math.ceil(timeoutMs / 1000) + 5;
  const secrets = new Map<string, string>();
  const m = deps.metrics;

  async function secretOf(sealed: string): Promise<string> {
    let s = secrets.get(sealed);
    if (!s) {
      s = await deps.box.open(sealed);
      if (secrets.size > 1000) secrets.clear();
      secrets.set(sealed, s);
    }
    return s;
  }

  /** Records the outcome of an attempt: delivered on 2xx, else the next retry or the final failure. */
  async function settle(
    msg: OutboxMessage,
    r: { status: number } | { error: string },
    target: Record<string, unknown>,
  ) {
    const at = deps.clock.now();
    if ("status" in r && r.status >= 200 && r.status < 300) {
      await deps.outbox.markDelivered(msg.id, { at, status: r.status });
      m.count("webhook_deliveries_delivered_total", "Webhook deliveries answered 2xx.");
      return;
    }
    const outcome = "status" in r ? { at, status: r.status, error: `HTTP ${r.status}` } : { at, error: r.error };
    const next = nextAttemptAfter(msg.attempts, at);
    await deps.outbox.markFailed(msg.id, outcome, next);
    if (next) m.count("webhook_deliveries_retried_total", "Webhook attempts that failed and were scheduled again.");
    else m.count("webhook_deliveries_failed_total", "Webhook deliveries that failed for good after the last retry.");
    deps.log.info("webhook attempt failed", {
      ...target,
      messageId: msg.messageId,
      attempt: msg.attempts,
      status: outcome.status,
      error: outcome.error?.slice(0, 200),
      final: !next,
    });
  }

  /** One attempt of a back-channel logout row: a fresh logout token, form-posted (Back-Channel Logout 1.0 §2.5). */
  async function attemptLogout(msg: OutboxMessage): Promise<void> {
    const p = msg.payload as { clientId?: unknown; url?: unknown; sub?: unknown; sid?: unknown };
    if (!deps.logoutToken || typeof p.url !== "string" || typeof p.clientId !== "string" || typeof p.sub !== "string")
      return deps.outbox.markFailed(msg.id, { at: deps.clock.now(), error: "not a logout delivery" }, null);
    const token = await deps.logoutToken(
      { clientId: p.clientId, sub: p.sub, ...(typeof p.sid === "string" ? { sid: p.sid } : {}) },
      msg.messageId,
    );
    const body = new URLSearchParams({ logout_token: token }).toString();
    const r = await deps.sender.send(
      p.url,
      { "content-type": "application/x-www-form-urlencoded", "cache-control": "no-store" },
      body,
      timeoutMs,
    );
    await settle(msg, r, { clientId: p.clientId, kind: "backchannel_logout" });
  }

  /** Makes one attempt of one claimed message and records its outcome. */
  async function attempt(msg: OutboxMessage): Promise<void> {
    if (msg.webhookId === BACKCHANNEL_LOGOUT_TARGET) return attemptLogout(msg);
    const hook = await deps.webhooks.get("any", msg.webhookId);
    if (!hook) {
      await deps.outbox.markFailed(msg.id, { at: deps.clock.now(), error: "the webhook was deleted" }, null);
      return;
    }
    // Paused after the claim: nothing is sent; the row waits for a resume.
    if (!hook.active) return deps.outbox.release(msg.id);
    const body = JSON.stringify(msg.payload);
    const sentAt = deps.clock.now();
    // Signed with the secret as it is now: after a rotation, retries carry the new signature only.
    const signature = new Signer(await secretOf(hook.secretEnc)).sign(msg.messageId, sentAt, body);
    const headers = {
      "webhook-id": msg.messageId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": signature,
    };
    const r = await deps.sender.send(hook.url, headers, body, timeoutMs);
    await settle(msg, r, { webhookId: hook.id });
  }

  /**
   * One round: claims due rows and attempts them all, webhooks in parallel and each webhook's rows
   * one after the other in outbox order (so a healthy receiver sees a webhook's events in the order
   * they happened; retries can still reorder them). Returns how many were claimed.
   */
  async function tick(): Promise<number> {
    const claimed = await deps.outbox.claimDue(deps.clock.now(), batch, lockSeconds);
    const byHook = new Map<string, OutboxMessage[]>();
    // Logout tokens share no webhook: each receiver URL is a queue of its own.
    const queueOf = (msg: OutboxMessage) =>
      msg.webhookId === BACKCHANNEL_LOGOUT_TARGET ? `logout:${String(msg.payload.url)}` : `hook:${msg.webhookId}`;
    for (const msg of claimed) byHook.set(queueOf(msg), [...(byHook.get(queueOf(msg)) ?? []), msg]);
    await Promise.all(
      [...byHook.values()].map(async (queue) => {
        for (const msg of queue)
          await attempt(msg).catch((e) => {
            // The claim's lock runs out and another round retries it.
            deps.log.warn("webhook attempt could not be recorded", {
              messageId: msg.messageId,
              error: String((e as Error)?.message ?? e).split("\n")[0],
            });
          });
      }),
    );
    return claimed.length;
  }

  let stopped = true;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastGauge = 0;

  async function run() {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await tick();
        if (Date.now() - lastGauge > 5000) {
          lastGauge = Date.now();
          m.gauge(
            "webhook_outbox_backlog",
            "Webhook deliveries waiting to be sent (PENDING).",
            await deps.outbox.backlog(),
          );
        }
      } catch (e) {
        deps.log.warn("webhook delivery round failed", { error: String((e as Error)?.message ?? e).split("\n")[0] });
      }
      // A full batch means more is due: go on at once; otherwise wait for the poll interval (or a nudge).
      if (claimed < batch && !stopped)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      wake = null;
    }
  }

  return {
    tick,
    /** Starts the background loop (idempotent). */
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    /** Looks for due rows now instead of at the next poll (called after a unit filled the outbox). */
    nudge() {
      wake?.();
    },
    /** Stops at a safe point: the round in progress finishes and records its outcomes. */
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
