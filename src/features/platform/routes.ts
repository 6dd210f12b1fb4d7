/** /api/platform/** (CONTRACT §6): PLATFORM_ADMIN only. */
import { Elysia, t } from "elysia";
import { iso, noStore } from "../../http/context";
import {
  FeaturesRequest,
  FeaturesResponse,
  LimitsRequest,
  LimitsResponse,
  ProvisionRequest,
  Provisioned,
  SandboxSummary,
  TenantParams,
  UsageResponse,
} from "./model";
import type { PlatformService } from "./service";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

export function platformRoutes({ platform, guard }: { platform: PlatformService; guard: Guard }) {
  const tags = ["Platform"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "platform-routes" })
    .post(
      "/api/platform/tenants",
      async ({ request, body, set }) => {
        const r = await platform.provision(await caller(request), body);
        noStore(set);
        return {
          tenantId: r.tenantId,
          rootOrgId: r.rootOrgId,
          orgName: r.orgName,
          slug: r.slug,
          adminEmail: r.adminEmail,
          setupToken: r.setupToken,
          expiresAt: iso(r.expiresAt),
          setupMailSent: r.setupMailSent === true,
        };
      },
      {
        body: ProvisionRequest,
        response: ok(Provisioned),
        detail: {
          tags,
          ...management,
          summary: "Provision a tenant: root org, tenant-admin role, admin user and a setup token",
          description:
            "PLATFORM_ADMIN. The admin user has no password: the setup token (single use, 7 days) is in the answer and is mailed to `adminEmail` at once (`setupMailSent: true`); redeeming the mailed link sets the password and verifies the address.",
        },
      },
    )
    .put(
      "/api/platform/tenants/:tenantId/limits",
      async ({ request, params, body }) => platform.setLimits(await caller(request), params.tenantId, body),
      {
        params: TenantParams,
        body: LimitsRequest,
        response: ok(LimitsResponse),
        detail: { tags, ...management, summary: "Set the tenant's application limit (per organization)" },
      },
    )
    .get(
      "/api/platform/tenants/:tenantId/usage",
      async ({ request, params }) => platform.usage(await caller(request), params.tenantId),
      {
        params: TenantParams,
        response: ok(UsageResponse),
        detail: { tags, ...management, summary: "Applications registered in the tenant" },
      },
    )
    .put(
      "/api/platform/tenants/:tenantId/features",
      async ({ request, params, body }) => platform.setFeatures(await caller(request), params.tenantId, body),
      {
        params: TenantParams,
        body: FeaturesRequest,
        response: ok(FeaturesResponse),
        detail: { tags, ...management, summary: "Switch plan features (customClaims) for the tenant" },
      },
    )
    .get(
      "/api/platform/sandboxes",
      async ({ request }) =>
        (await platform.sandboxes(await caller(request))).map(({ tenant, root }) => ({
          tenantId: tenant.id,
          name: root?.name ?? tenant.name,
          slug: root?.slug ?? tenant.slug,
          expiresAt: iso(root?.expiresAt ?? null),
        })),
      {
        response: ok(t.Array(SandboxSummary)),
        detail: { tags, ...management, summary: "Sandbox tenants and when they expire" },
      },
    );
}
