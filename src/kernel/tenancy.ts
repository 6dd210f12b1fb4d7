/**
 * Reach: the org paths a token may act on. SPEC 1: a single prefix comparison, no call back.
 */
export interface Reach {
  tenantId: number;
  scopeSelf: string[];
  scopeSubtree: string[];
  /** PLATFORM_ADMIN reaches every tenant. */
  platformAdmin: boolean;
}

/** True when `orgPath` is the token's own org or lies under a subtree entry. */
export function canAct(reach: Pick<Reach, "scopeSelf" | "scopeSubtree">, orgPath: string): boolean {
  if (reach.scopeSelf.includes(orgPath)) return true;
  return reach.scopeSubtree.some((p) => orgPath.startsWith(p));
}

export function reaches(reach: Reach, orgPath: string): boolean {
  return reach.platformAdmin || canAct(reach, orgPath);
}

/** `/tenant/root/…/org/` → [tenant, root, …, org] */
export function pathIds(path: string): number[] {
  return path.split("/").filter(Boolean).map(Number);
}

/** Ancestor org paths of `path` including itself, root first (tenant segment excluded). */
export function ancestorPaths(path: string): string[] {
  const ids = pathIds(path);
  const out: string[] = [];
  for (let i = 2; i <= ids.length; i++) out.push(`/${ids.slice(0, i).join("/")}/`);
  return out;
}

/**
 * A tenant, or "any": only for a caller that serves every tenant (a platform administrator's
 * listing, the platform's console client). A record found under "any" names its own tenant, and
 * everything done after acts in that tenant.
 */
export type TenantScope = number | "any";
