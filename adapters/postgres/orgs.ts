import { and, asc, count, eq, gt, inArray, isNull, like, or, sql, type SQL } from "drizzle-orm";
import type { NewOrg, Org, OrgRepo, OrgStatus, Tenant, TenantFilter, TenantRepo } from "../../src/features/orgs/ports";
import { pathIds } from "../../src/kernel/tenancy";
import { likeLiteral, schema, type Db } from "./db";

const { organizations: o, tenants: t } = schema;

const toTenant = (r: typeof t.$inferSelect): Tenant => ({ ...r });
const toOrg = (r: typeof o.$inferSelect): Org => ({ ...r, status: r.status as OrgStatus });
const tf = (tenant: TenantFilter) => (tenant === "any" ? undefined : eq(o.tenantId, tenant));

export function createPgTenants(db: Db): TenantRepo {
  return {
    async create(input) {
      const [r] = await db.insert(t).values(input).returning();
      return toTenant(r);
    },
    async get(id) {
      const [r] = await db.select().from(t).where(eq(t.id, id));
      return r ? toTenant(r) : null;
    },
    async getPlatform() {
      const [r] = await db.select().from(t).where(eq(t.isPlatform, true)).orderBy(asc(t.id)).limit(1);
      return r ? toTenant(r) : null;
    },
    async update(id, patch) {
      const [r] = await db.update(t).set(patch).where(eq(t.id, id)).returning();
      return r ? toTenant(r) : null;
    },
    async listSandboxes() {
      return (await db.select().from(t).where(eq(t.isSandbox, true)).orderBy(asc(t.id))).map(toTenant);
    },
  };
}

function reachFilter(reach: { selfPaths: string[]; subtreePaths: string[]; all?: boolean }): SQL | undefined {
  if (reach.all) return undefined;
  const parts: SQL[] = [];
  if (reach.selfPaths.length) parts.push(inArray(o.path, reach.selfPaths));
  for (const p of reach.subtreePaths) parts.push(like(o.path, `${likeLiteral(p)}%`));
  return parts.length ? or(...parts) : sql`false`;
}

export function createPgOrgs(db: Db): OrgRepo {
  return {
    async create(input: NewOrg) {
      // Take the id first so the row is written once with its final path.
      const idRows = await db.execute(sql`select nextval(pg_get_serial_sequence('organizations', 'id')) as id`);
      const rows = (Array.isArray(idRows) ? idRows : (idRows as { rows: unknown[] }).rows) as { id: string | number }[];
      const id = Number(rows[0].id);
      let parentPath = `/${input.tenantId}/`;
      if (input.parentId !== null) {
        const [p] = await db
          .select({ path: o.path })
          .from(o)
          .where(and(eq(o.id, input.parentId), eq(o.tenantId, input.tenantId)));
        if (!p) throw new Error("parent org not in tenant");
        parentPath = p.path;
      }
      const [r] = await db
        .insert(o)
        .values({
          id,
          tenantId: input.tenantId,
          parentId: input.parentId,
          path: `${parentPath}${id}/`,
          name: input.name,
          slug: input.slug,
          type: input.type,
          expiresAt: input.expiresAt ?? null,
        })
        .returning();
      return toOrg(r);
    },
    async countByTenant(tenantId) {
      const [r] = await db.select({ n: count() }).from(o).where(eq(o.tenantId, tenantId));
      return Number(r.n);
    },
    async get(tenant, id) {
      const [r] = await db
        .select()
        .from(o)
        .where(and(eq(o.id, id), tf(tenant)));
      return r ? toOrg(r) : null;
    },
    async getMany(tenant, ids) {
      if (!ids.length) return [];
      return (
        await db
          .select()
          .from(o)
          .where(and(inArray(o.id, ids), tf(tenant)))
      ).map(toOrg);
    },
    async update(tenant, id, patch) {
      const [r] = await db
        .update(o)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(o.id, id), tf(tenant)))
        .returning();
      return r ? toOrg(r) : null;
    },
    async root(tenantId) {
      const [r] = await db
        .select()
        .from(o)
        .where(and(eq(o.tenantId, tenantId), isNull(o.parentId)))
        .orderBy(asc(o.id))
        .limit(1);
      return r ? toOrg(r) : null;
    },
    async listReachable(tenant, reach, afterId, size) {
      return (
        await db
          .select()
          .from(o)
          .where(and(tf(tenant), reachFilter(reach), gt(o.id, afterId)))
          .orderBy(asc(o.id))
          .limit(size)
      ).map(toOrg);
    },
    async search(tenant, reach, q, status, size) {
      // strpos is a literal substring test (no LIKE metacharacters); slugs are lower-case already.
      const needle = q.toLowerCase();
      const text = q ? sql`(strpos(lower(${o.name}), ${needle}) > 0 or strpos(${o.slug}, ${needle}) > 0)` : undefined;
      return (
        await db
          .select()
          .from(o)
          .where(and(tf(tenant), reachFilter(reach), text, status ? eq(o.status, status) : undefined))
          .orderBy(asc(o.id))
          .limit(size)
      ).map(toOrg);
    },
    async children(tenant, parentId, afterId, size) {
      return (
        await db
          .select()
          .from(o)
          .where(and(tf(tenant), eq(o.parentId, parentId), gt(o.id, afterId)))
          .orderBy(asc(o.id))
          .limit(size)
      ).map(toOrg);
    },
    async isBlocked(tenantId, path, now) {
      const ids = pathIds(path).slice(1);
      if (!ids.length) return true;
      const [r] = await db
        .select({ id: o.id })
        .from(o)
        .where(
          and(
            eq(o.tenantId, tenantId),
            inArray(o.id, ids),
            or(
              eq(o.status, "SUSPENDED"),
              sql`${o.expiresAt} is not null and ${o.expiresAt} <= ${now.toISOString()}::timestamptz`,
            ),
          ),
        )
        .limit(1);
      return !!r;
    },
  };
}
