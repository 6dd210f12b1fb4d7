// Passwords: forgot (always 200, mail through the file mailer), reset (single use, 30 minutes,
// ends every session), setup links (USER_MANAGE + reach, 7 days) (CONTRACT §4, §11).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN_EMAIL, ADMIN_PASSWORD, makeTestApp, type TestApp } from "../support/app";
import {
  auditOf,
  DAY_MS,
  login,
  manualClock,
  PASSWORD,
  refresh,
  seedTenant,
  seedUser,
  type Tenant,
} from "./sessions-fixtures";

const mailDir = mkdtempSync(join(tmpdir(), "sso-mail-"));
let t: TestApp;
let acme: Tenant;
const clock = manualClock();
beforeAll(async () => {
  t = await makeTestApp({ env: { SSO_MAILER: `file:${mailDir}` }, clock });
  acme = await seedTenant(t);
});
afterAll(async () => {
  await t.close();
  rmSync(mailDir, { recursive: true, force: true });
});

interface MailFile {
  to: string;
  subject: string;
  text: string;
  token: string;
}
const mailsTo = (to: string): MailFile[] =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")) as MailFile)
    .filter((m) => m.to === to);

/** Waits for the n-th mail to `to` (the forgot flow mails after answering). */
async function mailFor(to: string, n = 1): Promise<MailFile> {
  for (let i = 0; i < 200; i++) {
    const m = mailsTo(to);
    if (m.length >= n) return m[n - 1];
    await Bun.sleep(10);
  }
  throw new Error(`no mail #${n} to ${to}`);
}

const forgot = (email: string) => t.call("POST", "/api/auth/password/forgot", { body: { email } });
const reset = (token: string, newPassword: string) =>
  t.call("POST", "/api/auth/password/reset", { body: { token, newPassword } });

describe("forgot and reset", () => {
  test("forgot answers 200 for known and unknown emails; only the known one gets a mail with a token", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const known = await forgot(u.email.toUpperCase());
    expect(known.status).toBe(200);
    expect(known.body).toBeNull();
    const unknown = await forgot("nobody-here@acme.test");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBeNull();
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail.text).toContain(mail.token);
    await Bun.sleep(50);
    expect(mailsTo("nobody-here@acme.test")).toEqual([]);
    expect((await auditOf(t, u.id)).some((e) => e.action === "auth.password.forgot")).toBe(true);
  });

  test("the mail shows a short code to type (issue 37): it works alone, read leniently, once; the link's long token dies with it", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await forgot(u.email);
    const mail = await mailFor(u.email);
    const code = /Your reset code:\s+([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(code!.length).toBe(14);
    // Still the long token in the link.
    expect(mail.text).toContain(`/pages/password/reset?token=${mail.token}`);
    // A wrong code of the same shape is refused.
    const wrong = code!.startsWith("0") ? `1${code!.slice(1)}` : `0${code!.slice(1)}`;
    expect((await reset(wrong, "typed-code-password")).status).toBe(400);
    // Typed as a person might: lower case, spaces instead of dashes.
    const r = await reset(` ${code!.toLowerCase().replaceAll("-", " ")} `, "typed-code-password");
    expect(r.status).toBe(200);
    await login(t, u.email, "typed-code-password");
    // Single use, and its twin (the link's token) is spent with it.
    expect((await reset(code!, "another-password-1")).body.code).toBe("INVALID_TOKEN");
    expect((await reset(mail.token, "another-password-1")).body.code).toBe("INVALID_TOKEN");

    // The other way round: the link's token spends the typed code too.
    await forgot(u.email);
    const second = await mailFor(u.email, 2);
    const code2 = /Your reset code:\s+([0-9A-Z-]{14})/.exec(second.text)![1];
    expect(code2).not.toBe(code);
    expect((await reset(second.token, "link-password-123")).status).toBe(200);
    expect((await reset(code2, "another-password-1")).body.code).toBe("INVALID_TOKEN");
  });

  test("mail files sort by time", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await forgot(u.email);
    await mailFor(u.email, 1);
    await forgot(u.email);
    await mailFor(u.email, 2);
    const files = readdirSync(mailDir).filter((f) => f.endsWith(".json"));
    const mine = files.filter((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")).to === u.email);
    expect(mine.length).toBe(2);
    const [a, b] = mine.sort().map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")).sentAt as string);
    expect(a <= b).toBe(true);
  });

  test("reset sets the password, ends every session, and the token works once (then 400 INVALID_TOKEN)", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const s1 = (await login(t, u.email)).body;
    const s2 = (await login(t, u.email, PASSWORD, { device: { name: "Phone" } })).body;
    await forgot(u.email);
    const { token } = await mailFor(u.email);
    const r = await reset(token, "brand-new-password");
    expect(r.status).toBe(200);
    expect((await refresh(t, s1.refreshToken)).status).toBe(401);
    expect((await refresh(t, s2.refreshToken)).status).toBe(401);
    expect((await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } })).status).toBe(
      401,
    );
    await login(t, u.email, "brand-new-password");
    const again = await reset(token, "another-password-1");
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_TOKEN");
    expect(again.headers.get("content-type")).toBe("application/problem+json");
    expect((await auditOf(t, u.id)).some((e) => e.action === "auth.password.reset")).toBe(true);
  });

  test("a newer forgot replaces the older token; garbage tokens are 400 INVALID_TOKEN", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await forgot(u.email);
    const first = (await mailFor(u.email, 1)).token;
    await forgot(u.email);
    const second = (await mailFor(u.email, 2)).token;
    expect((await reset(first, "password-one-1")).status).toBe(400);
    expect((await reset(second, "password-two-2")).status).toBe(200);
    const g = await reset("garbage", "password-two-2");
    expect(g.status).toBe(400);
    expect(g.body.code).toBe("INVALID_TOKEN");
  });

  test("newPassword must be 8 to 200 characters (400, nothing spent)", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await forgot(u.email);
    const { token } = await mailFor(u.email);
    for (const pw of ["short", "x".repeat(201)]) {
      const r = await reset(token, pw);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_FAILED");
      expect(r.body.errors[0].field).toBe("newPassword");
    }
    expect((await reset(token, "x".repeat(200))).status).toBe(200);
  });

  test("a reset token lives 30 minutes", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await forgot(u.email);
    const { token } = await mailFor(u.email);
    clock.advance(30 * 60_000 + 1000);
    const r = await reset(token, "too-late-password");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_TOKEN");
  });

  test("concurrent resets with one token: exactly one succeeds", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await forgot(u.email);
    const { token } = await mailFor(u.email);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => reset(token, `racing-password-${i}`)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(results.filter((r) => r.status === 400).length).toBe(4);
  });

  test("a reset clears the sign-in lockout", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    for (let i = 0; i < 5; i++)
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: "wrong-wrong" } });
    expect((await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } })).status).toBe(
      429,
    );
    await forgot(u.email);
    await reset((await mailFor(u.email)).token, "fresh-password-9");
    await login(t, u.email, "fresh-password-9");
  });

  test("disabled accounts get no reset mail", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    await t.stores.store.users.update(acme.tenantId, u.id, { status: "DISABLED" });
    expect((await forgot(u.email)).status).toBe(200);
    await Bun.sleep(100);
    expect(mailsTo(u.email)).toEqual([]);
  });
});

