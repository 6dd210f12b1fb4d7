/**
 * Roles and assignments on MongoDB (mirrors adapters/postgres/roles.ts). A role stores its
 * `permissionIds`; the PermissionRefs are resolved from `permissions` in one `$in` read (like the
 * SQL inner join, ids of deleted permissions are dropped). Joins are done in code (no $lookup).
 */
import type { Filter } from "mongodb";
import type { EffectiveGrant, PermissionRef, Role, RoleRepo, RoleScope } from "../../src/features/roles/ports";
import { pathIds } from "../../src/kernel/tenancy";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, nextId, type Ctx } from "./db";
import { C } from "./schema";
import { ConflictError } from "../../src/kernel/errors";

const tf = (tenant: number | "any"): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });
const uniq = <T>(xs: T[]) => [...new Set(xs)];
const assignmentId = (a: { userId: number; roleId: number; organizationId: number }) =>
  `${a.userId}:${a.roleId}:${a.organizationId}`;

/** PermissionRefs by id for every permission referenced by `roles` (one read), each list ordered by id. */
async function permsOf(ctx: Ctx, roles: Doc[]): Promise<(role: Doc) => PermissionRef[]> {
  const ids = uniq(roles.flatMap((r) => (r.permissionIds ?? []) as number[]));
  const found = new Map<number, PermissionRef>();
  if (ids.length) {
    const rows = await coll(ctx, C.permissions)
      .find({ _id: { $in: ids } }, { projection: { code: 1, applicationId: 1 } })
      .toArray();
    for (const p of rows) found.set(p._id, { id: p._id, code: p.code, applicationId: p.applicationId });
  }
  return (role) =>
    uniq((role.permissionIds ?? []) as number[])
      .filter((id) => found.has(id))
      .sort((a, b) => a - b)
      .map((id) => found.get(id)!);
}

const toRole = (d: Doc, perms: PermissionRef[]): Role => ({
  id: d._id,
  tenantId: d.tenantId,
  organizationId: d.organizationId,
  name: d.name,
  description: d.description,
  scope: d.scope as RoleScope,
  permissions: perms,
  ...(d.externalId ? { externalId: d.externalId } : {}),
});

/**
 * The grants effective at the org of `orgPath` among `assignments` (user_roles documents): those at
 * the org itself, plus SUBTREE roles assigned at an ancestor. Shared with the token-context read.
 * The assigned org's path is the prefix of `orgPath` up to its id (paths are immutable: orgs never
 * move), which is what the SQL join on organizations reads.
 */
export async function grantsAt(ctx: Ctx, assignments: Doc[], orgPath: string): Promise<EffectiveGrant[]> {
  const full = pathIds(orgPath);
  const ids = full.slice(1);
  const orgId = ids[ids.length - 1];
  const onPath = new Set(ids);
  const relevant = assignments.filter((a) => onPath.has(a.organizationId));
  if (!relevant.length) return [];
  const roles = new Map<number, Doc>();
  for (const r of await coll(ctx, C.roles)
    .find({ _id: { $in: uniq(relevant.map((a) => a.roleId as number)) } })
    .toArray())
    roles.set(r._id, r);
  const kept = relevant.filter((a) => {
    const r = roles.get(a.roleId);
    return r && (a.organizationId === orgId || r.scope === "SUBTREE");
  });
  const perms = await permsOf(
    ctx,
    kept.map((a) => roles.get(a.roleId)),
  );
  const pathOf = (id: number) => `/${full.slice(0, full.indexOf(id, 1) + 1).join("/")}/`;
  return kept.map((a) => {
    const r = roles.get(a.roleId)!;
    return {
      roleId: r._id,
      roleName: r.name,
      scope: r.scope as RoleScope,
      roleTenantId: r.tenantId,
      assignedOrgId: a.organizationId,
      assignedOrgPath: pathOf(a.organizationId),
      permissions: perms(r),
    };
  });
}

