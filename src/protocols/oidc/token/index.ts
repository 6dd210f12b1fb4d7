/**
 * The token side of the OpenID provider: POST /oauth2/token (client authentication + a map of
 * grants, one file per grant), UserInfo, revocation and introspection (CONTRACT §5, §12, §13).
 */
export { createTokenService, type TokenService, type TokenServiceDeps } from "./service";
export { tokenRoutes, clientAuthentication, parseBasic } from "./routes";
export {
  CLIENT_RATE_LIMIT,
  MACHINE_TOKEN_TTL,
  clientRateKey,
  createTokenEndpoint,
  type GrantMap,
  type IssuedTokens,
  type TokenForm,
  type TokenGrant,
  type TokenRequest,
} from "./endpoint";
export { type ClientAuthentication, createClientAuthenticator } from "./client-auth";
export { type LiveAccess, type TokenUser } from "./access";
export type { TokenEndpointErrorCode as TokenErrorCode } from "../errors";
