// PKCE S256 (src/protocols/oidc/pkce.ts): RFC 7636 §4.1 verifier grammar, §4.2 transform, §4.6 check.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { CODE_VERIFIER_RE, S256_CHALLENGE_RE, s256Challenge, verifyPkceS256 } from "../../../src/protocols/oidc";

const UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
/** Any valid verifier: 43-128 unreserved characters (RFC 7636 §4.1). */
const verifier = fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 43, maxLength: 128 });

describe("PKCE S256", () => {
  test("RFC 7636 Appendix B: the specification's example verifier gives its example challenge", () => {
    const v = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    expect(s256Challenge(v)).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    expect(verifyPkceS256(v, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
  });

  test("RFC 7636 §4.6: any valid verifier verifies against its own S256 challenge (property)", () => {
    fc.assert(
      fc.property(verifier, (v) => {
        const c = s256Challenge(v);
        expect(S256_CHALLENGE_RE.test(c)).toBe(true);
        expect(verifyPkceS256(v, c)).toBe(true);
      }),
    );
  });

  test("RFC 7636 §4.6: a verifier never verifies against another verifier's challenge (property)", () => {
    fc.assert(
      fc.property(verifier, verifier, (a, b) => {
        fc.pre(a !== b);
        expect(verifyPkceS256(a, s256Challenge(b))).toBe(false);
      }),
    );
  });

  test("RFC 7636 §4.6: a verifier never verifies against an altered challenge (property)", () => {
    fc.assert(
      fc.property(verifier, fc.nat(42), (v, i) => {
        const c = s256Challenge(v);
        const altered = c.slice(0, i) + (c[i] === "A" ? "B" : "A") + c.slice(i + 1);
        expect(verifyPkceS256(v, altered)).toBe(false);
      }),
    );
  });

  test("RFC 7636 §4.1: a verifier shorter than 43 or longer than 128 characters never verifies", () => {
    for (const v of ["a".repeat(42), "a".repeat(129)]) {
      expect(CODE_VERIFIER_RE.test(v)).toBe(false);
      expect(verifyPkceS256(v, s256Challenge(v))).toBe(false);
    }
  });

  test("RFC 7636 §4.1: a verifier with a character outside the unreserved set never verifies", () => {
    for (const bad of ["+", "/", "=", " ", "%", "\u00e9"]) {
      const v = `${"a".repeat(50)}${bad}`;
      expect(verifyPkceS256(v, s256Challenge(v))).toBe(false);
    }
  });

  test("RFC 7636 §4.2 + OAuth 2.1 draft §4.1.1: the plain method (challenge = verifier) never verifies", () => {
    const v = "a".repeat(43);
    expect(verifyPkceS256(v, v)).toBe(false);
  });
});
