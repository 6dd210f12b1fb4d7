// The one form of an email address (kernel/email.ts): NFC, trimmed, lower-cased local part, and the
// domain in IDNA ASCII form (UTS #46), so one mailbox is one account.
import { describe, expect, test } from "bun:test";
import { acceptEmail, emailProblem, normalizeEmail } from "../../src/kernel/email";

describe("normalizeEmail", () => {
  test("fullwidth letters in the domain map to ASCII", () => {
    expect(normalizeEmail("victim@ｅxample.com")).toBe("victim@example.com");
    expect(normalizeEmail("victim@ＥＸＡＭＰＬＥ．ＣＯＭ")).toBe("victim@example.com");
  });

  test("upper case and surrounding spaces", () => {
    expect(normalizeEmail("  Victim@EXAMPLE.Com ")).toBe("victim@example.com");
  });

  test("a real IDN becomes its Punycode form, and the Punycode form is kept", () => {
    expect(normalizeEmail("Leser@Bücher.example")).toBe("leser@xn--bcher-kva.example");
    expect(normalizeEmail("leser@xn--bcher-kva.example")).toBe("leser@xn--bcher-kva.example");
    expect(normalizeEmail("a@例え.テスト")).toBe("a@xn--r8jz45g.xn--zckzah");
  });

  test("the local part keeps its own rules (NFC, lower case; no IDNA)", () => {
    expect(normalizeEmail("Jo\u0308rg@example.com")).toBe("jörg@example.com");
    expect(normalizeEmail("ｖictim@example.com")).toBe("ｖictim@example.com");
  });

  test("an all-ASCII domain keeps its form (no URL-parser extras)", () => {
    expect(normalizeEmail("a@ex%61mple.com")).toBe("a@ex%61mple.com");
    expect(normalizeEmail("a@0x7f.1")).toBe("a@0x7f.1");
  });

  test("never throws: a domain IDNA refuses, or no domain at all, is only lower-cased", () => {
    expect(normalizeEmail("A@XN--A.com")).toBe("a@xn--a.com");
    expect(normalizeEmail("a@exa\u200dmple.com")).toBe("a@exa\u200dmple.com");
    expect(normalizeEmail("No-At-Sign")).toBe("no-at-sign");
    expect(normalizeEmail("")).toBe("");
  });
});

describe("acceptEmail", () => {
  test("maps like normalizeEmail", () => {
    expect(acceptEmail("victim@ｅxample.com")).toBe("victim@example.com");
    expect(acceptEmail("a@bücher.example")).toBe("a@xn--bcher-kva.example");
  });

  test("a domain that fails IDNA processing is a 400 naming the field", () => {
    expect(emailProblem("a@xn--a.com")).toContain("domain");
    expect(emailProblem("a@exa mple.com")).not.toBeNull();
    try {
      acceptEmail("a@xn--a.com", "adminEmail");
      throw new Error("accepted");
    } catch (e) {
      expect((e as { code?: string }).code).toBe("VALIDATION_FAILED");
      expect((e as { errors?: { field: string }[] }).errors?.[0].field).toBe("adminEmail");
    }
  });

  test("invisible characters are still refused", () => {
    expect(() => acceptEmail("vic\u200btim@example.com")).toThrow();
  });
});
