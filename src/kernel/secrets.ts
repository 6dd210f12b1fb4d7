/** Randomness, hashing and constant-time comparison: Web Crypto and Bun built-ins only. */
import { timingSafeEqual as nodeTimingSafeEqual } from "node:crypto";

export function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** Random URL-safe token of `n` bytes of entropy. */
export function randomToken(n = 32): string {
  return base64url(randomBytes(n));
}

/** Hex SHA-256 of a UTF-8 string (synchronous, native). */
export function sha256Hex(value: string): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}

/** Constant-time comparison of two strings; unequal lengths compare false without early exit on content. */
export function timingSafeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    // constant-time: still compare equal-length buffers so timing does not depend on content.
    nodeTimingSafeEqual(ab, ab);
    return false;
  }
  return nodeTimingSafeEqual(ab, bb);
}
