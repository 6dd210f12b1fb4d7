/** The OAuth 2.0 token endpoint (client_credentials grant). */
export {
  createOAuthService,
  TokenRequestError,
  MACHINE_TOKEN_TTL,
  CLIENT_RATE_LIMIT,
  clientRateKey,
  type OAuthService,
  type TokenErrorCode,
  type MachineToken,
} from "./service";
