/**
 * A minimal SMTP server for tests (RFC 5321's plain path: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT; no TLS, no AUTH), on Bun's TCP listener: it accepts every mail and keeps the envelope and
 * the raw message, so a test reads the headers a real SMTP client (nodemailer) sent.
 * TODO(#37): swap for the `smtp-server` package once it is a dev dependency.
 */
export interface SunkMail {
  from: string;
  to: string[];
  /** The message as received, dot-unstuffed, CRLF line ends. */
  raw: string;
}

export interface SmtpSink {
  port: number;
  mails: SunkMail[];
  /** Resolves with the first mail `match` accepts (polls; throws after ~5 s). */
  waitFor(match: (m: SunkMail) => boolean): Promise<SunkMail>;
  stop(): void;
}

interface Conn {
  buf: string;
  inData: boolean;
  data: string[];
  from: string;
  to: string[];
}

/** One header of a raw message, unfolded (RFC 5322 §2.2.3); null when absent. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

export function startSmtpSink(): SmtpSink {
  const mails: SunkMail[] = [];
  const server = Bun.listen<Conn>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(s) {
        s.data = { buf: "", inData: false, data: [], from: "", to: [] };
        s.write("220 sink.test ESMTP ready\r\n");
      },
      data(s, chunk) {
        const c = s.data;
        c.buf += new TextDecoder().decode(chunk);
        let i = c.buf.indexOf("\r\n");
        while (i >= 0) {
          const line = c.buf.slice(0, i);
          c.buf = c.buf.slice(i + 2);
          if (c.inData) {
            if (line === ".") {
              c.inData = false;
              mails.push({ from: c.from, to: c.to, raw: c.data.join("\r\n") });
              c.data = [];
              c.from = "";
              c.to = [];
              s.write("250 2.0.0 queued\r\n");
            } else c.data.push(line.startsWith(".") ? line.slice(1) : line);
          } else {
            const verb = line.slice(0, 4).toUpperCase();
            if (verb === "EHLO") s.write("250-sink.test\r\n250 8BITMIME\r\n");
            else if (verb === "HELO") s.write("250 sink.test\r\n");
            else if (verb === "MAIL") {
              c.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
              s.write("250 2.1.0 ok\r\n");
            } else if (verb === "RCPT") {
              c.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
              s.write("250 2.1.5 ok\r\n");
            } else if (verb === "DATA") {
              c.inData = true;
              s.write("354 end with <CRLF>.<CRLF>\r\n");
            } else if (verb === "RSET") {
              c.from = "";
              c.to = [];
              s.write("250 ok\r\n");
            } else if (verb === "NOOP") s.write("250 ok\r\n");
            else if (verb === "QUIT") {
              s.write("221 bye\r\n");
              s.end();
            } else s.write("502 5.5.2 not implemented\r\n");
          }
          i = c.buf.indexOf("\r\n");
        }
      },
    },
  });
  return {
    port: server.port,
    mails,
    async waitFor(match) {
      for (let i = 0; i < 500; i++) {
        const m = mails.find(match);
        if (m) return m;
        await Bun.sleep(10);
      }
      throw new Error("no matching mail reached the SMTP sink");
    },
    stop: () => server.stop(true),
  };
}
