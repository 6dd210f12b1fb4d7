/**
 * Domain names as the domains feature stores and compares them: trimmed, lower-cased, without a
 * trailing dot, in IDNA ASCII form (WHATWG `domainToASCII`, UTS #46), as kernel/email.ts stores
 * the domain of an address, so `Bücher.Example` and `xn--bcher-kva.example` are one domain.
 */
import { domainToASCII } from "node:url";
import { hasInvisibleCharacters } from "../../kernel/email";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The normalized name, or null when it is not a usable domain name (an IP address, one label, a wildcard, …). */
export function normalizeDomain(raw: string): string | null {
  // As for addresses (kernel/email.ts): nothing that renders as nothing or reorders text.
  if (hasInvisibleCharacters(raw)) return null;
  const trimmed = raw.normalize("NFC").trim().toLowerCase().replace(/\.$/, "");
  if (!trimmed || trimmed.length > 253 || /[\s/@:*]/.test(trimmed)) return null;
  const ascii = /^[\x00-\x7f]*$/.test(trimmed) ? trimmed : domainToASCII(trimmed);
  if (!ascii || ascii !== domainToASCII(ascii)) return null;
  const labels = ascii.split(".");
  if (labels.length < 2 || ascii.length > 253 || !labels.every((l) => LABEL.test(l))) return null;
  // A top-level label of digits only is an IPv4 address, not a domain.
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return null;
  return ascii;
}

/** The domain of a normalized email address (the part after the last `@`). */
export const domainOfEmail = (email: string) => email.slice(email.lastIndexOf("@") + 1);
