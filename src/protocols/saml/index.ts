/** The SAML 2.0 identity provider (CONTRACT §17; docs/saml.md). */
export {
  createSamlService,
  type SamlService,
  type SamlServiceDeps,
  SAML_JOURNEY_PROTOCOL,
  isSamlAnswer,
} from "./service";
export { samlModule, samlPageAnswers } from "./module";
