/** /api/roles (SPEC 4.5): ROLE_MANAGE + reach, no escalation. */
import { Elysia, t } from "elysia";
import { noContent200, pageSize } from "../../http/context";
import type { Role as DomainRole } from "./ports";
import { AssignBody, CreateRoleBody, Role, RoleIdParams, RoleListQuery, SetPermissionsBody } from "./model";
import type { RoleService } from "./service";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

export const roleDto = (r: DomainRole) => ({
  id: r.id,
  organizationId: r.organizationId,
  name: r.name,
  description: r.description,
  scope: r.scope,
  permissions: r.permissions.map((x) => ({ id: x.id, code: x.code, applicationId: x.applicationId })),
});

export function roleRoutes({ roles, guard }: { roles: RoleService; guard: Guard }) {
  const tags = ["Roles"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "role-routes" })
    .get(
      "/api/roles",
      async ({ request, query }) =>
        (await roles.list(await caller(request), query.organizationId, pageSize(query.size, 200))).map(roleDto),
      {
        query: RoleListQuery,
        response: ok(t.Array(Role)),
        detail: { tags, ...management, summary: "Roles defined at an organization" },
      },
    )
    .post("/api/roles", async ({ request, body }) => roleDto(await roles.create(await caller(request), body)), {
      body: CreateRoleBody,
      response: ok(Role),
      detail: { tags, ...management, summary: "Create a role from permission codes or ids" },
    })
    .put(
      "/api/roles/:roleId/permissions",
      async ({ request, params, body }) =>
        roleDto(await roles.setPermissions(await caller(request), params.roleId, body)),
      {
        params: RoleIdParams,
        body: SetPermissionsBody,
        response: ok(Role),
        detail: { tags, ...management, summary: "Replace a role's permission set" },
      },
    )
    .post(
      "/api/roles/:roleId/assign",
      async ({ request, params, body }) => {
        await roles.assign(await caller(request), params.roleId, body.userId, body.organizationId);
        return noContent200();
      },
      {
        params: RoleIdParams,
        body: AssignBody,
        detail: { tags, ...management, summary: "Assign a role to a user at an organization (idempotent)" },
      },
    )
    .post(
      "/api/roles/:roleId/revoke",
      async ({ request, params, body }) => {
        await roles.revoke(await caller(request), params.roleId, body.userId, body.organizationId);
        return noContent200();
      },
      {
        params: RoleIdParams,
        body: AssignBody,
        detail: { tags, ...management, summary: "Revoke a role from a user at an organization (idempotent)" },
      },
    );
}
