/** The browser half of the OpenID provider: `/oauth2/authorize` and the hosted pages' flow (CONTRACT §12). */
export {
  amrOf,
  CODE_TTL_SECONDS,
  createAuthorizeService,
  INTERACTION_SECONDS,
  SIGN_IN_ABSOLUTE_SECONDS,
  SIGN_IN_IDLE_SECONDS,
  type AuthorizeDeps,
  type AuthorizeOutcome,
  type AuthorizeService,
  type BrowserContext,
} from "./service";
