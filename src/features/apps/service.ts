/**
 * Applications (token audiences) and their permission vocabulary (SPEC 2.6, 2.7, 4.7; CONTRACT §6).
 * Identifiers are unique service-wide; each org may hold at most its tenant's `maxApplications`.
 * The system application (identifier = issuer) is read-only here.
 */
import { requirePermission, tenantOf, type Principal } from "../../kernel/authz";
import { callerEvent } from "../../kernel/event-shapes";
import { reachableHome, reachableOrg as reachableOrgOf } from "../orgs";
import { DomainError, forbidden, notFound, orConflict } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Org, OrgRepo, TenantRepo } from "../orgs";
import type { Application, AppRepo, Permission } from "./ports";

export interface AppServiceDeps {
  apps: AppRepo;
  orgs: OrgRepo;
  tenants: TenantRepo;
  unit: Unit<{ apps: AppRepo; events: EventJournal }>;
  /** SSO_DEFAULT_MAX_APPLICATIONS: the limit of tenants without their own. */
  defaultMaxApplications: number;
}

/** Social client ids arrive as an array or a comma-separated string (CONTRACT §6); blanks drop. */
export function normalizeClientIds(v: string[] | string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const list = Array.isArray(v) ? v : v.split(",");
  return [...new Set(list.map((x) => x.trim()).filter(Boolean))];
}

export interface AppInput {
  organizationId: number;
  identifier: string;
  name: string;
  webRefreshTtlDays?: number | null;
  deviceRefreshTtlDays?: number | null;
  googleClientIds?: string[] | string;
  microsoftClientIds?: string[] | string;
}

