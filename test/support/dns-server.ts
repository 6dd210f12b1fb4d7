/**
 * A small authoritative DNS server over UDP on 127.0.0.1 for tests (domain verification, CONTRACT
 * §16): answers TXT questions from a table the test fills, NXDOMAIN for anything else. Messages are
 * encoded and decoded with the dns-packet package; the service reaches it through SSO_DNS_SERVERS.
 */
import dgram from "node:dgram";
import * as packet from "dns-packet";

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, the value for SSO_DNS_SERVERS. */
  address: string;
  /** Sets (replaces) the TXT records of `name`; each record is one or more character-strings. */
  setTxt(name: string, records: (string | string[])[]): void;
  clear(name: string): void;
  /** Questions asked so far (lower-cased names). */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[][]>();
  const asked: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, peer) => {
    let query: packet.Packet;
    try {
      query = packet.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    const name = q.name.toLowerCase().replace(/\.$/, "");
    asked.push(name);
    const records = q.type === "TXT" ? txt.get(name) : undefined;
    const known = txt.has(name);
    const answer = packet.encode({
      type: "response",
      id: query.id,
      // Authoritative answer; NXDOMAIN (rcode 3) for a name the table does not hold.
      flags: packet.AUTHORITATIVE_ANSWER | (known ? 0 : 3),
      questions: query.questions,
      answers: (records ?? []).map((data) => ({ type: "TXT" as const, name: q.name, ttl: 1, data })),
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    asked,
    setTxt: (name, records) =>
      txt.set(
        name.toLowerCase(),
        records.map((r) => (Array.isArray(r) ? r : [r])),
      ),
    clear: (name) => void txt.delete(name.toLowerCase()),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
