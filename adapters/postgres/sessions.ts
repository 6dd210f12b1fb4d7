/** Primary-store fallbacks for session families and counters (REDIS_URL unset), plus devices and one-time tokens. */
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type {
  CounterStore,
  Device,
  DeviceRepo,
  FamilyRecord,
  FamilyStore,
  OneTimeKind,
  OneTimeToken,
  OneTimeTokenRepo,
  SessionData,
} from "../../src/features/sessions/ports";
import { timingSafeEqual } from "../../src/kernel/secrets";
import { schema, type Db } from "./db";

const { sessionFamilies: f, sessionSelectors: s, counters: c, devices: d, oneTimeTokens: ot } = schema;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const toFamily = (r: typeof f.$inferSelect): FamilyRecord => ({
  familyId: r.id,
  data: r.data as unknown as SessionData,
  expiresAt: r.expiresAt,
});

export function createPgFamilies(db: Db): FamilyStore {
  const live = (now: Date) => and(eq(f.revoked, false), gt(f.expiresAt, now));
  return {
    async create(familyId, selector, verifierHash, data, expiresAt) {
      await db.transaction(async (tx: Tx) => {
        await tx.insert(f).values({
          id: familyId,
          tenantId: data.tenantId,
          userId: data.userId,
          data: data as unknown as Record<string, unknown>,
          currentSelector: selector,
          verifierHash,
          deviceId: data.deviceId ?? null,
          expiresAt,
        });
        await tx.insert(s).values({ selector, familyId, verifierHash, expiresAt });
      });
    },
    async rotate(selector, verifierHash, next, now) {
      const nowTs = sql`${now.toISOString()}::timestamptz`;
      const patch = next.data ? sql`data || ${JSON.stringify(next.data)}::jsonb` : sql`data`;
      // The winning path is one statement (update + selector insert in a data-modifying CTE), so
      // it is atomic without a transaction and costs one round trip. The row lock serializes
      // concurrent rotations; a loser re-evaluates the WHERE after the winner commits, sees the
      // new selector and updates nothing. Fixed sessions keep their expiry; sliding ones move to
      // now + ttlSeconds.
      const res = await db.execute(sql`
        with u as (
          update session_families set
            current_selector = ${next.selector},
            verifier_hash = ${next.verifierHash},
            data = ${patch},
            expires_at = case when (data ->> 'absoluteExpiresAt') is not null then expires_at
                              else ${nowTs} + make_interval(secs => (data ->> 'ttlSeconds')::double precision) end,
            updated_at = ${nowTs}
          where current_selector = ${selector} and verifier_hash = ${verifierHash} and revoked = false and expires_at > ${nowTs}
          returning id, data, expires_at
        ), ins as (
          insert into session_selectors (selector, family_id, verifier_hash, expires_at)
          select ${next.selector}, id, ${next.verifierHash}, expires_at from u
        )
        select id, data, (extract(epoch from expires_at) * 1000)::float8 as expires_ms from u`);
      const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as {
        id: string;
        data: unknown;
        expires_ms: number | string;
      }[];
      if (rows.length) {
        const r = rows[0];
        const data = (typeof r.data === "string" ? JSON.parse(r.data) : r.data) as SessionData;
        return {
          status: "rotated" as const,
          family: { familyId: r.id, data, expiresAt: new Date(Math.round(Number(r.expires_ms))) },
        };
      }
      return db.transaction(async (tx: Tx) => {
        const [old] = await tx.select().from(s).where(eq(s.selector, selector));
        // constant-time: the presented verifier's hash against the stored one.
        if (!old || !timingSafeEqual(old.verifierHash, verifierHash)) return { status: "invalid" as const };
        const [fam] = await tx.select().from(f).where(eq(f.id, old.familyId)).for("update");
        if (!fam || fam.expiresAt <= now) return { status: "invalid" as const };
        // The current token of a revoked family is merely invalid; a consumed one is reuse.
        if (fam.currentSelector === selector) return { status: "invalid" as const };
        if (!fam.revoked) await tx.update(f).set({ revoked: true, updatedAt: now }).where(eq(f.id, fam.id));
        return { status: "reused" as const, family: { familyId: fam.id, data: fam.data as unknown as SessionData } };
      });
    },
    async peek(selector, verifierHash, now) {
      const [row] = await db
        .select()
        .from(f)
        .where(and(eq(f.currentSelector, selector), live(now)));
      return row && timingSafeEqual(row.verifierHash, verifierHash) ? toFamily(row) : null;
    },
    async get(familyId, now) {
      const [row] = await db
        .select()
        .from(f)
        .where(and(eq(f.id, familyId), live(now)));
      return row ? toFamily(row) : null;
    },
    async revoke(familyId) {
      await db.update(f).set({ revoked: true }).where(eq(f.id, familyId));
    },
    async revokeUser(userId) {
      await db
        .update(f)
        .set({ revoked: true })
        .where(and(eq(f.userId, userId), eq(f.revoked, false)));
    },
    async revokeDevice(userId, deviceId) {
      await db
        .update(f)
        .set({ revoked: true })
        .where(and(eq(f.userId, userId), eq(f.deviceId, deviceId), eq(f.revoked, false)));
    },
    async listUser(userId, now) {
      return (
        await db
          .select()
          .from(f)
          .where(and(eq(f.userId, userId), live(now)))
          .orderBy(asc(f.createdAt), asc(f.id))
      ).map(toFamily);
    },
  };
}

