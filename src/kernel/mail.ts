/**
 * Outbound mail, finished: what a mail transport (adapters/outbound/mailer.ts, chosen by
 * SSO_MAILER) delivers. The transport builds the MIME message (multipart/alternative text + HTML,
 * inside multipart/related when there are inline parts such as the logo); it never words a mail.
 */
export interface InlinePart {
  /** Referenced from the HTML as `cid:<cid>`. */
  cid: string;
  contentType: string;
  filename: string;
  content: Uint8Array;
}

export interface OutboundMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `Content-Language` of the message. */
  language: string;
  inline: InlinePart[];
  /** The one-time secret the mail carries, so development and test transports can expose it. */
  token?: string;
  /** The brand the mail is sent for (its `displayName`): the sender's display name unless SSO_MAIL_FROM names one. */
  senderName?: string;
}

export interface MailTransport {
  /**
   * Accepts one mail for delivery. May deliver asynchronously (SMTP): it resolves once the mail is
   * accepted or queued; a later delivery failure is logged, never thrown to the caller.
   */
  deliver(mail: OutboundMail): Promise<void>;
}

/**
 * Outbound mail of the sign-in features (CONTRACT §15): a feature says which mail to whom; the
 * mailer (src/mail.ts) words it in the person's language, brands it for the tenant (and the
 * application) and hands it to the transport SSO_MAILER chose.
 */
export type MailMessage =
  | { kind: "password_reset"; token: string; code: string; minutes: number; link: string }
  | { kind: "setup_link"; token: string; days: number; link: string }
  | { kind: "verify_email"; token: string; hours: number; link: string }
  | { kind: "new_device"; when: Date; device: string; ip: string | null };

export interface Mail {
  to: string;
  tenantId: number;
  /** The application whose branding overrides the tenant's, when the mail belongs to a sign-in into it. */
  applicationId?: number | null;
  /** Language preferences of the request that caused the mail (`ui_locales`, then `Accept-Language`). */
  uiLocales?: string | null;
  acceptLanguage?: string | null;
  /** The person's saved language, used when the request named none supported. */
  savedLocale?: string | null;
  message: MailMessage;
}

export interface Mailer {
  /**
   * Accepts one mail for delivery. May deliver asynchronously (SMTP): it resolves once the mail is
   * accepted or queued, and a later delivery failure is logged, never thrown to the caller, so a
   * request's timing and answer do not depend on the mail server.
   */
  send(mail: Mail): Promise<void>;
}

/** The sender of every mail (SSO_MAIL_FROM): an address and, optionally, a display name. */
export interface MailSender {
  address: string;
  /** Absent: each mail is sent in the name of its brand (the tenant's or application's `displayName`). */
  name?: string;
}

/** Control characters and the characters that end or quote a header's display name. */
const NAME_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>"\\]/u;
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/**
 * Reads a sender: `no-reply@acme.com`, `Acme <no-reply@acme.com>` or `"Acme, Inc." <no-reply@acme.com>`.
 * The address is plain ASCII (an internationalized domain in its `xn--` form); the display name
 * holds no control characters, angle brackets, quotes or backslashes (header injection), at most
 * 100 characters. Answers the sender, or why the text is not one.
 */
export function parseMailSender(raw: string): MailSender | { problem: string } {
  const text = raw.trim();
  const named = /^(.*?)\s*<([^<>]*)>$/.exec(text);
  let address = named ? named[2].trim() : text;
  let name = named ? named[1].trim() : undefined;
  if (name?.startsWith('"') && name.endsWith('"') && name.length >= 2) name = name.slice(1, -1).trim();
  if (!ADDRESS.test(address) || address.length > 254)
    return { problem: "must be an address (`no-reply@example.com`) or `Name <no-reply@example.com>`" };
  if (name !== undefined) {
    if (NAME_FORBIDDEN.test(name))
      return { problem: "has a display name with quotes, angle brackets or control characters" };
    if (name.length > 100) return { problem: "has a display name longer than 100 characters" };
    if (name === "") name = undefined;
  }
  address = address.toLowerCase();
  return name === undefined ? { address } : { address, name };
}
