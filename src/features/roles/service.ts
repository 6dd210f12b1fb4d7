/**
 * Roles (CONTRACT §2): a named set of permissions defined at an org, SELF or SUBTREE, assigned to
 * users at that org or below. Permission codes resolve against the vocabulary the org may use
 * (applications of the org and its ancestors, plus the system codes). No escalation: a caller can
 * only put into a role, assign or revoke system codes it holds itself.
 */
import {
  SYSTEM_CODES,
  actorOf,
  reachesSubtree,
  requireHolds,
  requirePermission,
  requireReach,
  tenantOf,
  type Principal,
} from "../../kernel/authz";
import { callerEvent } from "../../kernel/event-shapes";
import { reachableHome, reachableOrg as reachableOrgOf } from "../orgs";
import { fieldError, forbidden, notFound, validation, type FieldError, orConflict } from "../../kernel/errors";
import { pathIds, reaches } from "../../kernel/tenancy";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Application, AppRepo, Permission } from "../apps";
import type { Org, OrgRepo } from "../orgs";
import type { UserRepo } from "../../kernel/users";
import type { PermissionRef, Role, RoleRepo, RoleScope } from "./ports";

export interface RoleServiceDeps {
  roles: RoleRepo;
  orgs: OrgRepo;
  apps: AppRepo;
  users: UserRepo;
  unit: Unit<{ roles: RoleRepo; events: EventJournal }>;
  /** The platform (bootstrap) tenant: PLATFORM_ADMIN is grantable only in its roles. */
  platformTenantId: number;
}

const isSystemCode = (c: string) => (SYSTEM_CODES as readonly string[]).includes(c);

/** System codes a role carries (only codes of the system application count). */
export function systemCodesOf(perms: PermissionRef[], systemAppId: number | null): string[] {
  return perms.filter((x) => x.applicationId === systemAppId && isSystemCode(x.code)).map((x) => x.code);
}

