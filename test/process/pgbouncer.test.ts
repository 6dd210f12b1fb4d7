// Two real service processes behind PgBouncer in transaction mode (SSO_PG_POOLER=transaction;
// docs/decisions.md, "Behind PgBouncer"), on one fresh database: they start at once (migrations under
// a transaction-scoped lock, one bootstrap, one signing key), a change made through one reaches the
// other's caches at once (the directory's version in Redis, or in Postgres without Redis),
// every webhook delivery arrives exactly once, and scheduled key rotation makes each key once.
// Needs `bash .ci/pgbouncer.sh start` and TEST_PG_POOLER_URL (the CI PgBouncer pass sets it).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import Redis from "ioredis";
import { loadConfig } from "../../src/config";
import { randomToken } from "../../src/kernel/secrets";
import { startService, type RunningService, callService, okService } from "../support/process";
import { startReceiver, type Receiver } from "../support/receiver";
import { openPostgres } from "../../adapters/postgres";
import { freshDatabase, freshServerStore, pgConnection, PG_POOLER_URL, REDIS_URL, TEST_STORE } from "../support/stores";

const RUN = TEST_STORE === "postgres" && !!PG_POOLER_URL;
const ADMIN = { email: "pool-admin@platform.test", password: "pool-password-1" };

describe("configuration", () => {
  const base = {
    SSO_STORAGE: "postgres",
    DATABASE_URL: "postgres://u:p@127.0.0.1:6432/sso",
    SSO_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
    SSO_PG_POOLER: "transaction",
  };
  test("transaction mode needs nothing beside the pooler (no LISTEN); DATABASE_DIRECT_URL is still accepted and unused", () => {
    expect(loadConfig(base).pgPooler).toBe("transaction");
    expect(loadConfig({ ...base, REDIS_URL: "redis://127.0.0.1:6379" }).pgPooler).toBe("transaction");
    expect(loadConfig({ ...base, DATABASE_DIRECT_URL: "postgres://u:p@127.0.0.1:5432/sso" }).pgPooler).toBe(
      "transaction",
    );
    expect(loadConfig({ ...base, SSO_PG_POOLER: undefined }).pgPooler).toBe("none");
  });
  test("unusable values name the variable", () => {
    expect(() => loadConfig({ ...base, REDIS_URL: "redis://x", SSO_PG_POOLER: "statement" })).toThrow(/SSO_PG_POOLER/);
    expect(() => loadConfig({ ...base, REDIS_URL: "redis://x", DATABASE_READ_URL: "mysql://replica/sso" })).toThrow(
      /DATABASE_READ_URL/,
    );
  });
});

