/**
 * The OpenID provider as one `ProtocolModule` (src/http/protocol.ts): it owns `/oauth2/`, mounts
 * all of its endpoints (token, revocation, introspection, UserInfo, the authorization endpoint and
 * its consent page, RP-initiated logout), renders its errors in the one OAuth vocabulary
 * (render-error.ts) and publishes its discovery documents (CONTRACT §12, §13). Its browser half
 * rides on the journey: the hosted sign-in pages are the journey's (features/journey), and
 * `oidcPageAnswers` is what this protocol answers at a journey's end (the code, an error to the
 * redirect URI, the consent page).
 */
import { Elysia } from "elysia";
import type { JourneyPages, ProtocolRenderer } from "../../features/journey";
import type { ProtocolModule } from "../../http/protocol";
import type { AuthorizeService } from "./authorize";
import { authorizeAnswers } from "./authorize/routes";
import { authorizeRoutes } from "./authorize/routes";
import { createDiscovery, type DiscoverySettings } from "./discovery";
import { discoveryRoutes } from "./discovery-routes";
import type { EndSessionService } from "./logout";
import { logoutRoutes } from "./logout/routes";
import { renderOidcError } from "./render-error";
import { tokenRoutes, type TokenService } from "./token";

export const OIDC_PATH_PREFIX = "/oauth2/";

/** What the OpenID provider answers at the end of a journey it started (the journey's page kit calls it). */
export const oidcPageAnswers = (issuer: string): ProtocolRenderer => authorizeAnswers({ issuer });

export interface OidcModuleDeps {
  tokens: TokenService;
  authorize: AuthorizeService;
  endSession: EndSessionService;
  discovery: DiscoverySettings;
  /** The journey's page kit (it renders this protocol's answers through `oidcPageAnswers`). */
  pages: JourneyPages;
  /** The logout confirmation page's CSRF tokens, cookie policy and log. */
  logoutPage: Omit<Parameters<typeof logoutRoutes>[0], "logout">;
}

export function oidcModule(deps: OidcModuleDeps): ProtocolModule {
  return {
    name: "oidc",
    pathPrefix: OIDC_PATH_PREFIX,
    routes: new Elysia({ name: "oidc-routes" })
      .use(tokenRoutes({ tokens: deps.tokens }))
      .use(authorizeRoutes({ authorize: deps.authorize, pages: deps.pages }))
      .use(logoutRoutes({ logout: deps.endSession, ...deps.logoutPage })),
    renderError: renderOidcError,
    discovery: discoveryRoutes({ discovery: createDiscovery(deps.discovery) }),
  };
}
