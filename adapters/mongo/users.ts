/** Users on MongoDB (mirrors adapters/postgres/users.ts). */
import type { Filter } from "mongodb";
import type { User, UserRepo, UserStatus } from "../../src/kernel/users";
import { normalizeEmail } from "../../src/kernel/email";
import { ConflictError } from "../../src/kernel/errors";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, nextId, regexLiteral, type Ctx } from "./db";
import { C } from "./schema";
import { upgradeEmailForms, type EmailFormLog } from "../shared/email-forms";

/** The stored document as a User (field by field, so nothing adapter-private leaks). */
export function toUser(d: Doc | null): User | null {
  if (!d) return null;
  return {
    id: d._id,
    tenantId: d.tenantId,
    organizationId: d.organizationId,
    email: d.email,
    fullName: d.fullName,
    passwordHash: d.passwordHash ?? null,
    status: d.status as UserStatus,
    mfaEnabled: !!d.mfaEnabled,
    locale: d.locale ?? null,
    // Absent on documents written before the field existed: not verified.
    emailVerified: d.emailVerified === true,
    externalId: d.externalId ?? null,
    deprovisionedAt: d.deprovisionedAt ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

const tf = (tenant: number | "any"): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });
const notErased = { status: { $ne: "ERASED" } };

export function createMongoUsers(ctx: Ctx): UserRepo {
  const users = coll(ctx, C.users);

  /**
   * The first `size` distinct holders of an assignment at `orgId` with an id above `afterId`, by user
   * id (streams the index, stops early). With `text`, only holders whose user document matches it
   * count (checked a batch of ids at a time).
   */
  async function holders(
    tenant: number | "any",
    orgId: number,
    size: number,
    afterId: number,
    text: Filter<Doc> | null,
  ): Promise<number[]> {
    const out: number[] = [];
    const cursor = coll(ctx, C.userRoles)
      .find({ ...tf(tenant), organizationId: orgId, userId: { $gt: afterId } }, { projection: { _id: 0, userId: 1 } })
      .sort({ userId: 1 });
    let batch: number[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const keep = text
        ? new Set(
            (await users.find({ _id: { $in: batch }, ...text }, { projection: { _id: 1 } }).toArray()).map(
              (d) => d._id as number,
            ),
          )
        : null;
      for (const id of batch) if ((!keep || keep.has(id)) && out.length < size) out.push(id);
      batch = [];
    };
    try {
      for await (const d of cursor) {
        if (batch[batch.length - 1] === d.userId || out[out.length - 1] === d.userId) continue;
        batch.push(d.userId);
        if (batch.length >= (text ? 200 : size - out.length)) await flush();
        if (out.length >= size) break;
      }
      await flush();
    } finally {
      await cursor.close();
    }
    return out;
  }

  return {
    async create(input) {
      const now = new Date();
      const doc = {
        _id: await nextId(ctx, C.users),
        tenantId: input.tenantId,
        organizationId: input.organizationId,
        email: normalizeEmail(input.email),
        fullName: input.fullName,
        passwordHash: input.passwordHash,
        status: "ACTIVE",
        mfaEnabled: false,
        emailVerified: input.emailVerified === true,
        ...(input.externalId ? { externalId: input.externalId } : {}),
        createdAt: now,
        updatedAt: now,
      };
      await insertDocs(ctx, C.users, [doc]);
      return toUser(doc)!;
    },
    async get(tenant, id) {
      return toUser(await users.findOne({ _id: id, ...tf(tenant) }));
    },
    async findByEmail(email) {
      return toUser(await users.findOne({ email: normalizeEmail(email) }));
    },
    async update(tenant, id, patch) {
      const values: Doc = { ...patch, updatedAt: new Date() };
      if (!values.email) return toUser(await modifyOne(ctx, C.users, { _id: id, ...tf(tenant) }, { $set: values }));
      // A new email: the unique index decides, but FerretDB does not report a unique violation of an
      // update as E11000, so the holder is looked for before, and again when the update fails.
      const email = normalizeEmail(values.email);
      values.email = email;
      const held = async () => (await users.findOne({ email, _id: { $ne: id } }, { projection: { _id: 1 } })) !== null;
      if (await held()) throw new ConflictError("users_email");
      try {
        return toUser(await modifyOne(ctx, C.users, { _id: id, ...tf(tenant) }, { $set: values }));
      } catch (e) {
        if ((e as { code?: number }).code === 11000 || (await held())) throw new ConflictError("users_email");
        throw e;
      }
    },
    async countByTenant(tenantId) {
      return users.countDocuments({ tenantId, status: { $ne: "ERASED" } });
    },
    async listByOrg(tenant, orgId, size, filter = {}) {
      if (size <= 0) return [];
      const afterId = filter.afterId ?? 0;
      // A literal, case-insensitive substring of the email or the name.
      const needle = filter.q ? regexLiteral(filter.q.toLowerCase()) : null;
      const text: Filter<Doc> | null = needle
        ? { $or: [{ email: { $regex: needle } }, { fullName: { $regex: needle, $options: "i" } }] }
        : null;
      // Two index range scans (home org, assignments at the org), each ordered by user id and cut at
      // `size`, then one read of the union: never a scan of the tenant's users or of every holder.
      const [home, held] = await Promise.all([
        users
          .find(
            { ...tf(tenant), organizationId: orgId, ...notErased, _id: { $gt: afterId }, ...(text ?? {}) },
            { projection: { _id: 1 } },
          )
          .sort({ _id: 1 })
          .limit(size)
          .toArray(),
        holders(tenant, orgId, size, afterId, text),
      ]);
      const ids = [...new Set([...home.map((d) => d._id as number), ...held])];
      if (!ids.length) return [];
      const rows = await users
        .find({ _id: { $in: ids }, ...tf(tenant), ...notErased })
        .sort({ _id: 1 })
        .limit(size)
        .toArray();
      return rows.map((d) => toUser(d)!);
    },
    async listInSubtree(tenantId, orgPath, size, afterId = 0) {
      if (size <= 0) return [];
      // The subtree's orgs by their indexed path prefix, then their users (tenant, org, id index).
      const orgIds = (
        await coll(ctx, C.orgs)
          .find({ tenantId, path: { $regex: `^${regexLiteral(orgPath)}` } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id);
      if (!orgIds.length) return [];
      const rows = await users
        .find({ tenantId, organizationId: { $in: orgIds }, status: { $ne: "ERASED" }, _id: { $gt: afterId } })
        .sort({ _id: 1 })
        .limit(size)
        .toArray();
      return rows.map((d) => toUser(d)!);
    },
    async erase(tenant, id, erasedEmail) {
      const d = await modifyOne(
        ctx,
        C.users,
        { _id: id, ...tf(tenant) },
        {
          $set: {
            email: erasedEmail.toLowerCase(),
            fullName: "",
            passwordHash: null,
            status: "ERASED",
            mfaEnabled: false,
            locale: null,
            emailVerified: false,
            externalId: null,
            updatedAt: new Date(),
          },
        },
      );
      if (!d) return null;
      // MFA state lives in its own collections: the secret (keyed by user id) and the recovery codes.
      await deleteDocs(ctx, C.mfaSecrets, { _id: id });
      await deleteDocs(ctx, C.mfaCodes, { userId: id }, { many: true });
      return toUser(d);
    },
  };
}

/**
 * Rewrites stored addresses to the one form of kernel/email.ts (adapters/shared/email-forms.ts): at
 * every start, one scan of the addresses holding a character outside printable ASCII, then one
 * conditional update per address to change.
 */
export function upgradeMongoEmailForms(ctx: Ctx, warn?: EmailFormLog) {
  const c = coll(ctx, C.users);
  return upgradeEmailForms(
    {
      async candidates() {
        const rows = await c.find({ email: { $regex: "[^ -~]" } }, { projection: { _id: 1, email: 1 } }).toArray();
        return rows.map((r) => ({ id: r._id as number, email: r.email as string }));
      },
      async rewrite(id, from, to) {
        // FerretDB does not report a unique violation of an update as E11000: look for the holder
        // first, and again when the update fails (another instance may have written it meanwhile).
        const held = async () =>
          (await c.findOne({ email: to, _id: { $ne: id } }, { projection: { _id: 1 } })) !== null;
        if (await held()) return false;
        try {
          await c.updateOne({ _id: id, email: from }, { $set: { email: to } });
          return true;
        } catch (e) {
          if ((e as { code?: number }).code === 11000 || (await held())) return false;
          throw e;
        }
      },
    },
    warn,
  );
}
