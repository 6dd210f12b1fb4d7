/**
 * The OpenSSL signing pool: N worker threads (signer-worker.ts), each with its own libcrypto
 * handles, fed with batches of JWS signing inputs. The thread that serves HTTP never computes a
 * signature: it frames the JWS, queues the signing input, and gets the base64url signature back.
 *
 * Dispatch: `sign` queues an item and schedules one flush per microtask turn; a flush splits the
 * queue evenly over the free slots of the threads (at most MAX_IN_FLIGHT batches each, so a thread
 * has its next batch waiting while the previous answer crosses back). Under load the
 * batches grow by themselves (items wait while every thread is busy), so the cost of a message is
 * shared by many signatures; at low load a signature leaves at once, alone.
 *
 * One pool per process and (library, threads) (`sharedOpenSslPool`): every graph of a process
 * (tests build many) shares the threads. Keys are counted: the first `load` of a kid parses it in
 * every thread, the last `retire` frees it there, after every batch that used it.
 *
 * A thread that dies fails only its own batches (those requests answer 500) and is started again
 * with every loaded key; the process never goes down with it.
 */
import { signAccessJwt } from "./jws";

const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 128;

interface Item {
  kid: string;
  input: string;
  /** An ID token to sign after this access token, naming it (signer-worker.ts `chains`). */
  chain?: string;
  resolve: (sig: string) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  inFlight: number;
  /** Control messages awaiting their answer. */
  calls: Map<number, { resolve: (m: Answer) => void; reject: (e: Error) => void }>;
  /** Sign batches awaiting their answer. */
  batches: Map<number, Item[]>;
}

type Answer =
  | { t: "ok"; seq: number; version?: string; niced?: boolean }
  | { t: "err"; seq: number; message: string }
  | { t: "signed"; seq: number; sigs: string };

export interface OpenSslPool {
  /** The library's version line, e.g. "OpenSSL 3.0.19 27 Jan 2026". */
  readonly version: string;
  readonly threads: number;
  /** The nice value the threads run at (0: the process's own priority). */
  readonly nice: number;
  /** Parses the PKCS#8 DER key `kid` in every thread (counted: one load per `retire`). */
  load(kid: string, der: Uint8Array): Promise<void>;
  /** Undoes one `load`; the last one frees the key in every thread after the batches that use it. */
  retire(kid: string): void;
  /** The base64url RS256 signature of the ASCII signing input `input` with key `kid`. */
  sign(kid: string, input: string): Promise<string>;
  /**
   * An access token's signature and the ID token that names it, both with `kid`, in one trip to a
   * signing thread: `idHeader` is the ID token's protected header (base64url), its claims are
   * `idHeadJson`, then `at_hash` of the access token, then `idTailJson` (id-token.ts `withAtHash`).
   */
  signWithIdToken(
    kid: string,
    accessInput: string,
    idHeader: string,
    idHeadJson: string,
    idTailJson: string,
  ): Promise<{ accessSignature: string; idToken: string }>;
  /** Keys currently held (tests, leak checks). */
  keyCount(): number;
  /** Threads restarted after they died, since the start. */
  restarts(): number;
  /** Tests only: stops thread `i` the way a crash would (the pool restarts it). */
  crashThread(i: number): void;
  /** Stops every thread (pending signatures fail). */
  close(): Promise<void>;
}

export interface PoolOptions {
  library: string;
  threads: number;
  /**
   * The nice value (Linux, 1–19) the signing threads lower themselves to, below the request
   * thread's (SSO_SIGNER_NICE); 0 or absent leaves them at the process's priority.
   */
  nice?: number;
  /** Told when a signing thread dies and is restarted (the pool keeps working). */
  onThreadLost?: (reason: string) => void;
}

const WORKER_URL = new URL("./signer-worker.ts", import.meta.url);

/** Bun's Worker has ref()/unref() (not in the DOM typings). */
function hold(worker: Worker, keepAlive: boolean) {
  const w = worker as unknown as { ref(): void; unref(): void };
  if (keepAlive) w.ref();
  else w.unref();
}

