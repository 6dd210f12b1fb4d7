/** GET /api/audit (SPEC 4.11): AUDIT_VIEW + reach; read-only, newest first. */
import { Elysia, t } from "elysia";
import { clientIp, iso, pageSize } from "../../http/context";
import type { Services } from "../../services";
import { AuditEntry, AuditQuery } from "./model";

export function auditRoutes(svc: Services) {
  return new Elysia({ name: "audit-routes" }).get(
    "/api/audit",
    async ({ request, server, query }) => {
      const p = await svc.guard.management(request.headers, clientIp(request, server));
      const entries = await svc.audit.search(p, {
        organizationId: query.organizationId,
        action: query.action || undefined,
        userId: query.userId,
        q: query.q,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        size: pageSize(query.size, 100),
      });
      return entries.map((e) => ({ id: e.id, action: e.action, userId: e.userId, organizationId: e.organizationId, createdAt: iso(e.createdAt), ipAddress: e.ipAddress, metadata: e.metadata }));
    },
    { query: AuditQuery, response: { 200: t.Array(AuditEntry) }, detail: { tags: ["Audit"], security: [{ bearer: [] }], summary: "Audit entries of an organization's subtree, newest first" } },
  );
}
