/** Writes audit entries (CONTRACT §9: dotted lower-case actions) and answers audit queries. */
import type { AuditEntry, AuditQuery, AuditRepo } from "./ports";

export interface AuditEvent {
  action: string;
  tenantId: number;
  org?: { id: number; path: string } | null;
  /** The affected user, else the actor. */
  userId?: number | null;
  actorId?: number | null;
  ip?: string | null;
  metadata?: Record<string, unknown>;
}

/** Appends one entry through `repo` (pass a transaction's repo to write it with the change). */
export async function recordAudit(repo: AuditRepo, e: AuditEvent): Promise<void> {
  await repo.append({
    tenantId: e.tenantId,
    organizationId: e.org?.id ?? null,
    orgPath: e.org?.path ?? `/${e.tenantId}/`,
    userId: e.userId ?? e.actorId ?? null,
    actorId: e.actorId ?? null,
    action: e.action,
    ipAddress: e.ip ?? null,
    metadata: { ...(e.metadata ?? {}), ...(e.actorId ? { actorId: e.actorId } : {}) },
  });
}

export function createAuditService(deps: { audit: AuditRepo }) {
  return {
    record: (e: AuditEvent) => recordAudit(deps.audit, e),
    query: (q: AuditQuery): Promise<AuditEntry[]> => deps.audit.query(q),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
