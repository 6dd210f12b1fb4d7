// Provider metadata (src/protocols/oidc/discovery.ts): RFC 8414 §2, OIDC Discovery 1.0 §3, CONTRACT §12.
import { describe, expect, test } from "bun:test";
import {
  type ProviderFeature,
  buildAuthorizationServerMetadata,
  buildOpenIdConfiguration,
} from "../../../src/protocols/oidc";
import { createDiscovery as createSystemService } from "../../../src/protocols/oidc/discovery";

const issuer = "https://sso.example";
const ALL: ProviderFeature[] = [
  "authorization_code",
  "refresh_token",
  "userinfo",
  "end_session",
  "revocation",
  "introspection",
  "backchannel_logout",
];

describe("discovery", () => {
  test("RFC 8414 §2: without features the document is exactly the one served today", () => {
    const today = createSystemService({ issuer, checks: [], jwks: () => ({ keys: [] }), renderMetrics: () => "" });
    expect(buildAuthorizationServerMetadata({ issuer, features: [] })).toEqual(today.discovery());
  });

  test("OIDC Discovery §3: no OpenID document before the authorization endpoint exists", () => {
    expect(buildOpenIdConfiguration({ issuer, features: [] })).toBeNull();
  });

  test("CONTRACT §12: with every feature the OpenID document lists exactly the contract's members", () => {
    expect(buildOpenIdConfiguration({ issuer, features: ALL, uiLocales: ["en", "fr"] })).toEqual({
      issuer,
      authorization_endpoint: `${issuer}/oauth2/authorize`,
      token_endpoint: `${issuer}/oauth2/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth2/userinfo`,
      end_session_endpoint: `${issuer}/oauth2/logout`,
      revocation_endpoint: `${issuer}/oauth2/revoke`,
      revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      introspection_endpoint: `${issuer}/oauth2/introspect`,
      scopes_supported: ["openid", "profile", "email", "offline_access"],
      response_types_supported: ["code"],
      response_modes_supported: ["query", "form_post"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      claims_supported: [
        "sub",
        "iss",
        "aud",
        "exp",
        "iat",
        "auth_time",
        "nonce",
        "azp",
        "sid",
        "amr",
        "acr",
        "at_hash",
        "email",
        "email_verified",
        "name",
        "updated_at",
      ],
      acr_values_supported: ["urn:sso:acr:pwd", "urn:sso:acr:mfa"],
      claims_parameter_supported: true,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      authorization_response_iss_parameter_supported: true,
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
      ui_locales_supported: ["en", "fr"],
      service_documentation: `${issuer}/docs`,
    });
  });

  test("CONTRACT §12: an endpoint is listed only once its feature is mounted", () => {
    const doc = buildAuthorizationServerMetadata({ issuer, features: ["authorization_code"] });
    for (const m of [
      "userinfo_endpoint",
      "end_session_endpoint",
      "revocation_endpoint",
      "introspection_endpoint",
      "backchannel_logout_supported",
      "ui_locales_supported",
    ])
      expect(doc[m]).toBeUndefined();
    expect(doc.grant_types_supported).toEqual(["authorization_code", "client_credentials"]);
  });

  test("RFC 8414 §3 + OIDC Discovery §3: both documents agree member for member", () => {
    expect(buildAuthorizationServerMetadata({ issuer, features: ALL })).toEqual(
      buildOpenIdConfiguration({ issuer, features: ALL }) ?? {},
    );
  });
});
