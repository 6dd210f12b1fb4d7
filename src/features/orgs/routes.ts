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
import { managementCaller, tokens, type Guard } from "../../http/guard";
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
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "org-routes" })
    .get(
      "/api/organizations",
      async ({ request, query }) => {
        const p = await caller(request);
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
        detail: { tags, ...management, summary: "Organizations within the token's reach (cursor pages, by id)" },
      },
    )
    .get(
      "/api/organizations/search",
      async ({ request, query }) => {
        const p = await caller(request);
        const found = await orgs.search(p, query.q ?? "", query.status, pageSize(query.size, 50));
        return found.map(orgDto);
      },
      {
        query: SearchQuery,
        response: ok(t.Array(Organization)),
        detail: {
          tags,
          ...management,
          summary: "Search organizations by name or slug (literal, case-insensitive substring)",
        },
      },
    )
    .post("/api/organizations", async ({ request, body }) => orgDto(await orgs.create(await caller(request), body)), {
      body: CreateOrgBody,
      response: ok(Organization),
      detail: {
        tags,
        ...management,
        summary: "Create an organization (child of the caller's active org when parentId is absent)",
      },
    })
    .put(
      "/api/organizations/:id",
      async ({ request, params, body }) => orgDto(await orgs.update(await caller(request), params.id, body)),
      {
        params: OrgIdParams,
        body: UpdateOrgBody,
        response: ok(Organization),
        detail: { tags, ...management, summary: "Rename or retype an organization" },
      },
    )
    .post(
      "/api/organizations/:id/suspend",
      async ({ request, params }) => orgDto(await orgs.suspend(await caller(request), params.id)),
      {
        params: OrgIdParams,
        response: ok(Organization),
        detail: { tags, ...management, summary: "Suspend an organization: it and its descendants get no new tokens" },
      },
    )
    .post(
      "/api/organizations/:id/activate",
      async ({ request, params }) => orgDto(await orgs.activate(await caller(request), params.id)),
      {
        params: OrgIdParams,
        response: ok(Organization),
        detail: { tags, ...management, summary: "Re-activate a suspended organization" },
      },
    )
    .get(
      "/api/tenant-hierarchy/visible-orgs/:parentOrgId",
      async ({ request, params, query }) => {
        const p = await caller(request);
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
        detail: {
          tags,
          ...management,
          summary: "Direct children of an organization visible to the caller (cursor pages)",
        },
      },
    );
}
