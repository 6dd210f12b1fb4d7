/**
 * Mailer adapters, chosen by SSO_MAILER (CONTRACT §4):
 *   log            the default: logs recipient (masked) and subject; the body (with its token)
 *                  only at SSO_LOG_LEVEL=debug, for local development
 *   file:<dir>     one JSON file per mail `{ to, subject, text, token, sentAt }`, named so that
 *                  names sort by time (tests, development)
 *   smtp(s)://…    nodemailer over SMTP (URL: smtp://user:pass@host:port, smtps:// for implicit TLS);
 *                  sent in the background, failures logged
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { maskEmail, type Logger } from "../../src/kernel/log";
import type { Mail, Mailer } from "../../src/features/passwords/ports";
import { randomToken } from "../../src/kernel/secrets";

export function createMailer(spec: string, log: Logger, opts: { from?: string } = {}): Mailer {
  if (spec === "log") {
    return {
      async send(mail) {
        log.info("mail (SSO_MAILER=log; not delivered)", { to: maskEmail(mail.to), subject: mail.subject });
        // The body carries a one-time token: only its subject is logged, never the text.
        log.debug("mail body withheld (carries a token)", { to: maskEmail(mail.to), subject: mail.subject });
      },
    };
  }
  if (spec.startsWith("file:")) return fileMailer(spec.slice("file:".length));
  if (/^smtps?:\/\//.test(spec)) return smtpMailer(spec, log, opts.from);
  throw new Error(`unsupported SSO_MAILER: ${spec.split(":")[0]}`);
}

function fileMailer(dir: string): Mailer {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  return {
    async send(mail: Mail) {
      const now = new Date();
      // ISO time, then a per-process sequence: lexical order is send order.
      const name = `${now.toISOString().replace(/[:.]/g, "-")}-${String(++seq).padStart(6, "0")}-${randomToken(4)}.json`;
      const body = JSON.stringify(
        { to: mail.to, subject: mail.subject, text: mail.text, token: mail.token ?? null, sentAt: now.toISOString() },
        null,
        2,
      );
      // Write then rename, so a reader never sees a half-written file.
      const tmp = join(dir, `.${name}.tmp`);
      writeFileSync(tmp, body, { mode: 0o600 });
      renameSync(tmp, join(dir, name));
    },
  };
}

function smtpMailer(url: string, log: Logger, from?: string): Mailer {
  const transport = nodemailer.createTransport(url);
  const sender = from ?? `no-reply@${new URL(url).hostname || "localhost"}`;
  return {
    async send(mail) {
      transport.sendMail({ from: sender, to: mail.to, subject: mail.subject, text: mail.text }).then(
        () => log.info("mail sent", { to: maskEmail(mail.to), subject: mail.subject }),
        (e: Error) =>
          log.warn("mail delivery failed", {
            to: maskEmail(mail.to),
            subject: mail.subject,
            error: e.message.split("\n")[0],
          }),
      );
    },
  };
}
