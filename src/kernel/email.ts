/**
 * Email addresses as identities (docs/security.md, "Confusable emails"). An address is compared,
 * stored and looked up in one form: Unicode NFC, trimmed, lower-cased, and its domain in IDNA ASCII
 * form (UTS #46 mapping and Punycode, so `victim@ｅxample.com` and `victim@EXAMPLE.com` are
 * `victim@example.com`, and `bücher.example` is `xn--bcher-kva.example`). Addresses carrying
 * invisible, control, formatting or bidirectional characters are refused, so no second account can
 * look exactly like an existing one.
 */
import { domainToASCII } from "node:url";
import { fieldError } from "./errors";

/**
 * Control (Cc), format (Cf: zero-width space/joiners, bidi marks and isolates, BOM, soft hyphen),
 * line/paragraph separators, non-ASCII spaces, and the Hangul/Mongolian fillers and variation
 * selectors that render as nothing.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\u115F\u1160\u3164\uFFA0\u034F\u180B-\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The IDNA ASCII form of a (lower-cased) domain, or null when IDNA processing refuses it.
 * `domainToASCII` is the WHATWG URL host parser's domain-to-ASCII (UTS #46, non-transitional). An
 * all-ASCII domain is kept as it is once IDNA accepts it: lower-casing is all UTS #46 does to ASCII,
 * and the host parser's own extras (percent-decoding, reading `0x7f.1` as an IPv4 address) are not
 * email rules, so stored ASCII addresses never change form.
 */
function asciiDomain(domain: string): string | null {
  const ascii = domainToASCII(domain);
  if (!ascii) return null;
  return ASCII.test(domain) ? domain : ascii;
}

/** Splits at the last `@` (a quoted local part may hold one); null without a domain. */
function split(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf("@");
  return at < 0 ? null : { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/**
 * The one form of an address: NFC, trimmed, lower-cased, the domain in IDNA ASCII form. Never
 * throws (lookups of any input): a domain IDNA refuses is kept lower-cased, so it finds nothing an
 * accepted address was stored as.
 */
export function normalizeEmail(raw: string): string {
  const address = raw.normalize("NFC").trim().toLowerCase();
  const parts = split(address);
  // An ASCII domain keeps its form whether IDNA accepts it or not: no IDNA work on the sign-in path.
  if (!parts || ASCII.test(parts.domain)) return address;
  const domain = asciiDomain(parts.domain);
  return domain === null ? address : `${parts.local}@${domain}`;
}

/** True when the address (after trimming) carries a character that renders as nothing or reorders text. */
export const hasInvisibleCharacters = (raw: string) => INVISIBLE.test(raw.trim());

/** Why an address cannot become an identity (invisible characters, a domain IDNA refuses), or null. */
export function emailProblem(raw: string): string | null {
  if (hasInvisibleCharacters(raw)) return "contains invisible, control, spacing or bidirectional characters";
  const parts = split(raw.normalize("NFC").trim().toLowerCase());
  if (parts && asciiDomain(parts.domain) === null)
    return "has a domain that is not a valid (internationalized) domain name";
  return null;
}

/**
 * Normalizes an address that is about to become an identity (create user, provisioning, import);
 * 400 naming `field` when `emailProblem` finds one.
 */
export function acceptEmail(raw: string, field = "email"): string {
  const problem = emailProblem(raw);
  if (problem) throw fieldError(field, problem);
  return normalizeEmail(raw);
}
