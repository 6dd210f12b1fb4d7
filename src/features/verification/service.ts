/**
 * Email verification (CONTRACT §12, §19): a person asks for a link to their own address; redeeming
 * it on the hosted page marks the address verified (`emailVerified`, which `email_verified` in ID
 * tokens and UserInfo reflects). The link names the address it was mailed to: once the email
 * changes, a link mailed to the old address verifies nothing.
 */
import { createBrandRefs } from "../../kernel/brand-ref";
import type { Clock } from "../../kernel/clock";
import { invalidToken, notFound } from "../../kernel/errors";
import { createBackground, emailVerifiedEvent, newMailedCode, storeMailedCode } from "../../kernel/mailed-code";
import { sha256Hex } from "../../kernel/secrets";
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
  const background = createBackground(deps.onBackgroundError);
  const brandRefs = createBrandRefs(deps.brandRefKey, "sso-email-verified-brand", deps.clock);
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
    const { token, expiresAt } = newMailedCode(deps.clock, VERIFY_TTL_HOURS * 3600);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    // The link names the address it goes to: redeeming it proves control of this one only.
    const sent = { type: "user.email_verification.sent", org, actor: { userId: user.id, ip: p.ip } };
    await deps.unit("users.email_verification", ["oneTimeTokens", "events"], (scope) =>
      storeMailedCode(scope, { kind: "verify_email", token, user, expiresAt, event: sent }),
    );
    background.run(
      deps.mailer.send({
        to: user.email,
        tenantId: user.tenantId,
        acceptLanguage: language.acceptLanguage,
        savedLocale: user.locale,
        message: { kind: "verify_email", token, hours: VERIFY_TTL_HOURS, link: link(token) },
      }),
    );
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
        await events.record(emailVerifiedEvent(user, org, ip, "link"));
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
  const brandRef = brandRefs.seal;

  /** The branding a brand reference names; null when forged, malformed or expired. */
  async function refBrand(ref: string | null | undefined): Promise<EffectiveBrand | null> {
    const tenantId = brandRefs.open(ref);
    return tenantId ? deps.brandOf(tenantId, null) : null;
  }

  return { requestOwn, redeem, linkBrand, brandRef, refBrand, idle: background.idle };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
