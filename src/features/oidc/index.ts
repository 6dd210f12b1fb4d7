/** The OpenID provider's public surface (so far its storage types; CONTRACT §12, §13). */
export {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCode,
  type AuthorizationCodeStore,
  type CodeIssue,
  type Consent,
  type ConsentRepo,
  type NewSignInSession,
  type RedeemResult,
  type SignInSession,
  type SignInSessionStore,
} from "./ports";
