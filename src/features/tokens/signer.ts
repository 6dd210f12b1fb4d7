/**
 * The signer: what turns a claims set and a signing key into a compact JWS (RS256, `typ: at+jwt`
 * for access tokens, `JWT` for ID tokens).
 * The key service holds the keys and picks the current one; the signer only signs (SSO_SIGNER):
 *
 *  - `webcrypto`  jose's CompactSign on Bun's WebCrypto (BoringSSL): the reference, and the fallback.
 *  - `openssl`    the system's OpenSSL 3 (`libcrypto.so.3`) through bun:ffi, in a pool of worker
 *                 threads (signer-openssl.ts), about 1.7× the signatures per core of BoringSSL here
 *                 and off the HTTP thread. The JWS framing is done here exactly as jose does it
 *                 (RFC 7515 compact serialization: BASE64URL(UTF8(header)) "." BASE64URL(payload)
 *                 "." BASE64URL(signature), header `{"alg":"RS256","typ":"at+jwt","kid":…}`), so
 *                 both signers give byte-identical tokens for the same key and claims
 *                 (RSASSA-PKCS1-v1_5 is deterministic; test/unit/tokens/signer.test.ts checks it).
 *  - `auto`       `openssl` when the library loads and passes a self-test, else `webcrypto`.
 *
 * Contract: `load(kid)` resolves once `kid` can sign; `retire(kid)` frees it after the signatures
 * already asked for; `sign` never blocks the calling thread on a signature.
 */
import type { Logger } from "../../kernel/log";
import { atHash } from "./id-token";
import { signAccessJwt, validateNumericDates } from "./jws";
import { sharedOpenSslPool } from "./signer-openssl";

export type SignerMode = "auto" | "openssl" | "webcrypto";

export interface JwsSigner {
  readonly name: "openssl" | "webcrypto";
  /** What runs, for the start-up line: library version and threads, or WebCrypto. */
  readonly detail: string;
  /** Makes `kid` usable; `pkcs8Pem` is the private key as stored (PKCS#8 PEM), `key` its CryptoKey. */
  load(kid: string, key: CryptoKey, pkcs8Pem: string): Promise<void>;
  /** The key service stopped using `kid`. */
  retire(kid: string): void;
  /** The compact JWS of `claims` with header `{alg: RS256, typ, kid}`; `typ` defaults to `at+jwt` (ID tokens: `JWT`). */
  sign(claims: Record<string, unknown>, kid: string, key: CryptoKey, typ?: string): Promise<string>;
  /**
   * An access token (`typ: at+jwt`, claims `access`) and the ID token that names it (`typ: JWT`;
   * claims `idHead`, then `at_hash` of the access token, then `idTail`: OIDC Core §3.1.3.6), both
   * with `kid`. The same bytes as signing the access token, then the ID token with its `at_hash`;
   * the OpenSSL signer does both in one trip to a signing thread.
   */
  signWithIdToken(
    access: Record<string, unknown>,
    idHead: Record<string, unknown>,
    idTail: Record<string, unknown>,
    kid: string,
    key: CryptoKey,
  ): Promise<{ accessToken: string; idToken: string }>;
  /** Releases what this signer loaded (the shared threads stay for the process's other graphs). */
  close(): void;
}

/** jose's CompactSign on WebCrypto. */
export const webcryptoSigner: JwsSigner = {
  name: "webcrypto",
  detail: "WebCrypto (jose CompactSign)",
  load: async () => {},
  retire: () => {},
  sign: (claims, kid, key, typ) => signAccessJwt(claims, kid, key, typ),
  async signWithIdToken(access, idHead, idTail, kid, key) {
    const accessToken = await signAccessJwt(access, kid, key);
    const idToken = await signAccessJwt({ ...idHead, at_hash: atHash(accessToken), ...idTail }, kid, key, "JWT");
    return { accessToken, idToken };
  },
  close: () => {},
};

/** BASE64URL(UTF8(JWS Protected Header)) as jose writes it: JSON.stringify of {alg, typ, kid}. */
export function protectedHeader(kid: string, typ = "at+jwt"): string {
  return Buffer.from(JSON.stringify({ alg: "RS256", typ, kid })).toString("base64url");
}

