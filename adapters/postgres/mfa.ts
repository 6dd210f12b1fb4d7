/** MFA state (columns of `users`, plus `mfa_recovery_codes`) and social identity links. */
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { MfaRepo } from "../../src/features/mfa/ports";
import type { SocialIdentity, SocialIdentityRepo, SocialProvider } from "../../src/features/social/ports";
import { schema, type Db } from "./db";

const { users: u, mfaRecoveryCodes: rc, socialIdentities: si } = schema;

export function createPgMfa(db: Db): MfaRepo {
  return {
    async get(tenant, userId) {
      const [r] = await db
        .select({ secretEnc: u.mfaSecretEnc, enabled: u.mfaEnabled, lastStep: u.mfaLastStep })
        .from(u)
        .where(and(eq(u.id, userId), tenant === "any" ? undefined : eq(u.tenantId, tenant)));
      return r ?? null;
    },
    async begin(userId, secretEnc) {
      await db.update(u).set({ mfaSecretEnc: secretEnc, mfaEnabled: false, mfaLastStep: null }).where(eq(u.id, userId));
    },
    async enable(userId, step, hashes) {
      await db.update(u).set({ mfaEnabled: true, mfaLastStep: step, updatedAt: new Date() }).where(eq(u.id, userId));
      await db.delete(rc).where(eq(rc.userId, userId));
      if (hashes.length) await db.insert(rc).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },
    async disable(userId) {
      await db
        .update(u)
        .set({ mfaEnabled: false, mfaSecretEnc: null, mfaLastStep: null, updatedAt: new Date() })
        .where(eq(u.id, userId));
      await db.delete(rc).where(eq(rc.userId, userId));
    },
    async useStep(userId, step) {
      // One conditional update: concurrent uses of one code race on the row, exactly one wins.
      const rows = await db
        .update(u)
        .set({ mfaLastStep: step })
        .where(and(eq(u.id, userId), or(isNull(u.mfaLastStep), lt(u.mfaLastStep, step))))
        .returning({ id: u.id });
      return rows.length > 0;
    },
    async useRecoveryCode(userId, codeHash, at) {
      const rows = await db
        .update(rc)
        .set({ usedAt: at })
        .where(and(eq(rc.userId, userId), eq(rc.codeHash, codeHash), isNull(rc.usedAt)))
        .returning({ id: rc.id });
      return rows.length > 0;
    },
    async recoveryCodesLeft(userId) {
      const [r] = await db
        .select({ n: count() })
        .from(rc)
        .where(and(eq(rc.userId, userId), isNull(rc.usedAt)));
      return Number(r?.n ?? 0);
    },
  };
}

const toIdentity = (r: typeof si.$inferSelect): SocialIdentity => ({
  provider: r.provider as SocialProvider,
  subject: r.subject,
  tenantId: r.tenantId,
  userId: r.userId,
});

export function createPgSocialIdentities(db: Db): SocialIdentityRepo {
  return {
    async find(provider, subject) {
      const [r] = await db
        .select()
        .from(si)
        .where(and(eq(si.provider, provider), eq(si.subject, subject)));
      return r ? toIdentity(r) : null;
    },
    async link(identity) {
      await db.insert(si).values(identity);
    },
    async listUser(userId) {
      return (await db.select().from(si).where(eq(si.userId, userId)).orderBy(sql`${si.createdAt}`)).map(toIdentity);
    },
    async deleteUser(userId) {
      await db.delete(si).where(eq(si.userId, userId));
    },
  };
}
