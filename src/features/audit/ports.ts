/** Append-only audit trail. Entries are never updated or deleted through the API. */
export interface AuditEntry {
  id: number;
  tenantId: number;
  organizationId: number | null;
  orgPath: string;
  userId: number | null;
  actorId: number | null;
  action: string;
  ipAddress: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export type NewAuditEntry = Omit<AuditEntry, "id" | "createdAt"> & { createdAt?: Date };

export interface AuditQuery {
  tenant: number | "any";
  /** Entries whose org path starts with this path (the org's subtree). */
  orgPath: string;
  action?: string;
  userId?: number;
  q?: string;
  from?: Date;
  to?: Date;
  size: number;
}

export interface AuditRepo {
  append(entry: NewAuditEntry): Promise<void>;
  /** Newest first, index-backed. */
  query(q: AuditQuery): Promise<AuditEntry[]>;
  forUser(userId: number, limit: number): Promise<AuditEntry[]>;
  /** Erasure: keeps ids and actions, drops IP and personal data from metadata. */
  scrubUser(userId: number): Promise<void>;
}
