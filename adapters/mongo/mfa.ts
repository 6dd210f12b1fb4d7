/**
 * MFA state: the secret and replay guard in `mfa_secrets` (one document per user), the recovery
 * codes in `mfa_recovery_codes`, and `users.mfaEnabled` kept in step (the user record shows it).
 * Writes of one user's secret document, and the spending of one code, run under `exclusive`
 * (atomic.ts), so a step or a code is spent once on FerretDB v1 too.
 */
import type { MfaRepo } from "../../src/features/mfa/ports";
import { exclusive } from "./atomic";
import { coll, deleteDocs, insertDocs, modifyOne, updateDocs, upsertDoc, type Ctx } from "./db";
import { C } from "./schema";

const secretLock = (userId: number) => `mfa:${userId}`;
const codeKey = (userId: number, codeHash: string) => `${userId}:${codeHash}`;

export function createMongoMfa(ctx: Ctx): MfaRepo {
  const users = coll(ctx, C.users);
  const secrets = coll(ctx, C.mfaSecrets);
  const codes = coll(ctx, C.mfaCodes);
  return {
    async get(tenant, userId) {
      const [user, s] = await Promise.all([
        users.findOne(tenant === "any" ? { _id: userId } : { _id: userId, tenantId: tenant }, {
          projection: { _id: 1 },
        }),
        secrets.findOne({ _id: userId }),
      ]);
      if (!user) return null;
      return { secretEnc: s?.secretEnc ?? null, enabled: s?.enabled ?? false, lastStep: s?.lastStep ?? null };
    },
    async begin(userId, secretEnc) {
      const user = await users.findOne({ _id: userId }, { projection: { tenantId: 1 } });
      if (!user) return;
      await exclusive(ctx, secretLock(userId), () =>
        upsertDoc(ctx, C.mfaSecrets, userId, {
          $set: { tenantId: user.tenantId, secretEnc, enabled: false, lastStep: null },
        }),
      );
      await updateDocs(ctx, C.users, { _id: userId }, { $set: { mfaEnabled: false } });
    },
    async enable(userId, step, hashes) {
      await exclusive(ctx, secretLock(userId), () =>
        updateDocs(ctx, C.mfaSecrets, { _id: userId }, { $set: { enabled: true, lastStep: step } }),
      );
      await updateDocs(ctx, C.users, { _id: userId }, { $set: { mfaEnabled: true, updatedAt: new Date() } });
      await deleteDocs(ctx, C.mfaCodes, { userId }, { many: true });
      await insertDocs(
        ctx,
        C.mfaCodes,
        hashes.map((codeHash) => ({ _id: codeKey(userId, codeHash), userId, codeHash, usedAt: null })),
      );
    },
    async disable(userId) {
      await exclusive(ctx, secretLock(userId), () => deleteDocs(ctx, C.mfaSecrets, { _id: userId }));
      await updateDocs(ctx, C.users, { _id: userId }, { $set: { mfaEnabled: false, updatedAt: new Date() } });
      await deleteDocs(ctx, C.mfaCodes, { userId }, { many: true });
    },
    async useStep(userId, step) {
      // One conditional write: concurrent uses of one code race on the document, exactly one wins.
      const won = await exclusive(ctx, secretLock(userId), () =>
        modifyOne(
          ctx,
          C.mfaSecrets,
          { _id: userId, $or: [{ lastStep: null }, { lastStep: { $lt: step } }] },
          { $set: { lastStep: step } },
        ),
      );
      return !!won;
    },
    async useRecoveryCode(userId, codeHash, at) {
      const id = codeKey(userId, codeHash);
      return !!(await exclusive(ctx, `mfa-code:${id}`, () =>
        modifyOne(ctx, C.mfaCodes, { _id: id, usedAt: null }, { $set: { usedAt: at } }),
      ));
    },
    async recoveryCodesLeft(userId) {
      return codes.countDocuments({ userId, usedAt: null });
    },
  };
}
