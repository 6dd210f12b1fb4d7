/** Append-only audit trail. Entries are never updated or deleted through the API. */
import type { NewAuditEntry } from "../events";

export type { NewAuditEntry };

/** A stored entry: what the event journal appended (`NewAuditEntry`), with its id and time. */
export interface AuditEntry extends Omit<NewAuditEntry, "createdAt"> {
  id: number;
  createdAt: Date;
}

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
  /** Appends several entries at once, ids ascending in the given order (the group commit of batched.ts). */
  appendMany(entries: NewAuditEntry[]): Promise<void>;
  /** Newest first, index-backed. */
  query(q: AuditQuery): Promise<AuditEntry[]>;
  forUser(userId: number, limit: number): Promise<AuditEntry[]>;
  /** How many entries of the tenant with this action were written at or after `from` (one counting query). */
  count(q: { tenant: number; action: string; from: Date }): Promise<number>;
  /** Erasure: keeps ids and actions, drops IP and personal data from metadata. */
  scrubUser(userId: number): Promise<void>;
}