if (!RUN) {
  console.warn(
    "NOT RUN here: PgBouncer process test (needs TEST_STORE=postgres and TEST_PG_POOLER_URL; `bash .ci/pgbouncer.sh start`); the CI PgBouncer pass runs it",
  );
} else {
  const call = callService;
  const ok = okService;
  const clientToken = (svc: RunningService, c: { clientId: string; clientSecret: string }) =>
    fetch(`${svc.url}/oauth2/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    }).then((r) => r.status);
  /** Polls `f` until it returns `want` (at most `tries` × 50 ms); returns the last value. */
  async function until<T>(want: T, f: () => Promise<T>, tries = 40): Promise<T> {
    let v = await f();
    for (let i = 0; i < tries && v !== want; i++) {
      await Bun.sleep(50);
      v = await f();
    }
    return v;
  }

  test("more instances starting at once than PgBouncer has server connections for the database all migrate and open", async () => {
    // .ci/pgbouncer.sh sets default_pool_size = 8: waiting inside a transaction for the migration
    // lock, 12 starters would hold every server connection and leave the migrator none.
    const fresh = await freshDatabase();
    const conn = pgConnection(fresh.url);
    try {
      const stores = await Promise.all(Array.from({ length: 12 }, () => openPostgres(conn.url, 1, conn.options)));
      expect((await Promise.all(stores.map((s) => s.keys.published(new Date())))).every((k) => k.length === 0)).toBe(
        true,
      );
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  const variants = [
    ...(REDIS_URL ? [{ label: "sessions and the directory's version in Redis", redis: true }] : []),
    { label: "sessions and the directory's version in Postgres", redis: false },
  ];
  for (const variant of variants) {
    describe(`two instances behind PgBouncer in transaction mode [${variant.label}]`, () => {
      const prefix = `pb${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}:`;
      let db: Awaited<ReturnType<typeof freshServerStore>>;
      let a: RunningService;
      let b: RunningService;
      let rx: Receiver;
      let admin: string;
      let root: number;

      beforeAll(async () => {
        db = await freshServerStore("postgres");
        expect(db.env.SSO_PG_POOLER).toBe("transaction");
        expect(new URL(db.env.DATABASE_URL).port).toBe(new URL(PG_POOLER_URL!).port);
        rx = startReceiver();
        const env: Record<string, string> = {
          ...db.env,
          ...(variant.redis ? { REDIS_URL: REDIS_URL!, SSO_REDIS_PREFIX: prefix } : {}),
          SSO_MASTER_KEY: Buffer.alloc(32, 4).toString("base64"),
          SSO_ISSUER: "http://sso.pool.test",
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          SSO_RATE_LIMIT: "off",
          SSO_WEBHOOK_ALLOW_PRIVATE: "true",
          // A key every 8.6 s (published 2.2 s ahead), checked every second by both instances.
          SSO_KEY_ROTATION_DAYS: "0.0001",
          SSO_KEY_CHECK_SECONDS: "1",
        };
        // Both first starts at once on the empty database: migrations, bootstrap and first key race.
        [a, b] = await Promise.all([
          startService(env, { timeoutMs: 60_000 }),
          startService(env, { timeoutMs: 60_000 }),
        ]);
        admin = (await ok(a, "POST", "/api/auth/login", undefined, ADMIN)).accessToken;
        [{ organizationId: root }] = await ok(a, "GET", "/api/users/me/memberships", admin);
      }, 120_000);

      afterAll(async () => {
        await Promise.all([a?.stop(), b?.stop()]);
        rx?.close();
        await db?.drop();
        if (variant.redis) {
          const r = new Redis(REDIS_URL!);
          const keys = await r.keys(`${prefix}*`);
          if (keys.length) await r.del(...keys);
          r.disconnect();
        }
      });

      test("a user made on one signs in on the other; disabled on one, the other refuses its refresh and sign-in", async () => {
        const email = `u-${randomToken(4)}@pool.test`.toLowerCase();
        const user = await ok(a, "POST", "/api/users", admin, {
          organizationId: root,
          email,
          fullName: "Pooled",
          password: "pooled-password-1",
        });
        const login = await ok(b, "POST", "/api/auth/login", undefined, { email, password: "pooled-password-1" });
        const rotated = await ok(a, "POST", "/api/auth/refresh", undefined, { refreshToken: login.refreshToken });
        await ok(a, "POST", `/api/users/${user.id}/disable`, admin);
        expect(
          (await call(b, "POST", "/api/auth/refresh", undefined, { refreshToken: rotated.refreshToken })).status,
        ).toBe(401);
        expect(
          (await call(b, "POST", "/api/auth/login", undefined, { email, password: "pooled-password-1" })).status,
        ).toBe(401);
      });

      test("an org suspended on one: the other's client cache refuses the very next token, and serves again on activation", async () => {
        const org = await ok(a, "POST", "/api/organizations", admin, {
          name: "Pooled org",
          slug: `po-${randomToken(4)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, "x")}`,
        });
        const client = await ok(a, "POST", "/api/clients", admin, { name: "pooled", orgId: org.id, scopes: [] });
        expect(await clientToken(b, client)).toBe(200); // B has the client cached as usable now
        expect(await clientToken(b, client)).toBe(200);
        await ok(a, "POST", `/api/organizations/${org.id}/suspend`, admin);
        expect(await clientToken(b, client)).toBe(400);
        await ok(a, "POST", `/api/organizations/${org.id}/activate`, admin);
        expect(await clientToken(b, client)).toBe(200);
      });

      test("webhook deliveries claimed by both instances through the pooler arrive exactly once", async () => {
        const app = await ok(a, "POST", "/api/applications", admin, {
          organizationId: root,
          identifier: `https://pool-${randomToken(4)}.test`.toLowerCase(),
          name: "Hooked",
        });
        await ok(a, "POST", "/api/webhooks", admin, {
          organizationId: root,
          applicationId: app.id,
          url: rx.url,
          eventTypes: ["user.disabled", "user.enabled"],
        });
        const users = [];
        for (let i = 0; i < 6; i++)
          users.push(
            await ok([a, b][i % 2], "POST", "/api/users", admin, {
              organizationId: root,
              email: `h-${i}-${randomToken(3)}@pool.test`.toLowerCase(),
              fullName: "Hooked",
            }),
          );
        await Promise.all(users.map((u, i) => ok([a, b][i % 2], "POST", `/api/users/${u.id}/disable`, admin)));
        await Promise.all(users.map((u, i) => ok([b, a][i % 2], "POST", `/api/users/${u.id}/enable`, admin)));
        await rx.waitFor(12, 30_000);
        await Bun.sleep(1000); // would a duplicate still come?
        expect(rx.received.length).toBe(12);
        expect(new Set(rx.received.map((m) => m.id)).size).toBe(12);
      }, 60_000);

      test("scheduled rotation through the pooler: each new key is made once (the lease), and both instances publish it", async () => {
        const sql = postgres(db.env.DATABASE_DIRECT_URL, { max: 1, onnotice: () => {} });
        try {
          const keys = () =>
            sql<{ kid: string; created_at: Date }[]>`select kid, created_at from signing_keys order by created_at`;
          let rows = await keys();
          for (let i = 0; i < 300 && rows.length < 2; i++) {
            await Bun.sleep(100);
            rows = await keys();
          }
          // The first key and a rotation, each made by one instance: keys come 6.5 s apart, never in pairs.
          expect(rows.length).toBeGreaterThanOrEqual(2);
          for (let i = 1; i < rows.length; i++)
            expect(rows[i].created_at.getTime() - rows[i - 1].created_at.getTime()).toBeGreaterThan(4000);
          const kids = async (s: RunningService) =>
            ((await ok(s, "GET", "/.well-known/jwks.json")).keys as { kid: string }[])
              .map((k) => k.kid)
              .sort()
              .join();
          const newest = rows.at(-1)!.kid;
          // Each instance reloads the published set on its 1 s tick.
          for (const s of [a, b])
            expect(await until(true, async () => (await kids(s)).includes(newest), 60)).toBe(true);
          expect(await until(await kids(a), () => kids(b), 60)).toBe(await kids(a));
        } finally {
          await sql.end();
        }
      }, 60_000);
    });
  }
}
