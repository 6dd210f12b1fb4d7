/** Wire shapes of /api/platform (SPEC 2.14 declared shapes; CONTRACT §6). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

export const ProvisionRequest = t.Object({
  orgName: t.String({ minLength: 1, maxLength: 200 }),
  adminEmail: t.String({ minLength: 3, maxLength: 320, pattern: "^[^@\\s]+@[^@\\s]+$" }),
  adminFullName: t.String({ minLength: 1, maxLength: 200 }),
  ttlDays: t.Optional(
    Int({ minimum: 1, maximum: 3650, description: "makes a sandbox whose root org expires after this many days" }),
  ),
});

export const Provisioned = t.Object({
  tenantId: Int(),
  rootOrgId: Int(),
  orgName: t.String(),
  slug: t.String(),
  adminEmail: t.String(),
  setupToken: t.String({ description: "one-time; redeem at POST /api/auth/password/reset" }),
  expiresAt: t.String({ format: "date-time", description: "the setup token's expiry" }),
  setupMailSent: t.Boolean({
    description: "true when the setup link was mailed to the admin at once (redeeming it verifies the address)",
  }),
});

export const TenantParams = t.Object({ tenantId: QueryInt({ minimum: 1 }) });
export const LimitsRequest = t.Object({
  maxApplications: Int({ minimum: 0, maximum: 2147483647, description: "applications per organization" }),
});
export const LimitsResponse = t.Object({ tenantId: Int(), maxApplications: Int() });
export const UsageResponse = t.Object({ applications: Int(), maxApplications: Int() });
export const FeaturesRequest = t.Object({ customClaims: t.Boolean() });
export const FeaturesResponse = t.Object({ tenantId: Int(), customClaims: t.Boolean() });
export const SandboxSummary = t.Object({
  tenantId: Int(),
  name: t.String({ description: "the root org's name" }),
  slug: t.String(),
  expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});
