/**
 * The import plan (SPEC 4.10; CONTRACT §8): the whole payload checked in dependency order (orgs,
 * applications, permissions, roles, users, assignments), with every reference, uniqueness rule,
 * cap and format, the ids of what is new and the report's counts. Planning writes nothing but id
 * allocation, and that only inside a commit.
 */
import type { Principal } from "../../kernel/authz";
import { planApps, planPermissions } from "./plan-apps";
import { createPlanContext, type ReadPorts } from "./plan-context";
import { planOrgs } from "./plan-orgs";
import { planRoles } from "./plan-roles";
import { planAssignments, planUsers } from "./plan-users";
import type { ImportReport, ImportRequest } from "./request";
import type { ImportTarget } from "./target";

export type ImportPlan = Awaited<ReturnType<typeof planImport>>;

/** Plans `req` for `where`; `allocate` takes real ids (a commit's unit), otherwise placeholders (a dry run). */
export async function planImport(
  p: Principal,
  req: ImportRequest,
  where: ImportTarget,
  allocate: boolean,
  ports: ReadPorts,
  defaultMaxApplications: number,
) {
  const ctx = createPlanContext(where, allocate, ports);
  const orgPlan = await planOrgs(ctx, req);
  const apps = await planApps(ctx, req, orgPlan, defaultMaxApplications);
  const perms = await planPermissions(ctx, req, apps);
  const { roles, sysPerms } = await planRoles(ctx, p, req, orgPlan, apps, perms);
  const users = await planUsers(ctx, req, orgPlan);
  const assignments = await planAssignments(ctx, p, req, orgPlan, users, roles, sysPerms);
  const counts: ImportReport["counts"] = {
    organizations: ctx.count("organizations", orgPlan.orgs),
    applications: ctx.count("applications", apps),
    permissions: ctx.count("permissions", perms),
    roles: ctx.count("roles", roles),
    users: ctx.count("users", users),
    assignments: { created: assignments.length, updated: 0, skipped: 0, failed: ctx.failedIds.assignments.size },
  };
  return { errors: ctx.errors, counts, orgs: orgPlan.orgs, apps, perms, roles, users, assignments };
}
