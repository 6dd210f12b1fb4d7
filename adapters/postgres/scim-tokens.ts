/** SCIM tokens (CONTRACT §18) on PostgreSQL and PGlite: one row per token, found by the hash of its secret. */
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { ScimToken, ScimTokenRepo } from "../../src/features/scim-tokens/ports";
import { schema, type Db } from "./db";

const { scimTokens: k } = schema;
const toToken = (r: typeof k.$inferSelect): ScimToken => ({
  id: r.id,
  tenantId: r.tenantId,
  organizationId: r.organizationId,
  name: r.name,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt ?? null,
});

export function createPgScimTokens(db: Db): ScimTokenRepo {
  return {
    async create(input) {
      const [r] = await db.insert(k).values(input).returning();
      return toToken(r);
    },
    async listByOrg(tenantId, organizationId) {
      const rows = await db
        .select()
        .from(k)
        .where(and(eq(k.tenantId, tenantId), eq(k.organizationId, organizationId)))
        .orderBy(asc(k.id));
      return rows.map(toToken);
    },
    async get(tenantId, id) {
      const [r] = await db
        .select()
        .from(k)
        .where(and(eq(k.id, id), eq(k.tenantId, tenantId)));
      return r ? toToken(r) : null;
    },
    async findByHash(tokenHash) {
      const [r] = await db.select().from(k).where(eq(k.tokenHash, tokenHash));
      return r ? toToken(r) : null;
    },
    async touch(tenantId, id, at) {
      const before = new Date(at.getTime() - 60_000);
      await db
        .update(k)
        .set({ lastUsedAt: at })
        .where(and(eq(k.id, id), eq(k.tenantId, tenantId), or(isNull(k.lastUsedAt), lte(k.lastUsedAt, before))));
    },
    async delete(tenantId, organizationId, id) {
      const rows = await db
        .delete(k)
        .where(and(eq(k.id, id), eq(k.tenantId, tenantId), eq(k.organizationId, organizationId)))
        .returning({ id: k.id });
      return rows.length > 0;
    },
  };
}
