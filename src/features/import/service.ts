/**
 * Bulk import (SPEC 2.13, 3.5, 4.10; CONTRACT §8). A payload targets one place: under an existing
 * org (`rootParentOrgId`: ORG_MANAGE and reach over its subtree) or a new tenant (`rootTenant`:
 * PLATFORM_ADMIN). Records reference each other by externalId, in any order. Validate writes no
 * directory data and reports what a commit would create, update or skip, and every error. Commit
 * re-validates and applies everything in one unit of work, or nothing (REJECTED). Re-runs match by
 * (tenant, kind, externalId): unchanged → skipped, changed → updated. Writes are set-based.
 *
 * The jobs are composed here: target.ts (where), plan*.ts (the checks), apply.ts (the writes),
 * jobs.ts (the job log).
 */
import type { Principal } from "../../kernel/authz";
import { callerEvent } from "../../kernel/event-shapes";
import type { Clock } from "../../kernel/clock";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import { applyPlan, openTenant, type WritePorts } from "./apply";
import { createImportJobs } from "./jobs";
import { planImport } from "./plan";
import type { ReadPorts } from "./plan-context";
import type { ImportError, ImportReport, ImportRequest } from "./request";
import { createImportTarget, type ImportTarget } from "./target";

export { ENTITY_KINDS, type ImportError, type ImportReport, type ImportRequest } from "./request";

/** The ports a dry run reads, the commit's unit, the clock and the plan's default cap of applications. */
export interface ImportServiceDeps extends ReadPorts {
  unit: Unit<WritePorts & { events: EventJournal }>;
  clock: Clock;
  defaultMaxApplications: number;
}

/** Thrown inside the commit's unit to roll it back with the report's errors. */
class Rejected extends Error {
  constructor(
    readonly errors: ImportError[],
    readonly counts: ImportReport["counts"],
  ) {
    super("import rejected");
  }
}

export function createImportService(deps: ImportServiceDeps) {
  const target = createImportTarget(deps);
  const jobLog = createImportJobs(deps);

  /** The report of a run against `where`, recorded as a job begun at `startedAt`. */
  async function report(
    p: Principal,
    where: ImportTarget,
    {
      status,
      dryRun,
      counts,
      errors,
      invites,
    }: Pick<ImportReport, "status" | "dryRun" | "counts" | "errors" | "invites">,
    startedAt: Date,
  ): Promise<ImportReport> {
    const body = { status, dryRun, tenantId: where.tenantId, rootOrgId: where.root?.id ?? null, counts, errors };
    return { jobId: (await jobLog.record(p, body, startedAt)).id, ...body, invites };
  }

  /** The dry run: writes no directory data (only the job record); VALID or INVALID with every error. */
  async function validate(p: Principal, req: ImportRequest): Promise<ImportReport> {
    const startedAt = deps.clock.now();
    const where = await target(p, req);
    const planned = await planImport(p, req, where, false, deps, deps.defaultMaxApplications);
    const status = planned.errors.length ? ("INVALID" as const) : ("VALID" as const);
    return report(
      p,
      where,
      { status, dryRun: true, counts: planned.counts, errors: planned.errors, invites: [] },
      startedAt,
    );
  }

  /** Re-validates and applies the whole payload in one unit (COMPLETED), or nothing (REJECTED). */
  async function commit(p: Principal, req: ImportRequest): Promise<ImportReport> {
    const now = deps.clock.now();
    const where = await target(p, req);
    const result = await deps
      .unit("import.commit", ["imports", "orgs", "tenants", "apps", "roles", "users", "events"], async (tx) => {
        const w: ImportTarget = where.newTenant ? await openTenant(tx, p, where.newTenant) : where;
        const planned = await planImport(p, req, w, true, tx, deps.defaultMaxApplications);
        // Rejected: throwing rolls back everything this unit wrote (a new tenant's root included).
        if (planned.errors.length) throw new Rejected(planned.errors, planned.counts);
        const invites = await applyPlan(tx, planned, w.tenantId!, now);
        await tx.events.record(
          callerEvent(p, "import.committed", w.tenantId!, w.root!, {
            counts: planned.counts,
            invites: invites.length,
            newTenant: !!where.newTenant,
          }),
        );
        return { counts: planned.counts, w, invites };
      })
      .catch((e) => {
        if (e instanceof Rejected) return e;
        throw e;
      });
    if (result instanceof Rejected)
      return report(
        p,
        where,
        { status: "REJECTED", dryRun: false, counts: result.counts, errors: result.errors, invites: [] },
        now,
      );
    const { counts, w, invites } = result;
    return report(p, w, { status: "COMPLETED", dryRun: false, counts, errors: [], invites }, now);
  }

  return { validate, commit, jobs: jobLog.list };
}

export type ImportService = ReturnType<typeof createImportService>;
