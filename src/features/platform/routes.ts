/** /api/platform/** (CONTRACT §6): PLATFORM_ADMIN only. */
import { Elysia, t } from "elysia";
import { clientIp, iso } from "../../http/context";
import type { Services } from "../../services";
import { FeaturesRequest, FeaturesResponse, LimitsRequest, LimitsResponse, ProvisionRequest, Provisioned, SandboxSummary, TenantParams, UsageResponse } from "./model";

export function platformRoutes(svc: Services) {
  const tags = ["Platform"];
  const security = [{ bearer: [] }];
  const caller = (request: Request, server: Parameters<typeof clientIp>[1]) => svc.guard.management(request.headers, clientIp(request, server));
  return new Elysia({ name: "platform-routes" })
    .post(
      "/api/platform/tenants",
      async ({ request, server, body, set }) => {
        const r = await svc.platform.provision(await caller(request, server), body);
        set.headers["cache-control"] = "no-store";
        return { tenantId: r.tenantId, rootOrgId: r.rootOrgId, orgName: r.orgName, slug: r.slug, adminEmail: r.adminEmail, setupToken: r.setupToken, expiresAt: iso(r.expiresAt) };
      },
      { body: ProvisionRequest, response: { 200: Provisioned }, detail: { tags, security, summary: "Provision a tenant: root org, tenant-admin role, admin user and a setup token" } },
    )
    .put(
      "/api/platform/tenants/:tenantId/limits",
      async ({ request, server, params, body }) => svc.platform.setLimits(await caller(request, server), params.tenantId, body),
      { params: TenantParams, body: LimitsRequest, response: { 200: LimitsResponse }, detail: { tags, security, summary: "Set the tenant's application limit (per organization)" } },
    )
    .get(
      "/api/platform/tenants/:tenantId/usage",
      async ({ request, server, params }) => svc.platform.usage(await caller(request, server), params.tenantId),
      { params: TenantParams, response: { 200: UsageResponse }, detail: { tags, security, summary: "Applications registered in the tenant" } },
    )
    .put(
      "/api/platform/tenants/:tenantId/features",
      async ({ request, server, params, body }) => svc.platform.setFeatures(await caller(request, server), params.tenantId, body),
      { params: TenantParams, body: FeaturesRequest, response: { 200: FeaturesResponse }, detail: { tags, security, summary: "Switch plan features (customClaims) for the tenant" } },
    )
    .get(
      "/api/platform/sandboxes",
      async ({ request, server }) =>
        (await svc.platform.sandboxes(await caller(request, server))).map(({ tenant, root }) => ({ tenantId: tenant.id, name: root?.name ?? tenant.name, slug: root?.slug ?? tenant.slug, expiresAt: iso(root?.expiresAt ?? null) })),
      { response: { 200: t.Array(SandboxSummary) }, detail: { tags, security, summary: "Sandbox tenants and when they expire" } },
    );
}
