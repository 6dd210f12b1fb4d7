/**
 * The provider's metadata documents as pure data: RFC 8414 §2 (`/.well-known/oauth-authorization-server`)
 * and OpenID Connect Discovery 1.0 §3 (`/.well-known/openid-configuration`). Each lists exactly
 * what is served (CONTRACT §12: "Discovery lists exactly these"), so endpoints appear only with
 * the feature that mounts them.
 *
 * With no feature the RFC 8414 document is the client-credentials token endpoint and the key set
 * alone. The OIDC module serves both documents (discovery-routes.ts, module.ts).
 */
import { ACR_VALUES_SUPPORTED } from "./acr";
import { RESPONSE_MODES } from "./authorization-request";
import { SUPPORTED_SCOPES, CLAIMS_SUPPORTED } from "./scopes";

/**
 * What the HTTP layer has mounted. `authorization_code` is the browser sign-in itself
 * (`/oauth2/authorize`, the code grant, ID tokens); the others are the endpoints of CONTRACT §12-§13.
 */
export type ProviderFeature =
  | "authorization_code"
  | "refresh_token"
  | "userinfo"
  | "end_session"
  | "revocation"
  | "introspection"
  | "backchannel_logout";

export interface DiscoveryOptions {
  /** The issuer identifier, without a trailing slash (RFC 8414 §2, OIDC Discovery §3). */
  issuer: string;
  features: readonly ProviderFeature[];
  /** Locales of the hosted pages' message catalogue (`ui_locales_supported`); omitted when empty. */
  uiLocales?: readonly string[];
}

/** Metadata member values; every member is a string, a boolean or a list of strings. */
export type ProviderMetadata = Record<string, string | boolean | string[]>;

/**
 * RFC 8414 §2 metadata. With `authorization_code` it also carries the OpenID members (RFC 8414 §2
 * allows any registered metadata), so both documents agree.
 */
export function buildAuthorizationServerMetadata(opts: DiscoveryOptions): ProviderMetadata {
  const { issuer } = opts;
  const has = (f: ProviderFeature) => opts.features.includes(f);
  if (!has("authorization_code"))
    // Exactly what the system feature serves today: client credentials over HTTP Basic only.
    return {
      issuer,
      token_endpoint: `${issuer}/oauth2/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      grant_types_supported: ["client_credentials"],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ["client_secret_basic"],
      service_documentation: `${issuer}/docs`,
    };

  const tokenAuth = ["client_secret_basic", "client_secret_post", "none"];
  const doc: ProviderMetadata = {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
  };
  if (has("userinfo")) doc.userinfo_endpoint = `${issuer}/oauth2/userinfo`;
  if (has("end_session")) doc.end_session_endpoint = `${issuer}/oauth2/logout`;
  if (has("revocation")) {
    doc.revocation_endpoint = `${issuer}/oauth2/revoke`;
    // RFC 8414 §2: the default would be client_secret_basic alone; public clients revoke with `none` (RFC 7009 §2.1).
    doc.revocation_endpoint_auth_methods_supported = tokenAuth;
  }
  // RFC 8414 §2: introspection's default auth method (client_secret_basic) is exactly CONTRACT §13's.
  if (has("introspection")) doc.introspection_endpoint = `${issuer}/oauth2/introspect`;
  Object.assign(doc, {
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: [...RESPONSE_MODES],
    grant_types_supported: [
      "authorization_code",
      ...(has("refresh_token") ? ["refresh_token"] : []),
      "client_credentials",
    ],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: tokenAuth,
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    claims_supported: [...CLAIMS_SUPPORTED],
    acr_values_supported: [...ACR_VALUES_SUPPORTED],
    claims_parameter_supported: true,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
  });
  if (has("backchannel_logout")) {
    doc.backchannel_logout_supported = true;
    doc.backchannel_logout_session_supported = true;
  }
  if (opts.uiLocales?.length) doc.ui_locales_supported = [...opts.uiLocales];
  doc.service_documentation = `${issuer}/docs`;
  return doc;
}

/**
 * OpenID Connect Discovery 1.0 §3 metadata: the same members as RFC 8414's document. Null without
 * `authorization_code`: an OpenID provider has an authorization endpoint and issues ID tokens
 * (§3 REQUIRED members), so no OpenID document is served before that.
 */
export function buildOpenIdConfiguration(opts: DiscoveryOptions): ProviderMetadata | null {
  if (!opts.features.includes("authorization_code")) return null;
  return buildAuthorizationServerMetadata(opts);
}

/** What the discovery documents are built from: the issuer, what is mounted, the pages' locales. */
export interface DiscoverySettings {
  issuer: string;
  /** What the OpenID provider serves (the composition root lists what it mounts); none: client credentials only. */
  features?: readonly ProviderFeature[];
  /** Locales of the hosted pages (`ui_locales_supported`). */
  uiLocales?: readonly string[];
}

/**
 * The two documents, built once from the one builder, listing exactly what is mounted (CONTRACT
 * §12); the OpenID document is null (404) when no authorization endpoint is. Reads only the
 * members of `settings` it names, whatever else the object carries.
 */
export function createDiscovery<S extends DiscoverySettings>(settings: S) {
  const options: DiscoveryOptions = {
    issuer: settings.issuer,
    features: settings.features ?? [],
    uiLocales: settings.uiLocales,
  };
  const discovery = buildAuthorizationServerMetadata(options);
  const openid = buildOpenIdConfiguration(options);
  return { discovery: () => discovery, openidConfiguration: () => openid };
}

export type Discovery = ReturnType<typeof createDiscovery>;
