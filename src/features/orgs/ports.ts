/** Tenants and the organization tree. */

/** `number` = that tenant only; `"any"` only for PLATFORM_ADMIN callers, passed explicitly. */
export type TenantFilter = number | "any";

export type OrgStatus = "ACTIVE" | "SUSPENDED";

export interface Tenant {
  id: number;
  name: string;
  slug: string;
  isPlatform: boolean;
  /** null = the service default (SSO_DEFAULT_MAX_APPLICATIONS). */
  maxApplications: number | null;
  customClaims: boolean;
  isSandbox: boolean;
  createdAt: Date;
}

export interface Org {
  id: number;
  tenantId: number;
  parentId: number | null;
  path: string;
  type: string;
  name: string;
  slug: string;
  status: OrgStatus;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewOrg {
  tenantId: number;
  parentId: number | null;
  name: string;
  slug: string;
  type: string;
  expiresAt?: Date | null;
}

export interface TenantRepo {
  /** Creates a tenant record (own id sequence). */
  create(input: {
    name: string;
    slug: string;
    isPlatform?: boolean;
    isSandbox?: boolean;
    maxApplications?: number | null;
  }): Promise<Tenant>;
  get(id: number): Promise<Tenant | null>;
  /** The bootstrap (platform) tenant, or null on an empty store. */
  getPlatform(): Promise<Tenant | null>;
  update(id: number, patch: Partial<Pick<Tenant, "maxApplications" | "customClaims" | "name">>): Promise<Tenant | null>;
  listSandboxes(): Promise<Tenant[]>;
}

export interface OrgRepo {
  /**
   * Creates an org and sets its `path` (`parentPath + id + '/'`, or `/tenant/id/` for a root) in
   * the same step. Throws ConflictError on a duplicate (tenant, slug).
   */
  create(input: NewOrg): Promise<Org>;
  /** The org when it belongs to `tenant` (or any tenant for "any"); null otherwise. */
  get(tenant: TenantFilter, id: number): Promise<Org | null>;
  /** How many organizations the tenant has (one counting query). */
  countByTenant(tenantId: number): Promise<number>;
  getMany(tenant: TenantFilter, ids: number[]): Promise<Org[]>;
  update(
    tenant: TenantFilter,
    id: number,
    patch: Partial<Pick<Org, "name" | "type" | "status" | "expiresAt">>,
  ): Promise<Org | null>;
  /** The tenant's root org (parentId null). */
  root(tenantId: number): Promise<Org | null>;
  /**
   * Orgs of `tenant` whose path is in `selfPaths` or starts with one of `subtreePaths`, ordered by
   * id, after the id `afterId`, at most `size`.
   */
  listReachable(
    tenant: TenantFilter,
    reach: { selfPaths: string[]; subtreePaths: string[]; all?: boolean },
    afterId: number,
    size: number,
  ): Promise<Org[]>;
  /** Literal, case-insensitive substring match on name or slug within the reach; ordered by id. */
  search(
    tenant: TenantFilter,
    reach: { selfPaths: string[]; subtreePaths: string[]; all?: boolean },
    q: string,
    status: OrgStatus | undefined,
    size: number,
  ): Promise<Org[]>;
  /** Direct children of `parentId`, ordered by id, after `afterId`. */
  children(tenant: TenantFilter, parentId: number, afterId: number, size: number): Promise<Org[]>;
  /**
   * True when `path`'s org or any ancestor is SUSPENDED or past its `expiresAt` at `now`
   * (one indexed query over the ancestor ids).
   */
  isBlocked(tenantId: number, path: string, now: Date): Promise<boolean>;
}
