// The read replica (DATABASE_READ_URL; docs/decisions.md, "Read replica") with a real streaming
// standby: the service runs on the primary (through PgBouncer when TEST_PG_POOLER_URL is set) with
// the standby as its read URL. Replay on the standby is paused, so it stops seeing new writes; then
// every write, sign-in, token, authorization and read-your-own-write answers from the primary (they
// see what was just written), while the listings of REPLICA_READS do not show it (they come from the
// standby). Once replay resumes, the listings catch up.
// Needs `bash .ci/pgbouncer.sh start` (standby on 127.0.0.1:5433) and TEST_PG_REPLICA_URL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { randomToken } from "../../src/kernel/secrets";
import { startService, type RunningService, callService, okService } from "../support/process";
import { DATABASE_URL, freshServerStore, TEST_STORE } from "../support/stores";

const REPLICA_URL = process.env.TEST_PG_REPLICA_URL;
const RUN = TEST_STORE === "postgres" && !!REPLICA_URL;
const ADMIN = { email: "replica-admin@platform.test", password: "replica-password-1" };

if (!RUN) {
  console.warn(
    "NOT RUN here: read replica test (needs TEST_STORE=postgres and TEST_PG_REPLICA_URL; `bash .ci/pgbouncer.sh start`); the CI PgBouncer pass runs it",
  );
} else {
  const call = callService;
  const ok = okService;
  const withDb = (url: string, name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };

  describe("a streaming replica as DATABASE_READ_URL", () => {
    let db: Awaited<ReturnType<typeof freshServerStore>>;
    let svc: RunningService;
    // Superuser sessions on the primary and on the standby (not through the pooler).
    const primary = postgres(withDb(DATABASE_URL, "postgres"), { max: 1, onnotice: () => {} });
    const standby = postgres(withDb(REPLICA_URL!, "postgres"), { max: 1, onnotice: () => {} });
    let admin: string;
    let root: number;

    /** Waits until the standby has replayed everything the primary has written so far. */
    async function caughtUp() {
      const [{ lsn }] = await primary`select pg_current_wal_lsn()::text as lsn`;
      for (let i = 0; i < 300; i++) {
        const [{ done }] = await standby`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`;
        if (done) return;
        await Bun.sleep(100);
      }
      throw new Error("the standby did not catch up within 30 s");
    }

    beforeAll(async () => {
      expect((await standby`select pg_is_in_recovery() as r`)[0].r).toBe(true);
      await standby`select pg_wal_replay_resume()`;
      db = await freshServerStore("postgres");
      const name = new URL(db.env.DATABASE_URL).pathname.slice(1);
      svc = await startService(
        {
          ...db.env,
          DATABASE_READ_URL: withDb(REPLICA_URL!, name),
          SSO_MASTER_KEY: Buffer.alloc(32, 3).toString("base64"),
          SSO_ISSUER: "http://sso.replica.test",
          SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          SSO_RATE_LIMIT: "off",
        },
        { timeoutMs: 60_000 },
      );
      admin = (await ok(svc, "POST", "/api/auth/login", undefined, ADMIN)).accessToken;
      [{ organizationId: root }] = await ok(svc, "GET", "/api/users/me/memberships", admin);
      await caughtUp();
    }, 120_000);

    afterAll(async () => {
      await standby`select pg_wal_replay_resume()`.catch(() => {});
      await svc?.stop();
      await db?.drop();
      await Promise.all([primary.end(), standby.end()]);
    });

    test("with replay paused: writes, sign-in, tokens and reads of what was just written use the primary; the listings lag", async () => {
      const userIds = async () =>
        ((await ok(svc, "GET", `/api/users?organizationId=${root}`, admin)) as { id: number }[]).map((u) => u.id);
      const orgIds = async () =>
        ((await ok(svc, "GET", "/api/organizations", admin)).items as { id: number }[]).map((o) => o.id);
      // Before the pause the listings (from the caught-up standby) show the bootstrap admin.
      expect((await userIds()).length).toBe(1);

      await standby`select pg_wal_replay_pause()`;
      for (let i = 0; i < 50 && (await standby`select pg_get_wal_replay_pause_state() as s`)[0].s !== "paused"; i++)
        await Bun.sleep(100);
      try {
        // Writes (the standby refuses any write: these would fail if one went there).
        const email = `fresh-${randomToken(4)}@replica.test`.toLowerCase();
        const user = await ok(svc, "POST", "/api/users", admin, {
          organizationId: root,
          email,
          fullName: "Fresh",
          password: "fresh-password-1",
        });
        const slug = `fresh-${randomToken(4)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "x")}`;
        const org = await ok(svc, "POST", "/api/organizations", admin, { name: "Fresh org", slug });
        // Read-your-own-write, sign-in, refresh, authorization: the primary, which has them.
        expect((await ok(svc, "PUT", `/api/organizations/${org.id}`, admin, { name: "Fresh org, renamed" })).slug).toBe(
          slug,
        );
        const login = await ok(svc, "POST", "/api/auth/login", undefined, { email, password: "fresh-password-1" });
        expect(
          (await call(svc, "POST", "/api/auth/refresh", undefined, { refreshToken: login.refreshToken })).status,
        ).toBe(200);
        expect((await ok(svc, "GET", `/api/users/${user.id}/export`, admin)).user.email).toBe(email);
        const client = await ok(svc, "POST", "/api/clients", admin, { name: "fresh", orgId: org.id, scopes: [] });
        const cc = await fetch(`${svc.url}/oauth2/token`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
          },
          body: "grant_type=client_credentials",
        });
        expect(cc.status).toBe(200);

        // The listings come from the paused standby: none of the above is there yet.
        expect(await userIds()).not.toContain(user.id);
        expect(await orgIds()).not.toContain(org.id);
        expect(((await ok(svc, "GET", `/api/organizations/search?q=${slug}`, admin)) as unknown[]).length).toBe(0);
        expect(((await ok(svc, "GET", `/api/clients?organizationId=${org.id}`, admin)) as unknown[]).length).toBe(0);
        const audit = (await ok(svc, "GET", `/api/audit?organizationId=${root}&action=user.created`, admin)) as {
          userId: number;
        }[];
        expect(audit.map((e) => e.userId)).not.toContain(user.id);
        // The standby has not even the rows: the listings did not filter them out on the primary.
        const name = new URL(db.env.DATABASE_URL).pathname.slice(1);
        const onStandby = postgres(withDb(REPLICA_URL!, name), { max: 1, onnotice: () => {} });
        try {
          expect((await onStandby`select count(*)::int as n from users where id = ${user.id}`)[0].n).toBe(0);
        } finally {
          await onStandby.end();
        }

        await standby`select pg_wal_replay_resume()`;
        await caughtUp();
        expect(await userIds()).toContain(user.id);
        expect(await orgIds()).toContain(org.id);
        expect(
          ((await ok(svc, "GET", `/api/clients?organizationId=${org.id}`, admin)) as { clientId: string }[]).map(
            (c) => c.clientId,
          ),
        ).toEqual([client.clientId]);
      } finally {
        await standby`select pg_wal_replay_resume()`;
      }
    }, 60_000);
  });
}
