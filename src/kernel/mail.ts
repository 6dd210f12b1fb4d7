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
