// The passkeys' relying party from the configuration (CONTRACT §14): RP ID = the issuer's host unless
// SSO_WEBAUTHN_RP_ID widens it to a parent domain; origins = the issuer's plus SSO_WEBAUTHN_ORIGINS.
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config";

const base = { SSO_ISSUER: "https://login.example.com", SSO_MASTER_KEY: Buffer.alloc(32, 1).toString("base64") };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe("SSO_WEBAUTHN_RP_ID and SSO_WEBAUTHN_ORIGINS", () => {
  test("by default: the issuer's host and origin", () => {
    expect(load({}).webauthn).toEqual({ rpId: "login.example.com", origins: ["https://login.example.com"] });
    expect(loadConfig({ SSO_ISSUER: "http://localhost:8080" }).webauthn).toEqual({
      rpId: "localhost",
      origins: ["http://localhost:8080"],
    });
  });

  test("a parent domain with more origins under it", () => {
    expect(
      load({ SSO_WEBAUTHN_RP_ID: "Example.com", SSO_WEBAUTHN_ORIGINS: "https://app.example.com,https://example.com" })
        .webauthn,
    ).toEqual({
      rpId: "example.com",
      origins: ["https://login.example.com", "https://app.example.com", "https://example.com"],
    });
  });

  test("an RP ID that is not the issuer's host or a parent of it, or an origin outside it, stops the start", () => {
    for (const rp of ["other.com", "ample.com", "evil.login.example.com", "exa mple.com", "com"])
      expect(() => load({ SSO_WEBAUTHN_RP_ID: rp })).toThrow(ConfigError);
    expect(() => load({ SSO_WEBAUTHN_ORIGINS: "https://app.example.com" })).toThrow(ConfigError);
    expect(() => load({ SSO_WEBAUTHN_RP_ID: "example.com", SSO_WEBAUTHN_ORIGINS: "https://example.org" })).toThrow(
      ConfigError,
    );
    expect(() => load({ SSO_WEBAUTHN_ORIGINS: "https://login.example.com/path" })).toThrow(ConfigError);
  });
});
