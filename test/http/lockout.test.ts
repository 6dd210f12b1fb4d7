/**
 * The lockout counts failures, not attempts (issue 25, point 3; CONTRACT §4, §11): parallel correct
 * sign-ins of one account all succeed, parallel wrong ones from one address are answered 401 at most
 * five times (then 429 ACCOUNT_LOCKED), and the lock holds 15 minutes by the injected clock.
 *
 * It cannot be aimed at someone (issue 37, point 4; CONTRACT §19): the lock is per (account, client
 * address); the account-wide lock needs 50 failures from 10 addresses; an administrator lifts both
 * with POST /api/users/{id}/unlock; the hosted pages and /api/auth/login share it; passkeys are
 * never locked by it (test/http/passkeys.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { browser, fieldOf } from "../support/hosted-pages";
import { manualClock } from "../support/clock";
import { auditOf, PASSWORD, seedTenant, seedUser, type Tenant } from "./sessions-fixtures";

const clock = manualClock();
let t: TestApp;
let acme: Tenant;
beforeAll(async () => {
  t = await makeTestApp({ clock });
  acme = await seedTenant(t);
});
afterAll(() => t.close());

const signIn = (email: string, password: string) => t.call("POST", "/api/auth/login", { body: { email, password } });
const parallel = (n: number, f: (i: number) => Promise<{ status: number; body: any }>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe("parallel sign-ins of one account", () => {
  test("30 parallel correct sign-ins all get a token pair, and count no failure", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const results = await parallel(30, () => signIn(u.email, PASSWORD));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    for (const r of results) expect(typeof r.body.accessToken).toBe("string");
    expect(new Set(results.map((r) => r.body.refreshToken)).size).toBe(30);
    // Nothing was counted: five wrong guesses still all answer 401.
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, `wrong-${i}`)).status).toBe(401);
  });

  test("30 parallel wrong sign-ins: exactly 5 answered 401, the rest 429; the right password waits out the lock", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const results = await parallel(30, (i) => signIn(u.email, `parallel-wrong-${i}`));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(25);
    for (const r of results.filter((x) => x.status === 429)) expect(r.body.code).toBe("ACCOUNT_LOCKED");
    const actions = (await auditOf(t, u.id)).map((e) => e.action);
    expect(actions.filter((a) => a === "auth.login.failed").length).toBe(5);
    expect(actions.filter((a) => a === "auth.login.locked").length).toBe(1);

    const locked = await signIn(u.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("ACCOUNT_LOCKED");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    clock.advance(14 * 60);
    expect((await signIn(u.email, PASSWORD)).status).toBe(429);
    clock.advance(60 + 1);
    expect((await signIn(u.email, PASSWORD)).status).toBe(200);
  });

  test("wrong and right passwords in parallel: a right one is never 401, a wrong one is 401 at most 5 times per success", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const results = await parallel(30, (i) => signIn(u.email, i % 2 ? PASSWORD : `mixed-wrong-${i}`));
    const wrong = results.filter((_, i) => i % 2 === 0).map((r) => r.status);
    const right = results.filter((_, i) => i % 2 === 1).map((r) => r.status);
    expect(wrong.every((s) => s === 401 || s === 429)).toBe(true);
    expect(right.every((s) => s === 200 || s === 429)).toBe(true);
    // A success clears the count (as it always has), so each one lets at most 5 more failures be answered.
    const successes = right.filter((s) => s === 200).length;
    expect(wrong.filter((s) => s === 401).length).toBeLessThanOrEqual(5 * (successes + 1));
    clock.advance(15 * 60 + 1);
  });

  test("an unknown email locks the same way in parallel", async () => {
    const results = await parallel(20, (i) => signIn("nobody-parallel@acme.test", `guess-${i}`));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
  });
});

describe("a lockout no one can aim (per client address; account-wide only from many addresses)", () => {
  // A served app behind a trusted proxy (127.0.0.1), so each request names its client address.
  let served: TestApp;
  let base: string;
  let stop: () => void;
  beforeAll(async () => {
    served = await makeTestApp({ clock, stores: t.stores, env: { SSO_TRUSTED_PROXIES: "127.0.0.1" } });
    const server = served.app.listen({ port: 0, hostname: "127.0.0.1" });
    base = `http://127.0.0.1:${server.server!.port}`;
    stop = () => server.stop();
  });
  afterAll(async () => {
    stop();
    await served.svc.idle();
    served.svc.keys.close();
    await served.svc.delivery.stop();
  });
  const from = async (ip: string, email: string, password: string) => {
    const r = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password }),
    });
    return { status: r.status, headers: r.headers, body: (await r.json()) as any };
  };
  const unlock = (id: number, token: string) => served.call("POST", `/api/users/${id}/unlock`, { token });
  const tokenOf = async (email: string) => (await served.login(email, PASSWORD)).accessToken;

  test("5 failures from one address lock that address only; another address signs in; nothing tells attempts left", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    for (let i = 0; i < 5; i++) {
      const r = await from("198.51.100.1", u.email, `wrong-${i}`);
      expect(r.status).toBe(401);
      expect(JSON.stringify(r.body)).not.toMatch(/attempt|left|remain/i);
    }
    const locked = await from("198.51.100.1", u.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("ACCOUNT_LOCKED");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.stringify(locked.body)).not.toMatch(/\d+ (attempt|tr)/i);
    // The person, from their own address, is not locked out by the attacker's failures.
    expect((await from("203.0.113.50", u.email, PASSWORD)).status).toBe(200);
    const locks = (await auditOf(t, u.id)).filter((e) => e.action === "auth.login.locked");
    expect(locks.map((e) => e.metadata.scope)).toEqual(["address"]);
    clock.advance(15 * 60 + 1);
    expect((await from("198.51.100.1", u.email, PASSWORD)).status).toBe(200);
  });

  test("many failures from 9 addresses never lock the account; 50 from 10 addresses lock the password everywhere", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    // 9 addresses, 8 tries each: each address locks after 5, the account never does.
    for (let a = 0; a < 9; a++)
      for (let i = 0; i < 8; i++) await from(`198.51.100.${10 + a}`, u.email, `wrong-${a}-${i}`);
    expect((await from("203.0.113.60", u.email, PASSWORD)).status).toBe(200);
    clock.advance(15 * 60 + 1);

    // 10 addresses, 5 failures each: the 50th failure from the 10th address sets the account-wide lock.
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < 5; i++)
        expect((await from(`192.0.2.${10 + a}`, u.email, `guess-${a}-${i}`)).status).toBe(401);
    const everywhere = await from("203.0.113.61", u.email, PASSWORD);
    expect(everywhere.status).toBe(429);
    expect(everywhere.body.code).toBe("ACCOUNT_LOCKED");
    // The hosted sign-in page refuses the password too (the same check).
    const clientPage = await hostedPasswordPage(u.email, PASSWORD);
    expect(clientPage).toContain("too many failed attempts");
    const locks = (await auditOf(t, u.id)).filter((e) => e.action === "auth.login.locked");
    expect(locks.filter((e) => e.metadata.scope === "account").length).toBe(1);

    // An administrator lifts it: every address, the locked ones included, signs in again at once.
    const admin = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    const r = await unlock(u.id, await tokenOf(admin.email));
    expect(r.status).toBe(200);
    expect((await from("203.0.113.61", u.email, PASSWORD)).status).toBe(200);
    expect((await from("192.0.2.10", u.email, PASSWORD)).status).toBe(200);
    const actions = (await auditOf(t, u.id)).map((e) => e.action);
    expect(actions).toContain("user.unlocked");
    clock.advance(15 * 60 + 1);
  });

  test("unlock: USER_MANAGE over the user's org (403 without), another tenant's user is 404, the answer says nothing of a lock", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const viewer = await seedUser(t, acme, acme.root.id, [[acme.roles.subtreeViewer, acme.root.id]]);
    const denied = await unlock(u.id, await tokenOf(viewer.email));
    expect(denied.status).toBe(403);
    const other = await seedTenant(t);
    const otherAdmin = await seedUser(t, other, other.root.id, [[other.roles.admin, other.root.id]]);
    expect((await unlock(u.id, await tokenOf(otherAdmin.email))).status).toBe(404);
    // Nothing locked: the same answer as a lifted lock.
    const admin = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    const r = await unlock(u.id, await tokenOf(admin.email));
    expect(r.status).toBe(200);
    expect((await from("198.51.100.200", u.email, PASSWORD)).status).toBe(200);
  });

  test("an unlock lifts a per-address lock at once", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    for (let i = 0; i < 5; i++) await from("198.51.100.77", u.email, `wrong-${i}`);
    expect((await from("198.51.100.77", u.email, PASSWORD)).status).toBe(429);
    const admin = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    expect((await unlock(u.id, await tokenOf(admin.email))).status).toBe(200);
    expect((await from("198.51.100.77", u.email, PASSWORD)).status).toBe(200);
  });

  /** The hosted sign-in page's answer to a password (through `served`, from the in-process address). */
  async function hostedPasswordPage(email: string, password: string): Promise<string> {
    const app = await served.call("POST", "/api/applications", {
      token: await served.adminToken(),
      body: { organizationId: 1, identifier: `https://api.lock.test/${crypto.randomUUID()}`, name: "Lock" },
    });
    const client = await served.call("POST", "/api/clients", {
      token: await served.adminToken(),
      body: {
        name: `Lock ${crypto.randomUUID().slice(0, 6)}`,
        orgId: 1,
        applicationId: app.body.id,
        type: "public",
        grantTypes: ["authorization_code"],
        redirectUris: ["https://app.lock.test/cb"],
      },
    });
    const b = browser(served);
    const q = new URLSearchParams({
      response_type: "code",
      client_id: client.body.clientId,
      redirect_uri: "https://app.lock.test/cb",
      scope: "openid",
      state: "s",
      code_challenge: Buffer.from(new Bun.CryptoHasher("sha256").update("a-verifier").digest()).toString("base64url"),
      code_challenge_method: "S256",
    });
    const page = await b.get(`/oauth2/authorize?${q}`);
    const html = await page.text();
    const r = await b.post("/oauth2/authorize/password", {
      csrf: fieldOf(html, "csrf"),
      interaction: fieldOf(html, "interaction"),
      email,
      password,
    });
    return r.text();
  }
});
