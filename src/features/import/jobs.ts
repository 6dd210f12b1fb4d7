/**
 * The import job log (SPEC 4.10; CONTRACT §8): every validate and commit leaves a job record with
 * its status, counts and (at most 1000) errors; callers list their tenant's jobs.
 */
import { requirePermission, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import type { ImportJob, ImportRepo } from "./ports";
import type { ImportReport } from "./request";

export function createImportJobs(deps: { imports: ImportRepo; clock: Clock }) {
  /** Records the job: begun at `startedAt`, completed now, both by the injected clock (one clock on every store). */
  async function record(p: Principal, r: Omit<ImportReport, "jobId" | "invites">, startedAt: Date) {
    return deps.imports.createJob({
      tenantId: r.tenantId,
      callerTenantId: p.tenantId,
      rootOrgId: r.rootOrgId,
      status: r.status,
      dryRun: r.dryRun,
      counts: r.counts,
      errors: r.errors.slice(0, 1000),
      createdAt: startedAt,
      completedAt: deps.clock.now(),
    });
  }

  /** Jobs of the caller's tenant, newest first. */
  async function list(p: Principal, limit: number): Promise<ImportJob[]> {
    requirePermission(p, "ORG_MANAGE");
    return deps.imports.listJobs(p.platformAdmin ? "any" : p.tenantId, limit);
  }

  return { record, list };
}
