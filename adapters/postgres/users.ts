import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { User, UserRepo, UserStatus } from "../../src/kernel/users";
import { likeLiteral, NO_NAME, preparedPer, schema, type Db } from "./db";
import { normalizeEmail } from "../../src/kernel/email";
import { ConflictError } from "../../src/kernel/errors";
import { upgradeEmailForms, type EmailFormLog } from "../shared/email-forms";
import { translatePgError } from "./errors";

const { users: u, userRoles: ur, mfaRecoveryCodes: mrc, organizations: o } = schema;
const toUser = (r: typeof u.$inferSelect): User => ({
  id: r.id,
  tenantId: r.tenantId,
  organizationId: r.organizationId,
  email: r.email,
  fullName: r.fullName,
  passwordHash: r.passwordHash,
  status: r.status as UserStatus,
  mfaEnabled: r.mfaEnabled,
  locale: r.locale ?? null,
  emailVerified: r.emailVerified,
  externalId: r.externalId ?? null,
  deprovisionedAt: r.deprovisionedAt ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
/** The sign-in's lookup, built once per handle. */
const byEmail = preparedPer((db) =>
  db
    .select()
    .from(u)
    .where(eq(u.email, sql.placeholder("email")))
    .prepare(NO_NAME),
);
const tf = (tenant: number | "any") => (tenant === "any" ? undefined : eq(u.tenantId, tenant));

export function createPgUsers(db: Db): UserRepo {
  return {
    async create(input) {
      const [r] = await db
        .insert(u)
        .values({ ...input, email: normalizeEmail(input.email) })
        .returning();
      return toUser(r);
    },
    async get(tenant, id) {
      const [r] = await db
        .select()
        .from(u)
        .where(and(eq(u.id, id), tf(tenant)));
      return r ? toUser(r) : null;
    },
    async findByEmail(email) {
      const [r] = await byEmail(db).execute({ email: normalizeEmail(email) });
      return r ? toUser(r) : null;
    },
    async update(tenant, id, patch) {
      const values = { ...patch, updatedAt: new Date() };
      if (values.email) values.email = normalizeEmail(values.email);
      const [r] = await db
        .update(u)
        .set(values)
        .where(and(eq(u.id, id), tf(tenant)))
        .returning();
      return r ? toUser(r) : null;
    },
    async countByTenant(tenantId) {
      const [r] = await db
        .select({ n: count() })
        .from(u)
        .where(and(eq(u.tenantId, tenantId), ne(u.status, "ERASED")));
      return Number(r.n);
    },
    async listByOrg(tenant, orgId, size, filter = {}) {
      // Two index range scans (users_tenant_org, user_roles_org), each already ordered by user id
      // and cut at `size`, then merged: never a scan of the tenant's users or of every holder.
      const homeTenant = tenant === "any" ? sql`true` : sql`${u.tenantId} = ${tenant}`;
      const roleTenant = tenant === "any" ? sql`true` : sql`${ur.tenantId} = ${tenant}`;
      const after = filter.afterId ?? 0;
      // strpos is a literal substring test (no LIKE metacharacters); emails are lower-case already.
      const needle = filter.q?.toLowerCase() ?? "";
      const homeText = needle
        ? sql`and (strpos(${u.email}, ${needle}) > 0 or strpos(lower(${u.fullName}), ${needle}) > 0)`
        : sql``;
      const holderText = needle
        ? sql`and exists (select 1 from ${u} h where h.id = ${ur.userId} and (strpos(h.email, ${needle}) > 0 or strpos(lower(h.full_name), ${needle}) > 0))`
        : sql``;
      const ids = sql`(select ${u.id} as id from ${u} where ${homeTenant} and ${u.organizationId} = ${orgId} and ${u.status} <> 'ERASED' and ${u.id} > ${after} ${homeText} order by ${u.id} limit ${size})
        union (select ${ur.userId} as id from ${ur} where ${roleTenant} and ${ur.organizationId} = ${orgId} and ${ur.userId} > ${after} ${holderText} order by ${ur.userId} limit ${size})`;
      const rows = await db
        .select()
        .from(u)
        .where(and(tf(tenant), sql`${u.id} in (select id from (${ids}) as ids)`, sql`${u.status} <> 'ERASED'`))
        .orderBy(asc(u.id))
        .limit(size);
      return rows.map(toUser);
    },
    async listInSubtree(tenantId, orgPath, size, afterId = 0) {
      if (size <= 0) return [];
      // The subtree's orgs by their indexed path prefix, then each org's users (users_tenant_org).
      const rows = await db
        .select()
        .from(u)
        .where(
          and(
            eq(u.tenantId, tenantId),
            sql`${u.organizationId} in (select ${o.id} from ${o} where ${o.tenantId} = ${tenantId} and ${o.path} like ${`${likeLiteral(orgPath)}%`})`,
            sql`${u.status} <> 'ERASED'`,
            sql`${u.id} > ${afterId}`,
          ),
        )
        .orderBy(asc(u.id))
        .limit(size);
      return rows.map(toUser);
    },
    async erase(tenant, id, erasedEmail) {
      const [r] = await db
        .update(u)
        .set({
          email: erasedEmail.toLowerCase(),
          fullName: "",
          passwordHash: null,
          status: "ERASED",
          mfaEnabled: false,
          mfaSecretEnc: null,
          mfaLastStep: null,
          locale: null,
          emailVerified: false,
          externalId: null,
          updatedAt: new Date(),
        })
        .where(and(eq(u.id, id), tf(tenant)))
        .returning();
      if (!r) return null;
      await db.delete(mrc).where(eq(mrc.userId, id));
      return toUser(r);
    },
  };
}

/**
 * Rewrites stored addresses to the one form of kernel/email.ts (adapters/shared/email-forms.ts): at
 * every start, one scan of the addresses longer in bytes than in characters (non-ASCII), then one
 * conditional update per address to change.
 */
export function upgradePgEmailForms(db: Db, warn?: EmailFormLog) {
  return upgradeEmailForms(
    {
      candidates: () =>
        db.select({ id: u.id, email: u.email }).from(u).where(sql`octet_length(${u.email}) > char_length(${u.email})`),
      async rewrite(id, from, to) {
        try {
          await db
            .update(u)
            .set({ email: to })
            .where(and(eq(u.id, id), eq(u.email, from)));
          return true;
        } catch (e) {
          if (translatePgError(e) instanceof ConflictError) return false;
          throw e;
        }
      },
    },
    warn,
  );
}
