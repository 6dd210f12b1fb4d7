/** Wire shape of GET /api/tenant/summary (the console's Home). */
import { t } from "elysia";
import { Int } from "../../http/wire";

const Count = (description: string) => Int({ minimum: 0, description });
const AuditCount = (description: string) =>
  t.Union([Count(description), t.Null()], { description: `${description}; null without AUDIT_VIEW` });

export const TenantSummary = t.Object({
  tenantId: Int(),
  organizations: Count("organizations of the tenant"),
  users: Count("users of the tenant (erased ones left out)"),
  applications: Count("applications of the tenant"),
  clients: Count("API clients of the tenant"),
  signIns: AuditCount("sign-ins (auth.login.succeeded) since `since`"),
  failedSignIns: AuditCount("failed sign-ins (auth.login.failed) since `since`"),
  since: t.String({ format: "date-time", description: "the start of the window: 24 hours ago" }),
});
