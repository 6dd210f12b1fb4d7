/** Roles, their permissions, and role assignments (user, role, org). */
export type RoleScope = "SELF" | "SUBTREE";

export interface PermissionRef {
  id: number;
  code: string;
  applicationId: number;
}

export interface Role {
  id: number;
  tenantId: number;
  organizationId: number;
  name: string;
  description: string;
  scope: RoleScope;
  permissions: PermissionRef[];
  /** A provisioning client's identifier of the group the role stands for (SCIM `externalId`); absent = none. */
  externalId?: string | null;
}

/** A role assignment joined with what token minting needs. */
export interface EffectiveGrant {
  roleId: number;
  roleName: string;
  scope: RoleScope;
  /** Org the role is assigned at. */
  assignedOrgId: number;
  assignedOrgPath: string;
  roleTenantId: number;
  permissions: PermissionRef[];
}

export interface Assignment {
  userId: number;
  roleId: number;
  organizationId: number;
  tenantId: number;
}

export interface RoleRepo {
  /** Throws ConflictError on a duplicate name within the org. */
  create(input: {
    tenantId: number;
    organizationId: number;
    name: string;
    description: string;
    scope: RoleScope;
    permissionIds: number[];
    externalId?: string | null;
  }): Promise<Role>;
  get(tenant: number | "any", id: number): Promise<Role | null>;
  listByOrg(tenant: number | "any", orgId: number, size: number): Promise<Role[]>;
  /** Replaces the permission set; returns the role or null when not in the tenant. */
  setPermissions(tenant: number | "any", roleId: number, permissionIds: number[]): Promise<Role | null>;
  /** Renames a role; null when not in the tenant. Throws ConflictError on a duplicate name within the org. */
  rename(tenant: number, roleId: number, name: string): Promise<Role | null>;
  /** Sets (null: clears) the role's external id; null when not in the tenant. */
  setExternalId(tenant: number, roleId: number, externalId: string | null): Promise<Role | null>;
  /**
   * Deletes a role with its permission links and every assignment of it; returns the assignments
   * it removed (for their events), or null when the role is not in the tenant.
   */
  remove(tenant: number, roleId: number): Promise<Assignment[] | null>;
  /** Idempotent; returns true when a new assignment was written. */
  assign(a: Assignment): Promise<boolean>;
  /** Idempotent; returns true when an assignment was removed. */
  revoke(a: Assignment): Promise<boolean>;
  /**
   * Grants that are effective for `userId` at the org with path `orgPath`: roles assigned at that org,
   * plus SUBTREE roles assigned at any ancestor (one query).
   */
  effectiveGrants(userId: number, orgPath: string): Promise<EffectiveGrant[]>;
  /** All assignments of a user (memberships, export). */
  assignmentsOf(userId: number): Promise<(Assignment & { roleName: string })[]>;
  /** Removes every assignment of a user (erase). */
  removeAllFor(userId: number): Promise<void>;
  /** The roles each of `userIds` holds at `orgId` (assignments at that org), by user id. */
  rolesAt(
    tenant: number | "any",
    orgId: number,
    userIds: number[],
  ): Promise<Map<number, { id: number; name: string }[]>>;
}
