import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { EffectiveGrant, PermissionRef, Role, RoleRepo, RoleScope } from "../../src/features/roles/ports";
import { pathIds } from "../../src/kernel/tenancy";
import { schema, type Db } from "./db";

const { roles: r, rolePermissions: rp, permissions: p, userRoles: ur, organizations: o } = schema;
const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(r.tenantId, tenant));

async function permsOf(db: Db, roleIds: number[]): Promise<Map<number, PermissionRef[]>> {
  const map = new Map<number, PermissionRef[]>();
  if (!roleIds.length) return map;
  const rows = await db
    .select({ roleId: rp.roleId, id: p.id, code: p.code, applicationId: p.applicationId })
    .from(rp)
    .innerJoin(p, eq(p.id, rp.permissionId))
    .where(inArray(rp.roleId, roleIds))
    .orderBy(asc(p.id));
  for (const row of rows) {
    const list = map.get(row.roleId) ?? [];
    list.push({ id: row.id, code: row.code, applicationId: row.applicationId });
    map.set(row.roleId, list);
  }
  return map;
}

const toRole = (row: typeof r.$inferSelect, perms: PermissionRef[]): Role => ({
  id: row.id,
  tenantId: row.tenantId,
  organizationId: row.organizationId,
  name: row.name,
  description: row.description,
  scope: row.scope as RoleScope,
  permissions: perms,
  ...(row.externalId ? { externalId: row.externalId } : {}),
});