export function createAppService(deps: AppServiceDeps) {
  const reachableOrg = (p: Principal, id: number): Promise<Org> => reachableOrgOf(deps.orgs, p, id);

  /** The application as this caller may see it: 404 across tenants, 403 outside reach. */
  async function reachableApp(p: Principal, id: number): Promise<{ app: Application; org: Org }> {
    const { record: app, org } = await reachableHome(deps.orgs, p, await deps.apps.get(tenantOf(p), id), "Application");
    return { app, org };
  }

  const readOnly = (app: Application) => {
    if (app.isSystem) throw forbidden("The system application (the service's own audience) cannot be changed.");
  };

  async function limitFor(tenantId: number): Promise<number> {
    const tenant = await deps.tenants.get(tenantId);
    return tenant?.maxApplications ?? deps.defaultMaxApplications;
  }

  /** Registers an application at an org; 403 QUOTA_EXCEEDED past the tenant's limit, 409 on a taken identifier. */
  async function create(p: Principal, input: AppInput): Promise<Application> {
    requirePermission(p, "ORG_MANAGE");
    const org = await reachableOrg(p, input.organizationId);
    const limit = await limitFor(org.tenantId);
    return orConflict(
      deps.unit("apps.create", ["apps", "events"], async ({ apps, events }) => {
        const app = await apps.createWithinQuota(
          {
            tenantId: org.tenantId,
            organizationId: org.id,
            identifier: input.identifier.trim(),
            name: input.name.trim(),
            webRefreshTtlDays: input.webRefreshTtlDays ?? null,
            deviceRefreshTtlDays: input.deviceRefreshTtlDays ?? null,
            googleClientIds: normalizeClientIds(input.googleClientIds) ?? [],
            microsoftClientIds: normalizeClientIds(input.microsoftClientIds) ?? [],
          },
          limit,
        );
        if (!app)
          throw new DomainError(
            "QUOTA_EXCEEDED",
            `This organization already has its limit of ${limit} applications. Ask the platform operator to raise the limit.`,
          );
        await events.record(
          callerEvent(p, "app.created", org.tenantId, org, {
            applicationId: app.id,
            identifier: app.identifier,
            name: app.name,
          }),
        );
        return app;
      }),
      `An application with the identifier "${input.identifier.trim()}" already exists.`,
    );
  }

  /** Updates name, refresh TTLs (null = inherit the default; absent = unchanged) and social client ids. */
  async function update(
    p: Principal,
    id: number,
    patch: Omit<AppInput, "organizationId" | "identifier">,
  ): Promise<Application> {
    requirePermission(p, "ORG_MANAGE");
    const { app, org } = await reachableApp(p, id);
    readOnly(app);
    const clean: Parameters<AppRepo["update"]>[2] = { name: patch.name.trim() };
    if (patch.webRefreshTtlDays !== undefined) clean.webRefreshTtlDays = patch.webRefreshTtlDays;
    if (patch.deviceRefreshTtlDays !== undefined) clean.deviceRefreshTtlDays = patch.deviceRefreshTtlDays;
    const g = normalizeClientIds(patch.googleClientIds);
    const m = normalizeClientIds(patch.microsoftClientIds);
    if (g) clean.googleClientIds = g;
    if (m) clean.microsoftClientIds = m;
    return deps.unit("apps.update", ["apps", "events"], async ({ apps, events }) => {
      const next = await apps.update(app.tenantId, app.id, clean);
      if (!next) throw notFound("Application");
      await events.record(callerEvent(p, "app.updated", app.tenantId, org, { applicationId: app.id, changes: clean }));
      return next;
    });
  }

  /** Applications registered at an org inside the caller's reach. */
  async function list(p: Principal, organizationId: number): Promise<Application[]> {
    requirePermission(p, "ORG_MANAGE");
    const org = await reachableOrg(p, organizationId);
    return deps.apps.listByOrg(org.tenantId, org.id);
  }

  /** `used` = applications of the org, `limit` = the tenant's maxApplications. */
  async function quota(p: Principal, organizationId: number): Promise<{ used: number; limit: number }> {
    requirePermission(p, "ORG_MANAGE");
    const org = await reachableOrg(p, organizationId);
    return { used: await deps.apps.countByOrg(org.tenantId, org.id), limit: await limitFor(org.tenantId) };
  }

  /** Adds a permission code to an application's vocabulary; 409 on a duplicate code. */
  async function createPermission(
    p: Principal,
    applicationId: number,
    input: { code: string; description?: string },
  ): Promise<Permission> {
    requirePermission(p, "ROLE_MANAGE");
    const { app, org } = await reachableApp(p, applicationId);
    readOnly(app);
    return orConflict(
      deps.unit("apps.create_permission", ["apps", "events"], async ({ apps, events }) => {
        const perm = await apps.createPermission({
          tenantId: app.tenantId,
          applicationId: app.id,
          code: input.code,
          description: input.description ?? "",
        });
        await events.record(
          callerEvent(p, "permission.created", app.tenantId, org, {
            applicationId: app.id,
            permissionId: perm.id,
            code: perm.code,
          }),
        );
        return perm;
      }),
      `The application already defines the permission code "${input.code}".`,
    );
  }

  /** The permission vocabulary of an application, by id. */
  async function listPermissions(p: Principal, applicationId: number): Promise<Permission[]> {
    requirePermission(p, "ROLE_MANAGE");
    const { app } = await reachableApp(p, applicationId);
    return deps.apps.listPermissions(app.tenantId, app.id);
  }

  /** Deletes a permission and removes it from every role; 404 when the app does not define it. */
  async function deletePermission(p: Principal, applicationId: number, permissionId: number): Promise<void> {
    requirePermission(p, "ROLE_MANAGE");
    const { app, org } = await reachableApp(p, applicationId);
    readOnly(app);
    await deps.unit("apps.delete_permission", ["apps", "events"], async ({ apps, events }) => {
      const perm = (await apps.listPermissions(app.tenantId, app.id)).find((x) => x.id === permissionId);
      if (!perm || !(await apps.deletePermission(app.tenantId, app.id, permissionId))) throw notFound("Permission");
      await events.record(
        callerEvent(p, "permission.deleted", app.tenantId, org, {
          applicationId: app.id,
          permissionId,
          code: perm.code,
        }),
      );
    });
  }

  return { create, update, list, quota, createPermission, listPermissions, deletePermission };
}

export type AppService = ReturnType<typeof createAppService>;
