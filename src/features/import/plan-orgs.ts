/**
 * Import planning, organizations (SPEC 2.13, 4.10; CONTRACT §8): parents in any order (a cycle is
 * an error), slugs unique in the payload and in the tenant, paths below the target's root. Also
 * resolves the orgs other kinds name that were imported before, for `orgRef`.
 */
import type { Org } from "../orgs/ports";
import { fingerprint, missing, type PlanContext, type Planned, plannedOf } from "./plan-context";
import type { ImportRequest } from "./request";

export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

type OrgRec = NonNullable<ImportRequest["organizations"]>[number];
export type PlannedOrg = Planned<OrgRec> & { parentId: number | null; path: string | null };
export type OrgPlan = Awaited<ReturnType<typeof planOrgs>>;

export async function planOrgs(ctx: PlanContext, req: ImportRequest) {
  const { fail, err, tenantId, ports, where } = ctx;
  const {
    list: orgList,
    refs: orgRefs,
    idFor,
  } = await ctx.records("organizations", req.organizations, (list) =>
    list.map((x) => x.parentExternalId ?? "").filter(Boolean),
  );
  const orgByExt = new Map(orgList.map((x) => [x.externalId, x]));
  const orgs = new Map<string, PlannedOrg>();
  for (const rec of orgList) {
    const fp = fingerprint([rec.name, rec.slug, rec.type ?? "organization", rec.parentExternalId ?? ""]);
    const { prior, id } = idFor(rec.externalId);
    orgs.set(rec.externalId, {
      ...plannedOf(rec, prior, id, fp),
      parentId: null,
      path: null,
    });
    if (!rec.name?.trim()) fail("organizations", rec.externalId, "name", "is required");
    if (!SLUG_RE.test(rec.slug ?? ""))
      fail("organizations", rec.externalId, "slug", "must match ^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$");
    if (rec.type !== undefined && (!rec.type.trim() || rec.type.length > 64))
      fail("organizations", rec.externalId, "type", "must be 1 to 64 characters");
    if (rec.parentExternalId && !orgByExt.has(rec.parentExternalId) && !orgRefs.has(rec.parentExternalId))
      fail("organizations", rec.externalId, "parentExternalId", missing("organization", rec.parentExternalId));
  }
  // Slugs: unique within the payload and against the tenant's other orgs.
  const slugSeen = new Map<string, string>();
  for (const rec of orgList) {
    const other = slugSeen.get(rec.slug);
    if (other)
      fail("organizations", rec.externalId, "slug", `"${rec.slug}" is also the slug of "${other}" in the payload`);
    slugSeen.set(rec.slug, rec.externalId);
  }
  if (tenantId !== null) {
    const taken = await ports.imports.takenSlugs(tenantId, orgList.map((x) => x.slug).filter(Boolean));
    for (const rec of orgList) {
      const holder = taken.get(rec.slug);
      if (holder !== undefined && holder !== orgs.get(rec.externalId)!.id)
        fail(
          "organizations",
          rec.externalId,
          "slug",
          `"${rec.slug}" is already used by an organization of this tenant`,
        );
    }
  }
  if (where.newTenant && !SLUG_RE.test(where.newTenant.slug))
    err("organizations", "", "rootTenant.slug", "must match ^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$");
  // Paths, parents first; a cycle is an error.
  const existingOrgIds = [...new Set([...orgRefs.values()].map((r) => r.entityId))];
  const existingOrgs = new Map<number, Org>(
    (tenantId !== null && existingOrgIds.length ? await ports.orgs.getMany(tenantId, existingOrgIds) : []).map((o) => [
      o.id,
      o,
    ]),
  );
  const rootPath = where.root?.path ?? null;
  const resolving = new Set<string>();
  function pathOf(ext: string): string | null {
    const o = orgs.get(ext);
    if (!o) {
      const ref = orgRefs.get(ext);
      return ref ? (existingOrgs.get(ref.entityId)?.path ?? null) : null;
    }
    if (o.path) return o.path;
    if (resolving.has(ext)) {
      fail("organizations", ext, "parentExternalId", "is part of a cycle");
      return null;
    }
    resolving.add(ext);
    const parentPath = o.rec.parentExternalId ? pathOf(o.rec.parentExternalId) : (rootPath ?? "/new-tenant/root/");
    resolving.delete(ext);
    if (parentPath === null) return null;
    o.parentId = o.rec.parentExternalId
      ? (orgs.get(o.rec.parentExternalId)?.id ?? orgRefs.get(o.rec.parentExternalId)!.entityId)
      : (where.root?.id ?? 0);
    o.path = `${parentPath}${o.id}/`;
    return o.path;
  }
  for (const rec of orgList) pathOf(rec.externalId);
  // Orgs referenced only from other kinds (imported earlier).
  const otherOrgExts = [
    ...(req.applications ?? []).map((x) => x.orgExternalId),
    ...(req.roles ?? []).map((x) => x.orgExternalId),
    ...(req.users ?? []).map((x) => x.orgExternalId),
    ...(req.assignments ?? []).map((x) => x.orgExternalId),
  ].filter((x) => typeof x === "string" && !orgs.has(x) && !orgRefs.has(x));
  const refOrgs = await ctx.refsOf("organizations", otherOrgExts);
  const more = [...refOrgs.values()].map((r) => r.entityId).filter((id) => !existingOrgs.has(id));
  if (tenantId !== null && more.length)
    for (const o of await ports.orgs.getMany(tenantId, more)) existingOrgs.set(o.id, o);

  /** An org of the payload or one imported before: its id and path (null when unresolvable). */
  const orgRef = (ext: string | undefined): { id: number; path: string } | null => {
    if (!ext) return null;
    const o = orgs.get(ext);
    if (o) return o.path ? { id: o.id, path: o.path } : null;
    const ref = orgRefs.get(ext) ?? refOrgs.get(ext);
    const existing = ref ? existingOrgs.get(ref.entityId) : undefined;
    return existing ? { id: existing.id, path: existing.path } : null;
  };
  /** `orgRef` for a record's `orgExternalId`, reporting the record when it does not resolve. */
  const orgOf = (
    kind: "applications" | "roles" | "users",
    rec: { externalId: string; orgExternalId: string },
  ): { id: number; path: string } | null => {
    const org = orgRef(rec.orgExternalId);
    if (!org) fail(kind, rec.externalId, "orgExternalId", missing("organization", rec.orgExternalId));
    return org;
  };
  return { orgs, existingOrgs, orgRef, orgOf };
}
