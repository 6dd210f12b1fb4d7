/** Outbound mail for password flows (reset tokens). Chosen by SSO_MAILER; adapters in adapters/outbound/mailer.ts. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The secret the mail carries (reset token), so test and development mailers can expose it. */
  token?: string;
}

export interface Mailer {
  /**
   * Accepts one mail for delivery. May deliver asynchronously (SMTP): it resolves once the mail is
   * accepted or queued, and a later delivery failure is logged, never thrown to the caller, so a
   * request's timing and answer do not depend on the mail server.
   */
  send(mail: Mail): Promise<void>;
}
