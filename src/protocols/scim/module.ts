/**
 * The SCIM 2.0 service provider as one `ProtocolModule` (src/http/protocol.ts, CONTRACT §18): it
 * owns `/scim/v2/`, authenticates SCIM tokens itself, and renders every failure on its paths as a
 * SCIM error (render-error.ts).
 */
import type { ProtocolModule } from "../../http/protocol";
import { renderScimError } from "./render-error";
import { SCIM_PATH_PREFIX, scimRoutes } from "./routes";
import { createScimService, type ScimServiceDeps } from "./service";

export function scimModule(deps: Omit<ScimServiceDeps, "base"> & { issuer: string }): ProtocolModule {
  const base = `${deps.issuer.replace(/\/$/, "")}/scim/v2`;
  const scim = createScimService({ ...deps, base });
  return {
    name: "scim",
    pathPrefix: SCIM_PATH_PREFIX,
    routes: scimRoutes({ scim, base }),
    renderError: renderScimError,
  };
}
