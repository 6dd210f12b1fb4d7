/** /api/roles (SPEC 4.5): ROLE_MANAGE + reach, no escalation. */
import { Elysia, t } from "elysia";
import { noContent200, pageSize } from "../../http/context";
import type { Role as DomainRole } from "./ports";
import { AssignBody, CreateRoleBody, Role, RoleIdParams, RoleListQuery, SetPermissionsBody } from "./model";
import type { RoleService } from "./service";
import { managementCaller, type Guard } from "../../http/guard";
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
  const security = [{ bearer: [] }];
  const caller = (request: Request, server: unknown) => managementCaller(guard, request, server);
  return new Elysia({ name: "role-routes" })
    .get(
      "/api/roles",
      async ({ request, server, query }) =>
        (await roles.list(await caller(request, server), query.organizationId, pageSize(query.size, 200))).map(roleDto),
      {
        query: RoleListQuery,
        response: ok(t.Array(Role)),
        detail: { tags, security, summary: "Roles defined at an organization" },
      },
    )
    .post(
      "/api/roles",
      async ({ request, server, body }) => roleDto(await roles.create(await caller(request, server), body)),
      {
        body: CreateRoleBody,
        response: ok(Role),
        detail: { tags, security, summary: "Create a role from permission codes or ids" },
      },
    )
    .put(
      "/api/roles/:roleId/permissions",
      async ({ request, server, params, body }) =>
        roleDto(await roles.setPermissions(await caller(request, server), params.roleId, body)),
      {
        params: RoleIdParams,
        body: SetPermissionsBody,
        response: ok(Role),
        detail: { tags, security, summary: "Replace a role's permission set" },
      },
    )
    .post(
      "/api/roles/:roleId/assign",
      async ({ request, server, params, body }) => {
        await roles.assign(await caller(request, server), params.roleId, body.userId, body.organizationId);
        return noContent200();
      },
      {
        params: RoleIdParams,
        body: AssignBody,
        detail: { tags, security, summary: "Assign a role to a user at an organization (idempotent)" },
      },
    )
    .post(
      "/api/roles/:roleId/revoke",
      async ({ request, server, params, body }) => {
        await roles.revoke(await caller(request, server), params.roleId, body.userId, body.organizationId);
        return noContent200();
      },
      {
        params: RoleIdParams,
        body: AssignBody,
        detail: { tags, security, summary: "Revoke a role from a user at an organization (idempotent)" },
      },
    );
}
