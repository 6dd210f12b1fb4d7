/** Outbound mail: the port lives in the kernel (src/kernel/mail.ts), shared with the sign-in pages' alert. */
export type { Mail, Mailer, MailMessage } from "../../kernel/mail";
