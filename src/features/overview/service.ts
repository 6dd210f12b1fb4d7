/**
 * The tenant at a glance (the console's Home, docs/console.md): how many organizations, users,
 * applications and API clients the whole tenant has, and its sign-ins and failed sign-ins of the
 * last 24 hours from the audit journal. Each number is one counting query on the store.
 */
import { forbidden, notFound } from "../../kernel/errors";
import { type Clock, addSeconds } from "../../kernel/clock";
import { reachesSubtree, requirePermission, type Principal } from "../../kernel/authz";
import type { UserRepo } from "../../kernel/users";
import type { AppRepo } from "../apps/ports";
import type { AuditRepo } from "../audit/ports";
import type { ClientRepo } from "../clients/ports";
import type { OrgRepo } from "../orgs/ports";

/** The journal's actions counted as sign-ins and as failed sign-ins. */
export const SIGN_IN_ACTIONS = { succeeded: "auth.login.succeeded", failed: "auth.login.failed" } as const;
export const WINDOW_HOURS = 24;

export interface TenantSummary {
  tenantId: number;
  organizations: number;
  users: number;
  applications: number;
  clients: number;
  /** null when the caller lacks AUDIT_VIEW. */
  signIns: number | null;
  failedSignIns: number | null;
  since: Date;
}

export function createOverviewService(deps: {
  orgs: Pick<OrgRepo, "root" | "countByTenant">;
  users: Pick<UserRepo, "countByTenant">;
  apps: Pick<AppRepo, "countByTenant">;
  clients: Pick<ClientRepo, "countByTenant">;
  audit: Pick<AuditRepo, "count">;
  clock: Clock;
}) {
  /**
   * ORG_MANAGE over the whole tenant: the caller's roles reach its root organization's subtree
   * (a role on a sub-organization sees that organization's counts in its own lists instead).
   */
  async function summary(p: Principal): Promise<TenantSummary> {
    requirePermission(p, "ORG_MANAGE");
    const root = await deps.orgs.root(p.tenantId);
    if (!root) throw notFound("Tenant");
    if (!reachesSubtree(p, root.path))
      throw forbidden(
        "The tenant's summary needs a role over its root organization's whole subtree; an organization's own lists show its counts.",
      );
    const since = addSeconds(deps.clock.now(), -WINDOW_HOURS * 3600);
    const audit = p.permissions.has("AUDIT_VIEW") || p.permissions.has("PLATFORM_ADMIN");
    const tenantId = p.tenantId;
    const [organizations, users, applications, clients, signIns, failedSignIns] = await Promise.all([
      deps.orgs.countByTenant(tenantId),
      deps.users.countByTenant(tenantId),
      deps.apps.countByTenant(tenantId),
      deps.clients.countByTenant(tenantId),
      audit ? deps.audit.count({ tenant: tenantId, action: SIGN_IN_ACTIONS.succeeded, from: since }) : null,
      audit ? deps.audit.count({ tenant: tenantId, action: SIGN_IN_ACTIONS.failed, from: since }) : null,
    ]);
    return { tenantId, organizations, users, applications, clients, signIns, failedSignIns, since };
  }
  return { summary };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
