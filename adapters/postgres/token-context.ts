import { sql, type SQL } from "drizzle-orm";
import type { Org, OrgStatus } from "../../src/features/orgs/ports";
import type { RoleScope } from "../../src/features/roles/ports";
import type { TokenContext, TokenContextReader } from "../../src/features/sessions/context";
import type { UserStatus } from "../../src/features/users/ports";
import { pathIds } from "../../src/kernel/tenancy";
import type { Db } from "./db";

const list = (ids: number[]): SQL => sql.join(ids.map((i) => sql`${i}`), sql`, `);
const date = (v: unknown) => (v == null ? null : new Date(String(v)));

export function createPgTokenContext(db: Db): TokenContextReader {
  return {
    async load(tenantId, userId, orgId, orgPath, now): Promise<TokenContext> {
      const ids = pathIds(orgPath).slice(1);
      const ancestors = ids.slice(0, -1);
      const q = sql`
        select
          (select json_build_object('id', u.id, 'tenantId', u.tenant_id, 'organizationId', u.organization_id, 'email', u.email,
                  'fullName', u.full_name, 'status', u.status, 'mfaEnabled', u.mfa_enabled, 'createdAt', u.created_at, 'updatedAt', u.updated_at)
             from users u where u.id = ${userId} and u.tenant_id = ${tenantId}) as "user",
          (select json_build_object('id', o.id, 'tenantId', o.tenant_id, 'parentId', o.parent_id, 'path', o.path, 'type', o.type, 'name', o.name,
                  'slug', o.slug, 'status', o.status, 'expiresAt', o.expires_at, 'createdAt', o.created_at, 'updatedAt', o.updated_at)
             from organizations o where o.id = ${orgId} and o.tenant_id = ${tenantId}) as "org",
          exists(select 1 from organizations b
                  where b.tenant_id = ${tenantId} and b.id in (${list(ids.length ? ids : [-1])})
                    and (b.status = 'SUSPENDED' or (b.expires_at is not null and b.expires_at <= ${now.toISOString()}::timestamptz))) as "blocked",
          (select coalesce(json_agg(json_build_object('roleId', r.id, 'roleName', r.name, 'scope', r.scope, 'roleTenantId', r.tenant_id,
                  'assignedOrgId', ur.organization_id, 'assignedOrgPath', ao.path,
                  'permissions', (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'applicationId', p.application_id) order by p.id), '[]'::json)
                                    from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id))), '[]'::json)
             from user_roles ur join roles r on r.id = ur.role_id join organizations ao on ao.id = ur.organization_id
            where ur.user_id = ${userId}
              and (ur.organization_id = ${orgId} ${ancestors.length ? sql`or (ur.organization_id in (${list(ancestors)}) and r.scope = 'SUBTREE')` : sql``})) as "grants"`;
      const res = await db.execute(q);
      const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, unknown>[];
      const row = rows[0];
      const parse = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
      const u = parse<Record<string, unknown> | null>(row.user);
      const o = parse<Record<string, unknown> | null>(row.org);
      const grants = parse<Record<string, unknown>[]>(row.grants) ?? [];
      return {
        user: u && {
          id: Number(u.id), tenantId: Number(u.tenantId), organizationId: Number(u.organizationId), email: String(u.email), fullName: String(u.fullName),
          status: u.status as UserStatus, mfaEnabled: Boolean(u.mfaEnabled), createdAt: date(u.createdAt)!, updatedAt: date(u.updatedAt)!,
        },
        org: o && ({
          id: Number(o.id), tenantId: Number(o.tenantId), parentId: o.parentId == null ? null : Number(o.parentId), path: String(o.path), type: String(o.type),
          name: String(o.name), slug: String(o.slug), status: o.status as OrgStatus, expiresAt: date(o.expiresAt), createdAt: date(o.createdAt)!, updatedAt: date(o.updatedAt)!,
        } satisfies Org),
        blocked: row.blocked === true || row.blocked === "t",
        grants: grants.map((g) => ({
          roleId: Number(g.roleId), roleName: String(g.roleName), scope: g.scope as RoleScope, roleTenantId: Number(g.roleTenantId),
          assignedOrgId: Number(g.assignedOrgId), assignedOrgPath: String(g.assignedOrgPath),
          permissions: (g.permissions as { id: number; code: string; applicationId: number }[]).map((p) => ({ id: Number(p.id), code: p.code, applicationId: Number(p.applicationId) })),
        })),
      };
    },
  };
}
