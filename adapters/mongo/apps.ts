/**
 * Applications and their permission vocabulary on MongoDB (mirrors adapters/postgres/apps.ts).
 *
 * The application quota without transactions (`createWithinQuota`): slot `k` of an org is one
 * document `app_quota_slots/"org:k"`. A creator counts the org's applications (n), stops when
 * n >= limit, and otherwise claims slot n by inserting that document (the unique `_id` lets one
 * creator win) before inserting its application. A loser re-counts: once the winner's application
 * is in, the count has moved on and it tries the next slot. Each application created within the
 * quota thus holds a distinct slot below the limit, observed while the count equalled it, so
 * concurrent creators can never pass the limit. A slot below the count is never contended again
 * (applications are never deleted), so slots of created applications stay behind, harmless.
 */
import type { Filter } from "mongodb";
import type { Application, AppRepo, Permission } from "../../src/features/apps/ports";
import { UnavailableError } from "../../src/kernel/errors";
import { coll, deleteDocs, type Doc, fromDoc, insertDocs, modifyOne, nextId, updateDocs, type Ctx } from "./db";
import { C } from "./schema";

const tf = (tenant: number | "any"): Filter<Doc> => (tenant === "any" ? {} : { tenantId: tenant });
const toApp = (d: Doc | null) => fromDoc<Application>(d);
const toPerm = (d: Doc | null) => fromDoc<Permission>(d);

/** A slot held this long while the count still equals it was abandoned (a process died between claim and insert). Longer than a unit's lease, so recovery undoes a dead unit's claim first. */
const SLOT_STALE_MS = 15 * 60_000;
/** How long a creator waits for the holder of its slot before giving up with 503. */
const SLOT_WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isDuplicate = (e: unknown) => (e as { code?: number }).code === 11000;

export function createMongoApps(ctx: Ctx): AppRepo {
  const apps = coll(ctx, C.apps);
  const perms = coll(ctx, C.permissions);
  const slots = coll(ctx, C.appSlots);

  async function insertApp(
    input: Omit<Application, "id" | "createdAt" | "isSystem"> & { isSystem?: boolean },
  ): Promise<Application> {
    const doc = {
      _id: await nextId(ctx, C.apps),
      tenantId: input.tenantId,
      organizationId: input.organizationId,
      identifier: input.identifier,
      name: input.name,
      webRefreshTtlDays: input.webRefreshTtlDays,
      deviceRefreshTtlDays: input.deviceRefreshTtlDays,
      googleClientIds: input.googleClientIds,
      microsoftClientIds: input.microsoftClientIds,
      isSystem: input.isSystem ?? false,
      createdAt: new Date(),
    };
    await insertDocs(ctx, C.apps, [doc]);
    return toApp(doc)!;
  }

  /**
   * Claims slot `id`, or takes over an abandoned one. The claim is a journaled insert: undoing this
   * unit deletes only a slot it inserted itself (db.ts marks a unit's rows), never the holder's.
   */
  async function claim(id: string, organizationId: number): Promise<boolean> {
    try {
      await insertDocs(ctx, C.appSlots, [{ _id: id, organizationId, at: new Date() }]);
      return true;
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      const held = await slots.findOne({ _id: id });
      if (!held || held.at.getTime() > Date.now() - SLOT_STALE_MS) return false;
      return !!(await modifyOne(ctx, C.appSlots, { _id: id, at: held.at }, { $set: { at: new Date() } }));
    }
  }

  return {
    create: insertApp,
    async createWithinQuota(input, limit) {
      const deadline = Date.now() + SLOT_WAIT_MS;
      let slot: string;
      for (;;) {
        const n = await apps.countDocuments({ tenantId: input.tenantId, organizationId: input.organizationId });
        if (n >= limit) return null;
        slot = `${input.organizationId}:${n}`;
        if (await claim(slot, input.organizationId)) break;
        if (Date.now() > deadline) throw new UnavailableError(new Error(`application quota slot ${slot} stays taken`));
        await sleep(5 + Math.random() * 20);
      }
      try {
        return await insertApp(input);
      } catch (e) {
        // Give the slot back; inside a unit the unit's undo deletes it (it is the unit's own row).
        if (!ctx.unit) await deleteDocs(ctx, C.appSlots, { _id: slot }).catch(() => {});
        throw e;
      }
    },
    async listByOrgs(tenant, orgIds) {
      if (!orgIds.length) return [];
      return (
        await apps
          .find({ ...tf(tenant), organizationId: { $in: orgIds } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => toApp(d)!);
    },
    async get(tenant, id) {
      return toApp(await apps.findOne({ _id: id, ...tf(tenant) }));
    },
    async findByIdentifier(identifier) {
      return toApp(await apps.findOne({ identifier }));
    },
    async system() {
      return toApp(await apps.findOne({ isSystem: true }, { sort: { _id: 1 } }));
    },
    async update(tenant, id, patch) {
      if (!Object.values(patch).some((v) => v !== undefined))
        return toApp(await apps.findOne({ _id: id, ...tf(tenant) }));
      return toApp(await modifyOne(ctx, C.apps, { _id: id, ...tf(tenant) }, { $set: { ...patch } }));
    },
    async listByOrg(tenant, orgId) {
      return (
        await apps
          .find({ ...tf(tenant), organizationId: orgId })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => toApp(d)!);
    },
    async countByOrg(tenant, orgId) {
      return apps.countDocuments({ ...tf(tenant), organizationId: orgId });
    },
    async countByTenant(tenantId) {
      return apps.countDocuments({ tenantId });
    },
    async createPermission(input) {
      const doc = {
        _id: await nextId(ctx, C.permissions),
        tenantId: input.tenantId,
        applicationId: input.applicationId,
        code: input.code,
        description: input.description,
      };
      await insertDocs(ctx, C.permissions, [doc]);
      return toPerm(doc)!;
    },
    async listPermissions(tenant, applicationId) {
      return (
        await perms
          .find({ applicationId, ...tf(tenant) })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => toPerm(d)!);
    },
    async deletePermission(tenant, applicationId, permissionId) {
      const found = await perms.findOne(
        { _id: permissionId, applicationId, ...tf(tenant) },
        { projection: { _id: 1 } },
      );
      if (!found) return false;
      // Roles hold permission ids as scalars, so a scalar $pull (which FerretDB v1 supports) removes it everywhere.
      await updateDocs(
        ctx,
        C.roles,
        { permissionIds: permissionId },
        { $pull: { permissionIds: permissionId } as Doc },
        { many: true },
      );
      await deleteDocs(ctx, C.permissions, { _id: permissionId });
      return true;
    },
    async permissionsByIds(ids) {
      if (!ids.length) return [];
      return (
        await perms
          .find({ _id: { $in: ids } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => toPerm(d)!);
    },
    async permissionsByCodes(applicationIds, codes) {
      if (!applicationIds.length || !codes.length) return [];
      return (
        await perms
          .find({ applicationId: { $in: applicationIds }, code: { $in: codes } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => toPerm(d)!);
    },
  };
}
