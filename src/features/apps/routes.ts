/** /api/applications (SPEC 4.7): ORG_MANAGE for applications, ROLE_MANAGE for their permissions. */
import { Elysia, t } from "elysia";
import { noContent200 } from "../../http/context";
import type { Application as DomainApp, Permission as DomainPermission } from "./ports";
import {
  AppIdParams,
  Application,
  CreateAppBody,
  CreatePermissionBody,
  OrgQuery,
  Permission,
  PermissionParams,
  QuotaResponse,
  UpdateAppBody,
} from "./model";
import type { AppService } from "./service";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

export const appDto = (a: DomainApp) => ({
  id: a.id,
  organizationId: a.organizationId,
  identifier: a.identifier,
  name: a.name,
  webRefreshTtlDays: a.webRefreshTtlDays,
  deviceRefreshTtlDays: a.deviceRefreshTtlDays,
  googleClientIds: a.googleClientIds,
  microsoftClientIds: a.microsoftClientIds,
});
const permissionDto = (x: DomainPermission) => ({
  id: x.id,
  applicationId: x.applicationId,
  code: x.code,
  description: x.description,
});

export function appRoutes({ apps, guard }: { apps: AppService; guard: Guard }) {
  const tags = ["Applications"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "app-routes" })
    .get(
      "/api/applications/quota",
      async ({ request, query }) => apps.quota(await caller(request), query.organizationId),
      {
        query: OrgQuery,
        response: ok(QuotaResponse),
        detail: { tags, ...management, summary: "Applications used by the organization and the tenant's limit" },
      },
    )
    .get(
      "/api/applications",
      async ({ request, query }) => (await apps.list(await caller(request), query.organizationId)).map(appDto),
      {
        query: OrgQuery,
        response: ok(t.Array(Application)),
        detail: { tags, ...management, summary: "Applications registered at an organization" },
      },
    )
    .post("/api/applications", async ({ request, body }) => appDto(await apps.create(await caller(request), body)), {
      body: CreateAppBody,
      response: ok(Application),
      detail: { tags, ...management, summary: "Register an application (a token audience)" },
    })
    .put(
      "/api/applications/:applicationId",
      async ({ request, params, body }) => appDto(await apps.update(await caller(request), params.applicationId, body)),
      {
        params: AppIdParams,
        body: UpdateAppBody,
        response: ok(Application),
        detail: { tags, ...management, summary: "Update an application's name, refresh TTLs and social client ids" },
      },
    )
    .get(
      "/api/applications/:applicationId/permissions",
      async ({ request, params }) =>
        (await apps.listPermissions(await caller(request), params.applicationId)).map(permissionDto),
      {
        params: AppIdParams,
        response: ok(t.Array(Permission)),
        detail: { tags, ...management, summary: "The application's permission codes" },
      },
    )
    .post(
      "/api/applications/:applicationId/permissions",
      async ({ request, params, body }) =>
        permissionDto(await apps.createPermission(await caller(request), params.applicationId, body)),
      {
        params: AppIdParams,
        body: CreatePermissionBody,
        response: ok(Permission),
        detail: { tags, ...management, summary: "Add a permission code to the application" },
      },
    )
    .delete(
      "/api/applications/:applicationId/permissions/:permissionId",
      async ({ request, params }) => {
        await apps.deletePermission(await caller(request), params.applicationId, params.permissionId);
        return noContent200();
      },
      {
        params: PermissionParams,
        detail: { tags, ...management, summary: "Delete a permission code (it leaves every role)" },
      },
    );
}
