/**
 * API clients on MongoDB (mirrors adapters/postgres/clients.ts). Only the ClientPatch fields ever
 * change. Documents written before CONTRACT §12 lack the browser fields and read as confidential
 * machine clients (the same defaults as the Postgres migration).
 */
import type { ApiClient, ClientRepo } from "../../src/features/clients/ports";
import { coll, type Doc, insertDocs, modifyOne, nextId, type Ctx } from "./db";
import { C } from "./schema";

const toClient = (d: Doc | null): ApiClient | null =>
  d && {
    clientId: d._id,
    tenantId: d.tenantId,
    organizationId: d.organizationId,
    applicationId: d.applicationId ?? null,
    name: d.name,
    secretHash: d.secretHash ?? null,
    scopes: d.scopes,
    type: d.type ?? "confidential",
    grantTypes: d.grantTypes ?? ["client_credentials"],
    redirectUris: d.redirectUris ?? [],
    postLogoutRedirectUris: d.postLogoutRedirectUris ?? [],
    backchannelLogoutUri: d.backchannelLogoutUri ?? null,
    firstParty: d.firstParty ?? true,
    requirePkce: d.requirePkce ?? true,
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
        type: client.type,
        grantTypes: client.grantTypes,
        redirectUris: client.redirectUris,
        postLogoutRedirectUris: client.postLogoutRedirectUris,
        backchannelLogoutUri: client.backchannelLogoutUri,
        firstParty: client.firstParty,
        requirePkce: client.requirePkce,
        createdAt: client.createdAt,
      };
      await insertDocs(ctx, C.clients, [doc]);
      return toClient(doc)!;
    },
    async findByClientId(clientId) {
      return toClient(await clients.findOne({ _id: clientId }));
    },
    async get(tenant, clientId) {
      return toClient(
        await clients.findOne(tenant === "any" ? { _id: clientId } : { _id: clientId, tenantId: tenant }),
      );
    },
    async update(tenant, clientId, patch) {
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (!Object.keys(set).length) return toClient(await clients.findOne({ _id: clientId, tenantId: tenant }));
      return toClient(await modifyOne(ctx, C.clients, { _id: clientId, tenantId: tenant }, { $set: set }));
    },
    async countByTenant(tenantId) {
      return clients.countDocuments({ tenantId });
    },
    async listByOrg(tenant, orgId) {
      const filter = tenant === "any" ? { organizationId: orgId } : { tenantId: tenant, organizationId: orgId };
      return (await clients.find(filter).sort({ seq: 1 }).toArray()).map((d) => toClient(d)!);
    },
  };
}
