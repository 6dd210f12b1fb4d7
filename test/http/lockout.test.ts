/**
 * The per-account lockout counts failures, not attempts (issue 25, point 3; CONTRACT §4, §11):
 * parallel correct sign-ins of one account all succeed, parallel wrong ones are answered 401 at
 * most five times (then 429 ACCOUNT_LOCKED), and the lock holds 15 minutes by the injected clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
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
