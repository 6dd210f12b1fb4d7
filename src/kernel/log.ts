/** The logging port: structured lines, one per call (src/http/observability.ts writes them as JSON). */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Masks an email to its first character and domain: `a***@example.com` (logs never carry addresses). */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*@/, "$1***@");