/**
 * Rows a key's `hitDistinct` members and their tally live in, beside the key's own row: one per
 * member and one for the tally, named `<key>\u001fm:<member>` and `<key>\u001fd` (the unit
 * separator never occurs in our keys). Each holds the window's end it belongs to, so a member row
 * of an ended (or re-`set`) window counts as absent without being deleted first.
 */
const MEMBER_SEP = "\u001f";

export function createPgCounters(db: Db): CounterStore {
  // Windows are compared with the caller's clock (the service's injected clock), not the server's.
  const ttlOf = (expiresAt: Date, now: Date) => Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  async function hit(key: string, windowSeconds: number, now: Date) {
    const ends = new Date(now.getTime() + windowSeconds * 1000);
    // Typed parameters: raw SQL fragments carry no column type for the driver to serialize by.
    const nowP = ts(now);
    const endsP = ts(ends);
    const [r] = await db
      .insert(c)
      .values({ key, count: 1, expiresAt: ends })
      .onConflictDoUpdate({
        target: c.key,
        set: {
          count: sql`case when ${c.expiresAt} <= ${nowP} then 1 else ${c.count} + 1 end`,
          expiresAt: sql`case when ${c.expiresAt} <= ${nowP} then ${endsP} else ${c.expiresAt} end`,
        },
      })
      .returning({ count: c.count, expiresAt: c.expiresAt });
    return r;
  }
  /** Deletes up to 50 rows whose window ended more than an hour before `now` (no sweeper job). */
  async function sweep(now: Date) {
    const before = ts(new Date(now.getTime() - 3_600_000));
    await db.execute(
      sql`delete from ${c} where ${c.key} in (select ${c.key} from ${c} where ${c.expiresAt} < ${before} limit 50)`,
    );
  }
  return {
    async hit(key, windowSeconds, now) {
      const r = await hit(key, windowSeconds, now);
      return { count: r.count, ttlSeconds: ttlOf(r.expiresAt, now) };
    },
    async hitDistinct(key, member, windowSeconds, now) {
      // The count is the key's own row (atomic upsert, as `hit`); the window's end it returns names
      // the window the member and tally rows must belong to.
      const r = await hit(key, windowSeconds, now);
      const end = r.expiresAt;
      const endP = ts(end);
      const tally = `${key}${MEMBER_SEP}d`;
      // One conditional upsert: a row comes back only to the one caller that added the member to
      // this window (a concurrent second caller waits on the row lock and finds the end already set).
      const added = await db
        .insert(c)
        .values({ key: `${key}${MEMBER_SEP}m:${member}`, count: 1, expiresAt: end })
        .onConflictDoUpdate({
          target: c.key,
          set: { count: 1, expiresAt: end },
          setWhere: sql`${c.expiresAt} <> ${endP}`,
        })
        .returning({ key: c.key });
      let distinct: number;
      if (added.length) {
        const [d] = await db
          .insert(c)
          .values({ key: tally, count: 1, expiresAt: end })
          .onConflictDoUpdate({
            target: c.key,
            set: {
              count: sql`case when ${c.expiresAt} = ${endP} then ${c.count} + 1 else 1 end`,
              expiresAt: end,
            },
          })
          .returning({ count: c.count });
        distinct = d.count;
      } else {
        const [d] = await db
          .select({ count: c.count })
          .from(c)
          .where(and(eq(c.key, tally), eq(c.expiresAt, end)));
        // The member's own adder may not have moved the tally yet: it counts at least this member.
        distinct = Math.max(1, d?.count ?? 0);
      }
      if (r.count === 1) await sweep(now);
      return { count: r.count, distinct, ttlSeconds: ttlOf(end, now) };
    },
    async peek(key, now) {
      const [r] = await db
        .select()
        .from(c)
        .where(and(eq(c.key, key), gt(c.expiresAt, now)));
      return r ? { count: r.count, ttlSeconds: ttlOf(r.expiresAt, now) } : { count: 0, ttlSeconds: 0 };
    },
    async set(key, value, windowSeconds, now) {
      const ends = new Date(now.getTime() + windowSeconds * 1000);
      await db
        .insert(c)
        .values({ key, count: value, expiresAt: ends })
        .onConflictDoUpdate({ target: c.key, set: { count: value, expiresAt: ends } });
      // Set keys are often one-off (lockouts, logout revocation marks): a few long-expired rows go
      // with each set, so the table stays bounded without a sweeper (Redis and SQLite expire their own).
      await sweep(now);
    },
    async reset(key) {
      // The key's own row, and the member and tally rows of `hitDistinct` (a prefix: rare, small table).
      await db.delete(c).where(or(eq(c.key, key), sql`starts_with(${c.key}, ${key + MEMBER_SEP})`));
    },
  };
}

