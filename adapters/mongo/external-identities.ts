/** People's accounts at upstream providers on MongoDB (src/features/connections/ports.ts). */
import type { ExternalIdentity, ExternalIdentityRepo } from "../../src/features/connections/ports";
import { coll, deleteDocs, type Doc, insertDocs, type Ctx } from "./db";
import { C } from "./schema";

const toIdentity = (d: Doc): ExternalIdentity => ({
  tenantId: d.tenantId,
  connectionId: d.connectionId,
  subject: d.subject,
  userId: d.userId,
  email: d.email ?? null,
  createdAt: d.createdAt,
});
/** Natural key: (connection, subject) names one user; the unique `_id` makes a second link a conflict. */
const key = (connectionId: number, subject: string) => `${connectionId}:${subject}`;

export function createMongoExternalIdentities(ctx: Ctx): ExternalIdentityRepo {
  const c = coll(ctx, C.externalIdentities);
  return {
    async find(tenantId, connectionId, subject) {
      const d = await c.findOne({ _id: key(connectionId, subject), tenantId });
      return d ? toIdentity(d) : null;
    },
    async link(i) {
      await insertDocs(ctx, C.externalIdentities, [{ _id: key(i.connectionId, i.subject), ...i }]);
    },
    async listUser(tenantId, userId) {
      return (await c.find({ tenantId, userId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toIdentity);
    },
    async deleteUser(tenantId, userId) {
      await deleteDocs(ctx, C.externalIdentities, { tenantId, userId }, { many: true });
    },
  };
}
