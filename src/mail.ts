/**
 * The mailer the features send through: words a mail in the person's language (the pages'
 * catalogues), brands it with the tenant's and application's branding (the logo as an inline part,
 * so nothing remote is loaded), and hands the finished text + HTML to the transport. Built once by
 * the composition root.
 */
import type { EffectiveBrand, StoredLogo } from "./features/branding";
import type { Mailer } from "./kernel/mail";
import type { MailTransport } from "./kernel/mail";
import { chooseLocale, renderMail, type MailContent } from "./pages";

const EXTENSION: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export function createBrandedMailer(deps: {
  transport: MailTransport;
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
  logoOf(tenantId: number, hash: string): Promise<StoredLogo | null>;
}): Mailer {
  return {
    async send(mail) {
      const locale = chooseLocale({
        uiLocales: mail.uiLocales,
        acceptLanguage: mail.acceptLanguage,
        saved: mail.savedLocale,
      });
      const brand = await deps.brandOf(mail.tenantId, mail.applicationId ?? null);
      const logo = brand.logo ? await deps.logoOf(mail.tenantId, brand.logo.hash) : null;
      const m = mail.message;
      const content: MailContent = m.kind === "new_device" ? { ...m, email: mail.to } : { ...m, email: mail.to };
      const logoCid = logo ? `logo-${brand.logo!.hash.slice(0, 16)}@sso` : undefined;
      const rendered = renderMail(content, {
        locale,
        brand: {
          displayName: brand.displayName,
          primaryColor: brand.primaryColor,
          supportUrl: brand.supportUrl,
          logoCid,
        },
      });
      await deps.transport.deliver({
        to: mail.to,
        ...rendered,
        language: locale,
        inline:
          logo && logoCid
            ? [
                {
                  cid: logoCid,
                  contentType: logo.contentType,
                  filename: `logo.${EXTENSION[logo.contentType] ?? "img"}`,
                  content: logo.bytes,
                },
              ]
            : [],
        token: m.kind === "new_device" ? undefined : m.token,
        senderName: brand.displayName,
      });
    },
  };
}
