/**
 * Feature route plugins mounted by createApp. Each feature owns its routes.ts; add its plugin here.
 */
import { Elysia } from "elysia";
import type { Services } from "./services";
import { clientRoutes } from "./features/clients/routes";
import { oauthRoutes } from "./features/oauth/routes";

export function extraRoutes(svc: Services) {
  return new Elysia({ name: "feature-routes" }).use(clientRoutes(svc)).use(oauthRoutes(svc));
}
