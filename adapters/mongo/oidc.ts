/**
 * The OpenID provider's storage on MongoDB: sign-in sessions and authorization codes (the
 * primary-store fallbacks used when REDIS_URL is unset) and consents (always here, written
 * through db.ts's journaled helpers so a unit of work can undo them). Every race-prone step is one
 * conditional single-document operation under `exclusive` (atomic.ts), so it stays atomic on
 * FerretDB v1, whose updates are read-modify-write.
 */
import type { Filter } from "mongodb";
import {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCodeStore,
  type TenantScope,
} from "../../src/protocols/oidc/ports";
import { type BrowserSession, type BrowserSessionStore, slideDue } from "../../src/features/sessions/ports";
import { type Consent, type ConsentRepo } from "../../src/features/consents/ports";
import { timingSafeEqual } from "../../src/kernel/secrets";
import { exclusive } from "./atomic";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, upsertDoc, type Ctx } from "./db";
import { C } from "./schema";

const sessionLock = (sid: string) => `signin:${sid}`;
const codeLock = (hash: string) => `code:${hash}`;
const consentId = (tenantId: number, userId: number, clientId: string) => `${tenantId}:${userId}:${clientId}`;

const toSession = (d: Doc): BrowserSession => ({
  sid: d._id,
  tenantId: d.tenantId,
  userId: d.userId,
  authTime: d.authTime,
  amr: d.amr,
  idleSeconds: d.idleSeconds,
  idleExpiresAt: d.idleExpiresAt,
  absoluteExpiresAt: d.absoluteExpiresAt,
  createdAt: d.createdAt,
  lastUsedAt: d.lastUsedAt,
  ipAddress: d.ipAddress ?? null,
  userAgent: d.userAgent ?? null,
  clients: [...new Set<string>(d.clients ?? [])].sort(),
});

export function createMongoBrowserSessions(ctx: Ctx): BrowserSessionStore {
  const sessions = coll(ctx, C.signIns);
  const live = (tenantId: TenantScope, now: Date): Filter<Doc> => ({
    ...(tenantId === "any" ? {} : { tenantId }),
    idleExpiresAt: { $gt: now },
    absoluteExpiresAt: { $gt: now },
  });
  const end = async (tenantId: number, sid: string) => {
    // Under the session's lock (FerretDB): addClient cannot slip a client in after the read.
    const d = await exclusive(ctx, sessionLock(sid), () => sessions.findOneAndDelete({ _id: sid, tenantId }));
    return d ? toSession(d) : null;
  };
  return {
    async create(s, secretHash) {
      await insertDocs(ctx, C.signIns, [
        {
          _id: s.sid,
          tenantId: s.tenantId,
          userId: s.userId,
          secretHash,
          authTime: s.authTime,
          amr: s.amr,
          idleSeconds: s.idleSeconds,
          idleExpiresAt: s.idleExpiresAt,
          absoluteExpiresAt: s.absoluteExpiresAt,
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
          clients: [],
          createdAt: s.createdAt,
          lastUsedAt: s.createdAt,
        },
      ]);
    },
    async resume(tenantId, sid, secretHash, now) {
      const d = await sessions.findOne({ _id: sid, ...live(tenantId, now) });
      // constant-time: the cookie secret's digest against the stored one
      if (!d || !timingSafeEqual(d.secretHash, secretHash)) return null;
      if (!slideDue(d.lastUsedAt.getTime(), now.getTime(), d.idleSeconds)) return toSession(d);
      const idleExpiresAt = new Date(Math.min(now.getTime() + d.idleSeconds * 1000, d.absoluteExpiresAt.getTime()));
      const u = await exclusive(ctx, sessionLock(sid), () =>
        modifyOne(ctx, C.signIns, { _id: sid, ...live(tenantId, now) }, { $set: { idleExpiresAt, lastUsedAt: now } }),
      );
      return u ? toSession(u) : null;
    },
    async get(tenantId, sid, now) {
      const d = await sessions.findOne({ _id: sid, ...live(tenantId, now) });
      return d ? toSession(d) : null;
    },
    async raise(tenantId, sid, amr, authTime, now) {
      // One conditional update of the live document, under the session's lock like every change to it.
      const u = await exclusive(ctx, sessionLock(sid), () =>
        modifyOne(ctx, C.signIns, { _id: sid, ...live(tenantId, now) }, { $set: { amr, authTime } }),
      );
      return u ? toSession(u) : null;
    },
    async addClient(tenantId, sid, clientId, now) {
      // $addToSet on the live document: idempotent, and concurrent adds each land (one document, one step).
      const u = await exclusive(ctx, sessionLock(sid), () =>
        modifyOne(ctx, C.signIns, { _id: sid, ...live(tenantId, now) }, { $addToSet: { clients: clientId } }),
      );
      return !!u;
    },
    end,
    async listByUser(tenantId, userId, now) {
      const docs = await sessions
        .find({ userId, ...live(tenantId, now) })
        .sort({ createdAt: 1, _id: 1 })
        .toArray();
      return docs.map(toSession);
    },
    async endAllForUser(tenantId, userId) {
      const ids = await sessions
        .find({ userId, tenantId }, { projection: { _id: 1 } })
        .sort({ createdAt: 1, _id: 1 })
        .toArray();
      const out: BrowserSession[] = [];
      for (const { _id } of ids) {
        const s = await end(tenantId, _id);
        if (s) out.push(s);
      }
      return out;
    },
  };
}

