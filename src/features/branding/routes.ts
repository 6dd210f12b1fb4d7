/**
 * GET|PUT /api/branding, GET|PUT /api/applications/{applicationId}/branding (ORG_MANAGE), and the
 * logos' content-addressed URLs GET /pages/logos/{tenantId}/{sha256} (public, immutable).
 */
import { Elysia, t } from "elysia";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { assetNotFound, immutableAsset } from "../../http/pages";
import { ok } from "../../http/responses";
import { QueryInt } from "../../http/wire";
import { AppBranding, AppBrandingPutBody, TenantBranding, TenantBrandingPutBody, TenantQuery } from "./model";
import type { BrandingService } from "./service";

export function brandingRoutes({ branding, guard }: { branding: BrandingService; guard: Guard }) {
  const tags = ["Branding"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  const shown =
    "Shown on every hosted page (header name, logo, button colour, help link) and in every mail of the tenant's people.";
  return new Elysia({ name: "branding-routes" })
    .get("/api/branding", async ({ request, query }) => branding.getTenant(await caller(request), query.tenantId), {
      query: TenantQuery,
      response: ok(TenantBranding),
      detail: {
        tags,
        ...management,
        summary: "The tenant's branding",
        description: `ORG_MANAGE reaching the tenant's root organization. ${shown} Unset fields are null (the pages then show their defaults).`,
      },
    })
    .put(
      "/api/branding",
      async ({ request, query, body }) => branding.putTenant(await caller(request), body, query.tenantId),
      {
        query: TenantQuery,
        body: TenantBrandingPutBody,
        response: ok(TenantBranding),
        detail: {
          tags,
          ...management,
          summary: "Set the tenant's branding",
          description: `ORG_MANAGE reaching the tenant's root organization. A field left out keeps its value, null clears it. Refused with 400 naming the field: a colour on which neither white nor near-black text reaches 4.5:1, a support URL that is not https (http only on loopback), a logo that is not a PNG, JPEG or WebP by its bytes or is over 64 KiB. Audited as \`branding.updated\`.`,
        },
      },
    )
    .get(
      "/api/applications/:applicationId/branding",
      async ({ request, params }) => branding.getApp(await caller(request), params.applicationId),
      {
        params: t.Object({ applicationId: QueryInt({ minimum: 1 }) }),
        response: ok(AppBranding),
        detail: {
          tags,
          ...management,
          summary: "An application's branding override",
          description:
            "ORG_MANAGE and the application's organization inside the token's reach. Null fields inherit the tenant's; `effective` is what the application's pages and mails show.",
        },
      },
    )
    .put(
      "/api/applications/:applicationId/branding",
      async ({ request, params, body }) => branding.putApp(await caller(request), params.applicationId, body),
      {
        params: t.Object({ applicationId: QueryInt({ minimum: 1 }) }),
        body: AppBrandingPutBody,
        response: ok(AppBranding),
        detail: {
          tags,
          ...management,
          summary: "Override the branding for one application",
          description:
            "As PUT /api/branding, for the pages and mails of sign-ins into this application. A field left out keeps its value; null makes it inherit the tenant's again. Audited as `branding.updated` with the application's id.",
        },
      },
    )
    .get(
      "/pages/logos/:tenantId/:hash",
      async ({ params }) => {
        const tenantId = Number(params.tenantId);
        const logo = Number.isSafeInteger(tenantId) && tenantId > 0 ? await branding.logo(tenantId, params.hash) : null;
        return logo ? immutableAsset(logo.bytes, logo.contentType) : assetNotFound();
      },
      { detail: { hide: true } },
    );
}
