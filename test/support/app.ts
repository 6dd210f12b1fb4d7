/**
 * makeTestApp(): the production object graph (services + Elysia app) on fresh stores, driven with
 * app.handle(new Request(...)). Bootstrapped with a known admin.
 */
import { createMailer } from "../../adapters/outbound/mailer";
import { createDnsTxtResolver } from "../../adapters/outbound/dns-txt";
import { createGuardedFetch } from "../../adapters/outbound/guarded-fetch";
import { createWebhookSender } from "../../adapters/outbound/webhook-sender";
import { loadConfig, type Config } from "../../src/config";
import { systemClock, type Clock } from "../../src/kernel/clock";
import { createCryptoBox } from "../../src/kernel/crypto-box";
import { createLogger, createMetrics, type Logger } from "../../src/http/observability";
import { composeGraph, type Graph } from "../../src/compose";
import type { FaultInjector } from "../../src/kernel/unit";
import type { WebhookSender } from "../../src/features/webhooks";
import { openTestStores, type TestStores } from "./stores";

export const ISSUER = "http://sso.test";
export const ADMIN_EMAIL = "admin@platform.test";
export const ADMIN_PASSWORD = "admin-password-1";
export const MASTER_KEY = Buffer.alloc(32, 7).toString("base64");

export interface TestApp {
  app: Graph["app"];
  /** The whole object graph, for assertions on stores and services. */
  svc: Graph;
  stores: TestStores;
  config: Config;
  /** JSON request through the real app; returns status, headers and parsed body. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: BodyInit },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  /** Logs in with email/password (plain mode) and returns the pair. */
  login(
    email?: string,
    password?: string,
    extra?: Record<string, unknown>,
  ): Promise<{ accessToken: string; refreshToken: string; [k: string]: unknown }>;
  adminToken(): Promise<string>;
  /**
   * Moves the directory's version on, as every unit that changes a token context does after it
   * commits: a test that writes the store directly (standing in for such a unit, or for time
   * passing) calls it so reused token contexts see the write.
   */
  directoryChanged(): Promise<void>;
  close(): Promise<void>;
}

export async function makeTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    stores?: TestStores;
    faults?: FaultInjector;
    webhookSender?: WebhookSender;
    webhookTimeoutMs?: number;
    /** Where the service's log lines go (default: silent, or SSO_LOG_LEVEL to stdout). */
    log?: Logger;
  } = {},
): Promise<TestApp> {
  const stores = opts.stores ?? (await openTestStores());
  const config = loadConfig({
    SSO_ISSUER: ISSUER,
    SSO_MASTER_KEY: MASTER_KEY,
    SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN_EMAIL,
    SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SSO_RATE_LIMIT: "off",
    SSO_WEBHOOK_ALLOW_PRIVATE: "true",
    ...opts.env,
  });
  const clock = opts.clock ?? systemClock;
  // The production composition root, on the test stores.
  const svc = await composeGraph({
    config,
    store: stores.store,
    sessions: stores.sessions,
    box: await createCryptoBox(config.masterKeys!),
    clock,
    log: opts.log ?? createLogger((process.env.SSO_LOG_LEVEL as "silent") ?? "silent"),
    metrics: createMetrics(),
    instanceId: `test-${crypto.randomUUID()}`,
    mailer: createMailer(config.mailer, createLogger("silent"), { from: config.mailFrom }),
    faults: opts.faults,
    webhookSender: opts.webhookSender ?? createWebhookSender({ allowPrivate: config.webhookAllowPrivate }),
    upstreamFetch: createGuardedFetch({ allowPrivate: config.webhookAllowPrivate }),
    webhookTimeoutMs: opts.webhookTimeoutMs,
    webhookPollMs: 50,
    txtResolver: createDnsTxtResolver({ servers: config.dnsServers, timeoutMs: 1000 }),
  });
  const app = svc.app;

  const call: TestApp["call"] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined = o.raw;
    if (o.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(o.body);
    }
    const res = await app.handle(new Request(`${ISSUER}${path}`, { method, headers, body }));
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  const login: TestApp["login"] = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD, extra = {}) => {
    const r = await call("POST", "/api/auth/login", { body: { email, password, ...extra } });
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  let adminCached: string | null = null;
  return {
    app,
    svc,
    stores,
    config,
    call,
    login,
    adminToken: async () => (adminCached ??= (await login()).accessToken),
    directoryChanged: async () => {
      await stores.sessions.epoch?.advance();
    },
    close: async () => {
      await svc.delivery.stop();
      await svc.idle();
      svc.keys.close();
      await stores.close();
    },
  };
}
