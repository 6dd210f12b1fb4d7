/**
 * AES-256-GCM envelope for secrets at rest (signing keys, webhook secrets, TOTP seeds).
 * Several master keys may be configured: the first encrypts, every one is tried to decrypt,
 * so the master key can be rotated. Format: `v1.<keyIndexHint>.<iv b64url>.<ciphertext b64url>`.
 */
export interface CryptoBox {
  seal(plaintext: string): Promise<string>;
  open(sealed: string): Promise<string>;
  /**
   * A 32-byte key for one purpose (`info`, e.g. "sso-pages-csrf"), derived with HKDF-SHA256 from the
   * first master key: every instance derives the same key, and no purpose's key reveals another's or
   * the master key. Rotating the first master key changes every derived key.
   */
  derive(info: string): Promise<Uint8Array>;
}

export async function createCryptoBox(masterKeys: Uint8Array[]): Promise<CryptoBox> {
  if (masterKeys.length === 0) throw new Error("at least one master key is required");
  const keys = await Promise.all(
    masterKeys.map((raw) =>
      crypto.subtle.importKey("raw", raw as Uint8Array<ArrayBuffer>, { name: "AES-GCM" }, false, [
        "encrypt",
        "decrypt",
      ]),
    ),
  );
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  const hkdfBase = await crypto.subtle.importKey("raw", masterKeys[0] as Uint8Array<ArrayBuffer>, "HKDF", false, [
    "deriveBits",
  ]);
  return {
    async derive(info) {
      const bits = await crypto.subtle.deriveBits(
        { name: "HKDF", hash: "SHA-256", salt: enc.encode("sso-derived-key-v1"), info: enc.encode(info) },
        hkdfBase,
        256,
      );
      return new Uint8Array(bits);
    },
    async seal(plaintext) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, keys[0], enc.encode(plaintext));
      return `v1.${Buffer.from(iv).toString("base64url")}.${Buffer.from(ct).toString("base64url")}`;
    },
    async open(sealed) {
      const [v, ivB64, ctB64] = sealed.split(".");
      if (v !== "v1" || !ivB64 || !ctB64) throw new Error("unrecognised sealed value");
      const iv = Buffer.from(ivB64, "base64url");
      const ct = Buffer.from(ctB64, "base64url");
      for (const key of keys) {
        try {
          return dec.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, ct));
        } catch {
          // try the next configured key
        }
      }
      throw new Error("no configured SSO_MASTER_KEY can decrypt this value");
    },
  };
}
