import type { SocialIdentity, SocialIdentityRepo } from "../../src/features/social/ports";
import { coll, deleteDocs, type Doc, insertDocs, type Ctx } from "./db";
import { C } from "./schema";

const toIdentity = (d: Doc): SocialIdentity => ({
  provider: d.provider,
  subject: d.subject,
  tenantId: d.tenantId,
  userId: d.userId,
});
/** Natural key: (provider, subject) names one user; the unique `_id` makes a second link a conflict. */
const key = (provider: string, subject: string) => `${provider}:${subject}`;

export function createMongoSocialIdentities(ctx: Ctx): SocialIdentityRepo {
  const c = coll(ctx, C.social);
  return {
    async find(provider, subject) {
      const d = await c.findOne({ _id: key(provider, subject) });
      return d ? toIdentity(d) : null;
    },
    async link(i) {
      await insertDocs(ctx, C.social, [
        {
          _id: key(i.provider, i.subject),
          provider: i.provider,
          subject: i.subject,
          tenantId: i.tenantId,
          userId: i.userId,
          createdAt: new Date(),
        },
      ]);
    },
    async listUser(userId) {
      return (await c.find({ userId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toIdentity);
    },
    async deleteUser(userId) {
      await deleteDocs(ctx, C.social, { userId }, { many: true });
    },
  };
}
