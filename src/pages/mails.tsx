/**
 * The mails people get (CONTRACT §15, §19): password reset, password setup, email verification,
 * new-device sign-in alert.
 * Each is rendered here, in the person's language and with the tenant's branding, as a plain-text
 * part and an HTML part; the caller (src/mail.ts) hands both to the mail transport, which builds
 * the multipart message. The HTML loads nothing remote: the logo is an inline part (`cid:`), styles
 * are inline (mail clients drop stylesheets), and every text comes from the catalogue.
 */
import type { ComponentChildren } from "preact";
import { renderToString } from "preact-render-to-string";
import { UAParser } from "ua-parser-js";
import { textOn } from "../kernel/contrast";
import { DEFAULT_COLOR, normalColor } from "./assets";
import { type Locale, type Translator, translator } from "./i18n";

export type MailContent =
  | { kind: "password_reset"; email: string; token: string; code: string; minutes: number; link: string }
  | { kind: "setup_link"; email: string; token: string; days: number; link: string }
  | { kind: "verify_email"; email: string; token: string; hours: number; link: string }
  | { kind: "new_device"; email: string; when: Date; device: string; ip: string | null };

export interface MailBrand {
  displayName?: string;
  primaryColor?: string;
  supportUrl?: string;
  /** The Content-ID of the logo's inline part, when there is a logo. */
  logoCid?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Parts {
  subject: string;
  /** Paragraphs before the code box. */
  before: string[];
  /** A one-time code, shown in a box (and on a line of its own in the text part). */
  code?: { label: string; value: string };
  /** The hosted page where the code is used (the code prefilled). */
  action?: { label: string; href: string };
  after: string[];
}

function partsOf(c: MailContent, t: Translator): Parts {
  switch (c.kind) {
    case "password_reset":
      return {
        subject: t("mail.reset.subject"),
        before: [t("mail.greeting"), t("mail.reset.intro", { email: c.email })],
        code: { label: t("mail.reset.tokenLabel"), value: c.code },
        action: { label: t("mail.reset.button"), href: c.link },
        after: [t("mail.reset.expiry", { count: c.minutes }), t("mail.reset.how"), t("mail.reset.ignore")],
      };
    case "setup_link":
      return {
        subject: t("mail.setup.subject"),
        before: [t("mail.greeting"), t("mail.setup.intro", { email: c.email })],
        code: { label: t("mail.setup.tokenLabel"), value: c.token },
        action: { label: t("mail.setup.button"), href: c.link },
        after: [t("mail.setup.expiry", { count: c.days }), t("mail.setup.how")],
      };
    case "verify_email":
      // A link only: the page asks for one click (a mail scanner that follows links spends nothing).
      return {
        subject: t("mail.verify.subject"),
        before: [t("mail.greeting"), t("mail.verify.intro", { email: c.email })],
        action: { label: t("mail.verify.button"), href: c.link },
        after: [t("mail.verify.expiry", { count: c.hours }), t("mail.verify.ignore")],
      };
    case "new_device": {
      const when = new Intl.DateTimeFormat(t.locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
        c.when,
      );
      return {
        subject: t("mail.newDevice.subject"),
        before: [
          t("mail.greeting"),
          t("mail.newDevice.intro", { email: c.email }),
          t("mail.newDevice.when", { when: `${when} UTC` }),
          t("mail.newDevice.device", { device: deviceName(c.device, t) }),
          ...(c.ip ? [t("mail.newDevice.ip", { ip: c.ip })] : []),
        ],
        after: [t("mail.newDevice.ok"), t("mail.newDevice.act")],
      };
    }
  }
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

function Html(p: { t: Translator; brand: MailBrand; name: string; parts: Parts; children?: ComponentChildren }) {
  const { t, brand, name, parts } = p;
  const color = normalColor(brand.primaryColor) ?? DEFAULT_COLOR;
  const para = `margin:0 0 16px;font-size:16px;line-height:1.5;color:#1a1a1a;${FONT}`;
  return (
    <html lang={t.locale} dir="ltr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{parts.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f5f7;">
        <div role="article" aria-label={parts.subject} lang={t.locale} style="padding:16px;">
          <div style={`max-width:560px;margin:0 auto;background:#ffffff;border-top:6px solid ${color};`}>
            <div style={`padding:16px 24px;border-bottom:1px solid #e2e4e8;${FONT}`}>
              {brand.logoCid && (
                <img
                  src={`cid:${brand.logoCid}`}
                  alt=""
                  height={40}
                  style="height:40px;width:auto;vertical-align:middle;margin-right:12px;border:0;"
                />
              )}
              <span style="font-size:18px;font-weight:bold;color:#1a1a1a;vertical-align:middle;">{name}</span>
            </div>
            <div style="padding:24px;">
              <h1 style={`margin:0 0 16px;font-size:22px;color:#1a1a1a;${FONT}`}>{parts.subject}</h1>
              {parts.before.map((x) => (
                <p style={para}>{x}</p>
              ))}
              {parts.code && (
                <div style="margin:0 0 16px;">
                  <p style={`${para}margin-bottom:8px;font-weight:bold;`}>{parts.code.label}</p>
                  <p
                    style={`margin:0;padding:12px 16px;background:${color};color:${textOn(color)};font-size:16px;font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;`}
                  >
                    {parts.code.value}
                  </p>
                </div>
              )}
              {parts.action && (
                <p style="margin:0 0 16px;">
                  <a
                    href={parts.action.href}
                    style={`display:inline-block;padding:12px 20px;background:${color};color:${textOn(color)};font-size:16px;font-weight:bold;text-decoration:none;${FONT}`}
                  >
                    {parts.action.label}
                  </a>
                </p>
              )}
              {parts.after.map((x) => (
                <p style={para}>{x}</p>
              ))}
            </div>
            <div style={`padding:16px 24px;border-top:1px solid #e2e4e8;font-size:14px;color:#4a4f57;${FONT}`}>
              <p style="margin:0 0 8px;">{t("mail.sentBy", { brand: name })}</p>
              {brand.supportUrl && (
                <p style="margin:0 0 8px;">
                  <a href={brand.supportUrl} style="color:#1a4f9c;">
                    {t("layout.support")}
                  </a>
                </p>
              )}
              <p style="margin:0;">{t("mail.noReply")}</p>
            </div>
          </div>
        </div>
      </body>
    </html>
  );
}

/** One mail in `locale`, branded: its subject, its text part and its HTML part. */
/**
 * A user agent as a person reads it: "Firefox 128 on Ubuntu", "Safari 17 on iOS 17.5" (its major
 * version only: the rest says nothing to a person). What the parser does not know stays as sent,
 * cut to 120 characters; no user agent at all reads "unknown".
 */
export function deviceName(userAgent: string, t: Translator): string {
  const ua = userAgent.trim();
  if (!ua || ua === "unknown") return t("mail.newDevice.unknown");
  const parsed = new UAParser(ua);
  const b = parsed.getBrowser();
  const o = parsed.getOS();
  const browser = b.name ? [b.name, b.major].filter(Boolean).join(" ") : "";
  const os = o.name ? [o.name, o.version].filter(Boolean).join(" ") : "";
  if (browser && os) return t("mail.newDevice.browserOn", { browser, os });
  return browser || os || ua.slice(0, 120);
}

export function renderMail(content: MailContent, ctx: { locale: Locale; brand?: MailBrand }): RenderedMail {
  const t = translator(ctx.locale);
  const brand = ctx.brand ?? {};
  const name = brand.displayName?.trim() || t("brand.default");
  const parts = partsOf(content, t);
  const text = [
    ...parts.before,
    ...(parts.code ? [`${parts.code.label}:\n\n    ${parts.code.value}`] : []),
    ...(parts.action ? [`${parts.action.label}:\n${parts.action.href}`] : []),
    ...parts.after,
    "--",
    [
      t("mail.sentBy", { brand: name }),
      ...(brand.supportUrl ? [t("mail.support", { url: brand.supportUrl })] : []),
    ].join("\n"),
  ].join("\n\n");
  const html = `<!doctype html>${renderToString(<Html t={t} brand={brand} name={name} parts={parts} />)}`;
  return { subject: parts.subject, text: `${text}\n`, html };
}