export function createRoleService(deps: RoleServiceDeps) {
  let systemApp: Application | null = null;
  const system = async () => (systemApp ??= await deps.apps.system());

  const reachableOrg = (p: Principal, id: number): Promise<Org> => reachableOrgOf(deps.orgs, p, id);

  /** The role as this caller may see it (404 across tenants) with its org inside reach. */
  async function reachableRole(p: Principal, roleId: number): Promise<{ role: Role; org: Org }> {
    const { record: role, org } = await reachableHome(deps.orgs, p, await deps.roles.get(tenantOf(p), roleId), "Role");
    return { role, org };
  }

  /**
   * Resolves codes and ids to permissions of the vocabulary `org` may use. Unknown codes/ids and
   * ambiguous codes (several applications define it) are 400 with one entry per problem.
   */
  async function resolvePermissions(org: Org, codes: string[] = [], ids: number[] = []): Promise<Permission[]> {
    const sys = await system();
    const ancestorIds = pathIds(org.path).slice(1);
    const apps = await deps.apps.listByOrgs(org.tenantId, ancestorIds);
    const vocab = new Set<number>(apps.map((a) => a.id));
    if (sys) vocab.add(sys.id);
    const errors: FieldError[] = [];
    const out = new Map<number, Permission>();
    const wanted = [...new Set(codes)];
    if (wanted.length) {
      const found = await deps.apps.permissionsByCodes([...vocab], wanted);
      for (const code of wanted) {
        const hits = found.filter((x) => x.code === code);
        if (!hits.length)
          errors.push({ field: "permissionCodes", message: `unknown permission code "${code}" for this organization` });
        else if (hits.length > 1)
          errors.push({
            field: "permissionCodes",
            message: `"${code}" is defined by several applications (ids ${hits.map((h) => h.id).join(", ")}); name it in permissionIds instead`,
          });
        else out.set(hits[0].id, hits[0]);
      }
    }
    const wantedIds = [...new Set(ids)];
    if (wantedIds.length) {
      const found = new Map((await deps.apps.permissionsByIds(wantedIds)).map((x) => [x.id, x]));
      for (const id of wantedIds) {
        const perm = found.get(id);
        if (!perm || !vocab.has(perm.applicationId))
          errors.push({
            field: "permissionIds",
            message: `permission ${id} does not exist in this organization's vocabulary`,
          });
        else out.set(perm.id, perm);
      }
    }
    if (errors.length)
      throw validation(`Some permissions could not be resolved: ${errors.map((e) => e.message).join("; ")}.`, errors);
    return [...out.values()];
  }

  /** No escalation for a permission set, and PLATFORM_ADMIN only inside the platform tenant. */
  async function checkGrantable(p: Principal, org: Org, perms: PermissionRef[]) {
    const sys = await system();
    const codes = systemCodesOf(perms, sys?.id ?? null);
    requireHolds(p, codes, "grant");
    if (codes.includes("PLATFORM_ADMIN") && org.tenantId !== deps.platformTenantId)
      throw fieldError("permissionCodes", "PLATFORM_ADMIN can only be granted by roles of the platform tenant");
  }

  /**
   * Checks that `role` may be assigned (or revoked) at `target` by `p`: same tenant, `target` at or
   * below the role's org, the caller holds the role's system codes, and a SUBTREE role carrying
   * system codes needs the caller's reach over the whole subtree.
   */
  async function checkAssignment(p: Principal, role: Role, roleOrg: Org, target: Org, verb: "assign" | "revoke") {
    if (target.tenantId !== role.tenantId || !target.path.startsWith(roleOrg.path))
      throw fieldError("organizationId", "must be the role's organization or one below it");
    const sys = await system();
    const codes = systemCodesOf(role.permissions, sys?.id ?? null);
    requireHolds(p, codes, verb);
    if (codes.length && role.scope === "SUBTREE" && !reachesSubtree(p, target.path))
      throw fieldError(
        "organizationId",
        "a SUBTREE role with system permissions needs your reach over that whole subtree",
      );
  }

  /**
   * Least privilege over another user (docs/security.md, "Acting on other users"): the caller must
   * hold every system code the target holds anywhere, reach every organization where the target
   * holds one (the whole subtree for a SUBTREE role), and only a platform administrator may act on
   * a holder of PLATFORM_ADMIN. Acting on oneself passes. Otherwise 403 FORBIDDEN.
   */
  async function requireAuthorityOver(p: Principal, userId: number): Promise<void> {
    if (userId === p.userId) return;
    const assignments = await deps.roles.assignmentsOf(userId);
    if (!assignments.length) return;
    const sys = await system();
    const roles = new Map<number, Role | null>();
    for (const a of assignments)
      if (!roles.has(a.roleId)) roles.set(a.roleId, await deps.roles.get(a.tenantId, a.roleId));
    const privileged = assignments.filter(
      (a) => systemCodesOf(roles.get(a.roleId)?.permissions ?? [], sys?.id ?? null).length > 0,
    );
    if (!privileged.length) return;
    const codes = new Set(privileged.flatMap((a) => systemCodesOf(roles.get(a.roleId)!.permissions, sys?.id ?? null)));
    const refuse = () =>
      forbidden(
        "This user holds system permissions (or holds them at organizations) beyond your own; only an administrator with at least the same permissions and reach can act on this account.",
      );
    if (codes.has("PLATFORM_ADMIN") && !p.platformAdmin) throw refuse();
    for (const c of codes)
      if (!(c === "PLATFORM_ADMIN" ? p.platformAdmin : p.platformAdmin || p.permissions.has(c))) throw refuse();
    const orgs = new Map(
      (await deps.orgs.getMany(privileged[0].tenantId, [...new Set(privileged.map((a) => a.organizationId))])).map(
        (o) => [o.id, o],
      ),
    );
    for (const a of privileged) {
      const org = orgs.get(a.organizationId);
      if (!org) throw refuse();
      const subtree = roles.get(a.roleId)!.scope === "SUBTREE";
      if (subtree ? !reachesSubtree(p, org.path) : !reaches(p, org.path)) throw refuse();
    }
  }

  /** Creates a role at `organizationId` (default: the caller's active org). */
  async function create(
    p: Principal,
    input: {
      name: string;
      organizationId?: number;
      description?: string;
      permissionCodes?: string[];
      permissionIds?: number[];
      scope?: RoleScope;
    },
  ): Promise<Role> {
    requirePermission(p, "ROLE_MANAGE");
    const name = input.name.trim();
    if (!name) throw fieldError("name", "must not be blank");
    const org = await reachableOrg(p, input.organizationId ?? p.orgId);
    const perms = await resolvePermissions(org, input.permissionCodes, input.permissionIds);
    await checkGrantable(p, org, perms);
    return orConflict(
      deps.unit("roles.create", ["roles", "events"], async ({ roles, events }) => {
        const role = await roles.create({
          tenantId: org.tenantId,
          organizationId: org.id,
          name,
          description: input.description ?? "",
          scope: input.scope ?? "SELF",
          permissionIds: perms.map((x) => x.id),
        });
        await events.record(
          callerEvent(p, "role.created", org.tenantId, org, {
            roleId: role.id,
            name,
            scope: role.scope,
            permissions: role.permissions.map((x) => x.code),
          }),
        );
        return role;
      }),
      `A role named "${name}" already exists in this organization.`,
    );
  }

  /** Replaces a role's permission set. The caller must hold every system code before and after. */
  async function setPermissions(
    p: Principal,
    roleId: number,
    input: { permissionCodes?: string[]; permissionIds?: number[] },
  ): Promise<Role> {
    requirePermission(p, "ROLE_MANAGE");
    const { role, org } = await reachableRole(p, roleId);
    const perms = await resolvePermissions(org, input.permissionCodes, input.permissionIds);
    const sys = await system();
    requireHolds(p, systemCodesOf(role.permissions, sys?.id ?? null), "change a role that carries");
    await checkGrantable(p, org, perms);
    return deps.unit("roles.set_permissions", ["roles", "events"], async ({ roles, events }) => {
      const next = await roles.setPermissions(
        org.tenantId,
        role.id,
        perms.map((x) => x.id),
      );
      if (!next) throw notFound("Role");
      const before = new Set(role.permissions.map((x) => x.code));
      const after = new Set(next.permissions.map((x) => x.code));
      const added = [...after].filter((c) => !before.has(c));
      const removed = [...before].filter((c) => !after.has(c));
      if (added.length || removed.length)
        await events.record(
          callerEvent(p, "role.permissions_changed", org.tenantId, org, { roleId: role.id, added, removed }),
        );
      return next;
    });
  }

  /** Loads and checks everything an assign/revoke needs; 404 for ids outside the tenant. */
  async function prepare(
    p: Principal,
    roleId: number,
    userId: number,
    organizationId: number,
    verb: "assign" | "revoke",
  ) {
    requirePermission(p, "ROLE_MANAGE");
    const { role, org: roleOrg } = await reachableRole(p, roleId);
    const user = await deps.users.get(role.tenantId, userId);
    if (!user || user.status === "ERASED") throw notFound("User");
    const target = await deps.orgs.get(role.tenantId, organizationId);
    if (!target) throw notFound("Organization");
    requireReach(p, target);
    await checkAssignment(p, role, roleOrg, target, verb);
    await requireAuthorityOver(p, user.id);
    return { role, user, target };
  }

  /**
   * Assigns (`assign`) or revokes (`revoke`) a role of a user at an org. Idempotent: a repeat
   * writes nothing and records nothing.
   */
  async function setAssignment(
    p: Principal,
    roleId: number,
    userId: number,
    organizationId: number,
    verb: "assign" | "revoke",
  ): Promise<void> {
    const { role, user, target } = await prepare(p, roleId, userId, organizationId, verb);
    await deps.unit(`roles.${verb}`, ["roles", "events"], async ({ roles, events }) => {
      const assignment = { tenantId: role.tenantId, userId: user.id, roleId: role.id, organizationId: target.id };
      const changed = verb === "assign" ? await roles.assign(assignment) : await roles.revoke(assignment);
      if (changed)
        await events.record({
          type: verb === "assign" ? "role.assigned" : "role.revoked",
          tenantId: role.tenantId,
          org: target,
          actor: actorOf(p),
          target: { userId: user.id },
          data: { roleId: role.id, roleName: role.name },
        });
    });
  }

  /** Assigns a role to a user at an org. Idempotent: a repeat writes nothing and records nothing. */
  const assign = (p: Principal, roleId: number, userId: number, organizationId: number) =>
    setAssignment(p, roleId, userId, organizationId, "assign");

  /** Revokes a role from a user at an org. Idempotent. */
  const revoke = (p: Principal, roleId: number, userId: number, organizationId: number) =>
    setAssignment(p, roleId, userId, organizationId, "revoke");

  /** Roles defined at an org inside the caller's reach, by id. */
  async function list(p: Principal, organizationId: number, size: number): Promise<Role[]> {
    requirePermission(p, "ROLE_MANAGE");
    const org = await reachableOrg(p, organizationId);
    return deps.roles.listByOrg(org.tenantId, org.id, size);
  }

  return {
    create,
    setPermissions,
    assign,
    revoke,
    list,
    prepareAssignment: (p: Principal, roleId: number, userId: number, organizationId: number) =>
      prepare(p, roleId, userId, organizationId, "assign"),
    checkAssignment,
    reachableRole,
    requireAuthorityOver,
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
