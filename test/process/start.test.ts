// The README's start command, as a real process: fail-fast config, restart on the same data dir,
// first-start setup token, unreachable stores.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFailing, startService } from "../support/process";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "sso-start-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("configuration fails fast with one clear line", () => {
  const cases: [Record<string, string>, string][] = [
    [{ SSO_STORAGE: "cassandra" }, "SSO_STORAGE"],
    [{ PORT: "not-a-port" }, "PORT"],
    [{ SSO_STORAGE: "postgres" }, "DATABASE_URL"],
    [{ SSO_STORAGE: "postgres", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }, "SSO_MASTER_KEY"],
    [{ SSO_STORAGE: "mongo" }, "MONGODB_URL"],
    [{ SSO_STORAGE: "mongo", MONGODB_URL: "mongodb://127.0.0.1:27017/sso" }, "SSO_MASTER_KEY"],
    [
      {
        SSO_STORAGE: "mongo",
        MONGODB_URL: "http://127.0.0.1:27017/sso",
        SSO_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
      },
      "MONGODB_URL",
    ],
    [{ SSO_MASTER_KEY: "too-short" }, "SSO_MASTER_KEY"],
    [{ SSO_ISSUER: "ftp://nope" }, "SSO_ISSUER"],
    [{ SSO_RATE_LIMIT: "maybe" }, "SSO_RATE_LIMIT"],
    [{ SSO_KEY_LEASE_SECONDS: "2" }, "SSO_KEY_LEASE_SECONDS"],
    [{ SSO_KEY_LEASE_SECONDS: "9999" }, "SSO_KEY_LEASE_SECONDS"],
    // Redis: one topology at a time, each with what it needs.
    [{ REDIS_URL: "redis://127.0.0.1:6379", REDIS_CLUSTER_NODES: "127.0.0.1:7101" }, "REDIS_CLUSTER_NODES"],
    [
      { REDIS_CLUSTER_NODES: "127.0.0.1:7101", REDIS_SENTINELS: "127.0.0.1:26391", REDIS_SENTINEL_NAME: "m" },
      "REDIS_SENTINELS",
    ],
    [{ REDIS_SENTINELS: "127.0.0.1:26391" }, "REDIS_SENTINEL_NAME"],
    [{ REDIS_SENTINEL_NAME: "m" }, "REDIS_SENTINEL_NAME"],
    [{ REDIS_CLUSTER_NODES: "127.0.0.1" }, "REDIS_CLUSTER_NODES"],
    [{ REDIS_CLUSTER_NODES: "127.0.0.1:99999" }, "REDIS_CLUSTER_NODES"],
    [{ SSO_REDIS_MIN_REPLICAS_ACK: "one" }, "SSO_REDIS_MIN_REPLICAS_ACK"],
    [{ SSO_MAIL_FROM: "Acme <not-an-address>" }, "SSO_MAIL_FROM"],
    [{ SSO_MAIL_FROM: 'Ac"me <a@acme.test>' }, "SSO_MAIL_FROM"],
  ];
  for (const [env, variable] of cases) {
    test(`${JSON.stringify(env)} stops the start naming ${variable}`, async () => {
      const r = await runFailing({ SSO_DATA_DIR: tempDir(), ...env });
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split("\n");
      expect(lines.length).toBe(1);
      expect(lines[0]).toContain(variable);
      expect(r.stderr).not.toContain("    at ");
    });
  }

  test("an unreachable database stops the start with one line and a non-zero exit", async () => {
    const r = await runFailing({
      SSO_STORAGE: "postgres",
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      SSO_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n").length).toBe(1);
    expect(r.stderr).toContain("unreachable");
  });

  test("an unreachable MongoDB stops the start with one line and a non-zero exit", async () => {
    const r = await runFailing({
      SSO_STORAGE: "mongo",
      MONGODB_URL: "mongodb://127.0.0.1:1/none",
      SSO_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n").length).toBe(1);
    expect(r.stderr).toContain("unreachable");
  }, 30_000);

  test("an unreachable Redis stops the start with one line and a non-zero exit", async () => {
    const r = await runFailing({ SSO_DATA_DIR: tempDir(), REDIS_URL: "redis://127.0.0.1:1" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n").length).toBe(1);
    expect(r.stderr).toContain("unreachable");
  });

  test("an unreachable Redis Cluster or Sentinel stops the start with one line and a non-zero exit", async () => {
    const envs: Record<string, string>[] = [
      { REDIS_CLUSTER_NODES: "127.0.0.1:1,127.0.0.1:2" },
      { REDIS_SENTINELS: "127.0.0.1:1", REDIS_SENTINEL_NAME: "nobody" },
    ];
    for (const env of envs) {
      const r = await runFailing({ SSO_DATA_DIR: tempDir(), ...env });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split("\n").length).toBe(1);
      expect(r.stderr).toContain("unreachable");
    }
  }, 40_000);
});

describe("embedded store on disk", () => {
  test("first start without an admin password prints a one-time setup token and creates a 0600 master key", async () => {
    const dir = tempDir();
    const s = await startService({ SSO_DATA_DIR: dir, SSO_BOOTSTRAP_ADMIN_EMAIL: "root@example.test" });
    try {
      expect(s.output()).toMatch(/"token":"[A-Za-z0-9_-]{20,}"/);
      expect(statSync(join(dir, "master.key")).mode & 0o777).toBe(0o600);
      expect(s.output()).toContain("master key");
    } finally {
      await s.stop();
    }
  });

  test("a restart on the same data dir keeps keys and data and never re-bootstraps", async () => {
    const dir = tempDir();
    const env = {
      SSO_DATA_DIR: dir,
      SSO_ISSUER: "http://sso.restart.test",
      SSO_BOOTSTRAP_ADMIN_EMAIL: "admin@example.test",
      SSO_BOOTSTRAP_ADMIN_PASSWORD: "first-password-1",
      SSO_LOG_LEVEL: "info",
    };
    const a = await startService(env);
    const jwks1 = await (await fetch(`${a.url}/.well-known/jwks.json`)).json();
    const login1 = await fetch(`${a.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.test", password: "first-password-1" }),
    });
    expect(login1.status).toBe(200);
    const { accessToken } = await login1.json();
    await a.stop();

    const b = await startService({ ...env, SSO_BOOTSTRAP_ADMIN_PASSWORD: "ignored-on-restart" });
    try {
      expect(b.output()).not.toContain("bootstrapped");
      const jwks2 = await (await fetch(`${b.url}/.well-known/jwks.json`)).json();
      expect(jwks2.keys.map((k: { kid: string }) => k.kid)).toEqual(jwks1.keys.map((k: { kid: string }) => k.kid));
      // A token from before the restart still passes the guard; the original password still works.
      const me = await fetch(`${b.url}/api/users/me/memberships`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.status).toBe(200);
      expect((await me.json()).length).toBe(1);
      const login2 = await fetch(`${b.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.test", password: "first-password-1" }),
      });
      expect(login2.status).toBe(200);
    } finally {
      await b.stop();
    }
  });
});

describe("one service per embedded data directory", () => {
  test("a second service on a data dir in use stops its start with one line, and the first keeps serving", async () => {
    const dir = tempDir();
    const env = {
      SSO_DATA_DIR: dir,
      SSO_ISSUER: "http://sso.shared-dir.test",
      SSO_BOOTSTRAP_ADMIN_EMAIL: "admin@example.test",
      SSO_BOOTSTRAP_ADMIN_PASSWORD: "first-password-1",
    };
    const a = await startService(env);
    try {
      const r = await runFailing(env);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split("\n").length).toBe(1);
      expect(r.stderr).toContain("is in use by another process");
      const login = await fetch(`${a.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.test", password: "first-password-1" }),
      });
      expect(login.status).toBe(200);
      const { refreshToken } = await login.json();
      const refreshed = await fetch(`${a.url}/api/auth/refresh`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refreshToken }),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await a.stop();
    }
  });
});

describe("the ready line", () => {
  test("names the stores, the signer, the mailer in use (never its credentials) and the sender", async () => {
    const svc = await startService({
      SSO_DATA_DIR: tempDir(),
      SSO_LOG_LEVEL: "info",
      SSO_MAILER: "smtp://mailuser:mail-secret-1@127.0.0.1:2525",
      SSO_MAIL_FROM: "Acme Accounts <no-reply@acme.test>",
    });
    try {
      for (let i = 0; i < 100 && !svc.output().includes("identity service ready"); i++) await Bun.sleep(50);
      const ready = svc
        .output()
        .split("\n")
        .find((l) => l.includes("identity service ready"))!;
      expect(ready).toContain("smtp (127.0.0.1:2525)");
      expect(JSON.parse(ready)).toMatchObject({
        storage: expect.stringMatching(/^embedded/),
        signer: expect.any(String),
      });
      expect(ready).toContain("Acme Accounts <no-reply@acme.test>");
      expect(svc.output()).not.toContain("mail-secret-1");
    } finally {
      await svc.stop();
    }
  });
});