export function createMongoAuthorizationCodes(ctx: Ctx): AuthorizationCodeStore {
  return {
    async issue(codeHash, code) {
      await insertDocs(ctx, C.codes, [
        {
          _id: codeHash,
          tenantId: code.tenantId,
          clientId: code.clientId,
          code,
          expiresAt: code.expiresAt,
          redeemedAt: null,
          reused: false,
          issued: null,
        },
      ]);
    },
    async redeem(tenantId, clientId, codeHash, now) {
      const mine = { _id: codeHash, clientId, ...(tenantId === "any" ? {} : { tenantId }) };
      return exclusive(ctx, codeLock(codeHash), async () => {
        const first = await modifyOne(
          ctx,
          C.codes,
          { ...mine, redeemedAt: null, expiresAt: { $gt: now } },
          { $set: { redeemedAt: now } },
        );
        if (first) return { status: "ok" as const, code: first.code };
        const since = new Date(now.getTime() - CODE_REUSE_WINDOW_SECONDS * 1000);
        const again = await modifyOne(
          ctx,
          C.codes,
          { ...mine, redeemedAt: { $ne: null }, expiresAt: { $gt: since } },
          { $set: { reused: true } },
        );
        if (!again) return null;
        return { status: "reused" as const, code: again.code, issued: again.issued ?? null };
      });
    },
    async recordIssued(tenantId, codeHash, issued) {
      const d = await exclusive(ctx, codeLock(codeHash), () =>
        modifyOne(ctx, C.codes, { _id: codeHash, tenantId, redeemedAt: { $ne: null } }, { $set: { issued } }),
      );
      if (!d) return null;
      return d.reused ? "reused" : "recorded";
    },
  };
}

const toConsent = (d: Doc): Consent => ({
  tenantId: d.tenantId,
  userId: d.userId,
  clientId: d.clientId,
  scopes: [...new Set<string>(d.scopes)].sort(),
  grantedAt: d.grantedAt,
  updatedAt: d.updatedAt,
});

export function createMongoConsents(ctx: Ctx): ConsentRepo {
  const consents = coll(ctx, C.consents);
  return {
    async get(tenantId, userId, clientId) {
      const d = await consents.findOne({ _id: consentId(tenantId, userId, clientId), tenantId });
      return d ? toConsent(d) : null;
    },
    async grant(tenantId, userId, clientId, scopes, at) {
      const id = consentId(tenantId, userId, clientId);
      // One upsert of one document ($addToSet: the union), journaled inside a unit (db.ts); the
      // pair's lock keeps the read-back the state this grant left on FerretDB.
      return exclusive(ctx, `consent:${id}`, async () => {
        await upsertDoc(ctx, C.consents, id, {
          $addToSet: { scopes: { $each: [...new Set(scopes)] } },
          $set: { updatedAt: at },
          $setOnInsert: { tenantId, userId, clientId, grantedAt: at },
        });
        return toConsent(await consents.findOne({ _id: id }));
      });
    },
    async listByUser(tenantId, userId) {
      const docs = await consents.find({ tenantId, userId }).sort({ clientId: 1 }).toArray();
      return docs.map(toConsent);
    },
    async revoke(tenantId, userId, clientId) {
      return (await deleteDocs(ctx, C.consents, { _id: consentId(tenantId, userId, clientId), tenantId })) > 0;
    },
    async revokeAllForUser(tenantId, userId) {
      return deleteDocs(ctx, C.consents, { tenantId, userId }, { many: true });
    },
  };
}
