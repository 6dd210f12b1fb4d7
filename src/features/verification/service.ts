/**
 * Email verification (CONTRACT §12, §19): a person asks for a link to their own address; redeeming
 * it on the hosted page marks the address verified (`emailVerified`, which `email_verified` in ID
 * tokens and UserInfo reflects). The link names the address it was mailed to: once the email
 * changes, a link mailed to the old address verifies nothing.
 */
import { addSeconds, type Clock, nowSeconds } from "../../kernel/clock";
import { invalidToken, notFound } from "../../kernel/errors";
import { createSealer } from "../../kernel/sealed";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { UserRepo } from "../../kernel/users";
import type { Mailer } from "../../kernel/mail";
import type { EventJournal } from "../events";
import type { OrgRepo } from "../orgs/ports";
import type { OneTimeTokenRepo } from "../sessions";
import type { EffectiveBrand } from "../branding";

/** How long a verification link works (single use). */
export const VERIFY_TTL_HOURS = 24;
/** The hosted page a verification link opens (CONTRACT §15). */
export const VERIFY_PAGE_PATH = "/pages/email/verify";
/** How long the page after a verification shows the tenant's branding (its reference's lifetime). */
const DONE_BRAND_TTL_SECONDS = 10 * 60;
const BRAND_REF_MAX_LENGTH = 256;
/** Verification mails a person may ask for per client address per minute (beside the per-IP limiter). */
const VERIFY_PER_IP_PER_MINUTE = 10;

export interface VerificationDeps {
  users: UserRepo;
  orgs: Pick<OrgRepo, "get">;
  oneTimeTokens: OneTimeTokenRepo;
  unit: Unit<{ users: UserRepo; oneTimeTokens: OneTimeTokenRepo; events: EventJournal }>;
  mailer: Mailer;
  clock: Clock;
  issuer: string;
  /** The per-IP limiter shared with sign-in (no-op when SSO_RATE_LIMIT=off). */
  limitIp(bucket: string, ip: string | null, perMinute: number): Promise<void>;
  /** The branding of a tenant's pages (the branding feature, cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
  /** Where failures of background work (the mail) are reported. */
  onBackgroundError(error: unknown): void;
  /** The key sealing the brand reference of the page after a verification (the same on every instance). */
  brandRefKey: Uint8Array;
}

export function createVerificationService(deps: VerificationDeps) {
  const pending = new Set<Promise<void>>();
  const brandRefs = createSealer(deps.brandRefKey, "sso-email-verified-brand");
  const link = (token: string) => `${deps.issuer}${VERIFY_PAGE_PATH}?${new URLSearchParams({ token })}`;

  /**
   * Mails the caller a verification link to their current address (a new link replaces earlier
   * ones). An address already verified gets no mail. The `self` tokens of CONTRACT §2: the gate
   * decided. Audited as `user.email_verification.sent`.
   */
  async function requestOwn(
    p: { tenantId: number; userId: number; ip: string | null },
    language: { acceptLanguage?: string | null } = {},
  ): Promise<{ emailVerified: boolean; sent: boolean }> {
    await deps.limitIp("verify_email", p.ip, VERIFY_PER_IP_PER_MINUTE);
    const user = await deps.users.get(p.tenantId, p.userId);
    if (!user || user.status !== "ACTIVE") throw notFound("User");
    if (user.emailVerified) return { emailVerified: true, sent: false };
    const token = randomToken(32);
    const expiresAt = addSeconds(deps.clock.now(), VERIFY_TTL_HOURS * 3600);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    await deps.unit("users.email_verification", ["oneTimeTokens", "events"], async ({ oneTimeTokens, events }) => {
      await oneTimeTokens.deleteUser(user.id, "verify_email");
      await oneTimeTokens.create(sha256Hex(token), {
        kind: "verify_email",
        tenantId: user.tenantId,
        userId: user.id,
        // The address the link goes to: redeeming it proves control of this one only.
        data: { email: user.email },
        attempts: 0,
        expiresAt,
      });
      await events.record({
        type: "user.email_verification.sent",
        tenantId: user.tenantId,
        org,
        actor: { userId: user.id, ip: p.ip },
        target: { userId: user.id },
        data: { expiresAt: expiresAt.toISOString() },
      });
    });
    const mail = deps.mailer
      .send({
        to: user.email,
        tenantId: user.tenantId,
        acceptLanguage: language.acceptLanguage,
        savedLocale: user.locale,
        message: { kind: "verify_email", token, hours: VERIFY_TTL_HOURS, link: link(token) },
      })
      .catch(deps.onBackgroundError);
    pending.add(mail);
    void mail.finally(() => pending.delete(mail));
    return { emailVerified: false, sent: true };
  }

  /**
   * Redeems a verification link: spent atomically (unknown, expired, used, or mailed to an address
   * the user no longer has: INVALID_TOKEN), then the address is marked verified, audited as
   * `user.email_verified` with `via: link`. Answers the tenant (for the page's branding).
   */
  async function redeem(token: string, ip: string | null): Promise<{ tenantId: number }> {
    await deps.limitIp("verify_email", ip, VERIFY_PER_IP_PER_MINUTE * 3);
    const spent = () => invalidToken("This verification link is invalid, expired or already used. Ask for a new one.");
    const rec = await deps.oneTimeTokens.consume(sha256Hex(token), "verify_email", deps.clock.now());
    if (!rec) throw spent();
    const user = await deps.users.get(rec.tenantId, rec.userId);
    if (!user || user.status === "ERASED" || user.email !== rec.data.email) throw spent();
    if (!user.emailVerified) {
      const org = await deps.orgs.get(user.tenantId, user.organizationId);
      await deps.unit("users.email_verified", ["users", "events"], async ({ users, events }) => {
        await users.update(user.tenantId, user.id, { emailVerified: true });
        await events.record({
          type: "user.email_verified",
          tenantId: user.tenantId,
          org,
          actor: { userId: user.id, ip },
          target: { userId: user.id },
          data: { via: "link" },
        });
      });
    }
    return { tenantId: user.tenantId };
  }

  /** The branding of the verification page: the tenant of a live link (only looked at, never spent). */
  async function linkBrand(token: string | null | undefined): Promise<EffectiveBrand | null> {
    if (!token) return null;
    const rec = await deps.oneTimeTokens.peek(sha256Hex(token), "verify_email", deps.clock.now());
    return rec ? deps.brandOf(rec.tenantId, null) : null;
  }

  /** A short-lived sealed reference to a tenant's branding, for the page after a verification (never a bare id). */
  const brandRef = (tenantId: number) =>
    brandRefs.seal({ t: tenantId, exp: nowSeconds(deps.clock) + DONE_BRAND_TTL_SECONDS });

  /** The branding a brand reference names; null when forged, malformed or expired. */
  async function refBrand(ref: string | null | undefined): Promise<EffectiveBrand | null> {
    const v = brandRefs.open(ref, BRAND_REF_MAX_LENGTH);
    if (!v) return null;
    const { t, exp } = v;
    if (typeof t !== "number" || !Number.isSafeInteger(t) || t <= 0) return null;
    if (typeof exp !== "number" || exp <= nowSeconds(deps.clock)) return null;
    return deps.brandOf(t, null);
  }

  /** Resolves when every mail started so far has been handed over (graceful shutdown, tests). */
  async function idle(): Promise<void> {
    await Promise.allSettled([...pending]);
  }

  return { requestOwn, redeem, linkBrand, brandRef, refBrand, idle };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
