/** Identity-provider connections on MongoDB (mirrors adapters/postgres/connections.ts). */
import type { Filter } from "mongodb";
import type { Connection, ConnectionRepo, ConnectionSettings } from "../../src/features/connections/ports";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, nextId, type Ctx } from "./db";
import { C } from "./schema";

const tf = (tenant: number | "any"): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });

const toConnection = (x: Doc | null): Connection | null =>
  x && {
    id: x._id,
    tenantId: x.tenantId,
    organizationId: x.organizationId,
    kind: x.kind,
    name: x.name,
    enabled: x.enabled,
    domains: x.domains ?? [],
    jit: { enabled: x.jit?.enabled ?? false, roleId: x.jit?.roleId ?? null },
    oidc: x.oidc ?? null,
    saml: x.saml ?? null,
    ssoRequired: x.ssoRequired ?? false,
    createdAt: x.createdAt,
    updatedAt: x.updatedAt,
  };

const fields = (s: ConnectionSettings) => ({
  kind: s.kind,
  name: s.name,
  enabled: s.enabled,
  domains: s.domains,
  jit: { enabled: s.jit.enabled, roleId: s.jit.roleId },
  oidc: s.oidc,
  saml: s.saml,
  ssoRequired: s.ssoRequired,
});

export function createMongoConnections(ctx: Ctx): ConnectionRepo {
  const c = coll(ctx, C.connections);
  return {
    async create(x, at) {
      const doc = {
        _id: await nextId(ctx, C.connections),
        tenantId: x.tenantId,
        organizationId: x.organizationId,
        ...fields(x),
        createdAt: at,
        updatedAt: at,
      };
      await insertDocs(ctx, C.connections, [doc]);
      return toConnection(doc)!;
    },
    async get(tenant, id) {
      return toConnection(await c.findOne({ _id: id, ...tf(tenant) }));
    },
    async listByTenant(tenantId) {
      return (await c.find({ tenantId }).sort({ _id: 1 }).toArray()).map((x) => toConnection(x)!);
    },
    async listByOrg(tenantId, organizationId) {
      return (await c.find({ tenantId, organizationId }).sort({ _id: 1 }).toArray()).map((x) => toConnection(x)!);
    },
    async listByDomain(tenantId, domain) {
      return (await c.find({ tenantId, domains: domain }).sort({ _id: 1 }).toArray()).map((x) => toConnection(x)!);
    },
    async replace(tenantId, id, next, at) {
      return toConnection(
        await modifyOne(ctx, C.connections, { _id: id, tenantId }, { $set: { ...fields(next), updatedAt: at } }),
      );
    },
    async remove(tenantId, id) {
      return (await deleteDocs(ctx, C.connections, { _id: id, tenantId })) > 0;
    },
  };
}
