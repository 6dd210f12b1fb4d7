// Losing an instance (issue 18, part 2; docs/scaling.md "Losing an instance"). Three real processes on one
// Postgres (or MongoDB) + Redis under mixed traffic — sign-in, refresh, client-credentials tokens and
// role changes that emit webhooks — and one of them is SIGKILLed mid-run. Clients that get a network
// error retry on another instance.
// The instance to kill is the one the store shows holding the key-rotation lease: its traffic to the primary
// store (each instance reaches it through its own loopback proxy) is held from that moment, the lease is
// checked again (so its release can no longer land), and 0.4 s later it is SIGKILLed: it dies holding the
// lease, with requests in flight, some of them refreshes whose rotation committed in Redis while the
// answer waited for the primary store (the window a real crash can hit, made wide enough to see).
// Then:
// - every logical operation succeeded on a surviving instance, except refreshes whose rotation had
//   committed on the dead instance: their retry is reuse (SPEC), and the family is revoked; counted;
// - the key-rotation lease of the dead instance is taken over once it runs out, and a new key appears
//   in the JWKS by then; no rotation is done twice;
// - every role change's webhook arrives at least once, one event per webhook-id; repeats happen only for
//   deliveries the dead instance had started (at-least-once, same webhook-id), counted;
// - the audit trail holds exactly one entry per accepted role change.
// Loopback only; bounded (about 25 s). Runs in the TEST_STORE=postgres pass (with REDIS_URL).
// On MongoDB (FerretDB) it is not run by default: a unit cut between its writes by the kill leaves them
// visible before recovery settles it (docs/decisions.md, "Units of work on MongoDB"), so the retry of an
// idempotent role change can see the dead unit's half and answer as a no-op; docs/scaling.md has the
// details. KILL_TEST_ON_MONGO=1 runs it there to reproduce that.
import { describe, expect, test } from "bun:test";
import { connect, createServer, type Socket } from "node:net";
import Redis from "ioredis";
import { MongoClient } from "mongodb";
import postgres from "postgres";
import { Webhook as Verifier } from "standardwebhooks";
import { randomToken } from "../../src/kernel/secrets";
import { startService, type RunningService, okService } from "../support/process";
import { startReceiver } from "../support/receiver";
import { freshServerStore, REDIS_URL, SERVER_STORE, TEST_STORE } from "../support/stores";

const ADMIN = { email: "kill-admin@platform.test", password: "kill-admin-password-1" };
const MASTER_KEY = Buffer.alloc(32, 7).toString("base64");
/** Rotation every 10 s (published 2.5 s ahead), checked every second; the lease lasts 8 s. */
const ROTATION_S = 10;
const LEASE_S = 8;
const CHECK_S = 1;
/** Webhook attempt timeout; a claim's lock is this + 5 s (src/jobs/webhook-delivery.ts). */
const WEBHOOK_TIMEOUT_S = 2;
const LOCK_S = WEBHOOK_TIMEOUT_S + 5;
/** Ports: this suite's reserved range (instances 23101-23103, their store proxies 23111-23113, receiver 24101). */
const PORTS = [23101, 23102, 23103];
const GATE_PORTS = [23111, 23112, 23113];
const RECEIVER_PORT = 24101;

type Kind = "login" | "refresh" | "token" | "role";
interface Tally {
  total: number;
  /** Needed more than one attempt (a network error on some instance). */
  retried: number;
  /** Of those: an attempt was on the killed instance when it died (sent before the kill). */
  inFlightOnKilled: number;
  succeeded: number;
  /** Refreshes whose rotation had committed on the killed instance: retry was reuse, family revoked. */
  reuseAsSpec: number;
}

interface Attempt {
  instance: number;
  startedAt: number;
  error?: string;
}

/** Store-specific views the test needs: who holds the rotation lease, and the signing keys' times. */
interface StoreProbe {
  lease(): Promise<{ holder: string; expiresAt: Date } | null>;
  keys(): Promise<{ kid: string; createdAt: Date; activatesAt: Date }[]>;
  close(): Promise<void>;
}

