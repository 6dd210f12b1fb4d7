/** Identity-provider connections of organizations (CONTRACT §16): the service and its port. */
export {
  createConnectionService,
  DEFAULT_OIDC_SCOPES,
  upstreamValues,
  type ConnectionInput,
  type ConnectionService,
} from "./service";
export type {
  Connection,
  ConnectionKind,
  ConnectionRepo,
  ConnectionSettings,
  ExternalIdentity,
  ExternalIdentityRepo,
  OidcUpstream,
  SamlUpstreamSettings,
} from "./ports";
export { type ConnectionDirectory, createConnectionDirectory } from "./directory";
export { hasDoctype, normalizeCertificate, parseIdpMetadata, SamlInputError, type SamlUpstream } from "./saml-metadata";
export {
  createEnterpriseSignIn,
  domainOf,
  type AccountOutcome,
  type AccountRefusal,
  type EnterpriseSignIn,
  type EnterpriseSignInDeps,
  type UpstreamPerson,
} from "./sign-in";
