/** GET /api/tenant/summary: the tenant at a glance (the console's Home). */
import { Elysia } from "elysia";
import { iso } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { TenantSummary } from "./model";
import type { OverviewService } from "./service";

export function overviewRoutes({ overview, guard }: { overview: OverviewService; guard: Guard }) {
  return new Elysia({ name: "overview-routes" }).get(
    "/api/tenant/summary",
    async ({ request }) => {
      const s = await overview.summary(await managementCaller(guard, request));
      return { ...s, since: iso(s.since) };
    },
    {
      response: ok(TenantSummary),
      detail: {
        tags: ["Organizations"],
        ...tokens("management"),
        summary: "The tenant at a glance: counts, and sign-ins of the last 24 hours",
        description:
          "ORG_MANAGE with a role over the tenant's root organization's whole subtree (else 403). Counts of the whole tenant: organizations, users (erased ones left out), applications, API clients; `signIns` and `failedSignIns` count the audit journal's `auth.login.succeeded` and `auth.login.failed` of the last 24 hours, and are null without AUDIT_VIEW.",
      },
    },
  );
}