/** The JWS Signing Input of `claims` under `kid`: header "." BASE64URL(UTF8(JSON claims)). */
export function signingInput(claims: Record<string, unknown>, kid: string, header = protectedHeader(kid)): string {
  validateNumericDates(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
}

/** The DER body of a PEM block. */
export function pemToDer(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "");
  return new Uint8Array(Buffer.from(body, "base64"));
}

export interface SignerOptions {
  mode: SignerMode;
  /** dlopen name or path of libcrypto (SSO_OPENSSL_LIBRARY). */
  library: string;
  /** Signing threads (SSO_SIGNER_THREADS). */
  threads: number;
  /** Their nice value, below the request thread's (SSO_SIGNER_NICE; 0: the process's priority). */
  nice?: number;
  log: Logger;
}

/**
 * The signer named by `mode`, with one start-up line saying which one runs. `openssl` that cannot
 * load the library, misses a symbol or fails the self-test rejects with a one-line reason (the
 * start fails); `auto` then logs the reason and returns the WebCrypto signer.
 */
export async function createSigner(opts: SignerOptions): Promise<JwsSigner> {
  if (opts.mode === "webcrypto") {
    opts.log.info("signer: webcrypto", { signer: "webcrypto", reason: "SSO_SIGNER=webcrypto" });
    return webcryptoSigner;
  }
  let pool: Awaited<ReturnType<typeof sharedOpenSslPool>>;
  try {
    pool = await sharedOpenSslPool(
      {
        library: opts.library,
        threads: opts.threads,
        nice: opts.nice ?? 0,
        onThreadLost: (reason) => opts.log.error("an OpenSSL signing thread stopped; restarting it", { reason }),
      },
      (claims, kid) => signingInput(claims, kid),
    );
  } catch (e) {
    const reason = String((e as Error)?.message ?? e).split("\n")[0];
    if (opts.mode === "openssl")
      throw new Error(
        `SSO_SIGNER=openssl but OpenSSL cannot sign here: ${reason} (SSO_OPENSSL_LIBRARY=${opts.library})`,
      );
    opts.log.warn("signer: webcrypto (the OpenSSL signer is unavailable)", {
      signer: "webcrypto",
      reason,
      library: opts.library,
    });
    return webcryptoSigner;
  }
  opts.log.info("signer: openssl", {
    signer: "openssl",
    library: opts.library,
    version: pool.version,
    threads: pool.threads,
    nice: pool.nice,
  });
  const headers = new Map<string, string>();
  const loads = new Map<string, number>();
  return {
    name: "openssl",
    detail: `${pool.version}, ${pool.threads} threads${pool.nice ? ` at nice ${pool.nice}` : ""}`,
    async load(kid, _key, pkcs8Pem) {
      await pool.load(kid, pemToDer(pkcs8Pem));
      loads.set(kid, (loads.get(kid) ?? 0) + 1);
      headers.set(kid, protectedHeader(kid));
    },
    retire(kid) {
      const n = loads.get(kid);
      if (!n) return;
      if (n > 1) loads.set(kid, n - 1);
      else {
        loads.delete(kid);
        headers.delete(kid);
      }
      pool.retire(kid);
    },
    async sign(claims, kid, _key, typ = "at+jwt") {
      // The access-token header of each loaded kid is made once; other types (ID tokens) each time.
      const header = typ === "at+jwt" ? (headers.get(kid) ?? protectedHeader(kid)) : protectedHeader(kid, typ);
      const input = signingInput(claims, kid, header);
      return `${input}.${await pool.sign(kid, input)}`;
    },
    async signWithIdToken(access, idHead, idTail, kid) {
      const input = signingInput(access, kid, headers.get(kid) ?? protectedHeader(kid));
      validateNumericDates(idHead);
      const { accessSignature, idToken } = await pool.signWithIdToken(
        kid,
        input,
        protectedHeader(kid, "JWT"),
        JSON.stringify(idHead),
        JSON.stringify(idTail),
      );
      return { accessToken: `${input}.${accessSignature}`, idToken };
    },
    close() {
      for (const [kid, n] of loads) for (let i = 0; i < n; i++) pool.retire(kid);
      loads.clear();
      headers.clear();
    },
  };
}