export function createMongoRoles(ctx: Ctx): RoleRepo {
  const roles = coll(ctx, C.roles);
  const userRoles = coll(ctx, C.userRoles);

  const withPerms = async (docs: Doc[]) => {
    const perms = await permsOf(ctx, docs);
    return docs.map((d) => toRole(d, perms(d)));
  };
  const get = async (tenant: number | "any", id: number) => {
    const d = await roles.findOne({ _id: id, ...tf(tenant) });
    return d ? (await withPerms([d]))[0] : null;
  };
  /** Role names by id for the roles of `assignments` (one read; a missing role drops its rows, as the SQL inner join). */
  const roleNames = async (assignments: Doc[]) => {
    const out = new Map<number, string>();
    if (!assignments.length) return out;
    const rows = await roles
      .find({ _id: { $in: uniq(assignments.map((a) => a.roleId as number)) } }, { projection: { name: 1 } })
      .toArray();
    for (const r of rows) out.set(r._id, r.name);
    return out;
  };

  return {
    async create(input) {
      const doc = {
        _id: await nextId(ctx, C.roles),
        tenantId: input.tenantId,
        organizationId: input.organizationId,
        name: input.name,
        description: input.description,
        scope: input.scope,
        permissionIds: uniq(input.permissionIds),
        ...(input.externalId ? { externalId: input.externalId } : {}),
      };
      await insertDocs(ctx, C.roles, [doc]);
      return (await withPerms([doc]))[0];
    },
    get,
    async listByOrg(tenant, orgId, size) {
      return withPerms(
        await roles
          .find({ ...tf(tenant), organizationId: orgId })
          .sort({ _id: 1 })
          .limit(size)
          .toArray(),
      );
    },
    async setPermissions(tenant, roleId, permissionIds) {
      const d = await modifyOne(
        ctx,
        C.roles,
        { _id: roleId, ...tf(tenant) },
        { $set: { permissionIds: uniq(permissionIds) } },
      );
      return d ? (await withPerms([d]))[0] : null;
    },
    async rename(tenant, roleId, name) {
      // FerretDB does not report a unique violation of an update as E11000: look for the holder first.
      const role = await coll(ctx, C.roles).findOne({ _id: roleId, ...tf(tenant) });
      if (!role) return null;
      if (await coll(ctx, C.roles).findOne({ organizationId: role.organizationId, name, _id: { $ne: roleId } }))
        throw new ConflictError("roles_org_name");
      const d = await modifyOne(ctx, C.roles, { _id: roleId, ...tf(tenant) }, { $set: { name } });
      return d ? (await withPerms([d]))[0] : null;
    },
    async setExternalId(tenant, roleId, externalId) {
      const d = await modifyOne(ctx, C.roles, { _id: roleId, ...tf(tenant) }, { $set: { externalId } });
      return d ? (await withPerms([d]))[0] : null;
    },
    async remove(tenant, roleId) {
      const n = await deleteDocs(ctx, C.roles, { _id: roleId, ...tf(tenant) });
      if (!n) return null;
      const held = await userRoles.find({ roleId }).toArray();
      await deleteDocs(ctx, C.userRoles, { roleId }, { many: true });
      return held.map((a) => ({
        userId: a.userId,
        roleId: a.roleId,
        organizationId: a.organizationId,
        tenantId: a.tenantId,
      }));
    },
    async assign(a) {
      const _id = assignmentId(a);
      // A duplicate is "already assigned"; undoing this unit never removes it (undo deletes only the unit's own rows).
      try {
        await insertDocs(ctx, C.userRoles, [
          {
            _id,
            userId: a.userId,
            roleId: a.roleId,
            organizationId: a.organizationId,
            tenantId: a.tenantId,
            createdAt: new Date(),
          },
        ]);
        return true;
      } catch (e) {
        if ((e as { code?: number }).code === 11000) return false;
        throw e;
      }
    },
    async revoke(a) {
      return (await deleteDocs(ctx, C.userRoles, { _id: assignmentId(a), tenantId: a.tenantId })) > 0;
    },
    async effectiveGrants(userId, orgPath) {
      const ids = pathIds(orgPath).slice(1);
      if (!ids.length) return [];
      const assignments = await userRoles
        .find({ userId, organizationId: { $in: ids } }, { projection: { roleId: 1, organizationId: 1 } })
        .toArray();
      return grantsAt(ctx, assignments, orgPath);
    },
    async assignmentsOf(userId) {
      const rows = await userRoles.find({ userId }).sort({ organizationId: 1, roleId: 1 }).toArray();
      const names = await roleNames(rows);
      return rows
        .filter((a) => names.has(a.roleId))
        .map((a) => ({
          userId: a.userId,
          roleId: a.roleId,
          organizationId: a.organizationId,
          tenantId: a.tenantId,
          roleName: names.get(a.roleId)!,
        }));
    },
    async removeAllFor(userId) {
      await deleteDocs(ctx, C.userRoles, { userId }, { many: true });
    },
    async rolesAt(tenant, orgId, userIds) {
      const out = new Map<number, { id: number; name: string }[]>();
      if (!userIds.length) return out;
      const rows = await userRoles
        .find(
          { ...tf(tenant), organizationId: orgId, userId: { $in: uniq(userIds) } },
          { projection: { userId: 1, roleId: 1 } },
        )
        .sort({ userId: 1, roleId: 1 })
        .toArray();
      const names = await roleNames(rows);
      for (const a of rows) {
        const name = names.get(a.roleId);
        if (name === undefined) continue;
        const list = out.get(a.userId) ?? [];
        list.push({ id: a.roleId, name });
        out.set(a.userId, list);
      }
      return out;
    },
  };
}
