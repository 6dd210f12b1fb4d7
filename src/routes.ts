/**
 * Feature route plugins mounted by createApp. Each feature owns its routes.ts; add its plugin here.
 */
import { Elysia } from "elysia";
import type { Services } from "./services";
import { passwordRoutes } from "./features/passwords/routes";
import { sessionRoutes } from "./features/sessions/routes";
import { appRoutes } from "./features/apps/routes";
import { auditRoutes } from "./features/audit/routes";
import { orgRoutes } from "./features/orgs/routes";
import { platformRoutes } from "./features/platform/routes";
import { roleRoutes } from "./features/roles/routes";
import { userRoutes } from "./features/users/routes";
import { clientRoutes } from "./features/clients/routes";
import { oauthRoutes } from "./features/oauth/routes";

export function extraRoutes(svc: Services) {
  return new Elysia({ name: "feature-routes" }).use(clientRoutes(svc)).use(oauthRoutes(svc))
    .use(orgRoutes(svc)).use(userRoutes(svc)).use(roleRoutes(svc)).use(appRoutes(svc)).use(auditRoutes(svc)).use(platformRoutes(svc))
    .use(sessionRoutes(svc)).use(passwordRoutes(svc));
}
