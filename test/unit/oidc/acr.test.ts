// Authentication context levels (src/protocols/oidc/acr.ts): OIDC Core §2 `acr`, CONTRACT §12 "Step-up".
import { describe, expect, test } from "bun:test";
import { ACR_MFA, ACR_PWD, acrOf, acrSatisfies, askedAcr } from "../../../src/protocols/oidc";

describe("acr", () => {
  test("the level a sign-in reached follows its amr: mfa after a second factor or a user-verified passkey", () => {
    expect(acrOf(["pwd"])).toBe(ACR_PWD);
    expect(acrOf([])).toBe(ACR_PWD);
    expect(acrOf(["pwd", "otp", "mfa"])).toBe(ACR_MFA);
    expect(acrOf(["pwd", "hwk", "user", "mfa"])).toBe(ACR_MFA);
    expect(acrOf(["hwk", "user"])).toBe(ACR_MFA);
    expect(acrOf(["hwk"])).toBe(ACR_PWD);
  });

  test("acr_values asks for the lowest of our levels it names; mfa satisfies both, pwd only pwd", () => {
    expect(askedAcr(undefined)).toBeUndefined();
    expect(askedAcr("urn:sso:acr:mfa")).toBe(ACR_MFA);
    expect(askedAcr("urn:sso:acr:mfa urn:sso:acr:pwd")).toBe(ACR_PWD);
    expect(askedAcr("gold silver")).toBeUndefined();
    expect(acrSatisfies(ACR_PWD, ACR_PWD)).toBe(true);
    expect(acrSatisfies(ACR_MFA, ACR_PWD)).toBe(true);
    expect(acrSatisfies(ACR_MFA, ACR_MFA)).toBe(true);
    expect(acrSatisfies(ACR_PWD, ACR_MFA)).toBe(false);
  });
});
