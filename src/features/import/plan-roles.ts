/**
 * Import planning, roles (SPEC 2.13, 4.10; CONTRACT §2, §8): names unique per org; permissions by
 * code (the vocabulary of the role's org and its ancestors, or the system application's) or by
 * the payload's permission externalIds; no escalation: system codes only when the caller holds them.
 */
import { SYSTEM_CODES, type Principal } from "../../kernel/authz";
import type { PlannedApp, PlannedPermission } from "./plan-apps";
import { fingerprint, type PlanContext, type Planned, plannedOf } from "./plan-context";
import type { OrgPlan } from "./plan-orgs";
import type { ImportRequest } from "./request";

type RoleRec = NonNullable<ImportRequest["roles"]>[number];
export type PlannedRole = Planned<RoleRec> & {
  orgId: number;
  orgPath: string;
  permissionIds: number[];
  scope: "SELF" | "SUBTREE";
};

/** Whether the caller holds a system permission code (PLATFORM_ADMIN only by the platform admin flag). */
export const holds = (p: Principal, c: string) =>
  c === "PLATFORM_ADMIN" ? p.platformAdmin : p.platformAdmin || p.permissions.has(c);

export async function planRoles(
  ctx: PlanContext,
  p: Principal,
  req: ImportRequest,
  { orgRef, orgOf, existingOrgs }: OrgPlan,
  apps: Map<string, PlannedApp>,
  perms: Map<string, PlannedPermission>,
) {
  const { fail, tenantId, ports } = ctx;
  const { list: roleList, idFor } = await ctx.records("roles", req.roles);
  const roles = new Map<string, PlannedRole>();
  const sys = await ports.apps.system();
  const sysPerms = sys ? await ports.imports.permissionsOf([sys.id]) : [];
  // Vocabulary: payload apps and existing apps of any ancestor org.
  const ancestorIds = new Set<number>();
  for (const rec of roleList)
    for (const id of (orgRef(rec.orgExternalId)?.path ?? "").split("/").filter(Boolean).slice(1).map(Number))
      ancestorIds.add(id);
  const vocabApps =
    tenantId !== null && ancestorIds.size ? await ports.apps.listByOrgs(tenantId, [...ancestorIds]) : [];
  const vocabPerms = await ports.imports.permissionsOf(vocabApps.map((x) => x.id));
  const appOrgPath = new Map<number, string>();
  for (const a of vocabApps) appOrgPath.set(a.id, existingOrgs.get(a.organizationId)?.path ?? "");
  for (const a of apps.values()) appOrgPath.set(a.id, a.orgPath);
  const existingRoleNames =
    tenantId !== null
      ? await ports.imports.roleNames(roleList.map((x) => orgRef(x.orgExternalId)?.id ?? 0).filter((id) => id > 0))
      : new Map();
  const nameSeen = new Set<string>();
  for (const rec of roleList) {
    const org = orgOf("roles", rec);
    if (!rec.name?.trim()) fail("roles", rec.externalId, "name", "is required");
    const scope = (rec.scope ?? "SELF") as "SELF" | "SUBTREE";
    if (scope !== "SELF" && scope !== "SUBTREE") fail("roles", rec.externalId, "scope", "must be SELF or SUBTREE");
    const { prior, id } = idFor(rec.externalId);
    const nameKey = `${org?.id}:${rec.name}`;
    if (nameSeen.has(nameKey))
      fail("roles", rec.externalId, "name", `"${rec.name}" appears twice for one organization`);
    nameSeen.add(nameKey);
    const holder = org ? existingRoleNames.get(org.id)?.get(rec.name) : undefined;
    if (holder !== undefined && holder !== id)
      fail("roles", rec.externalId, "name", `the organization already has a role named "${rec.name}"`);
    const permissionIds: number[] = [];
    const inVocab = (appId: number) =>
      !!org && (appOrgPath.get(appId) ?? "\0").length > 0 && org.path.startsWith(appOrgPath.get(appId)!);
    for (const code of rec.permissionCodes ?? []) {
      const candidates = [
        ...sysPerms.filter((x) => x.code === code),
        ...vocabPerms.filter((x) => x.code === code && inVocab(x.applicationId)),
        ...[...perms.values()]
          .filter((x) => x.rec.code === code && inVocab(x.appId))
          .map((x) => ({ id: x.id, code, applicationId: x.appId })),
      ];
      const distinct = [...new Map(candidates.map((c) => [c.id, c])).values()];
      if (!distinct.length)
        fail("roles", rec.externalId, "permissionCodes", `unknown permission code "${code}" for this organization`);
      else if (distinct.length > 1)
        fail(
          "roles",
          rec.externalId,
          "permissionCodes",
          `"${code}" is defined by several applications; use permissionExternalIds`,
        );
      else permissionIds.push(distinct[0].id);
    }
    for (const ext of rec.permissionExternalIds ?? []) {
      const perm = perms.get(ext);
      const ref = perm ? { id: perm.id, appId: perm.appId } : null;
      if (!ref) fail("roles", rec.externalId, "permissionExternalIds", `no permission "${ext}" in the payload`);
      else if (!inVocab(ref.appId))
        fail(
          "roles",
          rec.externalId,
          "permissionExternalIds",
          `permission "${ext}" belongs to an application outside this organization's vocabulary`,
        );
      else permissionIds.push(ref.id);
    }
    // No escalation (CONTRACT §2): system codes only when the caller holds them.
    const sysCodes = (rec.permissionCodes ?? []).filter((c) => (SYSTEM_CODES as readonly string[]).includes(c));
    for (const c of sysCodes)
      if (!holds(p, c))
        fail("roles", rec.externalId, "permissionCodes", `you cannot grant ${c}, which you do not hold`);
    const fp = fingerprint([
      rec.orgExternalId,
      rec.name,
      rec.description ?? "",
      scope,
      [...new Set(permissionIds)].sort(),
    ]);
    roles.set(rec.externalId, {
      ...plannedOf(rec, prior, id, fp),
      orgId: org?.id ?? 0,
      orgPath: org?.path ?? "",
      permissionIds: [...new Set(permissionIds)],
      scope,
    });
  }
  return { roles, sysPerms };
}
