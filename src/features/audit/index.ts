export { createAuditService, recordAudit, type AuditEvent, type AuditService } from "./service";
export type { AuditEntry, AuditQuery, AuditRepo } from "./ports";
