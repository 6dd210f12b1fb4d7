/** Applications (token audiences) and their permission vocabulary. */
export interface Application {
  id: number;
  tenantId: number;
  organizationId: number;
  identifier: string;
  name: string;
  webRefreshTtlDays: number | null;
  deviceRefreshTtlDays: number | null;
  googleClientIds: string[];
  microsoftClientIds: string[];
  isSystem: boolean;
  createdAt: Date;
}

export interface Permission {
  id: number;
  tenantId: number;
  applicationId: number;
  code: string;
  description: string;
}

export interface AppRepo {
  /** Throws ConflictError on a duplicate identifier (service-wide). */
  create(input: Omit<Application, "id" | "createdAt" | "isSystem"> & { isSystem?: boolean }): Promise<Application>;
  get(tenant: number | "any", id: number): Promise<Application | null>;
  /**
   * Creates the application only while the org holds fewer than `limit` applications; null when
   * the quota is full. Atomic: concurrent creators for one org are serialized on the org row, so
   * the count can never pass the limit. Throws ConflictError on a duplicate identifier.
   */
  createWithinQuota(
    input: Omit<Application, "id" | "createdAt" | "isSystem">,
    limit: number,
  ): Promise<Application | null>;
  /** Applications owned by any of `orgIds` (the permission vocabulary of an org and its ancestors). */
  listByOrgs(tenant: number | "any", orgIds: number[]): Promise<Application[]>;
  /** Service-wide lookup by identifier (token audiences). */
  findByIdentifier(identifier: string): Promise<Application | null>;
  /** The system application (identifier = issuer). */
  system(): Promise<Application | null>;
  update(
    tenant: number | "any",
    id: number,
    patch: Partial<
      Pick<
        Application,
        "identifier" | "name" | "webRefreshTtlDays" | "deviceRefreshTtlDays" | "googleClientIds" | "microsoftClientIds"
      >
    >,
  ): Promise<Application | null>;
  listByOrg(tenant: number | "any", orgId: number): Promise<Application[]>;
  countByOrg(tenant: number | "any", orgId: number): Promise<number>;
  countByTenant(tenantId: number): Promise<number>;
  /** Throws ConflictError on a duplicate code within the application. */
  createPermission(input: Omit<Permission, "id">): Promise<Permission>;
  listPermissions(tenant: number | "any", applicationId: number): Promise<Permission[]>;
  /** Deletes the permission and removes it from every role; false when absent. */
  deletePermission(tenant: number | "any", applicationId: number, permissionId: number): Promise<boolean>;
  /** Permissions by id (any tenant: system codes are shared); callers check tenancy. */
  permissionsByIds(ids: number[]): Promise<Permission[]>;
  /** Permissions whose code is in `codes`, among the given applications. */
  permissionsByCodes(applicationIds: number[], codes: string[]): Promise<Permission[]>;
}
