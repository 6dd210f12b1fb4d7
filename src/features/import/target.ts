/**
 * Where an import goes (SPEC 2.13; CONTRACT §8): under an existing org (`rootParentOrgId`:
 * ORG_MANAGE and reach over its subtree) or a new tenant (`rootTenant`: PLATFORM_ADMIN), checked
 * against the caller's rights. A `rootTenant` imported before resolves to that tenant (re-runs).
 */
import { reachesSubtree, requirePermission, tenantOf, type Principal } from "../../kernel/authz";
import { forbidden, notFound, validation } from "../../kernel/errors";
import type { Org, OrgRepo } from "../orgs/ports";
import type { ImportRepo } from "./ports";
import type { ImportRequest } from "./request";

/** The resolved target: the tenant and root org, or (first run of a `rootTenant`) the tenant to create. */
export interface ImportTarget {
  tenantId: number | null;
  root: Org | null;
  newTenant?: { orgName: string; slug: string };
}

export function createImportTarget(deps: { imports: ImportRepo; orgs: OrgRepo }) {
  /** Throws 400/403/404 for a malformed or refused target. */
  return async function target(p: Principal, req: ImportRequest): Promise<ImportTarget> {
    const both = req.rootParentOrgId !== undefined && req.rootTenant !== undefined;
    const neither = req.rootParentOrgId === undefined && req.rootTenant === undefined;
    if (both || neither)
      throw validation(
        "Name exactly one target: rootParentOrgId (import under an existing organization) or rootTenant (a new tenant).",
        [{ field: "rootParentOrgId", message: "exactly one of rootParentOrgId and rootTenant is required" }],
      );
    if (req.rootTenant) {
      requirePermission(p, "PLATFORM_ADMIN");
      if (!p.platformAdmin) throw forbidden("Importing into a new tenant needs PLATFORM_ADMIN.");
      const prior = await deps.imports.findRef(p.tenantId, "root_tenant", req.rootTenant.slug);
      if (prior) return { tenantId: prior.entityId, root: await deps.orgs.root(prior.entityId) };
      return { tenantId: null, root: null, newTenant: req.rootTenant };
    }
    requirePermission(p, "ORG_MANAGE");
    const org = await deps.orgs.get(tenantOf(p), req.rootParentOrgId!);
    if (!org) throw notFound("Organization");
    if (!reachesSubtree(p, org.path))
      throw forbidden(
        "Importing under an organization needs your reach over its whole subtree (a SUBTREE role there or above).",
      );
    return { tenantId: org.tenantId, root: org };
  };
}
