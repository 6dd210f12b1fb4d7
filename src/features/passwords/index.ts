export {
  createPasswordService,
  RESET_TTL_SECONDS,
  SETUP_TTL_DAYS,
  storeSetupCode,
  type PasswordService,
} from "./service";
export type { Mail, Mailer, MailMessage } from "./ports";
