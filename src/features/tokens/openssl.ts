/**
 * RS256 signatures through the system's OpenSSL 3 (`libcrypto.so.3`) with bun:ffi: the EVP
 * one-shot API (EVP_DigestSignInit + EVP_DigestSign, RSASSA-PKCS1-v1_5 with SHA-256, OpenSSL's
 * default RSA padding). Nothing here is cryptography of our own: the key is parsed by OpenSSL, the
 * digest and the signature are OpenSSL's; this file only moves bytes across the FFI boundary.
 *
 * Synchronous by design: it runs inside the signer's worker threads (signer-worker.ts), never on
 * the thread that serves HTTP. One instance belongs to one thread (the context and the output
 * buffers are reused between calls).
 *
 * Per key, `load` makes an EVP_PKEY and a template EVP_MD_CTX initialised once for it
 * (EVP_DigestSignInit); a signature copies the template into the one working context
 * (EVP_MD_CTX_copy_ex, which first resets what that context held) and signs there. Re-initialising
 * one context with EVP_DigestSignInit for another key is not safe on OpenSSL 3.0.19: it went on
 * signing with the first key it had seen (caught by comparing with WebCrypto, as the self-test does).
 *
 * Ownership: `retire` (or `close`) frees the key's template context and EVP_PKEY (the working
 * context may hold a reference to the key until its next copy or `close`); `close` frees the
 * working context. EVP_sha256() is a static object and is never freed.
 */
import { dlopen, FFIType, ptr, type Pointer } from "bun:ffi";

