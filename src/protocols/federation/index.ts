/** Enterprise sign-in at an organization's own identity provider (CONTRACT §16): upstream OIDC and SAML. */
export { createOidcUpstream, type OidcUpstream, type OidcUpstreamDeps, type UpstreamFetch } from "./oidc-upstream";
export { federationModule, FEDERATION_PATH_PREFIX } from "./module";
export { createSamlUpstream, type SamlUpstream, type SamlUpstreamDeps } from "./saml-upstream";
