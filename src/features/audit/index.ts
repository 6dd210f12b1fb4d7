export { createAuditService, recordAudit, type AuditEvent, type AuditSearch, type AuditService } from "./service";
export type { AuditEntry, AuditQuery, AuditRepo } from "./ports";
