/**
 * Passwords (CONTRACT §4, §11): forgot (always 200, mail with a 30-minute single-use reset
 * token), reset (redeems a reset or setup token, ends every session of the user) and setup links
 * (7 days) issued by an administrator.
 */
import { actorOf, requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import { userEvent } from "../../kernel/event-shapes";
import { addDays, type Clock } from "../../kernel/clock";
import { fieldError, invalidToken, notFound } from "../../kernel/errors";
import type { PasswordHasher } from "../../kernel/passwords";
import { createBrandRefs } from "../../kernel/brand-ref";
import {
  createBackground,
  emailVerifiedEvent,
  formatTypedCode,
  newMailedCode,
  newTypedCode,
  presentedCodeHash,
  storeMailedCode,
} from "../../kernel/mailed-code";
import { randomToken } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { DomainEvent, EventJournal } from "../events";
import { LIMITS, lockoutAttempt, unlockSignIn } from "../auth";
import type { OrgRepo } from "../orgs/ports";
import type { CounterStore, FamilyStore, OneTimeTokenRepo } from "../sessions";
import type { User, UserRepo } from "../../kernel/users";
import type { Mailer } from "./ports";
import { normalizeEmail } from "../../kernel/email";
import type { EffectiveBrand } from "../branding";

export const RESET_TTL_SECONDS = 30 * 60;
export const SETUP_TTL_DAYS = 7;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export interface PasswordDeps {
  users: UserRepo;
  orgs: OrgRepo;
  oneTimeTokens: OneTimeTokenRepo;
  families: FamilyStore;
  /**
   * Ends every browser session and refresh family of the user with the back-channel logout tokens
   * (the sessions feature's `endAllForUser`, CONTRACT §13). Absent: only the families end.
   */
  endUserSessions?(
    user: { tenantId: number; id: number },
    ctx: { actor: { userId?: number | null; ip: string | null }; via: string },
  ): Promise<number>;
  counters: CounterStore;
  unit: Unit<{ users: UserRepo; oneTimeTokens: OneTimeTokenRepo; events: EventJournal }>;
  hasher: PasswordHasher;
  mailer: Mailer;
  clock: Clock;
  issuer: string;
  /** The per-IP limiter shared with login (no-op when SSO_RATE_LIMIT=off). */
  limitIp(bucket: string, ip: string | null, perMinute: number): Promise<void>;
  /** Password requests per client address per minute (SSO_PASSWORD_RATE_LIMIT). */
  passwordPerIpPerMinute?: number;
  /** From the roles feature: least privilege over another user (403 unless the caller outranks them). */
  requireAuthorityOver(p: Principal, userId: number): Promise<void>;
  /** The branding of a tenant's pages (the branding feature, cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
  /** The branding of a client's pages (its application over its tenant), or null for an unknown client. */
  clientBrand(clientId: string): Promise<EffectiveBrand | null>;
  /** Where failures of background work (the forgot-password mail) are reported. */
  onBackgroundError(error: unknown): void;
  /**
   * The key sealing the brand reference of the page after a reset (at least 32 bytes, the same on
   * every instance: derived from the master key).
   */
  brandRefKey: Uint8Array;
}

/** The hosted page where a reset or setup code is used (CONTRACT §15). */
export const RESET_PAGE_PATH = "/pages/password/reset";

/**
 * Stores a password-setup code for `user` inside the caller's unit, replacing earlier ones, with its
 * `user.password_setup_link.created` event. The code records the address it is mailed to, so
 * redeeming it verifies that address (CONTRACT §19). Answers when it expires (SETUP_TTL_DAYS).
 */
export async function storeSetupCode(
  s: { oneTimeTokens: OneTimeTokenRepo; events: EventJournal },
  i: {
    user: Pick<User, "id" | "tenantId" | "email">;
    org: DomainEvent["org"];
    actor: { userId: number; ip: string | null };
    token: string;
    at: Date;
    /** Extra event data (user creation says the code was mailed at once). */
    data?: Record<string, unknown>;
  },
): Promise<Date> {
  const expiresAt = addDays(i.at, SETUP_TTL_DAYS);
  await storeMailedCode(s, {
    kind: "setup",
    token: i.token,
    user: i.user,
    data: { issuedBy: i.actor.userId },
    expiresAt,
    event: { type: "user.password_setup_link.created", org: i.org, actor: i.actor, data: i.data },
  });
  return expiresAt;
}

export function createPasswordService(deps: PasswordDeps) {
  const background = createBackground(deps.onBackgroundError);
  const brandRefs = createBrandRefs(deps.brandRefKey, "sso-password-done-brand", deps.clock);
  /** The mail's link: the reset page with the code filled in (single use, 30 minutes or 7 days). */
  const resetLink = (token: string) => `${deps.issuer}${RESET_PAGE_PATH}?${new URLSearchParams({ token })}`;
  /**
   * Starts a reset for `email`. Always succeeds for the caller: whether the account exists is
   * never revealed, neither by the answer nor by its timing (the lookup, token and mail run after
   * the answer). Only ACTIVE accounts get a mail; a new reset token replaces earlier ones.
   */
  async function forgot(
    email: string,
    ip: string | null,
    language: { acceptLanguage?: string | null; uiLocales?: string | null } = {},
  ): Promise<void> {
    await deps.limitIp("password", ip, deps.passwordPerIpPerMinute ?? LIMITS.passwordPerIpPerMinute);
    const work = async () => {
      const user = await deps.users.findByEmail(normalizeEmail(email));
      if (!user || user.status !== "ACTIVE") return;
      const { token, expiresAt } = newMailedCode(deps.clock, RESET_TTL_SECONDS);
      // The link carries the long token; the mail also shows a short code to type on the page.
      const typed = newTypedCode();
      const org = await deps.orgs.get(user.tenantId, user.organizationId);
      // Mailed to the user's address: redeeming it proves control of that mailbox (CONTRACT §19).
      const event = { type: "auth.password.forgot", org, actor: { ip } };
      await deps.unit("passwords.forgot", ["oneTimeTokens", "events"], (scope) =>
        storeMailedCode(scope, { kind: "reset", token, typed, user, expiresAt, event }),
      );
      // In the language of the request, else the person's saved one (CONTRACT §15).
      await deps.mailer.send({
        to: user.email,
        tenantId: user.tenantId,
        acceptLanguage: language.acceptLanguage,
        uiLocales: language.uiLocales,
        savedLocale: user.locale,
        message: {
          kind: "password_reset",
          token,
          code: formatTypedCode(typed),
          minutes: RESET_TTL_SECONDS / 60,
          link: resetLink(token),
        },
      });
    };
    background.run(work());
  }

  /**
   * Sets a new password with a reset or setup token. The token is spent atomically (a second use,
   * or an expired or unknown token, is INVALID_TOKEN); every session of the user ends, other reset
   * tokens die and the sign-in lockout is cleared. A token mailed to the user's current address
   * verifies it (`emailVerified`, audited as `user.email_verified`); one issued otherwise (an import
   * invite, the bootstrap token) or to an address since changed does not.
   */
  async function reset(token: string, newPassword: string, ip: string | null): Promise<{ tenantId: number }> {
    await deps.limitIp("password", ip, deps.passwordPerIpPerMinute ?? LIMITS.passwordPerIpPerMinute);
    if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX)
      throw fieldError("newPassword", `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
    const hash = presentedCodeHash(token);
    const now = deps.clock.now();
    const rec =
      (await deps.oneTimeTokens.consume(hash, "reset", now)) ?? (await deps.oneTimeTokens.consume(hash, "setup", now));
    const spent = () =>
      invalidToken("This reset or setup token is invalid, expired or already used. Ask for a new one.", "body");
    if (!rec) throw spent();
    const user = await deps.users.get(rec.tenantId, rec.userId);
    if (!user || user.status === "ERASED") throw spent();
    const passwordHash = await deps.hasher.hash(newPassword);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    const verifies = !user.emailVerified && typeof rec.data.email === "string" && rec.data.email === user.email;
    await deps.unit(
      "passwords.reset",
      ["users", "oneTimeTokens", "events"],
      async ({ users, oneTimeTokens, events }) => {
        await users.update(user.tenantId, user.id, verifies ? { passwordHash, emailVerified: true } : { passwordHash });
        await oneTimeTokens.deleteUser(user.id, "reset");
        if (verifies) await events.record(emailVerifiedEvent(user, org, ip, rec.kind));
        await events.record(userEvent(user, org, "auth.password.reset", { ip }, { via: rec.kind }));
      },
    );
    // Sessions and counters may live in Redis, outside the unit: after the commit.
    // The sessions feature's ending first: it reads the families to know which clients to tell.
    await deps.endUserSessions?.(user, { actor: { ip }, via: "password_reset" });
    await deps.families.revokeUser(user.id);
    // A reset proves the mailbox: both locks of the password path end (CONTRACT §19).
    await unlockSignIn(deps.counters, user.email, deps.clock.now());
    return { tenantId: user.tenantId };
  }

  /**
   * Changes the caller's own password: the current one must verify (argon2id, as at sign-in; a wrong
   * one is 400 naming `currentPassword` and counts toward the sign-in lockout), the new one is hashed,
   * and every other session of the user ends while the calling session (`sid`) stays signed in.
   */
  async function change(
    p: { userId: number; tenantId: number; sessionId?: string; ip: string | null },
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    await deps.limitIp("password", p.ip, deps.passwordPerIpPerMinute ?? LIMITS.passwordPerIpPerMinute);
    if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX)
      throw fieldError("newPassword", `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
    const user = await deps.users.get(p.tenantId, p.userId);
    if (!user || user.status !== "ACTIVE") throw notFound("User");
    const now = deps.clock.now();
    // The sign-in lockout guards this check too: the 5th wrong password from an address locks it for 15 minutes.
    // As at sign-in (lockoutAttempt): failures are counted, a wrong password after the 5th and a right
    // one that raced the lock are answered as locked.
    const attempt = await lockoutAttempt(deps.counters, user.email, p.ip, now);
    const tooMany = (seconds: number) =>
      fieldError("currentPassword", `too many wrong passwords: try again in ${Math.ceil(seconds / 60)} minutes`);
    if (attempt.lockedFor !== null) throw tooMany(attempt.lockedFor);
    if (!(await deps.hasher.verify(currentPassword, user.passwordHash ?? null))) {
      const { lockedFor } = await attempt.failed(now);
      if (lockedFor !== null) throw tooMany(lockedFor);
      throw fieldError("currentPassword", "is not your current password");
    }
    const lockedFor = await attempt.succeeded(now);
    if (lockedFor !== null) throw tooMany(lockedFor);
    if (newPassword === currentPassword) throw fieldError("newPassword", "must differ from the current password");
    const passwordHash = await deps.hasher.hash(newPassword);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    await deps.unit("passwords.change", ["users", "events"], async ({ users, events }) => {
      await users.update(user.tenantId, user.id, { passwordHash });
      await events.record(userEvent(user, org, "auth.password.changed", { userId: user.id, ip: p.ip }, {}));
    });
    // Sessions live outside the unit (maybe in Redis): after the commit, every other one ends.
    for (const f of await deps.families.listUser(user.id, now))
      if (f.familyId !== p.sessionId) await deps.families.revoke(f.familyId);
  }

  /**
   * Issues a 7-day password-setup token for a user (USER_MANAGE and the user's home org inside the
   * caller's reach; another tenant's or an erased user is 404). A new link replaces earlier ones.
   */
  async function createSetupLink(p: Principal, userId: number): Promise<{ token: string; expiresAt: Date }> {
    requirePermission(p, "USER_MANAGE");
    const user = await deps.users.get(tenantOf(p), userId);
    if (!user || user.status === "ERASED") throw notFound("User");
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    requireReach(p, org, "User");
    await deps.requireAuthorityOver(p, user.id);
    const token = randomToken(32);
    const expiresAt = await deps.unit("passwords.setup_link", ["oneTimeTokens", "events"], (stores) =>
      storeSetupCode(stores, { user, org, actor: actorOf(p), token, at: deps.clock.now() }),
    );
    mailSetupLink(user, token);
    return { token, expiresAt };
  }

  /**
   * Mails a stored setup code to the person, in their saved language (the caller's language is not
   * theirs), in the background: a delivery failure is reported, never thrown. Used by
   * `createSetupLink` and by user creation without a password (CONTRACT §19).
   */
  function mailSetupLink(user: Pick<User, "email" | "tenantId" | "locale">, token: string): void {
    background.run(
      deps.mailer.send({
        to: user.email,
        tenantId: user.tenantId,
        savedLocale: user.locale,
        message: { kind: "setup_link", token, days: SETUP_TTL_DAYS, link: resetLink(token) },
      }),
    );
  }

  /**
   * A reference to `tenantId`'s branding for the page after a reset, handed to the browser that
   * spent a code of that tenant (kernel/brand-ref.ts): only who just spent a code sees the tenant's
   * branding there, never whoever names a tenant id (issue 34).
   */
  const brandRef = brandRefs.seal;

  /**
   * The branding a password page shows, only from what the visitor holds (issue 34; never a bare
   * tenant or application id): the tenant of a live reset or setup code (the code is only looked
   * at, never spent), else the client the person came from (the flow's `client_id`, as the sign-in
   * page shows it), else the tenant of a live `brandRef` (the page after a reset), else none (the
   * defaults).
   */
  async function pageBrand(q: {
    token?: string | null;
    clientId?: string | null;
    brandRef?: string | null;
  }): Promise<EffectiveBrand | null> {
    if (q.token) {
      const hash = presentedCodeHash(q.token);
      const now = deps.clock.now();
      const rec =
        (await deps.oneTimeTokens.peek(hash, "reset", now)) ?? (await deps.oneTimeTokens.peek(hash, "setup", now));
      if (rec) return deps.brandOf(rec.tenantId, null);
    }
    if (q.clientId) return deps.clientBrand(q.clientId);
    const tenantId = brandRefs.open(q.brandRef);
    return tenantId ? deps.brandOf(tenantId, null) : null;
  }

  return { forgot, reset, change, createSetupLink, mailSetupLink, idle: background.idle, pageBrand, brandRef };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
