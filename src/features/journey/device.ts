/**
 * The new-device alert (docs/branding.md): a browser is known to an account when its `sso_device`
 * cookie carries the account's tag, an HMAC of the user id under the journey's key (so a cookie
 * cannot be forged for another account, and any instance can check it). An unknown browser gets
 * the tag (at most DEVICE_TAGS accounts per browser) and, when the tenant turned the alert on, the
 * person gets a mail.
 */
import { createHmac } from "node:crypto";
import type { Mailer } from "../../kernel/mail";
import { timingSafeEqual } from "../../kernel/secrets";
import type { User } from "../../kernel/users";
import type { EffectiveBrand } from "../branding";
import type { BrowserContext, CookieChange } from "./seam";

/** How long a browser stays known to the accounts that signed in with it. */
export const DEVICE_COOKIE_SECONDS = 400 * 86_400;
/** Accounts a browser is remembered for. */
const DEVICE_TAGS = 10;

export interface DeviceDeps {
  /** At least 32 bytes shared by every instance (the journey's key): the accounts' tags. */
  key: Uint8Array;
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
  mailer: Mailer;
  /** Where a failed alert mail is reported. */
  onBackgroundError(e: unknown): void;
}

export function createDeviceCheck(deps: DeviceDeps) {
  /** Alert mails not yet handed to the transport. */
  const pending = new Set<Promise<void>>();

  /** The cookie change that makes this browser known to `user` (undefined when it already is), mailing the alert if due. */
  async function check(
    user: User,
    applicationId: number | null,
    browser: BrowserContext,
    at: Date,
  ): Promise<CookieChange["device"] | undefined> {
    const tag = createHmac("sha256", deps.key).update(`sso-device\0${user.id}`).digest("base64url").slice(0, 22);
    const tags = (browser.deviceCookie ?? "").split(".").filter((x) => /^[A-Za-z0-9_-]{22}$/.test(x));
    if (tags.some((x) => timingSafeEqual(x, tag))) return undefined;
    const brand = await deps.brandOf(user.tenantId, applicationId);
    if (brand.newDeviceAlert) {
      const mail = deps.mailer.send({
        to: user.email,
        tenantId: user.tenantId,
        applicationId,
        uiLocales: browser.locale,
        savedLocale: user.locale,
        message: {
          kind: "new_device",
          when: at,
          device: (browser.userAgent ?? "").slice(0, 200) || "unknown",
          ip: browser.ip,
        },
      });
      pending.add(mail);
      void mail.catch(deps.onBackgroundError).finally(() => pending.delete(mail));
    }
    return { value: [...tags, tag].slice(-DEVICE_TAGS).join("."), maxAgeSeconds: DEVICE_COOKIE_SECONDS };
  }

  return {
    check,
    /** Resolves when every alert mail started so far is handed over (graceful shutdown, tests). */
    idle: async () => void (await Promise.allSettled([...pending])),
  };
}
