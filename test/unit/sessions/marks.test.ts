/** Revocation marks (src/features/sessions): values fit a 32-bit counter for decades and compare with a token's `iat`. */
import { describe, expect, test } from "bun:test";
import { MARK_EPOCH_SECONDS, markCovers, markKeys, markValueAt } from "../../../src/features/sessions";

describe("revocation marks", () => {
  test("a mark set at or after a token's iat covers it; one set before does not", () => {
    const at = new Date("2026-11-24T15:00:00Z");
    const iat = Math.floor(at.getTime() / 1000);
    const v = markValueAt(at);
    expect(markCovers(v, iat)).toBe(true);
    expect(markCovers(v, iat - 100)).toBe(true);
    expect(markCovers(v, iat + 1)).toBe(false);
    expect(markCovers(0, iat)).toBe(false);
  });

  test("values stay far below 2^31 until the 2080s, and are never zero", () => {
    expect(markValueAt(new Date("2085-01-01T00:00:00Z"))).toBeLessThan(2 ** 31);
    expect(markValueAt(new Date(MARK_EPOCH_SECONDS * 1000 - 5000))).toBe(1);
  });

  test("keys name what ended", () => {
    expect(markKeys.sid("S")).toBe("end:sid:S");
    expect(markKeys.family("S", "cli_1")).toBe("end:fam:S:cli_1");
    expect(markKeys.jti("J")).toBe("end:jti:J");
  });
});
