/** Wire shapes of POST /oauth2/token (RFC 6749 §4.1.3, §4.4, §5.1, §5.2, §6) and UserInfo (OIDC Core §5.3). */
import { t } from "elysia";
import { Int } from "../../../http/wire";

export const TokenRequestBody = t.Object({
  grant_type: t.String({ description: "`client_credentials`, `authorization_code` or `refresh_token`." }),
  scope: t.Optional(
    t.String({
      description:
        "client_credentials: space-separated subset of the client's scopes; omitted means all of them. Ignored by the other grants.",
    }),
  ),
  client_id: t.Optional(
    t.String({
      description:
        "With HTTP Basic: optional, must equal the Basic user name. Without: the client (`client_secret_post` with `client_secret`, or `none` for a public client).",
    }),
  ),
  client_secret: t.Optional(
    t.String({ description: "`client_secret_post` only (never together with HTTP Basic, never in the URL)." }),
  ),
  code: t.Optional(t.String({ description: "authorization_code: the code from the authorization response." })),
  redirect_uri: t.Optional(
    t.String({ description: "authorization_code: exactly the redirect_uri of the authorization request." }),
  ),
  code_verifier: t.Optional(
    t.String({
      description:
        "authorization_code: the PKCE verifier (RFC 7636, S256). Required when the authorization request sent a `code_challenge`; refused (`invalid_grant`) when it sent none (RFC 9700 §4.8.2).",
    }),
  ),
  refresh_token: t.Optional(t.String({ description: "refresh_token: the client's current refresh token." })),
});

export const TokenResponse = t.Object({
  access_token: t.String({
    description:
      "RS256 JWT (`typ: at+jwt`): `token_use: machine` for client_credentials; the SPEC 2.1 user token with `client_id`, `scope` and `sid` for the other grants.",
  }),
  token_type: t.Literal("Bearer"),
  expires_in: Int({ description: "Seconds (900)." }),
  scope: t.String({ description: "What was granted, space-separated." }),
  id_token: t.Optional(
    t.String({ description: "authorization_code with `openid` granted: the ID token (RS256, `typ: JWT`)." }),
  ),
  refresh_token: t.Optional(
    t.String({
      description:
        "authorization_code and refresh_token grants, for a client holding `refresh_token`: rotating, bound to the client.",
    }),
  ),
});

export const TokenErrorBody = t.Object({
  error: t.String({
    description:
      "invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error",
  }),
  error_description: t.String(),
});

/** POST /oauth2/userinfo with the token in the body (RFC 6750 §2.2); the route parses it itself. */
export const UserInfoForm = t.Object({
  access_token: t.String({
    description:
      "The access token, when not sent as `Authorization: Bearer` (never both; a repeated parameter is `invalid_request`).",
  }),
});

/** RFC 6750 §3.1 (UserInfo): the error is also in `WWW-Authenticate: Bearer`. */
export const BearerErrorBody = t.Object({
  error: t.String({ description: "invalid_request (400) | invalid_token (401) | insufficient_scope (403)" }),
  error_description: t.String(),
});

export const UserInfoResponse = t.Object({
  sub: t.String({ description: "The user's id as a decimal string (the ID token's `sub`)." }),
  email: t.Optional(t.String({ description: "With `email`." })),
  email_verified: t.Optional(t.Boolean({ description: "With `email`." })),
  name: t.Optional(t.String({ description: "With `profile`." })),
  updated_at: t.Optional(Int({ description: "With `profile`: seconds since the epoch." })),
});

/** POST /oauth2/revoke (RFC 7009 §2.1) and /oauth2/introspect (RFC 7662 §2.1). */
export const TokenActionBody = t.Object({
  token: t.Optional(t.String({ description: "The token: a refresh token or an access token of this service." })),
  token_type_hint: t.Optional(
    t.String({ description: "`refresh_token` or `access_token`; a hint only (the token's shape decides)." }),
  ),
  client_id: t.Optional(t.String({ description: "As at the token endpoint." })),
  client_secret: t.Optional(t.String({ description: "As at the token endpoint (`client_secret_post`)." })),
});

export const IntrospectionResponse = t.Object(
  {
    active: t.Boolean({ description: "False for anything but a live token of this service in the caller's tenant." }),
    token_type: t.Optional(t.String({ description: "`Bearer` (access token) or `refresh_token`." })),
    client_id: t.Optional(t.String({ description: "The client the token was issued to." })),
    scope: t.Optional(t.String()),
    sub: t.Optional(t.String()),
    aud: t.Optional(t.Union([t.String(), t.Array(t.String())])),
    iss: t.Optional(t.String()),
    exp: t.Optional(Int()),
    iat: t.Optional(Int()),
    sid: t.Optional(t.String()),
    jti: t.Optional(t.String()),
  },
  { additionalProperties: true, description: "RFC 7662 §2.2: with `active: true`, the token's claims too." },
);
