/**
 * One signing thread of the OpenSSL signer (signer-openssl.ts starts one per core). It holds its
 * own OpenSSL handles (openssl.ts: one EVP_PKEY per kid, one EVP_MD_CTX) and answers batches.
 *
 * Protocol (every message from the pool carries `seq`; every answer repeats it):
 *   {t:"open", seq, library}            → {t:"ok", seq, version} | {t:"err", seq, message}
 *   {t:"load", seq, kid, der}           → {t:"ok", seq} | {t:"err", seq, message}
 *   {t:"retire", seq, kid}              → {t:"ok", seq}
 *   {t:"sign", seq, kids, inputs}       → {t:"signed", seq, sigs}
 * `inputs` is the batch's JWS signing inputs (ASCII: base64url and ".") joined by "\n", `kids` the
 * kid of each; `sigs` is the base64url signature of each, joined by "\n", where an item that could
 * not be signed is "!" followed by the reason (no newline in it).
 * Messages are handled in arrival order, so a key loaded before a batch is there for it, and a key
 * retired after a batch was still there for it.
 */
import { openOpenSsl, type OpenSslRs256 } from "./openssl";

declare const self: Worker;

type In =
  | { t: "open"; seq: number; library: string }
  | { t: "load"; seq: number; kid: string; der: Uint8Array }
  | { t: "retire"; seq: number; kid: string }
  | { t: "sign"; seq: number; kids: string[]; inputs: string };

let ossl: OpenSslRs256 | null = null;
let buf = new Uint8Array(4096);
const encoder = new TextEncoder();
const oneLine = (e: unknown) => String((e as Error)?.message ?? e).replace(/[\r\n]+/g, " ");

self.onmessage = (ev: MessageEvent<In>) => {
  const m = ev.data;
  switch (m.t) {
    case "open":
      try {
        ossl ??= openOpenSsl(m.library);
        self.postMessage({ t: "ok", seq: m.seq, version: ossl.version });
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
          if (!ossl) throw new Error("the signing thread has no OpenSSL");
          const input = inputs[i];
          if (buf.length < input.length) buf = new Uint8Array(Math.max(input.length, buf.length * 2));
          const { written } = encoder.encodeInto(input, buf);
          const sig = ossl.sign(m.kids[i], buf.subarray(0, written));
          out[i] = Buffer.from(sig.buffer, sig.byteOffset, sig.length).toString("base64url");
        } catch (e) {
          out[i] = `!${oneLine(e)}`;
        }
      }
      self.postMessage({ t: "signed", seq: m.seq, sigs: out.join("\n") });
      return;
    }
  }
};
