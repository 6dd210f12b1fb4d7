/**
 * Mailer adapters, chosen by SSO_MAILER (CONTRACT §4):
 *   log            the default: logs recipient (masked) and subject; the body (with its token)
 *                  only at SSO_LOG_LEVEL=debug, for local development
 *   file:<dir>     per mail, the MIME message nodemailer builds (`<name>.eml`) and a JSON file
 *                  `{ from, to, subject, text, html, language, inline, token, eml, sentAt }`, named
 *                  so that names sort by time (tests, development)
 *   smtp(s)://…    nodemailer over SMTP (URL: smtp://user:pass@host:port, smtps:// for implicit TLS);
 *                  sent in the background, failures logged
 * Every mail's `From` is SSO_MAIL_FROM; without a display name there, the mail's brand name is it.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { maskEmail, type Logger } from "../../src/kernel/log";
import type { MailSender, MailTransport, OutboundMail } from "../../src/kernel/mail";
import { randomToken } from "../../src/kernel/secrets";

/** The `From` of a mail: SSO_MAIL_FROM's name, else the brand's; nodemailer quotes and encodes it. */
function senderOf(mail: OutboundMail, from: MailSender): Mail.Address | string {
  const name = from.name ?? mail.senderName;
  return name ? { name, address: from.address } : from.address;
}

/** The `From` as the message's header reads before RFC 2047 encoding (the `file:` mailer's JSON). */
function fromHeader(sender: Mail.Address | string): string {
  if (typeof sender === "string" || !sender.name) return typeof sender === "string" ? sender : sender.address;
  // RFC 5322 §3.2.3: a name holding specials is quoted, as nodemailer does.
  const name = /[()<>[\]:;@\\,."]/.test(sender.name) ? `"${sender.name.replace(/["\\]/g, "")}"` : sender.name;
  return `${name} <${sender.address}>`;
}

/** The nodemailer message of a mail: text and HTML alternatives, inline parts referenced by `cid:`. */
function messageOf(mail: OutboundMail, from: MailSender): Mail.Options {
  return {
    from: senderOf(mail, from),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { "Content-Language": mail.language },
    attachments: mail.inline.map((p) => ({
      cid: p.cid,
      filename: p.filename,
      contentType: p.contentType,
      contentDisposition: "inline" as const,
      content: Buffer.from(p.content),
    })),
  };
}

/** What the ready line says of the mailer: its kind and where it delivers, never credentials. */
export function describeMailer(spec: string): string {
  if (spec === "log") return "log (mails are not delivered)";
  if (spec.startsWith("file:")) return `file (${spec.slice("file:".length)})`;
  try {
    const u = new URL(spec);
    return `${u.protocol.replace(/:$/, "")} (${u.hostname}:${u.port || (u.protocol === "smtps:" ? "465" : "587")})`;
  } catch {
    return spec.split(":")[0];
  }
}

export function createMailer(spec: string, log: Logger, opts: { from?: MailSender } = {}): MailTransport {
  const from = opts.from ?? { address: "no-reply@localhost" };
  if (spec === "log") {
    return {
      async deliver(mail) {
        log.info("mail (SSO_MAILER=log; not delivered)", { to: maskEmail(mail.to), subject: mail.subject });
        // The body carries a one-time token: only its subject is logged, never the text.
        log.debug("mail body withheld (carries a token)", { to: maskEmail(mail.to), subject: mail.subject });
      },
    };
  }
  if (spec.startsWith("file:")) return fileMailer(spec.slice("file:".length), from);
  if (/^smtps?:\/\//.test(spec)) return smtpMailer(spec, log, from);
  throw new Error(`unsupported SSO_MAILER: ${spec.split(":")[0]}`);
}

function fileMailer(dir: string, from: MailSender): MailTransport {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  /** Writes then renames, so a reader never sees a half-written file. */
  const put = (name: string, body: string | Buffer) => {
    const tmp = join(dir, `.${name}.tmp`);
    writeFileSync(tmp, body, { mode: 0o600 });
    renameSync(tmp, join(dir, name));
  };
  return {
    async deliver(mail) {
      const now = new Date();
      // ISO time, then a per-process sequence: lexical order is send order.
      const base = `${now.toISOString().replace(/[:.]/g, "-")}-${String(++seq).padStart(6, "0")}-${randomToken(4)}`;
      const raw = await new MailComposer(messageOf(mail, from)).compile().build();
      put(`${base}.eml`, raw);
      const body = JSON.stringify(
        {
          from: fromHeader(senderOf(mail, from)),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          language: mail.language,
          inline: mail.inline.map((p) => ({ cid: p.cid, contentType: p.contentType, bytes: p.content.length })),
          token: mail.token ?? null,
          eml: `${base}.eml`,
          sentAt: now.toISOString(),
        },
        null,
        2,
      );
      // The JSON last: once it is there, so is the message it names.
      put(`${base}.json`, body);
    },
  };
}

function smtpMailer(url: string, log: Logger, from: MailSender): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async deliver(mail) {
      transport.sendMail(messageOf(mail, from)).then(
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