export function createPgRoles(db: Db): RoleRepo {
  const get = async (tenant: number | "any", id: number) => {
    const [row] = await db
      .select()
      .from(r)
      .where(and(eq(r.id, id), tf(tenant)));
    if (!row) return null;
    return toRole(row, (await permsOf(db, [row.id])).get(row.id) ?? []);
  };
  return {
    async create(input) {
      const [row] = await db
        .insert(r)
        .values({
          tenantId: input.tenantId,
          organizationId: input.organizationId,
          name: input.name,
          description: input.description,
          scope: input.scope,
          externalId: input.externalId ?? null,
        })
        .returning();
      if (input.permissionIds.length) {
        await db
          .insert(rp)
          .values([...new Set(input.permissionIds)].map((permissionId) => ({ roleId: row.id, permissionId })));
      }
      return (await get(input.tenantId, row.id))!;
    },
    get,
    async listByOrg(tenant, orgId, size) {
      const rows = await db
        .select()
        .from(r)
        .where(and(tf(tenant), eq(r.organizationId, orgId)))
        .orderBy(asc(r.id))
        .limit(size);
      const perms = await permsOf(
        db,
        rows.map((x) => x.id),
      );
      return rows.map((row) => toRole(row, perms.get(row.id) ?? []));
    },
    async setPermissions(tenant, roleId, permissionIds) {
      const [row] = await db
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.id, roleId), tf(tenant)));
      if (!row) return null;
      await db.delete(rp).where(eq(rp.roleId, roleId));
      if (permissionIds.length)
        await db.insert(rp).values([...new Set(permissionIds)].map((permissionId) => ({ roleId, permissionId })));
      return get(tenant, roleId);
    },
    async rename(tenant, roleId, name) {
      const [row] = await db
        .update(r)
        .set({ name })
        .where(and(eq(r.id, roleId), tf(tenant)))
        .returning({ id: r.id });
      return row ? get(tenant, roleId) : null;
    },
    async setExternalId(tenant, roleId, externalId) {
      const [row] = await db
        .update(r)
        .set({ externalId })
        .where(and(eq(r.id, roleId), tf(tenant)))
        .returning({ id: r.id });
      return row ? get(tenant, roleId) : null;
    },
    async remove(tenant, roleId) {
      const [row] = await db
        .delete(r)
        .where(and(eq(r.id, roleId), tf(tenant)))
        .returning({ id: r.id });
      if (!row) return null;
      await db.delete(rp).where(eq(rp.roleId, roleId));
      const gone = await db.delete(ur).where(eq(ur.roleId, roleId)).returning();
      return gone.map((a) => ({
        userId: a.userId,
        roleId: a.roleId,
        organizationId: a.organizationId,
        tenantId: a.tenantId,
      }));
    },
    async assign(a) {
      const rows = await db.insert(ur).values(a).onConflictDoNothing().returning({ userId: ur.userId });
      return rows.length > 0;
    },
    async revoke(a) {
      const rows = await db
        .delete(ur)
        .where(
          and(
            eq(ur.userId, a.userId),
            eq(ur.roleId, a.roleId),
            eq(ur.organizationId, a.organizationId),
            eq(ur.tenantId, a.tenantId),
          ),
        )
        .returning({ userId: ur.userId });
      return rows.length > 0;
    },
    async effectiveGrants(userId, orgPath) {
      const ids = pathIds(orgPath).slice(1);
      const orgId = ids[ids.length - 1];
      const ancestors = ids.slice(0, -1);
      const rows = await db
        .select({
          roleId: r.id,
          roleName: r.name,
          scope: r.scope,
          roleTenantId: r.tenantId,
          assignedOrgId: ur.organizationId,
          assignedOrgPath: o.path,
          permId: p.id,
          permCode: p.code,
          permApp: p.applicationId,
        })
        .from(ur)
        .innerJoin(r, eq(r.id, ur.roleId))
        .innerJoin(o, eq(o.id, ur.organizationId))
        .leftJoin(rp, eq(rp.roleId, r.id))
        .leftJoin(p, eq(p.id, rp.permissionId))
        .where(
          and(
            eq(ur.userId, userId),
            ancestors.length
              ? or(eq(ur.organizationId, orgId), and(inArray(ur.organizationId, ancestors), eq(r.scope, "SUBTREE")))
              : eq(ur.organizationId, orgId),
          ),
        );
      const grants = new Map<string, EffectiveGrant>();
      for (const row of rows) {
        const key = `${row.roleId}:${row.assignedOrgId}`;
        let g = grants.get(key);
        if (!g) {
          g = {
            roleId: row.roleId,
            roleName: row.roleName,
            scope: row.scope as RoleScope,
            roleTenantId: row.roleTenantId,
            assignedOrgId: row.assignedOrgId,
            assignedOrgPath: row.assignedOrgPath,
            permissions: [],
          };
          grants.set(key, g);
        }
        if (row.permId !== null && row.permCode !== null && row.permApp !== null)
          g.permissions.push({ id: row.permId, code: row.permCode, applicationId: row.permApp });
      }
      return [...grants.values()];
    },
    async assignmentsOf(userId) {
      return db
        .select({
          userId: ur.userId,
          roleId: ur.roleId,
          organizationId: ur.organizationId,
          tenantId: ur.tenantId,
          roleName: r.name,
        })
        .from(ur)
        .innerJoin(r, eq(r.id, ur.roleId))
        .where(eq(ur.userId, userId))
        .orderBy(asc(ur.organizationId), asc(ur.roleId));
    },
    async removeAllFor(userId) {
      await db.delete(ur).where(eq(ur.userId, userId));
    },
    async rolesAt(tenant, orgId, userIds) {
      const out = new Map<number, { id: number; name: string }[]>();
      if (!userIds.length) return out;
      const rows = await db
        .select({ userId: ur.userId, id: r.id, name: r.name })
        .from(ur)
        .innerJoin(r, eq(r.id, ur.roleId))
        .where(
          and(
            tenant === "any" ? undefined : eq(ur.tenantId, tenant),
            eq(ur.organizationId, orgId),
            inArray(ur.userId, userIds),
          ),
        )
        .orderBy(asc(ur.userId), asc(r.id));
      for (const row of rows) {
        const list = out.get(row.userId) ?? [];
        list.push({ id: row.id, name: row.name });
        out.set(row.userId, list);
      }
      return out;
    },
  };
}
