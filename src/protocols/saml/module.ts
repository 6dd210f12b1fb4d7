/**
 * The SAML 2.0 identity provider as one `ProtocolModule` (src/http/protocol.ts; CONTRACT §17): it
 * owns `/saml/`, mounts metadata, SSO, IdP-initiated sign-in and single logout. Its browser half
 * rides on the journey (features/journey) like the OpenID provider's: the same hosted pages and
 * the same browser session; `samlPageAnswers` is what it answers at a journey's end.
 */
import type { JourneyPages } from "../../features/journey";
import type { ProtocolModule } from "../../http/protocol";
import { SAML_PATH_PREFIX, samlAnswers, samlRoutes } from "./routes";
import type { SamlService } from "./service";

export { isSamlAnswer, SAML_JOURNEY_PROTOCOL } from "./service";
export const samlPageAnswers = samlAnswers;

export function samlModule(deps: { saml: SamlService; pages: JourneyPages }): ProtocolModule {
  return {
    name: "saml",
    pathPrefix: SAML_PATH_PREFIX,
    routes: samlRoutes(deps),
    // Browser endpoints answer pages themselves (the kit's guard); the rest is RFC 9457.
    renderError: () => null,
  };
}
