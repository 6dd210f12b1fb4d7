/** Bulk import jobs and the externalId → entity map that makes re-runs idempotent. */
export interface ImportJob {
  id: number;
  tenantId: number | null;
  callerTenantId: number;
  rootOrgId: number | null;
  status: string;
  dryRun: boolean;
  counts: Record<string, { created: number; updated: number; skipped: number; failed: number }>;
  errors: { entityType: string; externalId: string; field: string; message: string }[];
  createdAt: Date;
  completedAt: Date | null;
}

export interface ImportRepo {
  createJob(job: Omit<ImportJob, "id" | "createdAt">): Promise<ImportJob>;
  listJobs(callerTenantId: number | "any", limit: number): Promise<ImportJob[]>;
  /** entity id and fingerprint for (tenant, kind, externalId), or null. */
  findRef(tenantId: number, kind: string, externalId: string): Promise<{ entityId: number; fingerprint: string } | null>;
  putRef(tenantId: number, kind: string, externalId: string, entityId: number, fingerprint: string): Promise<void>;
}
