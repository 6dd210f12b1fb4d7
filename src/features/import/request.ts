/**
 * Bulk import's domain shapes (SPEC 2.13, 4.10; CONTRACT §8): the payload a caller sends, the row
 * errors and the report a run returns. The wire shapes are in model.ts; routes.ts maps between them.
 */

export const ENTITY_KINDS = ["organizations", "applications", "permissions", "roles", "users", "assignments"] as const;
export type Kind = (typeof ENTITY_KINDS)[number];

export interface ImportRequest {
  rootParentOrgId?: number;
  rootTenant?: { orgName: string; slug: string };
  organizations?: { externalId: string; name: string; slug: string; type?: string; parentExternalId?: string }[];
  applications?: { externalId: string; orgExternalId: string; identifier: string; name: string }[];
  permissions?: { externalId: string; appExternalId: string; code: string; description?: string }[];
  roles?: {
    externalId: string;
    orgExternalId: string;
    name: string;
    description?: string;
    scope?: string;
    permissionCodes?: string[];
    permissionExternalIds?: string[];
  }[];
  users?: { externalId: string; orgExternalId: string; email: string; fullName: string; passwordBcrypt?: string }[];
  assignments?: { userExternalId: string; roleExternalId: string; orgExternalId: string }[];
}

export interface ImportError {
  entityType: string;
  externalId: string;
  field: string;
  message: string;
}

export interface ImportReport {
  jobId: number;
  status: "VALID" | "INVALID" | "COMPLETED" | "REJECTED";
  dryRun: boolean;
  tenantId: number | null;
  rootOrgId: number | null;
  counts: Record<Kind, { created: number; updated: number; skipped: number; failed: number }>;
  errors: ImportError[];
  invites: { userExternalId: string; email: string; setupToken: string }[];
}
