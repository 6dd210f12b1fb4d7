export { createAuditService, type AuditSearch, type AuditService } from "./service";
export type { AuditEntry, AuditQuery, AuditRepo } from "./ports";