const toDevice = (r: typeof d.$inferSelect): Device => ({
  tenantId: r.tenantId,
  userId: r.userId,
  deviceId: r.deviceId,
  name: r.name,
  platform: r.platform,
  lastSeenAt: r.lastSeenAt,
  createdAt: r.createdAt,
});

export function createPgDevices(db: Db): DeviceRepo {
  return {
    async upsert(dev) {
      const [r] = await db
        .insert(d)
        .values(dev)
        .onConflictDoUpdate({
          target: [d.userId, d.deviceId],
          set: { name: dev.name, platform: dev.platform, lastSeenAt: dev.lastSeenAt },
        })
        .returning();
      return toDevice(r);
    },
    async get(userId, deviceId) {
      const [r] = await db
        .select()
        .from(d)
        .where(and(eq(d.userId, userId), eq(d.deviceId, deviceId)));
      return r ? toDevice(r) : null;
    },
    async listUser(userId) {
      return (await db.select().from(d).where(eq(d.userId, userId)).orderBy(asc(d.createdAt))).map(toDevice);
    },
    async delete(userId, deviceId) {
      const rows = await db
        .delete(d)
        .where(and(eq(d.userId, userId), eq(d.deviceId, deviceId)))
        .returning({ id: d.id });
      return rows.length > 0;
    },
    async touch(userId, deviceId, at) {
      await db
        .update(d)
        .set({ lastSeenAt: at })
        .where(and(eq(d.userId, userId), eq(d.deviceId, deviceId)));
    },
    async deleteUser(userId) {
      await db.delete(d).where(eq(d.userId, userId));
    },
  };
}

const toOneTime = (r: typeof ot.$inferSelect): OneTimeToken => ({
  kind: r.kind as OneTimeKind,
  tenantId: r.tenantId,
  userId: r.userId,
  data: r.data,
  attempts: r.attempts,
  expiresAt: r.expiresAt,
});

export function createPgOneTimeTokens(db: Db): OneTimeTokenRepo {
  return {
    async create(tokenHash, t) {
      await db.insert(ot).values({ tokenHash, ...t });
    },
    async consume(tokenHash, kind, now) {
      const [r] = await db
        .update(ot)
        .set({ usedAt: now })
        .where(and(eq(ot.tokenHash, tokenHash), eq(ot.kind, kind), isNull(ot.usedAt), gt(ot.expiresAt, now)))
        .returning();
      return r ? toOneTime(r) : null;
    },
    async peek(tokenHash, kind, now) {
      const [r] = await db
        .select()
        .from(ot)
        .where(and(eq(ot.tokenHash, tokenHash), eq(ot.kind, kind), isNull(ot.usedAt), gt(ot.expiresAt, now)));
      return r ? toOneTime(r) : null;
    },
    async recordFailure(tokenHash, max) {
      const [r] = await db
        .update(ot)
        .set({
          attempts: sql`${ot.attempts} + 1`,
          usedAt: sql`case when ${ot.attempts} + 1 >= ${max} then now() else ${ot.usedAt} end`,
        })
        .where(eq(ot.tokenHash, tokenHash))
        .returning({ attempts: ot.attempts });
      return r ? r.attempts : max;
    },
    async deleteUser(userId, kind) {
      await db.delete(ot).where(and(eq(ot.userId, userId), kind ? eq(ot.kind, kind) : undefined));
    },
  };
}
