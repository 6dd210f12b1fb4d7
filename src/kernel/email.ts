/**
 * Email addresses as identities (docs/security.md, "Confusable emails"). An address is compared,
 * stored and looked up in one form: Unicode NFC, trimmed, lower-cased. Addresses carrying invisible,
 * control, formatting or bidirectional characters are refused, so no second account can look exactly
 * like an existing one.
 */
import { fieldError } from "./errors";

/**
 * Control (Cc), format (Cf: zero-width space/joiners, bidi marks and isolates, BOM, soft hyphen),
 * line/paragraph separators, non-ASCII spaces, and the Hangul/Mongolian fillers and variation
 * selectors that render as nothing.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\u115F\u1160\u3164\uFFA0\u034F\u180B-\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/** The one form of an address: NFC, trimmed, lower-cased. Never throws (lookups of any input). */
export function normalizeEmail(raw: string): string {
  return raw.normalize("NFC").trim().toLowerCase();
}

/** True when the address (after trimming) carries a character that renders as nothing or reorders text. */
export const hasInvisibleCharacters = (raw: string) => INVISIBLE.test(raw.trim());

/** Normalizes an address that is about to become an identity; 400 naming `field` when it carries invisible characters. */
export function acceptEmail(raw: string, field = "email"): string {
  if (hasInvisibleCharacters(raw))
    throw fieldError(field, "contains invisible, control, spacing or bidirectional characters");
  return normalizeEmail(raw);
}
