/**
 * Enterprise sign-in at an organization's own provider as one `ProtocolModule`
 * (src/http/protocol.ts; CONTRACT §16), OIDC and SAML upstreams: it owns `/federation/`. Its pages are the journey's, so
 * its failures are pages too (the journey's kit renders them); it publishes no discovery.
 */
import { Elysia } from "elysia";
import type { JourneyPages } from "../../features/journey";
import type { ProtocolModule } from "../../http/protocol";
import type { OidcUpstream } from "./oidc-upstream";
import type { SamlUpstream } from "./saml-upstream";
import { federationRoutes } from "./routes";

export const FEDERATION_PATH_PREFIX = "/federation/";

export function federationModule(deps: {
  oidc: OidcUpstream;
  saml: SamlUpstream;
  pages: JourneyPages;
  secure: boolean;
}): ProtocolModule {
  return {
    name: "federation",
    pathPrefix: FEDERATION_PATH_PREFIX,
    routes: new Elysia({ name: "federation" }).use(federationRoutes(deps)),
    // Its routes answer pages themselves (`guarded`); the edge's own failures stay RFC 9457.
    renderError: () => null,
  };
}