/** Starts the pool; rejects with a one-line reason when OpenSSL cannot be used in a thread. */
export async function startOpenSslPool(opts: PoolOptions): Promise<OpenSslPool> {
  const threads: Thread[] = [];
  const keys = new Map<string, { der: Uint8Array; refs: number }>();
  const queue: Item[] = [];
  const pendingRetires = new Set<string>();
  let scheduled = false;
  let closed = false;
  let seq = 0;
  let version = "";
  let restarts = 0;
  // False once a thread could not lower its priority (not Linux, no glibc): the pool then says 0.
  let niced = (opts.nice ?? 0) > 0;

  /**
   * A thread keeps the process alive only while it owes an answer: an idle pool never holds up an
   * exit, and a thread that owes one wakes the event loop when it answers (Bun does not promptly
   * deliver an unreferenced worker's messages to an otherwise idle loop: measured 3× slower).
   */
  function busy(t: Thread) {
    hold(t.worker, t.calls.size + t.batches.size > 0);
  }

  function call(t: Thread, msg: Record<string, unknown>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const s = ++seq;
      t.calls.set(s, { resolve, reject });
      busy(t);
      t.worker.postMessage({ ...msg, seq: s });
    });
  }

  async function spawn(index: number): Promise<Thread> {
    const worker = new Worker(WORKER_URL);
    // Idle signing threads never keep the process alive.
    hold(worker, false);
    const t: Thread = { worker, ready: false, inFlight: 0, calls: new Map(), batches: new Map() };
    worker.onmessage = (ev: MessageEvent<Answer>) => onAnswer(t, ev.data);
    const lost = (reason: string) => {
      if (threads[index] !== t) return;
      t.ready = false;
      t.worker.terminate(); // an error need not end the thread: make sure it is gone before its successor
      const err = new Error(`the signing thread stopped: ${reason}`);
      for (const c of t.calls.values()) c.reject(err);
      for (const items of t.batches.values()) for (const it of items) it.reject(err);
      t.calls.clear();
      t.batches.clear();
      if (closed) return;
      restarts++;
      opts.onThreadLost?.(reason);
      void respawn(index);
    };
    worker.addEventListener("error", (ev) => lost(String((ev as ErrorEvent).message ?? "error")));
    worker.addEventListener("close", () => lost("exited"));
    threads[index] = t;
    try {
      const opened = await call(t, { t: "open", library: opts.library, nice: opts.nice ?? 0 });
      if (opened.t === "err") throw new Error(opened.message);
      if (opened.t === "ok") {
        version = opened.version ?? version;
        if (!opened.niced) niced = false;
      }
      for (const [kid, k] of keys) {
        const r = await call(t, { t: "load", kid, der: k.der });
        if (r.t === "err") throw new Error(r.message);
      }
    } catch (e) {
      // Not a loss to restart from: the caller (start or respawn) decides.
      if (threads[index] === t) threads[index] = undefined as never;
      worker.terminate();
      throw e;
    }
    t.ready = true;
    return t;
  }

  async function respawn(index: number) {
    for (let attempt = 1; !closed; attempt++) {
      try {
        await spawn(index);
        schedule();
        return;
      } catch (e) {
        opts.onThreadLost?.(`restart failed: ${String((e as Error)?.message ?? e)}`);
        await Bun.sleep(Math.min(5000, 100 * attempt));
      }
    }
  }

  function onAnswer(t: Thread, m: Answer) {
    if (m.t === "signed") {
      const items = t.batches.get(m.seq);
      if (!items) return;
      t.batches.delete(m.seq);
      t.inFlight--;
      busy(t);
      const sigs = m.sigs.split("\n");
      for (let i = 0; i < items.length; i++) {
        const s = sigs[i];
        if (s === undefined || s.startsWith("!"))
          items[i].reject(new Error(`OpenSSL signature failed: ${s?.slice(1) ?? "no answer"}`));
        else items[i].resolve(s);
      }
      schedule();
      return;
    }
    const c = t.calls.get(m.seq);
    if (!c) return;
    t.calls.delete(m.seq);
    busy(t);
    c.resolve(m);
  }

  function schedule() {
    if (scheduled || (!queue.length && !pendingRetires.size)) return;
    scheduled = true;
    queueMicrotask(flush);
  }

  function send(t: Thread, items: Item[]) {
    const s = ++seq;
    t.batches.set(s, items);
    t.inFlight++;
    busy(t);
    const kids = new Array<string>(items.length);
    const inputs = new Array<string>(items.length);
    let chains: string[] | undefined;
    for (let i = 0; i < items.length; i++) {
      kids[i] = items[i].kid;
      inputs[i] = items[i].input;
      if (items[i].chain) (chains ??= new Array<string>(items.length).fill(""))[i] = items[i].chain!;
    }
    t.worker.postMessage({ t: "sign", seq: s, kids, inputs: inputs.join("\n"), ...(chains ? { chains } : {}) });
  }

  function flush() {
    scheduled = false;
    if (queue.length) {
      // Free slots, emptiest threads first and interleaved: [t0, t1, t0, t1] when both are idle.
      const slots: Thread[] = [];
      for (let depth = 0; depth < MAX_IN_FLIGHT; depth++)
        for (const t of threads) if (t?.ready && t.inFlight <= depth) slots.push(t);
      // Split the queue over every free slot, so a thread has its next batch while it signs one.
      const per = Math.min(MAX_BATCH, Math.ceil(queue.length / Math.max(1, slots.length)));
      for (const t of slots) {
        if (!queue.length) break;
        send(t, queue.splice(0, per));
      }
      // Left over (every slot taken): sent when an answer frees one (onAnswer → schedule).
    }
    // A key is freed only once no queued item needs it (batches already sent precede the retire).
    for (const kid of pendingRetires) {
      if (queue.some((it) => it.kid === kid)) continue;
      pendingRetires.delete(kid);
      if (keys.has(kid)) continue; // loaded again meanwhile
      for (const t of threads) if (t?.ready) void call(t, { t: "retire", kid }).catch(() => {});
    }
  }

  const n = Math.max(1, opts.threads);
  try {
    await Promise.all(Array.from({ length: n }, (_, i) => spawn(i)));
  } catch (e) {
    closed = true;
    for (const t of threads) t?.worker.terminate();
    throw e;
  }

  return {
    get version() {
      return version;
    },
    threads: n,
    get nice() {
      return niced ? (opts.nice ?? 0) : 0;
    },
    async load(kid, der) {
      const k = keys.get(kid);
      if (k) {
        k.refs++;
        return;
      }
      keys.set(kid, { der: der.slice(), refs: 1 });
      pendingRetires.delete(kid);
      const answers = await Promise.all(threads.filter((t) => t?.ready).map((t) => call(t, { t: "load", kid, der })));
      const failed = answers.find((a) => a.t === "err");
      if (failed && failed.t === "err") {
        keys.delete(kid);
        for (const t of threads) if (t?.ready) void call(t, { t: "retire", kid }).catch(() => {});
        throw new Error(failed.message);
      }
    },
    retire(kid) {
      const k = keys.get(kid);
      if (!k) return;
      if (--k.refs > 0) return;
      keys.delete(kid);
      pendingRetires.add(kid);
      schedule();
    },
    sign(kid, input) {
      if (closed) return Promise.reject(new Error("the OpenSSL signer is closed"));
      return new Promise<string>((resolve, reject) => {
        queue.push({ kid, input, resolve, reject });
        schedule();
      });
    },
    signWithIdToken(kid, accessInput, idHeader, idHeadJson, idTailJson) {
      if (closed) return Promise.reject(new Error("the OpenSSL signer is closed"));
      return new Promise<string>((resolve, reject) => {
        queue.push({ kid, input: accessInput, chain: `${idHeader}\n${idHeadJson}\n${idTailJson}`, resolve, reject });
        schedule();
      }).then((answer) => {
        const [accessSignature, idInput, idSignature] = answer.split(" ");
        if (!idSignature) throw new Error("OpenSSL signature failed: the signing thread answered no ID token");
        return { accessSignature, idToken: `${idInput}.${idSignature}` };
      });
    },
    keyCount: () => keys.size,
    restarts: () => restarts,
    crashThread(i) {
      threads[i]?.worker.terminate();
    },
    async close() {
      closed = true;
      const err = new Error("the OpenSSL signer is closed");
      for (const it of queue.splice(0)) it.reject(err);
      for (const t of threads) t?.worker.terminate();
    },
  };
}

