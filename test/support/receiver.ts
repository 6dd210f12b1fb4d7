/**
 * A real webhook receiver on loopback: records every POST (headers and raw body) and answers as
 * the test says (a status, or a stall that never answers).
 */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
  /** When the request arrived (ms since the epoch). */
  at: number;
  /** The sender closed the connection before the answer (e.g. its process was killed). */
  aborted: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How to answer the next requests: a status code, or "stall" (never answer). Default 200. */
  answer: number | "stall";
  /** Milliseconds to wait before answering (default 0): keeps deliveries in flight. */
  delayMs: number;
  /** Resolves once `n` requests have arrived in all (polls; bounded by `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): void;
}

export function startReceiver(path = "/hook", opts: { port?: number } = {}): Receiver {
  const stalled: (() => void)[] = [];
  const r: Receiver = {
    url: "",
    received: [],
    answer: 200,
    delayMs: 0,
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (r.received.length < n) {
        if (Date.now() > until) throw new Error(`receiver got ${r.received.length} of ${n} deliveries`);
        await Bun.sleep(20);
      }
      return r.received;
    },
    close() {
      stalled.forEach((f) => f());
      server.stop(true);
    },
  };
  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = await req.text();
      const h = Object.fromEntries(req.headers);
      const rec: Received = {
        id: h["webhook-id"],
        timestamp: h["webhook-timestamp"],
        signature: h["webhook-signature"],
        body,
        headers: h,
        at: Date.now(),
        aborted: false,
      };
      req.signal.addEventListener("abort", () => (rec.aborted = true));
      r.received.push(rec);
      if (r.delayMs > 0) await Bun.sleep(r.delayMs);
      if (r.answer === "stall")
        return new Promise<Response>((resolve) => stalled.push(() => resolve(new Response(null, { status: 503 }))));
      return new Response(null, { status: r.answer });
    },
  });
  r.url = `http://127.0.0.1:${server.port}${path}`;
  return r;
}
