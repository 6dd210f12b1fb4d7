/** The OAuth 2.0 token endpoint (client_credentials, authorization_code, refresh_token) and UserInfo. */
export {
  createOAuthService,
  TokenRequestError,
  BearerTokenError,
  MACHINE_TOKEN_TTL,
  CLIENT_RATE_LIMIT,
  clientRateKey,
  type OAuthService,
  type TokenErrorCode,
  type MachineToken,
  type IssuedTokens,
  type ClientAuthentication,
  type TokenRequest,
} from "./service";
