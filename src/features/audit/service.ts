/** Answers audit queries. Entries are written only by the event journal (features/events). */
import { requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import { fieldError } from "../../kernel/errors";
import type { OrgRepo } from "../orgs/ports";
import type { AuditEntry, AuditQuery, AuditRepo } from "./ports";

export interface AuditSearch {
  organizationId: number;
  action?: string;
  userId?: number;
  q?: string;
  from?: Date;
  to?: Date;
  size: number;
}

export function createAuditService(deps: { audit: AuditRepo; orgs?: OrgRepo }) {
  /**
   * Entries of an org's subtree (AUDIT_VIEW + the org inside reach), newest first; `from`
   * inclusive, `to` exclusive, `q` a literal case-insensitive substring of action or metadata.
   */
  async function search(p: Principal, s: AuditSearch): Promise<AuditEntry[]> {
    requirePermission(p, "AUDIT_VIEW");
    if (!deps.orgs) throw new Error("audit search needs the org repository");
    const org = await deps.orgs.get(tenantOf(p), s.organizationId);
    requireReach(p, org);
    if (s.from && s.to && s.from.getTime() > s.to.getTime()) throw fieldError("to", "must not be before from");
    return deps.audit.query({
      tenant: org.tenantId,
      orgPath: org.path,
      action: s.action,
      userId: s.userId,
      q: s.q || undefined,
      from: s.from,
      to: s.to,
      size: s.size,
    });
  }

  return {
    query: (q: AuditQuery): Promise<AuditEntry[]> => deps.audit.query(q),
    search,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
