// The one OAuth error vocabulary (src/protocols/oidc/errors.ts).
import { describe, expect, test } from "bun:test";
import type { TokenErrorCode } from "../../../src/protocols/oidc/token";
import {
  OAUTH_ERROR_CODES,
  OAuthProtocolError,
  type OAuthErrorCode,
  type TokenEndpointErrorCode,
} from "../../../src/protocols/oidc";
import type { OAuthErrorCode as RenderedTokenCode } from "../../../src/protocols/oidc/errors";

// Compile-time: the token grant's codes (but its own `rate_limited`, rendered as slow_down) and the
// token endpoint renderer's are drawn from the one vocabulary.
const grantCodes: Exclude<TokenErrorCode, "rate_limited">[] = ["invalid_request"];
const asShared: TokenEndpointErrorCode[] = grantCodes;
const rendered: RenderedTokenCode[] = asShared;
const asAny: OAuthErrorCode[] = rendered;

describe("the OAuth error vocabulary", () => {
  test("RFC 6749 §4.1.2.1, §5.2 + OIDC Core §3.1.2.6: every registered code is present once", () => {
    for (const c of [
      "invalid_request",
      "unauthorized_client",
      "access_denied",
      "unsupported_response_type",
      "invalid_scope",
      "server_error",
      "temporarily_unavailable",
      "login_required",
      "consent_required",
      "interaction_required",
      "account_selection_required",
      "request_not_supported",
      "request_uri_not_supported",
      "invalid_request_uri",
      "invalid_request_object",
      "registration_not_supported",
      "invalid_grant",
      "invalid_client",
      "unsupported_grant_type",
    ])
      expect(OAUTH_ERROR_CODES).toContain(c as OAuthErrorCode);
    expect(new Set(OAUTH_ERROR_CODES).size).toBe(OAUTH_ERROR_CODES.length);
    expect(asAny.length).toBe(1);
  });

  test("RFC 6749 §4.1.2.1: a description is reduced to %x20-21 / %x23-5B / %x5D-7E", () => {
    const e = new OAuthProtocolError("invalid_request", 'say "hi" \\ caf\u00e9');
    expect(e.description).toBe("say ?hi? ? caf?");
    expect(e.message).toBe(e.description);
  });
});
