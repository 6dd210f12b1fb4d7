/** SAML service providers per application (CONTRACT §17): their registrations; the protocol is src/protocols/saml. */
export {
  checkProviderBody,
  createSamlProviderService,
  idpUrls,
  samlUrlProblem,
  type SamlProviderBody,
  type SamlProviderService,
} from "./service";
export {
  ATTRIBUTE_SOURCES,
  type AttributeSource,
  type NameIdFormat,
  type SamlAttribute,
  type SamlProvider,
  type SamlProviderRepo,
} from "./ports";
