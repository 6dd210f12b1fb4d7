/** SAML service providers on MongoDB (mirrors adapters/postgres/saml-providers.ts). */
import type { SamlProvider, SamlProviderRepo } from "../../src/features/saml-providers/ports";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, nextId, type Ctx } from "./db";
import { C } from "./schema";
import { ConflictError } from "../../src/kernel/errors";

const toProvider = (d: Doc | null): SamlProvider | null =>
  d && {
    id: d._id,
    tenantId: d.tenantId,
    applicationId: d.applicationId,
    entityId: d.entityId,
    acsUrls: d.acsUrls,
    nameIdFormat: d.nameIdFormat,
    attributes: d.attributes ?? [],
    signAuthnRequests: d.signAuthnRequests ?? false,
    certificate: d.certificate ?? null,
    sloUrl: d.sloUrl ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };

export function createMongoSamlProviders(ctx: Ctx): SamlProviderRepo {
  const sps = coll(ctx, C.samlProviders);
  return {
    async create(input, now) {
      const doc = { _id: await nextId(ctx, C.samlProviders), ...input, createdAt: now, updatedAt: now };
      // The unique (tenantId, entityId) index refuses a second SP with the entity id (ConflictError).
      await insertDocs(ctx, C.samlProviders, [doc]);
      return toProvider(doc)!;
    },
    async get(tenantId, id) {
      return toProvider(await sps.findOne({ _id: id, tenantId }));
    },
    async findByEntityId(tenantId, entityId) {
      return toProvider(await sps.findOne({ tenantId, entityId }));
    },
    async listByApplication(tenantId, applicationId) {
      return (await sps.find({ tenantId, applicationId }).sort({ _id: 1 }).toArray()).map((d) => toProvider(d)!);
    },
    async update(tenantId, id, patch, now) {
      // FerretDB reports a unique violation of findAndModify as a plain server error (no E11000):
      // the entity id is checked first, and the index still settles a race (translated below).
      if (await sps.findOne({ tenantId, entityId: patch.entityId, _id: { $ne: id } }))
        throw new ConflictError("saml_providers_tenant_entity");
      try {
        return toProvider(
          await modifyOne(ctx, C.samlProviders, { _id: id, tenantId }, { $set: { ...patch, updatedAt: now } }),
        );
      } catch (e) {
        if (/UNIQUE constraint failed/.test(String((e as Error)?.message)))
          throw new ConflictError("saml_providers_tenant_entity");
        throw e;
      }
    },
    async delete(tenantId, id) {
      return (await deleteDocs(ctx, C.samlProviders, { _id: id, tenantId })) > 0;
    },
  };
}
