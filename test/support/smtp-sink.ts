/**
 * An SMTP server for tests: the `smtp-server` package (nodemailer's server half) on a free local
 * port, no TLS, no AUTH. It accepts every mail and keeps the envelope and the raw message, so a
 * test reads the headers a real SMTP client (the service's nodemailer transport) sent.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SunkMail {
  from: string;
  to: string[];
  /** The message as received (dot-unstuffed by the server), CRLF line ends. */
  raw: string;
}

export interface SmtpSink {
  port: number;
  mails: SunkMail[];
  /** Resolves with the first mail `match` accepts (polls; throws after ~5 s). */
  waitFor(match: (m: SunkMail) => boolean): Promise<SunkMail>;
  stop(): Promise<void>;
}

/** One header of a raw message, unfolded (RFC 5322 §2.2.3); null when absent. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    name: "sink.test",
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    async waitFor(match) {
      for (let i = 0; i < 500; i++) {
        const m = mails.find(match);
        if (m) return m;
        await Bun.sleep(10);
      }
      throw new Error("no matching mail reached the SMTP sink");
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
