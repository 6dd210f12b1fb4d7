export { createPasswordService, RESET_TTL_SECONDS, SETUP_TTL_DAYS, type PasswordService } from "./service";
export type { Mail, Mailer, MailMessage } from "./ports";
