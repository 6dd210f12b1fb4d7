/** Bulk import jobs, the externalId → entity map that makes re-runs idempotent, and bulk writes. */
import type { User } from "../../kernel/users";

export interface ImportJob {
  id: number;
  tenantId: number | null;
  callerTenantId: number;
  rootOrgId: number | null;
  status: string;
  dryRun: boolean;
  counts: Record<string, { created: number; updated: number; skipped: number; failed: number }>;
  errors: { entityType: string; externalId: string; field: string; message: string }[];
  /** When the import began, by the domain's clock (never the database server's). */
  createdAt: Date;
  /** When its outcome was settled, by the same clock: never before `createdAt`. */
  completedAt: Date | null;
}

export type ImportKind =
  | "organizations"
  | "applications"
  | "permissions"
  | "roles"
  | "users"
  | "assignments"
  | "root_tenant";
/** Tables whose ids an import allocates up front (so rows reference each other before they exist). */
export type IdKind = "organizations" | "applications" | "permissions" | "roles" | "users" | "tenants";

export interface ImportRef {
  externalId: string;
  entityId: number;
  fingerprint: string;
}

export interface BulkOrg {
  id: number;
  tenantId: number;
  parentId: number;
  path: string;
  name: string;
  slug: string;
  type: string;
}
export interface BulkApp {
  id: number;
  tenantId: number;
  organizationId: number;
  identifier: string;
  name: string;
}
export interface BulkPermission {
  id: number;
  tenantId: number;
  applicationId: number;
  code: string;
  description: string;
}
export interface BulkRole {
  id: number;
  tenantId: number;
  organizationId: number;
  name: string;
  description: string;
  scope: "SELF" | "SUBTREE";
  permissionIds: number[];
}
/** A new user's row: these fields of the user record; the store gives the rest a new user's values. */
export type BulkUser = Pick<User, "id" | "tenantId" | "organizationId" | "email" | "fullName" | "passwordHash">;
export interface BulkAssignment {
  tenantId: number;
  userId: number;
  roleId: number;
  organizationId: number;
}
export interface BulkSetupToken {
  tokenHash: string;
  tenantId: number;
  userId: number;
  expiresAt: Date;
}

/**
 * Import persistence. Reads and writes are set-based: one statement per kind and batch, never one
 * per row, so a payload of 100,000 users is a few hundred statements.
 */
export interface ImportRepo {
  /**
   * Records a finished job with a new id. Stores `createdAt` and `completedAt` exactly as given (the
   * caller's clock); an adapter never stamps a job with its own or the database server's time.
   */
  createJob(job: Omit<ImportJob, "id">): Promise<ImportJob>;
  listJobs(callerTenantId: number | "any", limit: number): Promise<ImportJob[]>;
  /** entity id and fingerprint for (tenant, kind, externalId), or null. */
  findRef(
    tenantId: number,
    kind: string,
    externalId: string,
  ): Promise<{ entityId: number; fingerprint: string } | null>;
  putRef(tenantId: number, kind: string, externalId: string, entityId: number, fingerprint: string): Promise<void>;
  /** The refs of `kind` among `externalIds` (those not imported before are absent). */
  findRefs(tenantId: number, kind: ImportKind, externalIds: string[]): Promise<Map<string, ImportRef>>;
  /** Inserts or replaces refs. */
  putRefs(tenantId: number, kind: ImportKind, refs: ImportRef[]): Promise<void>;
  /** `n` fresh ids of `kind`'s sequence. */
  allocateIds(kind: IdKind, n: number): Promise<number[]>;
  /** Which of `emails` (normalized) belong to users already; service-wide. */
  takenEmails(emails: string[]): Promise<Set<string>>;
  /** Which of `slugs` are taken by orgs of the tenant, with the org id holding each. */
  takenSlugs(tenantId: number, slugs: string[]): Promise<Map<string, number>>;
  /** Which of `identifiers` are taken by applications (service-wide), with the app id holding each. */
  takenIdentifiers(identifiers: string[]): Promise<Map<string, number>>;
  /** Applications per org, for the plan cap. */
  appCounts(tenantId: number, orgIds: number[]): Promise<Map<number, number>>;
  /** Permission codes (id, code, applicationId) of these applications. */
  permissionsOf(applicationIds: number[]): Promise<{ id: number; code: string; applicationId: number }[]>;
  /** Role names of these orgs (name → role id, per org). */
  roleNames(orgIds: number[]): Promise<Map<number, Map<string, number>>>;
  insertOrgs(rows: BulkOrg[]): Promise<void>;
  insertApps(rows: BulkApp[]): Promise<void>;
  insertPermissions(rows: BulkPermission[]): Promise<void>;
  insertRoles(rows: BulkRole[]): Promise<void>;
  insertUsers(rows: BulkUser[]): Promise<void>;
  /** Idempotent (an existing assignment is left as it is); returns how many were new. */
  insertAssignments(rows: BulkAssignment[]): Promise<number>;
  insertSetupTokens(rows: BulkSetupToken[]): Promise<void>;
}
