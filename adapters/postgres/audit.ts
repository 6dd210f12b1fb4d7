import { and, count, desc, eq, gte, ilike, like, lt, or, sql } from "drizzle-orm";
import type { AuditEntry, AuditRepo, NewAuditEntry } from "../../src/features/audit/ports";
import { AUDIT_BATCH_MAX } from "../../src/features/events";
import { likeLiteral, NO_NAME, preparedPer, schema, type Db } from "./db";

const { auditLog: l } = schema;

const p = sql.placeholder;
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
/**
 * `n` entries stamped by the database (`created_at` default) in one statement, built once per size
 * and database, up to the journal's largest batch: drizzle building an insert cost about as much CPU
 * as running it (one entry per sign-in, a batch per turn under load).
 */
const appendStamped = Array.from({ length: AUDIT_BATCH_MAX + 1 }, (_, n) =>
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
  /** One statement; Postgres assigns the serial ids in the order of the VALUES rows. */
  async function appendMany(entries: NewAuditEntry[]): Promise<void> {
    if (!entries.length) return;
    // Entries stamped by the caller (imports, tests) or a batch past the journal's largest: built per call.
    if (entries.length > AUDIT_BATCH_MAX || entries.some((e) => e.createdAt !== undefined)) {
      await db.insert(l).values(entries);
      return;
    }
    const params: Record<string, unknown> = {};
    entries.forEach((e, i) => {
      for (const f of ROW_FIELDS) params[`${f}${i}`] = e[f] ?? null;
    });
    await appendStamped[entries.length](db).execute(params);
  }
  return {
    append: (entry) => appendMany([entry]),
    appendMany,
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
