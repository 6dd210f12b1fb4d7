/** /api/organizations and /api/tenant-hierarchy (SPEC 4.6): ORG_MANAGE + reach. */
import { Elysia, t } from "elysia";
import { decodeCursor, encodeCursor, iso, pageSize } from "../../http/context";
import type { Org } from "./ports";
import {
  CreateOrgBody,
  CursorQuery,
  Organization,
  OrgIdParams,
  OrgSlice,
  ParentParams,
  SearchQuery,
  UpdateOrgBody,
  VisibleOrgsResponse,
} from "./model";
import type { OrgService } from "./service";
import { managementCaller, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

export const orgDto = (o: Org) => ({
  id: o.id,
  tenantId: o.tenantId,
  parentId: o.parentId,
  path: o.path,
  type: o.type,
  name: o.name,
  slug: o.slug,
  status: o.status,
  expiresAt: iso(o.expiresAt),
  createdAt: iso(o.createdAt),
  updatedAt: iso(o.updatedAt),
});

export function orgRoutes({ orgs, guard }: { orgs: OrgService; guard: Guard }) {
  const tags = ["Organizations"];
  const security = [{ bearer: [] }];
  const caller = (request: Request, server: unknown) => managementCaller(guard, request, server);
  return new Elysia({ name: "org-routes" })
    .get(
      "/api/organizations",
      async ({ request, server, query }) => {
        const p = await caller(request, server);
        const size = pageSize(query.size, 100);
        const page = await orgs.list(p, decodeCursor(query.after), size);
        return {
          items: page.items.map(orgDto),
          nextCursor: page.nextAfter ? encodeCursor(page.nextAfter) : null,
          hasNext: page.nextAfter !== null,
        };
      },
      {
        query: CursorQuery,
        response: ok(OrgSlice),
        detail: { tags, security, summary: "Organizations within the token's reach (cursor pages, by id)" },
      },
    )
    .get(
      "/api/organizations/search",
      async ({ request, server, query }) => {
        const p = await caller(request, server);
        const found = await orgs.search(p, query.q ?? "", query.status, pageSize(query.size, 50));
        return found.map(orgDto);
      },
      {
        query: SearchQuery,
        response: ok(t.Array(Organization)),
        detail: {
          tags,
          security,
          summary: "Search organizations by name or slug (literal, case-insensitive substring)",
        },
      },
    )
    .post(
      "/api/organizations",
      async ({ request, server, body }) => orgDto(await orgs.create(await caller(request, server), body)),
      {
        body: CreateOrgBody,
        response: ok(Organization),
        detail: {
          tags,
          security,
          summary: "Create an organization (child of the caller's active org when parentId is absent)",
        },
      },
    )
    .put(
      "/api/organizations/:id",
      async ({ request, server, params, body }) =>
        orgDto(await orgs.update(await caller(request, server), params.id, body)),
      {
        params: OrgIdParams,
        body: UpdateOrgBody,
        response: ok(Organization),
        detail: { tags, security, summary: "Rename or retype an organization" },
      },
    )
    .post(
      "/api/organizations/:id/suspend",
      async ({ request, server, params }) => orgDto(await orgs.suspend(await caller(request, server), params.id)),
      {
        params: OrgIdParams,
        response: ok(Organization),
        detail: { tags, security, summary: "Suspend an organization: it and its descendants get no new tokens" },
      },
    )
    .post(
      "/api/organizations/:id/activate",
      async ({ request, server, params }) => orgDto(await orgs.activate(await caller(request, server), params.id)),
      {
        params: OrgIdParams,
        response: ok(Organization),
        detail: { tags, security, summary: "Re-activate a suspended organization" },
      },
    )
    .get(
      "/api/tenant-hierarchy/visible-orgs/:parentOrgId",
      async ({ request, server, params, query }) => {
        const p = await caller(request, server);
        const page = await orgs.visibleChildren(
          p,
          params.parentOrgId,
          decodeCursor(query.after),
          pageSize(query.size, 100),
        );
        return {
          parentOrgId: params.parentOrgId,
          childOrgIds: page.items.map((o) => o.id),
          nextCursor: page.nextAfter ? encodeCursor(page.nextAfter) : null,
          hasNext: page.nextAfter !== null,
        };
      },
      {
        params: ParentParams,
        query: CursorQuery,
        response: ok(VisibleOrgsResponse),
        detail: { tags, security, summary: "Direct children of an organization visible to the caller (cursor pages)" },
      },
    );
}