describe("password-setup links", () => {
  test("an admin issues a 7-day setup token; redeeming it sets the password (hasPassword follows the hash)", async () => {
    const u = await seedUser(t, acme, acme.child.id, [], { password: null });
    expect((await t.stores.store.users.get(acme.tenantId, u.id))!.passwordHash).toBeNull();
    const adminTok = (await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.accessToken;
    const r = await t.call("POST", `/api/users/${u.id}/password-setup-link`, { token: adminTok });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(r.body).sort()).toEqual(["expiresAt", "token"]);
    expect(Math.abs(Date.parse(r.body.expiresAt) - (clock.now().getTime() + 7 * DAY_MS))).toBeLessThan(5000);
    expect(r.body.expiresAt).toMatch(/\.\d{3}Z$/);
    expect((await reset(r.body.token, "my-first-password")).status).toBe(200);
    expect((await t.stores.store.users.get(acme.tenantId, u.id))!.passwordHash).toStartWith("$argon2id$");
    await login(t, u.email, "my-first-password");
    expect((await reset(r.body.token, "my-second-password")).status).toBe(400);
  });

  test("setup tokens expire after 7 days; a new link replaces the previous one", async () => {
    const u = await seedUser(t, acme, acme.root.id, [], { password: null });
    const adminTok = (await login(t, ADMIN_EMAIL, ADMIN_PASSWORD)).body.accessToken;
    const a = (await t.call("POST", `/api/users/${u.id}/password-setup-link`, { token: adminTok })).body.token;
    const b = (await t.call("POST", `/api/users/${u.id}/password-setup-link`, { token: adminTok })).body.token;
    expect((await reset(a, "first-link-pass")).status).toBe(400);
    clock.advance(7 * DAY_MS + 1000);
    expect((await reset(b, "second-link-pass")).status).toBe(400);
  });

  test("needs USER_MANAGE, the user's org in reach, and a management token; other tenants' users are 404", async () => {
    const target = await seedUser(t, acme, acme.child.id, [], { password: null });
    // USER_MANAGE at the root (SELF): the child is out of reach.
    const selfAdmin = await seedUser(t, acme, acme.root.id, [[acme.roles.admin, acme.root.id]]);
    const selfTok = (await login(t, selfAdmin.email)).body.accessToken;
    const outOfReach = await t.call("POST", `/api/users/${target.id}/password-setup-link`, { token: selfTok });
    expect(outOfReach.status).toBe(403);
    const rootUser = await seedUser(t, acme, acme.root.id, [], { password: null });
    expect((await t.call("POST", `/api/users/${rootUser.id}/password-setup-link`, { token: selfTok })).status).toBe(
      200,
    );
    // No USER_MANAGE at all.
    const viewer = await seedUser(t, acme, acme.root.id, [[acme.roles.subtreeViewer, acme.root.id]]);
    const viewerTok = (await login(t, viewer.email)).body.accessToken;
    expect((await t.call("POST", `/api/users/${rootUser.id}/password-setup-link`, { token: viewerTok })).status).toBe(
      403,
    );
    // Another tenant's user: 404, never revealed.
    const other = await seedTenant(t);
    const stranger = await seedUser(t, other, other.root.id, [], { password: null });
    const foreign = await t.call("POST", `/api/users/${stranger.id}/password-setup-link`, { token: selfTok });
    expect(foreign.status).toBe(404);
    expect((await t.call("POST", `/api/users/999999999/password-setup-link`, { token: selfTok })).status).toBe(404);
    expect((await t.call("POST", `/api/users/${rootUser.id}/password-setup-link`)).status).toBe(401);
  });
});