function probeOf(kind: "postgres" | "mongo", env: Record<string, string>): StoreProbe {
  if (kind === "postgres") {
    const sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    return {
      async lease() {
        const [r] = await sql<
          { holder: string; expires_at: Date }[]
        >`select holder, expires_at from leases where name = 'keys.rotation'`;
        return r ? { holder: r.holder, expiresAt: r.expires_at } : null;
      },
      async keys() {
        const rows = await sql<
          { kid: string; created_at: Date; activates_at: Date }[]
        >`select kid, created_at, activates_at from signing_keys order by activates_at`;
        return rows.map((r) => ({ kid: r.kid, createdAt: r.created_at, activatesAt: r.activates_at }));
      },
      close: () => sql.end(),
    };
  }
  const client = new MongoClient(env.MONGODB_URL, { serverSelectionTimeoutMS: 5000 });
  const db = client.db();
  return {
    async lease() {
      const r = await db
        .collection<{ _id: string; holder: string; expiresAt: Date }>("leases")
        .findOne({ _id: "keys.rotation" });
      return r ? { holder: r.holder, expiresAt: r.expiresAt } : null;
    },
    async keys() {
      const rows = await db
        .collection<{ _id: string; createdAt: Date; activatesAt: Date }>("signing_keys")
        .find({})
        .sort({ activatesAt: 1 })
        .toArray();
      return rows.map((r) => ({ kid: r._id, createdAt: r.createdAt, activatesAt: r.activatesAt }));
    },
    close: () => client.close(),
  };
}

/**
 * A loopback TCP proxy to the primary store for one instance. `hold` keeps what the instance sends
 * (answers still come back); `release` sends it on, in order; `cut` drops it and closes every connection.
 */
async function gateProxy(listenPort: number, target: URL) {
  const conns = new Set<{ client: Socket; upstream: Socket; queue: Buffer[] }>();
  let held = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const c = { client, upstream, queue: [] as Buffer[] };
    conns.add(c);
    client.on("data", (d: Buffer) => (held ? c.queue.push(d) : upstream.write(d)));
    upstream.on("data", (d) => client.write(d));
    const end = () => {
      conns.delete(c);
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      s.on("close", end);
      s.on("error", end);
    }
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    hold() {
      held = true;
    },
    release() {
      held = false;
      for (const c of conns) for (const d of c.queue.splice(0)) c.upstream.write(d);
    },
    cut() {
      for (const c of conns) {
        c.queue = [];
        c.client.destroy();
        c.upstream.destroy();
      }
      conns.clear();
    },
    close() {
      this.cut();
      server.close();
    },
  };
}

/** The store URL through a local proxy port. */
function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}

