import type { Document, Filter } from "mongodb";
import type { NewOrg, Org, Tenant, TenantFilter, TenantRepo, OrgRepo } from "../../src/features/orgs/ports";
import { pathIds } from "../../src/kernel/tenancy";
import { coll, fromDoc, insertDocs, type Doc, modifyOne, nextId, regexLiteral, type Ctx } from "./db";
import { C } from "./schema";

const toTenant = (d: Document | null) => fromDoc<Tenant>(d);
const toOrg = (d: Document | null) => fromDoc<Org>(d);
const tf = (tenant: TenantFilter): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });

export function createMongoTenants(ctx: Ctx): TenantRepo {
  const c = coll(ctx, C.tenants);
  return {
    async create(input) {
      const doc = {
        _id: await nextId(ctx, C.tenants),
        name: input.name,
        slug: input.slug,
        isPlatform: input.isPlatform ?? false,
        maxApplications: input.maxApplications ?? null,
        customClaims: false,
        isSandbox: input.isSandbox ?? false,
        createdAt: new Date(),
      };
      await insertDocs(ctx, C.tenants, [doc]);
      return toTenant(doc)!;
    },
    async get(id) {
      return toTenant(await c.findOne({ _id: id }));
    },
    async getPlatform() {
      return toTenant(await c.findOne({ isPlatform: true }, { sort: { _id: 1 } }));
    },
    async update(id, patch) {
      return toTenant(await modifyOne(ctx, C.tenants, { _id: id }, { $set: { ...patch } }));
    },
    async listSandboxes() {
      return (await c.find({ isSandbox: true }).sort({ _id: 1 }).toArray()).map((d) => toTenant(d)!);
    },
  };
}

/** Orgs whose path is one of `selfPaths` or starts with one of `subtreePaths` (anchored literal prefix). */
function reachFilter(reach: { selfPaths: string[]; subtreePaths: string[]; all?: boolean }): Filter<Doc> {
  if (reach.all) return {};
  const parts: Filter<Doc>[] = [];
  if (reach.selfPaths.length) parts.push({ path: { $in: reach.selfPaths } });
  for (const p of reach.subtreePaths) parts.push({ path: { $regex: `^${regexLiteral(p)}` } });
  return parts.length ? { $or: parts } : { _id: { $in: [] } };
}

export function createMongoOrgs(ctx: Ctx): OrgRepo {
  const c = coll(ctx, C.orgs);
  const list = async (filter: Filter<Doc>, size: number) =>
    (await c.find(filter).sort({ _id: 1 }).limit(size).toArray()).map((d) => toOrg(d)!);
  return {
    async create(input: NewOrg) {
      // Take the id first so the document is written once with its final path.
      const id = await nextId(ctx, C.orgs);
      let parentPath = `/${input.tenantId}/`;
      if (input.parentId !== null) {
        const p = await c.findOne({ _id: input.parentId, tenantId: input.tenantId }, { projection: { path: 1 } });
        if (!p) throw new Error("parent org not in tenant");
        parentPath = p.path as string;
      }
      const now = new Date();
      const doc = {
        _id: id,
        tenantId: input.tenantId,
        parentId: input.parentId,
        path: `${parentPath}${id}/`,
        type: input.type,
        name: input.name,
        slug: input.slug,
        status: "ACTIVE",
        expiresAt: input.expiresAt ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await insertDocs(ctx, C.orgs, [doc]);
      return toOrg(doc)!;
    },
    async countByTenant(tenantId) {
      return c.countDocuments({ tenantId });
    },
    async get(tenant, id) {
      return toOrg(await c.findOne({ _id: id, ...tf(tenant) }));
    },
    async getMany(tenant, ids) {
      if (!ids.length) return [];
      return (await c.find({ _id: { $in: ids }, ...tf(tenant) }).toArray()).map((d) => toOrg(d)!);
    },
    async update(tenant, id, patch) {
      return toOrg(
        await modifyOne(ctx, C.orgs, { _id: id, ...tf(tenant) }, { $set: { ...patch, updatedAt: new Date() } }),
      );
    },
    async root(tenantId) {
      return toOrg(await c.findOne({ tenantId, parentId: null }, { sort: { _id: 1 } }));
    },
    async listReachable(tenant, reach, afterId, size) {
      return list({ $and: [tf(tenant), reachFilter(reach), { _id: { $gt: afterId } }] }, size);
    },
    async search(tenant, reach, q, status, size) {
      // A literal, case-insensitive substring of the name or the (lower-case) slug.
      const needle = regexLiteral(q.toLowerCase());
      const text: Filter<Doc> = q
        ? { $or: [{ name: { $regex: needle, $options: "i" } }, { slug: { $regex: needle } }] }
        : {};
      return list({ $and: [tf(tenant), reachFilter(reach), text, status ? { status } : {}] }, size);
    },
    async children(tenant, parentId, afterId, size) {
      return list({ ...tf(tenant), parentId, _id: { $gt: afterId } }, size);
    },
    async isBlocked(tenantId, path, now) {
      const ids = pathIds(path).slice(1);
      if (!ids.length) return true;
      const hit = await c.findOne(
        { tenantId, _id: { $in: ids }, $or: [{ status: "SUSPENDED" }, { expiresAt: { $ne: null, $lte: now } }] },
        { projection: { _id: 1 } },
      );
      return !!hit;
    },
  };
}