/**
 * Signs a fixed claims set with a freshly generated RSA-2048 key on every thread of the pool and
 * compares each token with WebCrypto's (jose's CompactSign) byte for byte; RSASSA-PKCS1-v1_5 is
 * deterministic, so any difference means this library cannot be trusted. Throws on a difference.
 */
export async function selfTest(
  pool: OpenSslPool,
  frame: (claims: Record<string, unknown>, kid: string) => string,
): Promise<void> {
  const { privateKey } = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const der = new Uint8Array(await crypto.subtle.exportKey("pkcs8", privateKey));
  const kid = `self-test-${crypto.randomUUID()}`;
  const claims = { sub: "self-test", iat: 1700000000, exp: 1700000900, note: "ß∂ƒ©" };
  await pool.load(kid, der);
  try {
    const expected = await signAccessJwt(claims, kid, privateKey);
    const input = frame(claims, kid);
    // More items than threads: each thread gets at least one.
    const sigs = await Promise.all(Array.from({ length: pool.threads * 2 }, () => pool.sign(kid, input)));
    for (const sig of sigs)
      if (`${input}.${sig}` !== expected)
        throw new Error("its signature differs from WebCrypto's for the same key and input");
  } finally {
    pool.retire(kid);
  }
}

const shared = new Map<string, Promise<OpenSslPool>>();

/**
 * The process's pool for (library, threads), started and self-tested once; a failure is
 * remembered too (the same library fails the same way), so every caller hears the same reason.
 */
export function sharedOpenSslPool(
  opts: PoolOptions,
  frame: (claims: Record<string, unknown>, kid: string) => string,
): Promise<OpenSslPool> {
  const key = `${opts.library}\0${opts.threads}\0${opts.nice ?? 0}`;
  let p = shared.get(key);
  if (!p) {
    p = (async () => {
      const pool = await startOpenSslPool(opts);
      try {
        await selfTest(pool, frame);
      } catch (e) {
        await pool.close();
        throw e;
      }
      return pool;
    })();
    shared.set(key, p);
  }
  return p;
}