const SYMBOLS = {
  OpenSSL_version: { args: [FFIType.i32], returns: FFIType.cstring },
  d2i_AutoPrivateKey: { args: [FFIType.ptr, FFIType.ptr, FFIType.i64], returns: FFIType.ptr },
  EVP_PKEY_free: { args: [FFIType.ptr], returns: FFIType.void },
  EVP_PKEY_get_size: { args: [FFIType.ptr], returns: FFIType.i32 },
  EVP_PKEY_get_base_id: { args: [FFIType.ptr], returns: FFIType.i32 },
  EVP_sha256: { args: [], returns: FFIType.ptr },
  EVP_MD_CTX_new: { args: [], returns: FFIType.ptr },
  EVP_MD_CTX_free: { args: [FFIType.ptr], returns: FFIType.void },
  EVP_MD_CTX_copy_ex: { args: [FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
  EVP_DigestSignInit: {
    args: [FFIType.ptr, FFIType.ptr, FFIType.ptr, FFIType.ptr, FFIType.ptr],
    returns: FFIType.i32,
  },
  EVP_DigestSign: { args: [FFIType.ptr, FFIType.ptr, FFIType.ptr, FFIType.ptr, FFIType.u64], returns: FFIType.i32 },
  ERR_get_error: { args: [], returns: FFIType.u64 },
  ERR_error_string_n: { args: [FFIType.u64, FFIType.ptr, FFIType.u64], returns: FFIType.void },
  ERR_clear_error: { args: [], returns: FFIType.void },
} as const;

/** EVP_PKEY_RSA (NID_rsaEncryption). */
const EVP_PKEY_RSA = 6;
/** Largest RSA signature we accept keys for: 16384-bit moduli. */
const MAX_SIG = 2048;

export interface OpenSslRs256 {
  /** `OpenSSL_version(OPENSSL_VERSION)`, e.g. "OpenSSL 3.0.19 27 Jan 2026". */
  readonly version: string;
  /** Parses a PKCS#8 (or traditional) DER RSA private key once and keeps it under `kid`. */
  load(kid: string, der: Uint8Array): void;
  /** Frees the key of `kid` (no-op when unknown). */
  retire(kid: string): void;
  /** RSASSA-PKCS1-v1_5 SHA-256 signature of `data` with the key of `kid`. */
  sign(kid: string, data: Uint8Array): Uint8Array;
  /** Number of keys held (tests, leak checks). */
  size(): number;
  /** Frees every key and the context. */
  close(): void;
}

/**
 * Opens `library` (a soname or a path) and binds the symbols above. Throws an Error whose message
 * says what is wrong (not found, not OpenSSL 3, missing symbol) in one line.
 */
export function openOpenSsl(library: string): OpenSslRs256 {
  let lib: ReturnType<typeof dlopen<typeof SYMBOLS>>;
  try {
    lib = dlopen(library, SYMBOLS);
  } catch (e) {
    throw new Error(`cannot load ${library}: ${String((e as Error)?.message ?? e).split("\n")[0]}`);
  }
  const s = lib.symbols;
  const version = String(s.OpenSSL_version(0));
  if (!/^OpenSSL 3\./.test(version)) {
    lib.close();
    throw new Error(`${library} is ${version || "not OpenSSL"}; OpenSSL 3 is needed`);
  }
  const md = s.EVP_sha256();
  const ctx = s.EVP_MD_CTX_new();
  if (!md || !ctx) {
    lib.close();
    throw new Error(`${library}: EVP_sha256 or EVP_MD_CTX_new failed`);
  }
  const keys = new Map<string, { pkey: Pointer; template: Pointer }>();
  const sig = new Uint8Array(MAX_SIG);
  const sigPtr = ptr(sig);
  const sigLen = new BigUint64Array(1);
  const sigLenPtr = ptr(sigLen);
  const errBuf = new Uint8Array(256);

  /** The oldest queued OpenSSL error as text (and clears the queue), for error messages. */
  function lastError(): string {
    const code = s.ERR_get_error();
    s.ERR_clear_error();
    if (!code) return "no OpenSSL error queued";
    s.ERR_error_string_n(code, ptr(errBuf), errBuf.length);
    const end = errBuf.indexOf(0);
    return new TextDecoder().decode(errBuf.subarray(0, end < 0 ? errBuf.length : end));
  }

  return {
    version,
    load(kid, der) {
      if (keys.has(kid)) return;
      // d2i_* advances the pointer it is given: hand it a copy of the DER's address.
      const cursor = new BigUint64Array([BigInt(ptr(der))]);
      const pkey = s.d2i_AutoPrivateKey(null, ptr(cursor), der.length);
      if (!pkey) throw new Error(`OpenSSL could not parse the private key ${kid}: ${lastError()}`);
      if (s.EVP_PKEY_get_base_id(pkey) !== EVP_PKEY_RSA || s.EVP_PKEY_get_size(pkey) > MAX_SIG) {
        s.EVP_PKEY_free(pkey);
        throw new Error(`the private key ${kid} is not an RSA key of at most 16384 bits`);
      }
      const template = s.EVP_MD_CTX_new();
      if (!template || s.EVP_DigestSignInit(template, null, md, null, pkey) !== 1) {
        const reason = lastError();
        if (template) s.EVP_MD_CTX_free(template);
        s.EVP_PKEY_free(pkey);
        throw new Error(`EVP_DigestSignInit failed for the key ${kid}: ${reason}`);
      }
      keys.set(kid, { pkey: pkey as Pointer, template: template as Pointer });
    },
    retire(kid) {
      const k = keys.get(kid);
      if (!k) return;
      keys.delete(kid);
      s.EVP_MD_CTX_free(k.template);
      s.EVP_PKEY_free(k.pkey);
    },
    sign(kid, data) {
      const k = keys.get(kid);
      if (!k) throw new Error(`no signing key ${kid} in this signer`);
      if (s.EVP_MD_CTX_copy_ex(ctx, k.template) !== 1) throw new Error(`EVP_MD_CTX_copy_ex failed: ${lastError()}`);
      sigLen[0] = BigInt(MAX_SIG);
      if (s.EVP_DigestSign(ctx, sigPtr, sigLenPtr, data.length ? ptr(data) : null, data.length) !== 1)
        throw new Error(`EVP_DigestSign failed: ${lastError()}`);
      return sig.slice(0, Number(sigLen[0]));
    },
    size: () => keys.size,
    close() {
      for (const k of keys.values()) {
        s.EVP_MD_CTX_free(k.template);
        s.EVP_PKEY_free(k.pkey);
      }
      keys.clear();
      s.EVP_MD_CTX_free(ctx);
      lib.close();
    },
  };
}
