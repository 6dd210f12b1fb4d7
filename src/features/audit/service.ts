/** Answers audit queries. Entries are written only by the event journal (features/events). */
import { requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import { fieldError } from "../../kernel/errors";
import type { OrgRepo } from "../orgs/ports";
import type { UserRepo } from "../../kernel/users";
import type { AuditEntry, AuditQuery, AuditRepo } from "./ports";

/** An entry as the console reads it: the user and the actor named when they are of the caller's tenant. */
export interface NamedAuditEntry extends AuditEntry {
  /** "Full Name <email>" (or the email) of the affected user; null when unknown or another tenant's. */
  userLabel: string | null;
  /** The same for the actor (`metadata.actorId`). */
  actorLabel: string | null;
}

export interface AuditSearch {
  organizationId: number;
  action?: string;
  userId?: number;
  q?: string;
  from?: Date;
  to?: Date;
  size: number;
}

export function createAuditService(deps: { audit: AuditRepo; orgs?: OrgRepo; users?: Pick<UserRepo, "get"> }) {
  /**
   * Entries of an org's subtree (AUDIT_VIEW + the org inside reach), newest first; `from`
   * inclusive, `to` exclusive, `q` a literal case-insensitive substring of action or metadata.
   */
  async function search(p: Principal, s: AuditSearch): Promise<NamedAuditEntry[]> {
    requirePermission(p, "AUDIT_VIEW");
    if (!deps.orgs) throw new Error("audit search needs the org repository");
    const org = await deps.orgs.get(tenantOf(p), s.organizationId);
    requireReach(p, org);
    if (s.from && s.to && s.from.getTime() > s.to.getTime()) throw fieldError("to", "must not be before from");
    const entries = await deps.audit.query({
      tenant: org.tenantId,
      orgPath: org.path,
      action: s.action,
      userId: s.userId,
      q: s.q || undefined,
      from: s.from,
      to: s.to,
      size: s.size,
    });
    // Names of the users the page mentions, looked up once each and together, in the caller's tenant only.
    const ids = new Set<number>();
    for (const e of entries) {
      if (e.userId !== null) ids.add(e.userId);
      if (typeof e.metadata.actorId === "number") ids.add(e.metadata.actorId);
    }
    const labels = new Map<number, string>();
    const users = deps.users;
    if (users)
      await Promise.all(
        [...ids].map(async (id) => {
          const u = await users.get(org.tenantId, id);
          if (u) labels.set(id, u.fullName ? `${u.fullName} <${u.email}>` : u.email);
        }),
      );
    const label = (id: unknown) => (typeof id === "number" ? (labels.get(id) ?? null) : null);
    return entries.map((e) => ({ ...e, userLabel: label(e.userId), actorLabel: label(e.metadata.actorId) }));
  }

  return {
    query: (q: AuditQuery): Promise<AuditEntry[]> => deps.audit.query(q),
    search,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
