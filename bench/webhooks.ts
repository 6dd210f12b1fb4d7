/**
 * Webhooks end to end, on the real service (child process) and a receiver on loopback:
 *
 *   delivered/s   users are disabled and enabled by `connections` clients for `seconds`; every
 *                 change is one event and one delivery. Events/s is what the API accepted;
 *                 delivered/s counts deliveries that reached the receiver, from the first event to
 *                 the last delivery (the outbox drains after the load stops).
 *   assignment    POST /api/roles/{id}/assign (and /revoke, alternating) latency and throughput with
 *                 a healthy receiver (answers 200 at once) and then with a stalled one (never
 *                 answers; attempts time out after 10 s), in the same run: the stalled figures must
 *                 match the healthy ones within noise, since the API never waits for a receiver.
 *
 *   bun bench/webhooks.ts [--seconds 6] [--postgres]
 */
import { load, type LoadResult } from "./ceilings";
import { BENCH_ADMIN, json, withService } from "./sessions";

export interface WebhookBenchRun {
  store: "embedded" | "postgres+redis";
  /** `accepted` counts API answers inside the window; requests cut at its end may still raise events, so `delivered` can exceed it. `duplicates`: a webhook-id that arrived twice. */
  events: {
    accepted: number;
    apiRps: number;
    delivered: number;
    duplicates: number;
    deliveredPerSec: number;
    drainSeconds: number;
  };
  assignHealthy: LoadResult;
  assignStalled: LoadResult;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function receiver() {
  let mode: "ok" | "stall" = "ok";
  let count = 0;
  let last = 0;
  /** webhook-ids seen: a second arrival of one id is a duplicate delivery. */
  const ids = new Set<string>();
  let duplicates = 0;
  const stalled: (() => void)[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      await req.arrayBuffer();
      if (mode === "stall")
        return new Promise<Response>((resolve) => stalled.push(() => resolve(new Response(null, { status: 503 }))));
      count++;
      const id = req.headers.get("webhook-id") ?? "";
      if (ids.has(id)) duplicates++;
      else ids.add(id);
      last = performance.now();
      return new Response(null, { status: 204 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    get count() {
      return count;
    },
    get last() {
      return last;
    },
    get duplicates() {
      return duplicates;
    },
    set mode(m: "ok" | "stall") {
      mode = m;
      if (m === "ok") stalled.splice(0).forEach((f) => f());
    },
    close() {
      stalled.splice(0).forEach((f) => f());
      server.stop(true);
    },
  };
}

async function runOne(
  store: "embedded" | "postgres",
  seconds: number,
  log: (l: string) => void,
): Promise<WebhookBenchRun> {
  const rx = receiver();
  try {
    return await withService(store, { env: { SSO_WEBHOOK_ALLOW_PRIVATE: "true" } }, async (svc) => {
      const { accessToken: token } = await json(`${svc.url}/api/auth/login`, BENCH_ADMIN);
      const get = async (path: string) =>
        (await fetch(svc.url + path, { headers: { authorization: `Bearer ${token}` } })).json();
      const [{ organizationId: root }] = await get("/api/users/me/memberships");
      const app = await json(
        `${svc.url}/api/applications`,
        { organizationId: root, identifier: "https://bench-hooks.local", name: "bench" },
        token,
      );
      await json(`${svc.url}/api/webhooks`, { organizationId: root, applicationId: app.id, url: rx.url }, token);
      const role = await json(
        `${svc.url}/api/roles`,
        { name: "bench-role", organizationId: root, permissionCodes: [] },
        token,
      );
      const users: number[] = [];
      for (let i = 0; i < 400; i++)
        users.push(
          (
            await json(
              `${svc.url}/api/users`,
              { organizationId: root, email: `hook-bench-${i}@bench.local`, fullName: "Bench" },
              token,
            )
          ).id,
        );
      const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };

      // 1. Events per second delivered end to end (disable/enable toggles: each request is one event).
      log(`  [${store}] events: ${seconds} s of user disable/enable, then drain`);
      let i = 0;
      const startCount = rx.count;
      const t0 = performance.now();
      const events = await load({
        url: `${svc.url}/api/users/0/disable`,
        connections: 16,
        seconds,
        makeRequest: () => {
          const n = i++;
          const user = users[n % users.length];
          const verb = Math.floor(n / users.length) % 2 === 0 ? "disable" : "enable";
          return { method: "POST", headers: auth, url: `${svc.url}/api/users/${user}/${verb}` };
        },
      });
      const accepted = events.rps * events.seconds;
      const drainUntil = performance.now() + 60_000;
      while (rx.count - startCount < accepted * 0.999 && performance.now() < drainUntil) await Bun.sleep(50);
      const delivered = rx.count - startCount;
      const spanSeconds = (rx.last - t0) / 1000;

      // 2. Role assignment latency: healthy receiver, then stalled receiver, same load.
      let j = 0;
      const assign = () => {
        const n = j++;
        const verb = Math.floor(n / users.length) % 2 === 0 ? "assign" : "revoke";
        return {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ userId: users[n % users.length], organizationId: root }),
          url: `${svc.url}/api/roles/${role.id}/${verb}`,
        };
      };
      log(`  [${store}] role assignment with a healthy receiver`);
      const assignHealthy = await load({
        url: `${svc.url}/api/roles/${role.id}/assign`,
        connections: 16,
        seconds,
        makeRequest: assign,
        warmupSeconds: 1,
      });
      rx.mode = "stall";
      log(`  [${store}] role assignment with a stalled receiver`);
      const assignStalled = await load({
        url: `${svc.url}/api/roles/${role.id}/assign`,
        connections: 16,
        seconds,
        makeRequest: assign,
        warmupSeconds: 1,
      });
      rx.mode = "ok";
      return {
        store: store === "embedded" ? "embedded" : "postgres+redis",
        events: {
          accepted: Math.round(accepted),
          apiRps: events.rps,
          delivered,
          duplicates: rx.duplicates,
          deliveredPerSec: round(delivered / spanSeconds),
          drainSeconds: round(spanSeconds - events.seconds),
        },
        assignHealthy,
        assignStalled,
      } as WebhookBenchRun;
    });
  } finally {
    rx.close();
  }
}

