/** SCIM tokens (CONTRACT §18) on MongoDB: one document per token, found by the hash of its secret (unique index). */
import type { ScimToken, ScimTokenRepo } from "../../src/features/scim-tokens/ports";
import { coll, deleteDocs, type Doc, insertDocs, nextId, updateDocs, type Ctx } from "./db";
import { C } from "./schema";

const toToken = (d: Doc): ScimToken => ({
  id: d._id,
  tenantId: d.tenantId,
  organizationId: d.organizationId,
  name: d.name,
  createdAt: d.createdAt,
  lastUsedAt: d.lastUsedAt ?? null,
});

export function createMongoScimTokens(ctx: Ctx): ScimTokenRepo {
  const c = coll(ctx, C.scimTokens);
  return {
    async create(input) {
      const doc = { _id: await nextId(ctx, C.scimTokens), ...input, lastUsedAt: null };
      await insertDocs(ctx, C.scimTokens, [doc]);
      return toToken(doc);
    },
    async listByOrg(tenantId, organizationId) {
      return (await c.find({ tenantId, organizationId }).sort({ _id: 1 }).toArray()).map(toToken);
    },
    async get(tenantId, id) {
      const d = await c.findOne({ _id: id, tenantId });
      return d ? toToken(d) : null;
    },
    async findByHash(tokenHash) {
      const d = await c.findOne({ tokenHash });
      return d ? toToken(d) : null;
    },
    async touch(tenantId, id, at) {
      // One conditional single-document update outside any unit: it never moves the mark back.
      const before = new Date(at.getTime() - 60_000);
      await updateDocs(
        ctx,
        C.scimTokens,
        { _id: id, tenantId, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: before } }] },
        { $set: { lastUsedAt: at } },
      );
    },
    async delete(tenantId, organizationId, id) {
      return (await deleteDocs(ctx, C.scimTokens, { _id: id, tenantId, organizationId })) > 0;
    },
  };
}
