/** GET /api/audit (SPEC 4.11): AUDIT_VIEW + reach; read-only, newest first. */
import { Elysia, t } from "elysia";
import { iso, pageSize } from "../../http/context";
import { AuditEntry, AuditQuery } from "./model";
import type { AuditService } from "./service";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

export function auditRoutes({ audit, guard }: { audit: AuditService; guard: Guard }) {
  return new Elysia({ name: "audit-routes" }).get(
    "/api/audit",
    async ({ request, query }) => {
      const p = await managementCaller(guard, request);
      const entries = await audit.search(p, {
        organizationId: query.organizationId,
        action: query.action || undefined,
        userId: query.userId,
        q: query.q,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        size: pageSize(query.size, 100),
      });
      return entries.map((e) => ({
        id: e.id,
        action: e.action,
        userId: e.userId,
        organizationId: e.organizationId,
        createdAt: iso(e.createdAt),
        ipAddress: e.ipAddress,
        metadata: e.metadata,
        userLabel: e.userLabel,
        actorLabel: e.actorLabel,
      }));
    },
    {
      query: AuditQuery,
      response: ok(t.Array(AuditEntry)),
      detail: {
        tags: ["Audit"],
        ...tokens("management"),
        summary: "Audit entries of an organization's subtree, newest first",
      },
    },
  );
}
