/** Users on MongoDB (mirrors adapters/postgres/users.ts). */
import type { Filter } from "mongodb";
import type { User, UserRepo, UserStatus } from "../../src/features/users/ports";
import { normalizeEmail } from "../../src/kernel/email";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, nextId, type Ctx } from "./db";
import { C } from "./schema";

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
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

const tf = (tenant: number | "any"): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });
const notErased = { status: { $ne: "ERASED" } };

export function createMongoUsers(ctx: Ctx): UserRepo {
  const users = coll(ctx, C.users);

  /** The first `size` distinct holders of an assignment at `orgId`, by user id (streams the index, stops early). */
  async function holders(tenant: number | "any", orgId: number, size: number): Promise<number[]> {
    const out: number[] = [];
    const cursor = coll(ctx, C.userRoles)
      .find({ ...tf(tenant), organizationId: orgId }, { projection: { _id: 0, userId: 1 } })
      .sort({ userId: 1 });
    try {
      for await (const d of cursor) {
        if (out[out.length - 1] !== d.userId) out.push(d.userId);
        if (out.length >= size) break;
      }
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
      if (values.email) values.email = normalizeEmail(values.email);
      return toUser(await modifyOne(ctx, C.users, { _id: id, ...tf(tenant) }, { $set: values }));
    },
    async listByOrg(tenant, orgId, size) {
      if (size <= 0) return [];
      // Two index range scans (home org, assignments at the org), each ordered by user id and cut at
      // `size`, then one read of the union: never a scan of the tenant's users or of every holder.
      const [home, held] = await Promise.all([
        users.find({ ...tf(tenant), organizationId: orgId, ...notErased }, { projection: { _id: 1 } }).sort({ _id: 1 }).limit(size).toArray(),
        holders(tenant, orgId, size),
      ]);
      const ids = [...new Set([...home.map((d) => d._id as number), ...held])];
      if (!ids.length) return [];
      const rows = await users.find({ _id: { $in: ids }, ...tf(tenant), ...notErased }).sort({ _id: 1 }).limit(size).toArray();
      return rows.map((d) => toUser(d)!);
    },
    async erase(tenant, id, erasedEmail) {
      const d = await modifyOne(
        ctx,
        C.users,
        { _id: id, ...tf(tenant) },
        { $set: { email: erasedEmail.toLowerCase(), fullName: "", passwordHash: null, status: "ERASED", mfaEnabled: false, updatedAt: new Date() } },
      );
      if (!d) return null;
      // MFA state lives in its own collections: the secret (keyed by user id) and the recovery codes.
      await deleteDocs(ctx, C.mfaSecrets, { _id: id });
      await deleteDocs(ctx, C.mfaCodes, { userId: id }, { many: true });
      return toUser(d);
    },
  };
}
