/**
 * One signing thread of the OpenSSL signer (signer-openssl.ts starts one per core). It holds its
 * own OpenSSL handles (openssl.ts: one EVP_PKEY per kid, one EVP_MD_CTX) and answers batches.
 *
 * Protocol (every message from the pool carries `seq`; every answer repeats it):
 *   {t:"open", seq, library, nice}      → {t:"ok", seq, version, niced} | {t:"err", seq, message}
 *   {t:"load", seq, kid, der}           → {t:"ok", seq} | {t:"err", seq, message}
 *   {t:"retire", seq, kid}              → {t:"ok", seq}
 *   {t:"sign", seq, kids, inputs, chains?} → {t:"signed", seq, sigs}
 * `inputs` is the batch's JWS signing inputs (ASCII: base64url and ".") joined by "\n", `kids` the
 * kid of each; `sigs` is the base64url signature of each, joined by "\n", where an item that could
 * not be signed is "!" followed by the reason (no newline in it).
 * `chains[i]`, when not "", makes item i an access token followed by the ID token that names it
 * (OIDC Core §3.1.3.6 `at_hash`): "<ID token header b64url>\n<JSON of the claims before at_hash>\n
 * <JSON of the claims after it>" (JSON.stringify output holds no raw newline). The thread signs the
 * access token, computes its `at_hash`, frames the ID token with the same key and signs it; the
 * item's answer is "<access signature> <ID token signing input> <ID token signature>".
 * `nice` > 0 lowers this thread's scheduling priority to it (thread-priority.ts); `niced` says
 * whether that took effect.
 * Messages are handled in arrival order, so a key loaded before a batch is there for it, and a key
 * retired after a batch was still there for it.
 */
import { atHash, withAtHash } from "./id-token";
import { openOpenSsl, type OpenSslRs256 } from "./openssl";
import { lowerThreadPriority } from "./thread-priority";

declare const self: Worker;

type In =
  | { t: "open"; seq: number; library: string; nice: number }
  | { t: "load"; seq: number; kid: string; der: Uint8Array }
  | { t: "retire"; seq: number; kid: string }
  | { t: "sign"; seq: number; kids: string[]; inputs: string; chains?: string[] };

let ossl: OpenSslRs256 | null = null;
let buf = new Uint8Array(4096);
const encoder = new TextEncoder();
const oneLine = (e: unknown) => String((e as Error)?.message ?? e).replace(/[\r\n]+/g, " ");

/** The base64url RS256 signature of the ASCII signing input `input` with key `kid`. */
function signOne(kid: string, input: string): string {
  if (!ossl) throw new Error("the signing thread has no OpenSSL");
  if (buf.length < input.length) buf = new Uint8Array(Math.max(input.length, buf.length * 2));
  const { written } = encoder.encodeInto(input, buf);
  const sig = ossl.sign(kid, buf.subarray(0, written));
  return Buffer.from(sig.buffer, sig.byteOffset, sig.length).toString("base64url");
}

self.onmessage = (ev: MessageEvent<In>) => {
  const m = ev.data;
  switch (m.t) {
    case "open":
      try {
        ossl ??= openOpenSsl(m.library);
        self.postMessage({ t: "ok", seq: m.seq, version: ossl.version, niced: lowerThreadPriority(m.nice) });
      } catch (e) {
        self.postMessage({ t: "err", seq: m.seq, message: oneLine(e) });
      }
      return;
    case "load":
      try {
        if (!ossl) throw new Error("the signing thread has no OpenSSL");
        ossl.load(m.kid, m.der);
        self.postMessage({ t: "ok", seq: m.seq });
      } catch (e) {
        self.postMessage({ t: "err", seq: m.seq, message: oneLine(e) });
      }
      return;
    case "retire":
      ossl?.retire(m.kid);
      self.postMessage({ t: "ok", seq: m.seq });
      return;
    case "sign": {
      const inputs = m.inputs.split("\n");
      const out = new Array<string>(inputs.length);
      for (let i = 0; i < inputs.length; i++) {
        try {
          const sig = signOne(m.kids[i], inputs[i]);
          const chain = m.chains?.[i];
          if (!chain) out[i] = sig;
          else {
            const [header, head, tail] = chain.split("\n");
            const payload = Buffer.from(withAtHash(head, atHash(`${inputs[i]}.${sig}`), tail)).toString("base64url");
            const idInput = `${header}.${payload}`;
            out[i] = `${sig} ${idInput} ${signOne(m.kids[i], idInput)}`;
          }
        } catch (e) {
          out[i] = `!${oneLine(e)}`;
        }
      }
      self.postMessage({ t: "signed", seq: m.seq, sigs: out.join("\n") });
      return;
    }
  }
};
