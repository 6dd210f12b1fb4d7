/**
 * The OpenID provider as one `ProtocolModule` (src/http/protocol.ts): it owns `/oauth2/`, mounts
 * its token-side routes (token, revocation, introspection, UserInfo), renders its errors in the one
 * OAuth vocabulary (render-error.ts) and publishes its discovery documents (CONTRACT §12, §13).
 * The authorization endpoint and logout are mounted beside it today (src/routes.ts); their
 * errors on `/oauth2/` are this module's too.
 */
import type { ProtocolModule } from "../../http/protocol";
import { createDiscovery, type DiscoverySettings } from "./discovery";
import { discoveryRoutes } from "./discovery-routes";
import { renderOidcError } from "./render-error";
import { tokenRoutes, type TokenService } from "./token";

export const OIDC_PATH_PREFIX = "/oauth2/";

export function oidcModule(deps: { tokens: TokenService; discovery: DiscoverySettings }): ProtocolModule {
  return {
    name: "oidc",
    pathPrefix: OIDC_PATH_PREFIX,
    routes: tokenRoutes({ tokens: deps.tokens }),
    renderError: renderOidcError,
    discovery: discoveryRoutes({ discovery: createDiscovery(deps.discovery) }),
  };
}
