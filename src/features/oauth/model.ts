/** Wire shapes of POST /oauth2/token (RFC 6749 §4.4, §5.1, §5.2). */
import { t } from "elysia";
import { Int } from "../../http/wire";

export const TokenRequestBody = t.Object({
  grant_type: t.String({ description: "Must be `client_credentials`." }),
  scope: t.Optional(
    t.String({ description: "Space-separated subset of the client's scopes; omitted means all of them." }),
  ),
  client_id: t.Optional(
    t.String({
      description: "Optional; when sent it must equal the HTTP Basic user name. The secret is never accepted here.",
    }),
  ),
});

export const TokenResponse = t.Object({
  access_token: t.String({ description: "RS256 JWT (`typ: at+jwt`, `token_use: machine`)." }),
  token_type: t.Literal("Bearer"),
  expires_in: Int({ description: "Seconds (900)." }),
  scope: t.String({ description: "What was granted, space-separated." }),
});

export const TokenErrorBody = t.Object({
  error: t.String({
    description:
      "invalid_request | invalid_client | unauthorized_client | unsupported_grant_type | invalid_scope | temporarily_unavailable | server_error",
  }),
  error_description: t.String(),
});
