export { createAuditService, type AuditSearch, type AuditService, type NamedAuditEntry } from "./service";
export type { AuditEntry, AuditQuery, AuditRepo } from "./ports";
