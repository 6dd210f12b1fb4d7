/** API clients on MongoDB (mirrors adapters/postgres/clients.ts). Records are immutable once written. */
import type { ApiClient, ClientRepo } from "../../src/features/clients/ports";
import { coll, type Doc, insertDocs, nextId, type Ctx } from "./db";
import { C } from "./schema";

const toClient = (d: Doc | null): ApiClient | null =>
  d && {
    clientId: d._id,
    tenantId: d.tenantId,
    organizationId: d.organizationId,
    applicationId: d.applicationId ?? null,
    name: d.name,
    secretHash: d.secretHash,
    scopes: d.scopes,
    createdAt: d.createdAt,
  };

export function createMongoClients(ctx: Ctx): ClientRepo {
  const clients = coll(ctx, C.clients);
  return {
    async create(client) {
      // `seq` (the api_clients sequence) is the creation order listings follow, as the serial id on Postgres.
      const doc = {
        _id: client.clientId,
        seq: await nextId(ctx, C.clients),
        tenantId: client.tenantId,
        organizationId: client.organizationId,
        applicationId: client.applicationId,
        name: client.name,
        secretHash: client.secretHash,
        scopes: client.scopes,
        createdAt: client.createdAt,
      };
      await insertDocs(ctx, C.clients, [doc]);
      return toClient(doc)!;
    },
    async findByClientId(clientId) {
      return toClient(await clients.findOne({ _id: clientId }));
    },
    async listByOrg(tenant, orgId) {
      const filter = tenant === "any" ? { organizationId: orgId } : { tenantId: tenant, organizationId: orgId };
      return (await clients.find(filter).sort({ seq: 1 }).toArray()).map((d) => toClient(d)!);
    },
  };
}
