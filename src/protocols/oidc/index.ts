/** The OpenID provider's public surface (so far its storage types; CONTRACT §12, §13). */
export {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCode,
  type AuthorizationCodeStore,
  type CodeIssue,
  type RedeemResult,
} from "./ports";

/** The protocol's pure pieces: errors, the authorization request's checks, acr, PKCE, redirects, scopes, discovery. */
export {
  OAUTH_ERROR_CODES,
  OAuthProtocolError,
  bearerError,
  oauthError,
  safeDescription,
  type AuthorizationErrorCode,
  type OAuthErrorCode,
  type OAuthErrorOptions,
  type TokenEndpointErrorCode,
} from "./errors";
export {
  DISPLAY_VALUES,
  KNOWN_PARAMETERS,
  LIMITS,
  PROMPT_VALUES,
  REDIRECT_CHECKS,
  RESPONSE_MODES,
  pageChecks,
  redirectUriMatches,
  validateAuthorizationRequest,
  type AuthorizationOutcome,
  type AuthorizationRequest,
  type AuthorizeClient,
  type Check,
  type CheckContext,
  type ClientLookup,
  type Display,
  type ParamSource,
  type Prompt,
  type ResponseMode,
} from "./authorization-request";
export { ACR_MFA, ACR_PWD, ACR_VALUES_SUPPORTED, acrOf, acrSatisfies, askedAcr, type Acr } from "./acr";
export {
  CODE_VERIFIER_RE,
  PKCE_METHOD,
  pkceRequired,
  S256_CHALLENGE_RE,
  s256Challenge,
  verifyPkceS256,
} from "./pkce";
export {
  appendQuery,
  authorizationErrorFields,
  authorizationErrorRedirect,
  errorRedirect,
  successParameters,
  successRedirect,
  type AuthorizationErrorResponse,
  type SuccessResponse,
} from "./redirect";
export { readIdTokenHint } from "./id-token-hint";
export { type ClaimsRequest, parseClaimsRequest, REQUESTABLE_CLAIMS } from "./claims-request";
export {
  CLAIMS_SUPPORTED,
  MAX_SCOPE_LENGTH,
  SCOPE_CLAIMS,
  SUPPORTED_SCOPES,
  parseScope,
  type ParsedScope,
  type SupportedScope,
} from "./scopes";
export {
  buildAuthorizationServerMetadata,
  buildOpenIdConfiguration,
  type DiscoveryOptions,
  type ProviderFeature,
  type ProviderMetadata,
} from "./discovery";
