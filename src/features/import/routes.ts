/** POST /api/import/validate, POST /api/import/commit, GET /api/import/jobs. */
import { Elysia, t } from "elysia";
import { iso, pageSize, noStore } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { ImportReport, ImportRequest, JobSummary, JobsQuery } from "./model";
import type { ImportService } from "./service";

export function importRoutes({ imports, guard }: { imports: ImportService; guard: Guard }) {
  const tags = ["Import"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  const target =
    "Exactly one of `rootParentOrgId` (ORG_MANAGE and reach over that subtree) and `rootTenant` (PLATFORM_ADMIN); both or neither is 400. Bodies up to 16 MiB.";
  return new Elysia({ name: "import-routes" })
    .post("/api/import/validate", async ({ body, request }) => imports.validate(await caller(request), body), {
      body: ImportRequest,
      response: ok(ImportReport),
      detail: {
        tags,
        ...management,
        summary: "Dry run: what a commit would create, update or skip, and every error",
        description: `${target} Writes no directory data (the job is listed with dryRun true). Status VALID or INVALID.`,
      },
    })
    .post(
      "/api/import/commit",
      async ({ body, request, set }) => {
        noStore(set);
        return imports.commit(await caller(request), body);
      },
      {
        body: ImportRequest,
        response: ok(ImportReport),
        detail: {
          tags,
          ...management,
          summary: "Apply a payload, all or nothing",
          description: `${target} COMPLETED, or REJECTED with the errors and nothing written. Re-running is idempotent (unchanged records are skipped, changed ones updated). Users without passwordBcrypt get setup tokens in \`invites\` (7 days).`,
        },
      },
    )
    .get(
      "/api/import/jobs",
      async ({ query, request }) =>
        (await imports.jobs(await caller(request), pageSize(query.limit, 50, "limit"))).map((j) => ({
          id: j.id,
          tenantId: j.tenantId,
          rootOrgId: j.rootOrgId,
          status: j.status,
          dryRun: j.dryRun,
          counts: j.counts,
          errors: j.errors,
          createdAt: iso(j.createdAt),
          completedAt: iso(j.completedAt),
        })),
      {
        query: JobsQuery,
        response: ok(t.Array(JobSummary)),
        detail: { tags, ...management, summary: "Import jobs of the caller's tenant, newest first" },
      },
    );
}
