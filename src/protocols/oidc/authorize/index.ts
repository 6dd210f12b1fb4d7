/** The authorization endpoint of the OpenID provider: `/oauth2/authorize` and consent (CONTRACT §12). */
export { createAuthorizeService, JOURNEY_PROTOCOL, type AuthorizeDeps, type AuthorizeService } from "./service";
export { CODE_TTL_SECONDS } from "./flow";
export type { AuthorizeOutcome, FormPostView, OidcAnswer } from "./request";