const pidOf = (holder: string) => Number(holder.split("-")[0]);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (!SERVER_STORE || !REDIS_URL) {
  console.warn(
    "NOT RUN here: instance-kill test (needs TEST_STORE=postgres and REDIS_URL); the CI postgres pass runs it",
  );
} else if (TEST_STORE === "mongo" && process.env.KILL_TEST_ON_MONGO !== "1") {
  console.warn(
    'NOT RUN on mongo: instance-kill test (a unit cut mid-way by the kill is visible to the retry until recovery settles it; docs/scaling.md, "Losing an instance"); KILL_TEST_ON_MONGO=1 runs it',
  );
} else {
  describe(`losing an instance: three on one ${TEST_STORE} + Redis, one SIGKILLed under mixed traffic`, () => {
    test("retries succeed elsewhere, leases are taken over, nothing is lost or done twice", async () => {
      const rx = startReceiver("/hook", { port: RECEIVER_PORT });
      rx.delayMs = 200; // deliveries stay in flight for a while: the killed instance has some
      const db = await freshServerStore();
      const probe = probeOf(db.kind, db.env);
      const prefix = `kill${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}:`;
      const env = {
        ...db.env,
        HOST: "127.0.0.1",
        REDIS_URL: REDIS_URL!,
        SSO_REDIS_PREFIX: prefix,
        SSO_MASTER_KEY: MASTER_KEY,
        SSO_ISSUER: "http://sso.kill.test",
        SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        SSO_RATE_LIMIT: "off",
        SSO_WEBHOOK_ALLOW_PRIVATE: "true",
        SSO_WEBHOOK_TIMEOUT_SECONDS: String(WEBHOOK_TIMEOUT_S),
        SSO_KEY_ROTATION_DAYS: String(ROTATION_S / 86400),
        SSO_KEY_CHECK_SECONDS: String(CHECK_S),
        SSO_KEY_LEASE_SECONDS: String(LEASE_S),
        SSO_DB_POOL_SIZE: "4", // the Postgres server is shared: 3 × 4 connections
      };
      const urlVar = db.kind === "mongo" ? "MONGODB_URL" : "DATABASE_URL";
      const instances: RunningService[] = [];
      const gates: Awaited<ReturnType<typeof gateProxy>>[] = [];
      const envOf = (i: number) => ({
        ...env,
        PORT: String(PORTS[i]),
        [urlVar]: viaPort(db.env[urlVar], GATE_PORTS[i]),
      });
      let killed = -1;
      try {
        for (const p of GATE_PORTS) gates.push(await gateProxy(p, new URL(db.env[urlVar])));
        // The first one bootstraps the empty store; the other two join it.
        instances.push(await startService(envOf(0), { timeoutMs: 60_000 }));
        instances.push(...(await Promise.all([1, 2].map((i) => startService(envOf(i), { timeoutMs: 60_000 })))));
        const alive = () => instances.filter((_, i) => i !== killed);

        // ---- the world: an admin, a role, a webhook on role changes, users, an API client -------------
        const admin0 = await call(instances[0], "POST", "/api/auth/login", undefined, ADMIN);
        const adminToken = admin0.accessToken as string;
        const [{ organizationId: root }] = await call(instances[0], "GET", "/api/users/me/memberships", adminToken);
        const app = await call(instances[0], "POST", "/api/applications", adminToken, {
          organizationId: root,
          identifier: `https://kill-${randomToken(4)}.test`,
          name: "Kill",
        });
        const hook = await call(instances[0], "POST", "/api/webhooks", adminToken, {
          organizationId: root,
          applicationId: app.id,
          url: rx.url,
          eventTypes: ["role.assigned", "role.revoked"],
        });
        const role = await call(instances[0], "POST", "/api/roles", adminToken, {
          name: "kill-test-role",
          organizationId: root,
        });
        const client = await call(instances[0], "POST", "/api/clients", adminToken, {
          name: "kill-client",
          orgId: root,
        });
        const basic = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`;
        const mkUser = (tag: string, i: number, password?: string) =>
          call(instances[i % 3], "POST", "/api/users", adminToken, {
            organizationId: root,
            email: `${tag}-${i}-${randomToken(3)}@kill.test`.toLowerCase(),
            fullName: tag,
            ...(password ? { password } : {}),
          });
        const SESSION_WORKERS = 3;
        const ROLE_WORKERS = 2;
        const USERS_PER_ROLE_WORKER = 3;
        const password = "kill-user-password-1";
        const sessionUsers = await Promise.all(
          Array.from({ length: SESSION_WORKERS }, (_, i) => mkUser("sess", i, password)),
        );
        const roleUsers = await Promise.all(
          Array.from({ length: ROLE_WORKERS * USERS_PER_ROLE_WORKER }, (_, i) => mkUser("role", i)),
        );

        // ---- clients that retry on another instance ------------------------------------------------
        const tallies: Record<Kind, Tally> = {
          login: { total: 0, retried: 0, inFlightOnKilled: 0, succeeded: 0, reuseAsSpec: 0 },
          refresh: { total: 0, retried: 0, inFlightOnKilled: 0, succeeded: 0, reuseAsSpec: 0 },
          token: { total: 0, retried: 0, inFlightOnKilled: 0, succeeded: 0, reuseAsSpec: 0 },
          role: { total: 0, retried: 0, inFlightOnKilled: 0, succeeded: 0, reuseAsSpec: 0 },
        };
        const failures: string[] = [];
        let killAt = Infinity;

        /**
         * One logical request of one client: sent to the client's next instance in turn; a network error (the instance is gone)
         * moves it to the next one, at most 6 attempts. HTTP answers are returned as they are.
         */
        async function send(
          kind: Kind,
          path: string,
          init: RequestInit,
          cursor: { next: number },
        ): Promise<{ status: number; body: any; attempts: Attempt[] }> {
          const attempts: Attempt[] = [];
          let i = cursor.next++ % 3;
          for (let n = 0; n < 6; n++, i = (i + 1) % 3) {
            const a: Attempt = { instance: i, startedAt: Date.now() };
            attempts.push(a);
            try {
              const r = await fetch(instances[i].url + path, { ...init, signal: AbortSignal.timeout(15_000) });
              const text = await r.text();
              if (attempts.length > 1) {
                tallies[kind].retried++;
                if (attempts.some((x) => x.error && x.instance === killed && x.startedAt < killAt))
                  tallies[kind].inFlightOnKilled++;
              }
              return { status: r.status, body: text ? JSON.parse(text) : null, attempts };
            } catch (e) {
              a.error = String((e as Error)?.message ?? e);
              await Bun.sleep(50);
            }
          }
          throw new Error(
            `${kind} ${path}: no instance answered: ${attempts.map((a) => `#${a.instance} ${a.error}`).join("; ")}`,
          );
        }
        const json = (body: unknown, token?: string): RequestInit => ({
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });

        let running = true;
        const roleChanges: { userId: number; type: "role.assigned" | "role.revoked" }[] = [];

        async function login(email: string, cursor: { next: number }) {
          tallies.login.total++;
          const r = await send("login", "/api/auth/login", json({ email, password }), cursor);
          if (r.status !== 200) throw new Error(`login: ${r.status} ${JSON.stringify(r.body)}`);
          tallies.login.succeeded++;
          return r.body as { accessToken: string; refreshToken: string };
        }

        async function sessionWorker(email: string, cursor: { next: number }) {
          let pair = await login(email, cursor);
          for (let n = 0; running && n < 2000; n++) {
            if (n % 10 === 9) pair = await login(email, cursor); // a fresh sign-in now and then
            tallies.refresh.total++;
            const r = await send("refresh", "/api/auth/refresh", json({ refreshToken: pair.refreshToken }), cursor);
            if (r.status === 200) {
              tallies.refresh.succeeded++;
              pair = r.body;
            } else if (
              r.status === 401 &&
              r.body?.code === "REFRESH_TOKEN_REUSED" &&
              r.attempts.some((a) => a.error && a.instance === killed && a.startedAt < killAt)
            ) {
              // The rotation committed on the killed instance before it died; its answer was lost. The
              // token is consumed, so the retry is reuse (SPEC): the family must now be revoked — its
              // last access token can no longer act for a live session.
              const probeR = await fetch(
                alive()[0].url + "/api/users/me/active-organization",
                json({ organizationId: root }, pair.accessToken),
              );
              if (probeR.status !== 401)
                failures.push(`refresh: reuse after the kill, yet the family still works (${probeR.status})`);
              else tallies.refresh.reuseAsSpec++;
              pair = await login(email, cursor);
            } else {
              failures.push(
                `refresh: ${r.status} ${JSON.stringify(r.body)} after attempts ${JSON.stringify(r.attempts)}`,
              );
              pair = await login(email, cursor);
            }
            await Bun.sleep(15);
          }
        }

        async function tokenWorker(cursor: { next: number }) {
          for (let n = 0; running && n < 5000; n++) {
            tallies.token.total++;
            const r = await send(
              "token",
              "/oauth2/token",
              {
                method: "POST",
                headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
                body: "grant_type=client_credentials",
              },
              cursor,
            );
            if (r.status === 200 && typeof r.body?.access_token === "string") tallies.token.succeeded++;
            else failures.push(`token: ${r.status} ${JSON.stringify(r.body)}`);
            await Bun.sleep(15);
          }
        }

        async function roleWorker(users: { id: number }[], cursor: { next: number }) {
          const assigned = new Set<number>();
          for (let n = 0; running && n < 450; n++) {
            const u = users[n % users.length];
            const verb = assigned.has(u.id) ? "revoke" : "assign";
            tallies.role.total++;
            // Idempotent: a change that committed on the dead instance is a no-op (no second event) on retry.
            const r = await send(
              "role",
              `/api/roles/${role.id}/${verb}`,
              json({ userId: u.id, organizationId: root }, adminToken),
              cursor,
            );
            if (r.status !== 200) {
              failures.push(`role ${verb}: ${r.status} ${JSON.stringify(r.body)}`);
              continue;
            }
            tallies.role.succeeded++;
            if (verb === "assign") assigned.add(u.id);
            else assigned.delete(u.id);
            roleChanges.push({ userId: u.id, type: verb === "assign" ? "role.assigned" : "role.revoked" });
            await Bun.sleep(100);
          }
        }

        const t0 = Date.now();
        // Each client goes round the three instances from its own starting point.
        const workers = [
          ...sessionUsers.map((u, w) => sessionWorker(u.email, { next: w })),
          tokenWorker({ next: 0 }),
          tokenWorker({ next: 1 }),
          ...Array.from({ length: ROLE_WORKERS }, (_, w) =>
            roleWorker(roleUsers.slice(w * USERS_PER_ROLE_WORKER, (w + 1) * USERS_PER_ROLE_WORKER), { next: w + 2 }),
          ),
        ].map((p) => p.catch((e) => void failures.push(String((e as Error)?.message ?? e))));

        // ---- the kill: freeze the instance the store shows holding the rotation lease, confirm, kill --
        await Bun.sleep(5000);
        const pids = instances.map((s) => s.proc.pid);
        let leaseAtKill: { holder: string; expiresAt: Date } | null = null;
        const huntUntil = Date.now() + 20_000;
        let polls = 0;
        while (Date.now() < huntUntil && killed < 0) {
          polls++;
          const l = await probe.lease();
          const i = l ? pids.indexOf(pidOf(l.holder)) : -1;
          if (i < 0) {
            await Bun.sleep(3);
            continue;
          }
          // Hold what it sends to the primary store: from now on its lease release cannot land.
          gates[i].hold();
          await Bun.sleep(300); // statements it sent before the hold (its release, say) still run
          const again = await probe.lease();
          if (again && pidOf(again.holder) === pids[i]) {
            // It holds the lease for good. It still takes requests: a refresh rotates its token in Redis,
            // then waits for the primary store: a rotation committed whose answer will never leave.
            await Bun.sleep(400);
            killAt = Date.now();
            killed = i;
            leaseAtKill = again;
            instances[i].proc.kill("SIGKILL");
            await instances[i].proc.exited;
            gates[i].cut(); // what it had sent and was held is lost with it; its connections close
          } else gates[i].release(); // it let go in between: hunt again
        }
        expect(killed).toBeGreaterThanOrEqual(0); // the lease holder was caught (the store shows every holder)
        const keysAtKill = await probe.keys();

        // ---- after the kill: the lease is taken over, traffic goes on past every lease and lock -------
        let takeover: { holder: string; at: number } | null = null;
        const watchUntil = killAt + (LEASE_S + ROTATION_S + 3 * CHECK_S + 5) * 1000;
        let newKey: { kid: string; createdAt: Date } | null = null;
        while (Date.now() < watchUntil && !(takeover && newKey)) {
          const l = await probe.lease();
          if (!takeover && l && pidOf(l.holder) !== pids[killed]) takeover = { holder: l.holder, at: Date.now() };
          if (!newKey) {
            const ks = await probe.keys();
            const k = ks.find((x) => x.createdAt.getTime() > killAt && !keysAtKill.some((y) => y.kid === x.kid));
            if (k) newKey = k;
          }
          await Bun.sleep(takeover ? 200 : 5);
        }
        // Traffic runs at least LOCK_S + 3 s past the kill, so retried work meets the re-claimed deliveries.
        const trafficUntil = killAt + (LOCK_S + 3) * 1000;
        if (Date.now() < trafficUntil) await Bun.sleep(trafficUntil - Date.now());
        running = false;
        await Promise.all(workers);
        const trafficSeconds = (Date.now() - t0) / 1000;

        // ---- key rotation ------------------------------------------------------------------------------
        expect(leaseAtKill).not.toBeNull();
        const newest = keysAtKill.at(-1)!;
        const lead = Math.min(3600, ROTATION_S / 4);
        const dueAt = newest.activatesAt.getTime() + (ROTATION_S - lead) * 1000;
        // The survivors could not rotate before the dead holder's lease ran out, and must have rotated
        // by the later of that and the rotation's due time, plus a check interval and some slack.
        const rotateBy = Math.max(leaseAtKill!.expiresAt.getTime(), dueAt) + (2 * CHECK_S + 3) * 1000;
        expect(newKey).not.toBeNull(); // made under the lease: a survivor took it over
        expect(newKey!.createdAt.getTime()).toBeLessThanOrEqual(rotateBy);
        expect(newKey!.createdAt.getTime()).toBeGreaterThanOrEqual(leaseAtKill!.expiresAt.getTime() - 1000);
        for (const s of alive()) {
          const set = (await (await fetch(`${s.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
          expect(set.keys.map((k) => k.kid)).toContain(newKey!.kid);
        }
        // Done once: consecutive keys activate at least one rotation interval apart (two instances
        // rotating for one due time would publish two keys within moments).
        const allKeys = await probe.keys();
        for (let k = 1; k < allKeys.length; k++)
          expect(allKeys[k].activatesAt.getTime() - allKeys[k - 1].activatesAt.getTime()).toBeGreaterThanOrEqual(
            (ROTATION_S - 0.5) * 1000,
          );

        // ---- every operation succeeded (or is reuse as SPEC requires) ------------------------------------
        expect(failures).toEqual([]);
        for (const k of Object.keys(tallies) as Kind[])
          expect(tallies[k].succeeded + tallies[k].reuseAsSpec).toBe(tallies[k].total);
        const retriedAll = Object.values(tallies).reduce((n, t) => n + t.retried, 0);
        expect(retriedAll).toBeGreaterThan(0); // the kill did meet traffic

        // ---- audit: one entry per accepted role change; one reuse entry per reuse ------------------------
        const audit = async (action: string) =>
          (await call(
            alive()[0],
            "GET",
            `/api/audit?organizationId=${root}&action=${action}&size=1000`,
            adminToken,
          )) as { userId: number }[];
        const roleUserIds = new Set(roleUsers.map((u) => u.id));
        const assignedAudit = (await audit("role.assigned")).filter((e) => roleUserIds.has(e.userId)).length;
        const revokedAudit = (await audit("role.revoked")).filter((e) => roleUserIds.has(e.userId)).length;
        expect(assignedAudit).toBe(roleChanges.filter((c) => c.type === "role.assigned").length);
        expect(revokedAudit).toBe(roleChanges.filter((c) => c.type === "role.revoked").length);
        const reuseAudit = (await audit("auth.refresh.reuse_detected")).length;
        expect(reuseAudit).toBe(tallies.refresh.reuseAsSpec);

        // ---- webhooks: each change delivered at least once, a webhook-id is one event ---------------------
        const distinct = () => new Set(rx.received.map((m) => m.id)).size;
        const drainUntil = Date.now() + 45_000;
        while (distinct() < roleChanges.length && Date.now() < drainUntil) await Bun.sleep(100);
        await Bun.sleep(1500); // would any further repeat still come?
        const verifier = new Verifier(hook.secret);
        const byId = new Map<string, typeof rx.received>();
        for (const m of rx.received) byId.set(m.id, [...(byId.get(m.id) ?? []), m]);
        const events: { userId: number; type: string }[] = [];
        for (const [id, copies] of byId) {
          const bodies = new Set(copies.map((c) => c.body));
          expect({ id, distinctBodies: bodies.size }).toEqual({ id, distinctBodies: 1 });
          const e = verifier.verify(copies.at(-1)!.body, {
            "webhook-id": id,
            "webhook-timestamp": copies.at(-1)!.timestamp,
            "webhook-signature": copies.at(-1)!.signature,
          }) as { type: string; data: { userId: number } };
          events.push({ userId: e.data.userId, type: e.type });
        }
        const key = (x: { userId: number; type: string }) => `${x.userId}:${x.type}`;
        const count = (xs: { userId: number; type: string }[]) =>
          xs.reduce((m, x) => m.set(key(x), (m.get(key(x)) ?? 0) + 1), new Map<string, number>());
        expect(Object.fromEntries(count(events))).toEqual(Object.fromEntries(count(roleChanges)));
        // Repeats: only of deliveries the killed instance had started (first copy before the kill, the
        // repeat from a survivor once the claim's lock passed).
        const repeated = [...byId.values()].filter((c) => c.length > 1);
        const explained = repeated.filter((c) => c[0].at < killAt && c.slice(1).every((x) => x.at >= killAt));
        expect(explained.length).toBe(repeated.length);
        const cutByKill = repeated.filter((c) => c[0].aborted).length;
        const redeliveryDelay = repeated.length ? Math.max(...repeated.map((c) => c[1].at - killAt)) : 0;
        if (repeated.length) expect(redeliveryDelay).toBeLessThanOrEqual((LOCK_S + 5) * 1000);

        // ---- the figures ---------------------------------------------------------------------------------
        const line = (k: Kind) =>
          `  ${k.padEnd(8)} ${String(tallies[k].total).padStart(5)} requests, ${String(tallies[k].retried).padStart(3)} retried on another instance (${tallies[k].inFlightOnKilled} in flight on the killed one), ${tallies[k].succeeded} succeeded` +
          (k === "refresh" ? `, ${tallies[k].reuseAsSpec} reuse as SPEC requires` : "");
        console.log(
          [
            ``,
            `instance kill [${TEST_STORE} + Redis]: 3 instances, ${trafficSeconds.toFixed(0)} s of mixed traffic, instance #${killed} (pid ${pids[killed]}) SIGKILLed ${secs(killAt - t0)} in, caught holding the key-rotation lease (${polls} lease polls)`,
            ...(["login", "refresh", "token", "role"] as Kind[]).map(line),
            `  ${tallies.refresh.reuseAsSpec} ${tallies.refresh.reuseAsSpec === 1 ? "refresh was" : "refreshes were"} in flight on the killed instance and had committed there; their retry was reuse as SPEC requires (family revoked, audited as auth.refresh.reuse_detected: ${reuseAudit})`,
            `  key rotation: the dead instance's lease ran until ${secs(leaseAtKill!.expiresAt.getTime() - killAt)} after the kill (SSO_KEY_LEASE_SECONDS=${LEASE_S}); ${takeover ? `first seen held by survivor pid ${pidOf(takeover.holder)} at ${secs(takeover.at - killAt)}` : "a survivor's hold was not caught by the poll (it is held for milliseconds)"}; rotation was due at ${secs(dueAt - killAt)}; new key ${newKey!.kid} created at ${secs(newKey!.createdAt.getTime() - killAt)}, published by both survivors; ${allKeys.length} keys, each a rotation apart`,
            `  webhooks: ${roleChanges.length} role changes, ${byId.size} webhook-ids delivered (${rx.received.length} deliveries); ` +
              (repeated.length
                ? `${repeated.length} delivered twice, each first sent by the killed instance before it died (${cutByKill} cut mid-answer, the others answered but never recorded), sent again with the same webhook-id once the claim's ${LOCK_S} s lock passed (latest ${secs(redeliveryDelay)} after the kill): at-least-once, as Standard Webhooks allows`
                : `no repeats: the killed instance had no delivery between sending and recording (its claims were taken over when their ${LOCK_S} s lock passed)`),
            `  audit: ${assignedAudit} role.assigned + ${revokedAudit} role.revoked entries = ${roleChanges.length} accepted role changes (none lost, none twice)`,
            ``,
          ].join("\n"),
        );
      } finally {
        await Promise.all(instances.map((s, i) => (i === killed ? undefined : s.stop())));
        rx.close();
        gates.forEach((g) => g.close());
        await probe.close();
        await db.drop();
        const r = new Redis(REDIS_URL!);
        const keys = await r.keys(`${prefix}*`);
        if (keys.length) await r.del(...keys);
        r.disconnect();
      }
    }, 180_000);
  });
}

/** JSON call that must answer 200 (test/support/process.ts). */
const call = okService;
