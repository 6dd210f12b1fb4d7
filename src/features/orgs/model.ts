/** Wire shapes of the organization endpoints (SPEC 2.5, 2.14, 4.6). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

export const Organization = t.Object({
  id: Int(),
  tenantId: Int(),
  parentId: t.Union([Int(), t.Null()], { description: "null for a tenant's root org" }),
  path: t.String({ description: "`/{tenantId}/{rootOrgId}/…/{id}/`" }),
  type: t.String(),
  name: t.String(),
  slug: t.String(),
  status: t.Union([t.Literal("ACTIVE"), t.Literal("SUSPENDED")]),
  expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  createdAt: t.String({ format: "date-time" }),
  updatedAt: t.String({ format: "date-time" }),
});

export const OrgSlice = t.Object({
  items: t.Array(Organization),
  nextCursor: t.Union([t.String(), t.Null()]),
  hasNext: t.Boolean(),
});

export const CreateOrgBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  slug: t.String({
    minLength: 1,
    maxLength: 63,
    description: "^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$, unique in the tenant",
  }),
  parentId: t.Optional(Int({ minimum: 1, description: "default: the caller's active organization" })),
  type: t.Optional(t.String({ minLength: 1, maxLength: 64, description: "free string, default `organization`" })),
});

export const UpdateOrgBody = t.Object({
  name: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
  type: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
});

export const OrgIdParams = t.Object({ id: QueryInt({ minimum: 1 }) });
export const ParentParams = t.Object({ parentOrgId: QueryInt({ minimum: 1 }) });

export const CursorQuery = t.Object({
  after: t.Optional(t.String({ maxLength: 64, description: "opaque cursor from `nextCursor`" })),
  size: t.Optional(QueryInt({ description: "1..1000, default 100" })),
});

export const SearchQuery = t.Object({
  q: t.Optional(
    t.String({ maxLength: 200, default: "", description: "literal, case-insensitive substring of name or slug" }),
  ),
  status: t.Optional(t.Union([t.Literal("ACTIVE"), t.Literal("SUSPENDED")])),
  size: t.Optional(QueryInt({ description: "1..1000, default 50" })),
});

export const VisibleOrgsResponse = t.Object({
  parentOrgId: Int(),
  childOrgIds: t.Array(Int()),
  nextCursor: t.Union([t.String(), t.Null()]),
  hasNext: t.Boolean(),
});
