/**
 * The OpenID provider's storage on the SQL store: sign-in sessions and authorization codes (the
 * primary-store fallbacks used when REDIS_URL is unset) and consents (always here). Each race-prone
 * step is one conditional statement: the row lock serializes concurrent callers, and a caller that
 * waited re-evaluates its WHERE against the winner's committed row (READ COMMITTED).
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCode,
  type AuthorizationCodeStore,
  type CodeIssue,
  type TenantScope,
} from "../../src/protocols/oidc/ports";
import { type BrowserSession, type BrowserSessionStore, slideDue } from "../../src/features/sessions/ports";
import { type Consent, type ConsentRepo } from "../../src/features/consents/ports";
import { timingSafeEqual } from "../../src/kernel/secrets";
import { schema, type Db } from "./db";

const { signinSessions: ss, authorizationCodes: ac, consents: cs } = schema;

const toSession = (r: typeof ss.$inferSelect): BrowserSession => ({
  sid: r.sid,
  tenantId: r.tenantId,
  userId: r.userId,
  authTime: r.authTime,
  amr: r.amr,
  idleSeconds: r.idleSeconds,
  idleExpiresAt: r.idleExpiresAt,
  absoluteExpiresAt: r.absoluteExpiresAt,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  ipAddress: r.ipAddress,
  userAgent: r.userAgent,
  clients: [...r.clients].sort(),
});

export function createPgBrowserSessions(db: Db): BrowserSessionStore {
  const live = (tenantId: TenantScope, sid: string, now: Date) =>
    and(
      eq(ss.sid, sid),
      tenantId === "any" ? undefined : eq(ss.tenantId, tenantId),
      gt(ss.idleExpiresAt, now),
      gt(ss.absoluteExpiresAt, now),
    );
  return {
    async create(s, secretHash) {
      await db.insert(ss).values({
        sid: s.sid,
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
        createdAt: s.createdAt,
        lastUsedAt: s.createdAt,
      });
    },
    async resume(tenantId, sid, secretHash, now) {
      const [r] = await db
        .select()
        .from(ss)
        .where(live(tenantId, sid, now));
      // constant-time: the cookie secret's digest against the stored one
      if (!r || !timingSafeEqual(r.secretHash, secretHash)) return null;
      if (!slideDue(r.lastUsedAt.getTime(), now.getTime(), r.idleSeconds)) return toSession(r);
      // The hash never changes, so checking it first and sliding in a second, conditional statement
      // is one step: the update still requires the session to be live (not ended meanwhile).
      const idle = new Date(Math.min(now.getTime() + r.idleSeconds * 1000, r.absoluteExpiresAt.getTime()));
      const [u] = await db
        .update(ss)
        .set({ idleExpiresAt: idle, lastUsedAt: now })
        .where(live(tenantId, sid, now))
        .returning();
      return u ? toSession(u) : null;
    },
    async get(tenantId, sid, now) {
      const [r] = await db
        .select()
        .from(ss)
        .where(live(tenantId, sid, now));
      return r ? toSession(r) : null;
    },
    async raise(tenantId, sid, amr, authTime, now) {
      // One conditional statement: it applies only to the row while it is live.
      const [u] = await db
        .update(ss)
        .set({ amr, authTime })
        .where(live(tenantId, sid, now))
        .returning();
      return u ? toSession(u) : null;
    },
    async addClient(tenantId, sid, clientId, now) {
      // One statement: the row lock makes concurrent adds apply one after the other, each to the
      // array the previous one left, so none is lost and none is added twice.
      const rows = await db
        .update(ss)
        .set({
          clients: sql`case when ${clientId}::text = any(${ss.clients}) then ${ss.clients} else array_append(${ss.clients}, ${clientId}::text) end`,
        })
        .where(live(tenantId, sid, now))
        .returning({ sid: ss.sid });
      return rows.length > 0;
    },
    async end(tenantId, sid) {
      // A delete that returns the row: of concurrent calls only one deletes it.
      const [r] = await db
        .delete(ss)
        .where(and(eq(ss.sid, sid), eq(ss.tenantId, tenantId)))
        .returning();
      return r ? toSession(r) : null;
    },
    async listByUser(tenantId, userId, now) {
      const rows = await db
        .select()
        .from(ss)
        .where(
          and(
            eq(ss.userId, userId),
            eq(ss.tenantId, tenantId),
            gt(ss.idleExpiresAt, now),
            gt(ss.absoluteExpiresAt, now),
          ),
        )
        .orderBy(asc(ss.createdAt), asc(ss.sid));
      return rows.map(toSession);
    },
    async endAllForUser(tenantId, userId) {
      const rows = await db
        .delete(ss)
        .where(and(eq(ss.userId, userId), eq(ss.tenantId, tenantId)))
        .returning();
      return rows.map(toSession).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}

const codeOf = (data: unknown): AuthorizationCode => {
  const d = (typeof data === "string" ? JSON.parse(data) : data) as Record<string, unknown>;
  return {
    ...(d as unknown as AuthorizationCode),
    authTime: new Date(d.authTime as string),
    expiresAt: new Date(d.expiresAt as string),
  };
};

export function createPgAuthorizationCodes(db: Db): AuthorizationCodeStore {
  return {
    async issue(codeHash, code) {
      await db.insert(ac).values({
        codeHash,
        tenantId: code.tenantId,
        clientId: code.clientId,
        // Dates as ISO strings inside jsonb; codeOf turns them back.
        data: JSON.parse(JSON.stringify(code)) as Record<string, unknown>,
        expiresAt: code.expiresAt,
      });
    },
    async redeem(tenantId, clientId, codeHash, now) {
      const mine = and(
        eq(ac.codeHash, codeHash),
        tenantId === "any" ? undefined : eq(ac.tenantId, tenantId),
        eq(ac.clientId, clientId),
      );
      const [first] = await db
        .update(ac)
        .set({ redeemedAt: now })
        .where(and(mine, sql`${ac.redeemedAt} is null`, gt(ac.expiresAt, now)))
        .returning({ data: ac.data });
      if (first) return { status: "ok", code: codeOf(first.data) };
      const since = new Date(now.getTime() - CODE_REUSE_WINDOW_SECONDS * 1000);
      const [again] = await db
        .update(ac)
        .set({ reused: true })
        .where(and(mine, sql`${ac.redeemedAt} is not null`, gt(ac.expiresAt, since)))
        .returning({ data: ac.data, issued: ac.issued });
      if (!again) return null;
      return { status: "reused", code: codeOf(again.data), issued: (again.issued as CodeIssue | null) ?? null };
    },
    async recordIssued(tenantId, codeHash, issued) {
      // The same row lock as redeem's: a reuse is either committed before (reused = true here) or
      // runs after and returns `issued`.
      const [r] = await db
        .update(ac)
        .set({ issued: issued as Record<string, unknown> })
        .where(and(eq(ac.codeHash, codeHash), eq(ac.tenantId, tenantId), sql`${ac.redeemedAt} is not null`))
        .returning({ reused: ac.reused });
      if (!r) return null;
      return r.reused ? "reused" : "recorded";
    },
  };
}

const toConsent = (r: typeof cs.$inferSelect): Consent => ({
  tenantId: r.tenantId,
  userId: r.userId,
  clientId: r.clientId,
  scopes: [...r.scopes].sort(),
  grantedAt: r.grantedAt,
  updatedAt: r.updatedAt,
});

export function createPgConsents(db: Db): ConsentRepo {
  const one = (tenantId: number, userId: number, clientId: string) =>
    and(eq(cs.tenantId, tenantId), eq(cs.userId, userId), eq(cs.clientId, clientId));
  return {
    async get(tenantId, userId, clientId) {
      const [r] = await db
        .select()
        .from(cs)
        .where(one(tenantId, userId, clientId));
      return r ? toConsent(r) : null;
    },
    async grant(tenantId, userId, clientId, scopes, at) {
      const sorted = [...new Set(scopes)].sort();
      // One upsert: the conflicting row is locked and the union computed from its committed scopes.
      const [r] = await db
        .insert(cs)
        .values({ tenantId, userId, clientId, scopes: sorted, grantedAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [cs.tenantId, cs.userId, cs.clientId],
          set: {
            scopes: sql`array(select distinct s from unnest(${cs.scopes} || excluded.scopes) as s order by s)`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning();
      return toConsent(r);
    },
    async listByUser(tenantId, userId) {
      const rows = await db
        .select()
        .from(cs)
        .where(and(eq(cs.tenantId, tenantId), eq(cs.userId, userId)))
        .orderBy(asc(cs.clientId));
      return rows.map(toConsent);
    },
    async revoke(tenantId, userId, clientId) {
      const rows = await db
        .delete(cs)
        .where(one(tenantId, userId, clientId))
        .returning({ c: cs.clientId });
      return rows.length > 0;
    },
    async revokeAllForUser(tenantId, userId) {
      const rows = await db
        .delete(cs)
        .where(and(eq(cs.tenantId, tenantId), eq(cs.userId, userId)))
        .returning({ c: cs.clientId });
      return rows.length;
    },
  };
}
