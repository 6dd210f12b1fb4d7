/**
 * Import planning, applications and their permissions (SPEC 2.13, 4.10; CONTRACT §8): identifiers
 * unique service-wide, the tenant plan's cap of applications per org, permission codes unique per
 * application.
 */
import { fingerprint, missing, type PlanContext, type Planned, plannedOf } from "./plan-context";
import type { OrgPlan } from "./plan-orgs";
import type { ImportRequest } from "./request";

type AppRec = NonNullable<ImportRequest["applications"]>[number];
type PermRec = NonNullable<ImportRequest["permissions"]>[number];
export type PlannedApp = Planned<AppRec> & { orgId: number; orgPath: string };
export type PlannedPermission = Planned<PermRec> & { appId: number };

export async function planApps(
  ctx: PlanContext,
  req: ImportRequest,
  { orgOf }: OrgPlan,
  defaultMaxApplications: number,
): Promise<Map<string, PlannedApp>> {
  const { fail, tenantId, ports } = ctx;
  const { list: appList, idFor } = await ctx.records("applications", req.applications);
  const apps = new Map<string, PlannedApp>();
  const identSeen = new Map<string, string>();
  const takenIdents = await ports.imports.takenIdentifiers(
    appList.map((x) => x.identifier).filter((x) => typeof x === "string"),
  );
  for (const rec of appList) {
    const org = orgOf("applications", rec);
    if (!rec.identifier?.trim()) fail("applications", rec.externalId, "identifier", "is required");
    if (!rec.name?.trim()) fail("applications", rec.externalId, "name", "is required");
    const fp = fingerprint([rec.orgExternalId, rec.identifier, rec.name]);
    const { prior, id } = idFor(rec.externalId);
    const other = identSeen.get(rec.identifier);
    if (other)
      fail(
        "applications",
        rec.externalId,
        "identifier",
        `"${rec.identifier}" is also the identifier of "${other}" in the payload`,
      );
    identSeen.set(rec.identifier, rec.externalId);
    const holder = takenIdents.get(rec.identifier);
    if (holder !== undefined && holder !== id)
      fail("applications", rec.externalId, "identifier", `"${rec.identifier}" is already registered`);
    apps.set(rec.externalId, {
      ...plannedOf(rec, prior, id, fp),
      orgId: org?.id ?? 0,
      orgPath: org?.path ?? "",
    });
  }
  if (apps.size) {
    const limit =
      (tenantId !== null ? (await ports.tenants.get(tenantId))?.maxApplications : null) ?? defaultMaxApplications;
    const newPerOrg = new Map<number, string[]>();
    for (const a of apps.values())
      if (a.action === "create" && a.orgId) newPerOrg.set(a.orgId, [...(newPerOrg.get(a.orgId) ?? []), a.externalId]);
    const have =
      tenantId !== null
        ? await ports.imports.appCounts(
            tenantId,
            [...newPerOrg.keys()].filter((id) => id > 0),
          )
        : new Map<number, number>();
    for (const [orgId, exts] of newPerOrg) {
      const room = limit - (have.get(orgId) ?? 0);
      exts
        .slice(Math.max(0, room))
        .forEach((ext) =>
          fail(
            "applications",
            ext,
            "orgExternalId",
            `the organization would exceed its plan's cap of ${limit} applications`,
          ),
        );
    }
  }
  return apps;
}

export async function planPermissions(
  ctx: PlanContext,
  req: ImportRequest,
  apps: Map<string, PlannedApp>,
): Promise<Map<string, PlannedPermission>> {
  const { fail, ports } = ctx;
  const { list: permList, idFor } = await ctx.records("permissions", req.permissions);
  const appRefsForPerms = await ctx.refsOf(
    "applications",
    permList.map((x) => x.appExternalId).filter((x) => typeof x === "string" && !apps.has(x)),
  );
  const perms = new Map<string, PlannedPermission>();
  const existingAppIdsForPerms = [
    ...new Set(
      [...appRefsForPerms.values()]
        .map((r) => r.entityId)
        .concat([...apps.values()].filter((a) => a.action !== "create").map((a) => a.id)),
    ),
  ];
  const existingPerms = await ports.imports.permissionsOf(existingAppIdsForPerms);
  const codeSeen = new Set<string>();
  for (const rec of permList) {
    const app = apps.get(rec.appExternalId);
    const appId = app?.id ?? appRefsForPerms.get(rec.appExternalId)?.entityId;
    if (appId === undefined)
      fail("permissions", rec.externalId, "appExternalId", missing("application", rec.appExternalId));
    if (!rec.code?.trim() || rec.code.length > 128)
      fail("permissions", rec.externalId, "code", "is required (at most 128 characters)");
    const fp = fingerprint([rec.appExternalId, rec.code, rec.description ?? ""]);
    const { prior, id } = idFor(rec.externalId);
    const key = `${appId}:${rec.code}`;
    if (codeSeen.has(key))
      fail("permissions", rec.externalId, "code", `"${rec.code}" appears twice for one application`);
    codeSeen.add(key);
    if (existingPerms.some((x) => x.applicationId === appId && x.code === rec.code && x.id !== id))
      fail("permissions", rec.externalId, "code", `the application already defines "${rec.code}"`);
    perms.set(rec.externalId, {
      ...plannedOf(rec, prior, id, fp),
      appId: appId ?? 0,
    });
  }
  return perms;
}
