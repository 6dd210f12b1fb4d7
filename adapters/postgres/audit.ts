import { and, count, desc, eq, gte, ilike, like, lt, or, sql } from "drizzle-orm";
import type { AuditEntry, AuditRepo } from "../../src/features/audit/ports";
import { likeLiteral, NO_NAME, preparedPer, schema, type Db } from "./db";

const { auditLog: l } = schema;

const p = sql.placeholder;
/** One entry stamped by the database (`created_at` default): the journal's case on every sign-in. */
const appendOne = preparedPer((db) =>
  db
    .insert(l)
    .values({
      tenantId: p("tenantId"),
      organizationId: p("organizationId"),
      orgPath: p("orgPath"),
      userId: p("userId"),
      actorId: p("actorId"),
      action: p("action"),
      ipAddress: p("ipAddress"),
      metadata: p("metadata"),
    })
    .prepare(NO_NAME),
);

const ROW_FIELDS = [
  "tenantId",
  "organizationId",
  "orgPath",
  "userId",
  "actorId",
  "action",
  "ipAddress",
  "metadata",
] as const;
/** Batches this size or smaller use a statement built once per size (the journal's group commit, below 32). */
const PREPARED_BATCH_MAX = 32;
/** `n` entries stamped by the database in one statement, built once per size and database. */
const appendBatch = Array.from({ length: PREPARED_BATCH_MAX + 1 }, (_, n) =>
  preparedPer((db) =>
    db
      .insert(l)
      .values(
        Array.from({ length: n }, (_, i) => Object.fromEntries(ROW_FIELDS.map((f) => [f, p(`${f}${i}`)])) as never),
      )
      .prepare(NO_NAME),
  ),
);

export function createPgAudit(db: Db): AuditRepo {
  return {
    async append(entry) {
      if (entry.createdAt !== undefined) await db.insert(l).values(entry);
      else
        await appendOne(db).execute({
          tenantId: entry.tenantId,
          organizationId: entry.organizationId,
          orgPath: entry.orgPath,
          userId: entry.userId,
          actorId: entry.actorId,
          action: entry.action,
          ipAddress: entry.ipAddress,
          metadata: entry.metadata,
        });
    },
    async appendMany(entries) {
      // One statement; Postgres assigns the serial ids in the order of the VALUES rows. The journal's
      // batches (no entry stamped by the caller) reuse a statement built once per size: drizzle
      // building a many-row insert cost about as much CPU as the insert itself.
      if (!entries.length) return;
      if (entries.length > PREPARED_BATCH_MAX || entries.some((e) => e.createdAt !== undefined)) {
        await db.insert(l).values(entries);
        return;
      }
      const params: Record<string, unknown> = {};
      entries.forEach((e, i) => {
        for (const f of ROW_FIELDS) params[`${f}${i}`] = e[f] ?? null;
      });
      await appendBatch[entries.length](db).execute(params);
    },
    async query(q) {
      const text = q.q ? `%${likeLiteral(q.q)}%` : undefined;
      const rows = await db
        .select()
        .from(l)
        .where(
          and(
            q.tenant === "any" ? undefined : eq(l.tenantId, q.tenant),
            like(l.orgPath, `${likeLiteral(q.orgPath)}%`),
            q.action ? eq(l.action, q.action) : undefined,
            q.userId !== undefined ? eq(l.userId, q.userId) : undefined,
            text ? or(ilike(l.action, text), ilike(sql`${l.metadata}::text`, text)) : undefined,
            q.from ? gte(l.createdAt, q.from) : undefined,
            q.to ? lt(l.createdAt, q.to) : undefined,
          ),
        )
        .orderBy(desc(l.id))
        .limit(q.size);
      return rows as AuditEntry[];
    },
    async count(q) {
      const [r] = await db
        .select({ n: count() })
        .from(l)
        .where(and(eq(l.tenantId, q.tenant), eq(l.action, q.action), gte(l.createdAt, q.from)));
      return Number(r.n);
    },
    async forUser(userId, limit) {
      return (await db
        .select()
        .from(l)
        .where(or(eq(l.userId, userId), eq(l.actorId, userId)))
        .orderBy(desc(l.id))
        .limit(limit)) as AuditEntry[];
    },
    async scrubUser(userId) {
      // Keeps ids (entry, org, user, actor) and the action; drops the IP and every metadata value
      // except the actor's id, which is not personal data of the erased user.
      await db
        .update(l)
        .set({
          ipAddress: null,
          metadata: sql`jsonb_build_object('erased', true) || case when ${l.metadata} ? 'actorId' then jsonb_build_object('actorId', ${l.metadata}->'actorId') else '{}'::jsonb end`,
        })
        .where(or(eq(l.userId, userId), eq(l.actorId, userId)));
    },
  };
}
