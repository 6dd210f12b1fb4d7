/**
 * An unknown SSO_* variable is a start-up warning naming the nearest known one (issue 37, point 5;
 * CONTRACT §19): a typo no longer starts silently with the default.
 */
import { describe, expect, test } from "bun:test";
import { levenshtein, loadConfig, unknownVariableWarnings } from "../../src/config";

describe("unknown SSO_* variables", () => {
  test("a typo is warned about, naming the nearest known variable and never the value", () => {
    const warnings = unknownVariableWarnings({ SSO_ISUER: "https://id.example.com", SSO_MASTER_KEY: "secret" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("SSO_ISUER");
    expect(warnings[0]).toContain("did you mean SSO_ISSUER?");
    expect(warnings[0]).not.toContain("id.example.com");
  });

  test("each unknown name gets its own nearest neighbour, in name order", () => {
    const warnings = unknownVariableWarnings({
      SSO_LOGIN_RATELIMIT: "5",
      SSO_TRUSTED_PROXY: "10.0.0.1",
      SSO_webhook_allow_private: "true",
    });
    expect(warnings.map((w) => w.match(/did you mean (\w+)\?/)?.[1])).toEqual([
      "SSO_LOGIN_RATE_LIMIT",
      "SSO_TRUSTED_PROXIES",
      "SSO_WEBHOOK_ALLOW_PRIVATE",
    ]);
  });

  test("known variables, empty ones and other prefixes pass without a word", () => {
    expect(
      unknownVariableWarnings({
        SSO_ISSUER: "http://x.test",
        SSO_RATE_LIMIT: "",
        PATH: "/bin",
        HOME: "/root",
        SSOX: "1",
      }),
    ).toEqual([]);
  });

  test("a typo stays a warning: the configuration still loads", () => {
    expect(() => loadConfig({ SSO_ISUER: "https://id.example.com" })).not.toThrow();
  });

  test("levenshtein", () => {
    expect(levenshtein("SSO_ISUER", "SSO_ISSUER")).toBe(1);
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("same", "same")).toBe(0);
  });
});
