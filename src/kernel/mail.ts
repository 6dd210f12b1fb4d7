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
  | { kind: "password_reset"; token: string; minutes: number; link: string }
  | { kind: "setup_link"; token: string; days: number; link: string }
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
