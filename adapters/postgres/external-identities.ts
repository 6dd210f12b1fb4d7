/** People's accounts at upstream providers on PostgreSQL / PGlite (src/features/connections/ports.ts). */
import { and, asc, eq } from "drizzle-orm";
import type { ExternalIdentity, ExternalIdentityRepo } from "../../src/features/connections/ports";
import { schema, type Db } from "./db";

const { externalIdentities: x } = schema;
const toIdentity = (r: typeof x.$inferSelect): ExternalIdentity => ({ ...r });

export function createPgExternalIdentities(db: Db): ExternalIdentityRepo {
  return {
    async find(tenantId, connectionId, subject) {
      const [r] = await db
        .select()
        .from(x)
        .where(and(eq(x.tenantId, tenantId), eq(x.connectionId, connectionId), eq(x.subject, subject)));
      return r ? toIdentity(r) : null;
    },
    async link(i) {
      // The primary key (connection_id, subject): a second link is 23505 → ConflictError (errors.ts).
      await db.insert(x).values(i);
    },
    async listUser(tenantId, userId) {
      return (
        await db
          .select()
          .from(x)
          .where(and(eq(x.tenantId, tenantId), eq(x.userId, userId)))
          .orderBy(asc(x.createdAt), asc(x.subject))
      ).map(toIdentity);
    },
    async deleteUser(tenantId, userId) {
      await db.delete(x).where(and(eq(x.tenantId, tenantId), eq(x.userId, userId)));
    },
  };
}
