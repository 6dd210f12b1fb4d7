import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import type { Org, OrgStatus } from "../../src/features/orgs/ports";
import type { RoleScope } from "../../src/features/roles/ports";
import type { TokenContext, TokenContextReader } from "../../src/features/sessions/ports";
import type { UserStatus } from "../../src/kernel/users";

/**
 * One statement: the user, the org, whether it or an ancestor is blocked, and the effective grants.
 * The ancestor ids come from the org's own stored path. $1 user, $2 tenant, $3 org, $4 now.
 */
const QUERY = `
  with o as (select * from organizations where id = $3 and tenant_id = $2),
       chain as (select (string_to_array(trim(both '/' from o.path), '/')::bigint[])[2:] as ids from o)
  select
    (select json_build_object('id', u.id, 'tenantId', u.tenant_id, 'organizationId', u.organization_id, 'email', u.email,
            'fullName', u.full_name, 'status', u.status, 'mfaEnabled', u.mfa_enabled, 'emailVerified', u.email_verified, 'createdAt', u.created_at, 'updatedAt', u.updated_at)
       from users u where u.id = $1 and u.tenant_id = $2) as "user",
    (select json_build_object('id', o.id, 'tenantId', o.tenant_id, 'parentId', o.parent_id, 'path', o.path, 'type', o.type, 'name', o.name,
            'slug', o.slug, 'status', o.status, 'expiresAt', o.expires_at, 'createdAt', o.created_at, 'updatedAt', o.updated_at)
       from o) as "org",
    exists(select 1 from organizations b, chain
            where b.tenant_id = $2 and b.id = any(chain.ids)
              and (b.status = 'SUSPENDED' or (b.expires_at is not null and b.expires_at <= $4))) as "blocked",
    (select (extract(epoch from min(b.expires_at)) * 1000)::float8 from organizations b, chain
            where b.tenant_id = $2 and b.id = any(chain.ids) and b.expires_at > $4) as "blockedFrom",
    (select coalesce(json_agg(json_build_object('roleId', r.id, 'roleName', r.name, 'scope', r.scope, 'roleTenantId', r.tenant_id,
            'assignedOrgId', ur.organization_id, 'assignedOrgPath', ao.path,
            'permissions', (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'applicationId', p.application_id) order by p.id), '[]'::json)
                              from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id))), '[]'::json)
       from user_roles ur join roles r on r.id = ur.role_id join organizations ao on ao.id = ur.organization_id
      where ur.user_id = $1 and ur.tenant_id = $2
        and (ur.organization_id = $3 or (ur.organization_id in (select unnest(ids) from chain) and r.scope = 'SUBTREE'))) as "grants"`;
const TYPES = "bigint, bigint, bigint, timestamptz";

const date = (v: unknown) => (v == null ? null : new Date(String(v)));
const parse = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

function toContext(row: Record<string, unknown>): TokenContext {
  const u = parse<Record<string, unknown> | null>(row.user);
  const o = parse<Record<string, unknown> | null>(row.org);
  const grants = parse<Record<string, unknown>[]>(row.grants) ?? [];
  return {
    user: u && {
      id: Number(u.id),
      tenantId: Number(u.tenantId),
      organizationId: Number(u.organizationId),
      email: String(u.email),
      fullName: String(u.fullName),
      status: u.status as UserStatus,
      mfaEnabled: Boolean(u.mfaEnabled),
      emailVerified: Boolean(u.emailVerified),
      createdAt: date(u.createdAt)!,
      updatedAt: date(u.updatedAt)!,
    },
    org:
      o &&
      ({
        id: Number(o.id),
        tenantId: Number(o.tenantId),
        parentId: o.parentId == null ? null : Number(o.parentId),
        path: String(o.path),
        type: String(o.type),
        name: String(o.name),
        slug: String(o.slug),
        status: o.status as OrgStatus,
        expiresAt: date(o.expiresAt),
        createdAt: date(o.createdAt)!,
        updatedAt: date(o.updatedAt)!,
      } satisfies Org),
    blocked: row.blocked === true || row.blocked === "t",
    blockedFrom: row.blockedFrom == null ? null : Math.floor(Number(row.blockedFrom)),
    grants: grants.map((g) => ({
      roleId: Number(g.roleId),
      roleName: String(g.roleName),
      scope: g.scope as RoleScope,
      roleTenantId: Number(g.roleTenantId),
      assignedOrgId: Number(g.assignedOrgId),
      assignedOrgPath: String(g.assignedOrgPath),
      permissions: (g.permissions as { id: number; code: string; applicationId: number }[]).map((p) => ({
        id: Number(p.id),
        code: p.code,
        applicationId: Number(p.applicationId),
      })),
    })),
  };
}

/**
 * PostgreSQL: postgres.js runs it as a named statement, planned once per connection; behind a
 * transaction-mode pooler (`prepare` false) as an unnamed one, planned on every call.
 */
export function createPostgresTokenContext(client: Sql, prepare = true): TokenContextReader {
  return {
    async load(tenantId, userId, orgId, now) {
      const rows = await client.unsafe(QUERY, [userId, tenantId, orgId, now.toISOString()], { prepare });
      return toContext(rows[0] as Record<string, unknown>);
    },
  };
}

/**
 * PGlite: a named prepared statement (planned once for the embedded database's single session)
 * executed with literals. Every value is an integer we validated or an ISO timestamp we produced,
 * so the literals cannot carry SQL.
 */
export function createPgliteTokenContext(client: PGlite): TokenContextReader {
  let prepared: Promise<unknown> | null = null;
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new Error("token context: not an integer id");
    return String(n);
  };
  return {
    async load(tenantId, userId, orgId, now) {
      prepared ??= client.exec(`prepare sso_token_ctx(${TYPES}) as ${QUERY}`).catch((e) => {
        prepared = null;
        throw e;
      });
      await prepared;
      const ts = now.toISOString();
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(ts)) throw new Error("token context: bad timestamp");
      const res = await client.query(`execute sso_token_ctx(${int(userId)}, ${int(tenantId)}, ${int(orgId)}, '${ts}')`);
      return toContext(res.rows[0] as Record<string, unknown>);
    },
  };
}
