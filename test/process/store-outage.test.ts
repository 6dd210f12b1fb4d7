// A store that drops while the service runs: /readyz fails, requests answer 503 problem+json, and
// the service recovers by itself when the store is back. The primary store (Postgres or MongoDB) and
// Redis are reached through a loopback proxy the test cuts. Runs in the TEST_STORE=postgres and
// TEST_STORE=mongo passes (needs the real servers).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { freshServerStore, SERVER_STORE, TEST_STORE } from "../support/stores";
import { startService, type RunningService } from "../support/process";
import { tcpProxy } from "../support/tcp-proxy";

if (!SERVER_STORE) {
  console.warn(
    "NOT RUN here: store-outage tests need TEST_STORE=postgres or mongo (the CI postgres and mongo passes run them)",
  );
} else {
  let db: Awaited<ReturnType<typeof freshServerStore>>;
  let pg: Awaited<ReturnType<typeof tcpProxy>>;
  let redis: Awaited<ReturnType<typeof tcpProxy>>;
  let s: RunningService;
  const login = () =>
    fetch(`${s.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@outage.test", password: "outage-password-1" }),
    });

  beforeAll(async () => {
    db = await freshServerStore();
    const urlVar = db.kind === "mongo" ? "MONGODB_URL" : "DATABASE_URL";
    const u = new URL(db.env[urlVar]);
    pg = await tcpProxy("127.0.0.1", Number(u.port));
    redis = await tcpProxy("127.0.0.1", 6379);
    u.port = String(pg.port);
    s = await startService({
      ...db.env,
      [urlVar]: u.toString(),
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      SSO_REDIS_PREFIX: `outage${Date.now()}:`,
      SSO_MASTER_KEY: Buffer.alloc(32, 3).toString("base64"),
      SSO_BOOTSTRAP_ADMIN_EMAIL: "admin@outage.test",
      SSO_BOOTSTRAP_ADMIN_PASSWORD: "outage-password-1",
      SSO_RATE_LIMIT: "off",
    });
  });
  afterAll(async () => {
    await s?.stop();
    pg?.close();
    redis?.close();
    await db?.drop();
  });

  const waitFor = async (fn: () => Promise<boolean>, ms = 20000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await fn()) return true;
      await Bun.sleep(200);
    }
    return false;
  };

  describe("store outage while running", () => {
    test(`${TEST_STORE === "mongo" ? "MongoDB" : "Postgres"} down: readyz 503, requests 503 problem+json, then recovery`, async () => {
      expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      expect((await login()).status).toBe(200);
      pg.drop();
      const ready = await fetch(`${s.url}/readyz`);
      expect(ready.status).toBe(503);
      const r = await login();
      expect(r.status).toBe(503);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect((await r.json()).code).toBe("UNAVAILABLE");
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      pg.restore();
      expect(await waitFor(async () => (await fetch(`${s.url}/readyz`)).status === 200)).toBe(true);
      expect(await waitFor(async () => (await login()).status === 200)).toBe(true);
    });

    test("Redis down: readyz 503, login 503 problem+json, then recovery", async () => {
      redis.drop();
      expect(await waitFor(async () => (await fetch(`${s.url}/readyz`)).status === 503)).toBe(true);
      const r = await login();
      expect(r.status).toBe(503);
      expect((await r.json()).code).toBe("UNAVAILABLE");
      redis.restore();
      expect(await waitFor(async () => (await fetch(`${s.url}/readyz`)).status === 200)).toBe(true);
      expect(await waitFor(async () => (await login()).status === 200)).toBe(true);
    });
  });
}