describe("per-IP limit on password endpoints", () => {
  test("more than 30 password requests a minute from one address: 429 RATE_LIMITED", async () => {
    const limited = await makeTestApp({ env: { SSO_RATE_LIMIT: "on", SSO_MAILER: `file:${mailDir}` } });
    try {
      const rs = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          limited.call("POST", "/api/auth/password/forgot", { body: { email: `p${i}@acme.test` } }),
        ),
      );
      expect(rs.every((r) => r.status === 200)).toBe(true);
      const over = await limited.call("POST", "/api/auth/password/reset", {
        body: { token: "whatever", newPassword: "whatever-123" },
      });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe("RATE_LIMITED");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("change my password", () => {
  const change = (token: string, body: Record<string, unknown>) =>
    t.call("POST", "/api/users/me/password", { body, token });

  test("the current password must verify; the new one works, the old one no longer does, other sessions end and this one stays", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const here = (await login(t, u.email)).body;
    const elsewhere = (await login(t, u.email)).body;
    const wrong = await change(here.accessToken, {
      currentPassword: "not-my-password",
      newPassword: "brand-new-password-1",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e: { field: string }) => e.field)).toEqual(["currentPassword"]);
    const same = await change(here.accessToken, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.errors.map((e: { field: string }) => e.field)).toEqual(["newPassword"]);
    const short = await change(here.accessToken, { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    const done = await change(here.accessToken, { currentPassword: PASSWORD, newPassword: "brand-new-password-1" });
    expect(done.status).toBe(200);
    expect((await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } })).status).toBe(
      401,
    );
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: u.email, password: "brand-new-password-1" } })).status,
    ).toBe(200);
    expect((await refresh(t, elsewhere.refreshToken)).status).toBe(401);
    expect((await refresh(t, here.refreshToken)).status).toBe(200);
    expect((await auditOf(t, u.id)).some((e) => e.action === "auth.password.changed")).toBe(true);
  });

  test("wrong current passwords count toward the sign-in lockout; without a token it is 401", async () => {
    const u = await seedUser(t, acme, acme.root.id);
    const s = (await login(t, u.email)).body;
    for (let i = 0; i < 5; i++)
      expect(
        (await change(s.accessToken, { currentPassword: `wrong-${i}`, newPassword: "brand-new-password-1" })).status,
      ).toBe(400);
    const locked = await change(s.accessToken, { currentPassword: PASSWORD, newPassword: "brand-new-password-1" });
    expect(locked.status).toBe(400);
    expect(locked.body.errors[0].message).toContain("too many");
    expect((await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } })).status).toBe(
      429,
    );
    expect(
      (
        await t.call("POST", "/api/users/me/password", {
          body: { currentPassword: PASSWORD, newPassword: "brand-new-password-1" },
        })
      ).status,
    ).toBe(401);
  });
});
