import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { atHash, computeIdTokenClaims, ID_TOKEN_TTL, scopeClaims } from "../../../src/features/tokens";
import { withAtHash } from "../../../src/features/tokens/id-token";

const user = {
  id: 42,
  email: "ada@example.com",
  fullName: "Ada",
  updatedAt: new Date(1_700_000_000_500),
  emailVerified: false,
};

/** A claim name as tokens carry them: not an array index (objects list those first) and not "__proto__". */
const claimName = (k: string) => !/^(0|[1-9][0-9]*)$/.test(k) && k !== "__proto__";

describe("ID token claims (OIDC Core §2, §3.1.3.6)", () => {
  test("withAtHash: the JSON of head, at_hash, tail, as JSON.stringify writes it (empty parts too)", () => {
    const part = fc.dictionary(
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }).filter(claimName),
      fc.jsonValue({ maxDepth: 2 }),
      {
        maxKeys: 4,
      },
    );
    fc.assert(
      fc.property(part, part, fc.string({ maxLength: 43 }), (head, t, hash) => {
        delete head.at_hash;
        const tail = Object.fromEntries(Object.entries(t).filter(([k]) => !(k in head) && k !== "at_hash"));
        expect(withAtHash(JSON.stringify(head), hash, JSON.stringify(tail))).toBe(
          JSON.stringify({ ...head, at_hash: hash, ...tail }),
        );
      }),
      { numRuns: 2000 },
    );
    expect(withAtHash("{}", "h", "{}")).toBe('{"at_hash":"h"}');
  });

  test("at_hash: the OIDC Core Appendix A.3 example", () => {
    expect(atHash("jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y")).toBe("77QmUPtjPfzWtF2AnpK9RQ");
  });

  test("every claim, in the contract's shape", () => {
    const c = computeIdTokenClaims({
      user,
      issuer: "https://sso.example",
      clientId: "cli_x",
      sid: "s1",
      authTime: new Date(1_700_000_100_900),
      amr: ["pwd", "otp", "mfa"],
      acr: "urn:sso:acr:mfa",
      nonce: "n",
      accessToken: "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y",
      scopes: ["openid", "email", "profile"],
      iat: 1_700_000_200,
    });
    expect(c).toEqual({
      iss: "https://sso.example",
      sub: "42",
      aud: "cli_x",
      azp: "cli_x",
      exp: 1_700_000_200 + ID_TOKEN_TTL,
      iat: 1_700_000_200,
      auth_time: 1_700_000_100,
      nonce: "n",
      sid: "s1",
      amr: ["pwd", "otp", "mfa"],
      acr: "urn:sso:acr:mfa",
      at_hash: "77QmUPtjPfzWtF2AnpK9RQ",
      email: "ada@example.com",
      email_verified: false,
      name: "Ada",
      updated_at: 1_700_000_000,
    });
  });

  test("no nonce, no access token, no scope claims: none of theirs", () => {
    const c = computeIdTokenClaims({
      user,
      issuer: "i",
      clientId: "c",
      sid: "s",
      authTime: new Date(0),
      amr: [],
      acr: "urn:sso:acr:pwd",
      nonce: null,
      scopes: ["openid"],
      iat: 1,
    });
    for (const k of ["nonce", "at_hash", "email", "email_verified", "name", "updated_at"]) expect(c[k]).toBeUndefined();
    expect(scopeClaims(user, [])).toEqual({});
  });

  test("email_verified is the user's verified mark", () => {
    expect(scopeClaims({ ...user, emailVerified: true }, ["email"])).toEqual({
      email: "ada@example.com",
      email_verified: true,
    });
    expect(scopeClaims(user, ["email"]).email_verified).toBe(false);
  });
});
