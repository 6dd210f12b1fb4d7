/**
 * The authorization endpoint's wire description (OpenAPI). Its parameters are read raw (a
 * multimap, so a repeated parameter is seen: RFC 6749 §3.1) and checked by the protocol's ordered
 * checks, never by a schema: a schema's refusal would be a JSON body, and the endpoint answers a
 * browser with a page or a redirect.
 */

/** The authorization endpoint (the journey's steps sit under it: features/journey/model.ts). */
export const AUTHORIZE_PATH = "/oauth2/authorize";
/** The consent page's POST (CONTRACT §12 "Consent"). */
export const CONSENT_PATH = "/oauth2/authorize/consent";

const PARAMETERS = [
  ["client_id", true, "The client (`cli_…`)."],
  [
    "redirect_uri",
    true,
    "Exactly one of the client's registered redirect URIs, compared by exact string. Only a registered public client's `http://127.0.0.1` or `http://[::1]` URI may differ in its port (RFC 8252 §7.3); the console's (`sso-console`) never does, whatever the issuer.",
  ],
  ["response_type", true, "`code`."],
  [
    "response_mode",
    false,
    "`query` (the default: a 303 to the redirect URI) or `form_post` (a page that POSTs the answer to the redirect URI); any other value is `invalid_request`.",
  ],
  [
    "code_challenge",
    false,
    "PKCE S256 challenge (43 base64url characters). Required of a public client and of a confidential one unless it is registered with `requirePkce: false`; a request that sends one is bound to it.",
  ],
  ["code_challenge_method", false, "`S256` (the only method); with `code_challenge` only."],
  ["scope", false, "`openid profile email offline_access`; unknown values are ignored."],
  ["state", false, "Echoed back unchanged."],
  ["nonce", false, "Put into the ID token."],
  ["prompt", false, "`none`, `login`, `consent`, `select_account`."],
  ["max_age", false, "Seconds: an older sign-in is asked again."],
  ["id_token_hint", false, "An ID token of this service naming who should be signed in."],
  ["login_hint", false, "Prefills the email field."],
  ["ui_locales", false, "Preferred languages of the pages."],
  [
    "acr_values",
    false,
    "`urn:sso:acr:mfa` asks for two factors: a session that reached only `urn:sso:acr:pwd` is asked for its second factor (step-up). The lowest listed level of ours is what is asked; unknown values are ignored.",
  ],
  ["organization", false, "The org id to preselect as the active organization."],
] as const;

/** OpenAPI `detail` of `GET|POST /oauth2/authorize`. */
export const authorizeDetail = (method: "GET" | "POST") => ({
  tags: ["OpenID provider"],
  security: [],
  summary:
    method === "GET"
      ? "Authorization request (browser sign-in)"
      : "Authorization request as a form post (browser sign-in)",
  description:
    "OAuth 2.1 authorization code + PKCE and OpenID Connect (CONTRACT §12). Answers the hosted sign-in pages (HTML), or 303 to the redirect URI with `code`, `state` and `iss` (RFC 9207), or with `error`, `error_description`, `state` and `iss`. " +
    "With `response_mode=form_post` those answers are instead a page (200, no-store) whose form POSTs the same parameters to the redirect URI, submitted by a script file of this service (no inline script) or a `<noscript>` button. " +
    "An unknown client or an unregistered redirect URI is an error page, never a redirect. `prompt=none` never shows a page (`login_required`, `consent_required`, `account_selection_required`, `interaction_required`). " +
    "The ID token's `acr` is `urn:sso:acr:pwd` or `urn:sso:acr:mfa`; `acr_values=urn:sso:acr:mfa` on a password-only session asks for the second factor (a person with none gets a 403 page). " +
    (method === "POST" ? "The parameters come as an `application/x-www-form-urlencoded` body. " : "") +
    "See docs/oidc.md.",
  ...(method === "GET"
    ? {
        parameters: PARAMETERS.map(([name, required, description]) => ({
          name,
          in: "query" as const,
          required,
          description,
          schema: { type: "string" as const },
        })),
      }
    : {}),
});
