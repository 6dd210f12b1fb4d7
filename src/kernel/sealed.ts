/**
 * Values that travel through a browser or a client and come back signed: `<payload>.<mac>`, the
 * payload base64url JSON, the MAC HMAC-SHA256 under a key of at least 32 bytes shared by every
 * instance (derived from the master key) and bound to a purpose, so a value sealed for one purpose
 * never opens for another. Used for the authorize flow's pending interaction and the passkey
 * attempts. Opening checks the MAC in constant time and parses; what the value must hold (its
 * fields, its age) is the caller's to check.
 */
import { createHmac } from "node:crypto";
import { timingSafeEqual } from "./secrets";

export interface Sealer {
  seal(value: object): string;
  /** The value when `sealed` is at most `maxLength` characters and its MAC holds; else null. */
  open(sealed: string | undefined | null, maxLength: number): Record<string, unknown> | null;
}

export function createSealer(key: Uint8Array, purpose: string): Sealer {
  if (key.length < 32) throw new Error(`the key sealing ${purpose} must be at least 32 bytes`);
  const mac = (payload: string) => createHmac("sha256", key).update(`${purpose}\0`).update(payload).digest("base64url");
  return {
    seal(value) {
      const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
      return `${payload}.${mac(payload)}`;
    },
    open(sealed, maxLength) {
      if (!sealed || sealed.length > maxLength) return null;
      const dot = sealed.lastIndexOf(".");
      if (dot <= 0) return null;
      const payload = sealed.slice(0, dot);
      // constant-time: the MAC is a secret-derived value compared with what the caller sent.
      if (!timingSafeEqual(mac(payload), sealed.slice(dot + 1))) return null;
      try {
        const v = JSON.parse(Buffer.from(payload, "base64url").toString()) as unknown;
        return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
  };
}