/** Runs the webhook benchmark on the embedded store (and on Postgres + Redis with `postgres`). */
export async function benchWebhooks(
  opts: { seconds?: number; postgres?: boolean; log?: (l: string) => void } = {},
): Promise<WebhookBenchRun[]> {
  const runs: WebhookBenchRun[] = [];
  for (const store of opts.postgres ? (["embedded", "postgres"] as const) : (["embedded"] as const))
    runs.push(await runOne(store, opts.seconds ?? 6, opts.log ?? (() => {})));
  return runs;
}

export function formatWebhookBench(runs: WebhookBenchRun[]): string {
  const lines = ["Webhooks [end to end, receiver on loopback]"];
  for (const r of runs) {
    lines.push(
      `  [${r.store}] events accepted ${r.events.apiRps} /s; delivered ${r.events.delivered} (duplicates ${r.events.duplicates}) for ${r.events.accepted} answered in the window = ${r.events.deliveredPerSec} deliveries/s end to end (outbox drained ${r.events.drainSeconds} s after the load)`,
      `  [${r.store}] role assign/revoke, healthy receiver  ${r.assignHealthy.rps} req/s  p50 ${r.assignHealthy.p50} ms  p99 ${r.assignHealthy.p99} ms  errors ${r.assignHealthy.errors}`,
      `  [${r.store}] role assign/revoke, stalled receiver  ${r.assignStalled.rps} req/s  p50 ${r.assignStalled.p50} ms  p99 ${r.assignStalled.p99} ms  errors ${r.assignStalled.errors}  (stalled / healthy throughput ${round((100 * r.assignStalled.rps) / Math.max(1, r.assignHealthy.rps))} %)`,
    );
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const runs = await benchWebhooks({
    seconds: Number(arg("seconds") ?? 6),
    postgres: process.argv.includes("--postgres"),
    log: console.log,
  });
  console.log(formatWebhookBench(runs));
  process.exit(0);
}
