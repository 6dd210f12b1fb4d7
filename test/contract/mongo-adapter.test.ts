// The MongoDB unit journal across instances (docs/decisions.md, "Units of work on MongoDB"): a unit
// whose instance died mid-way is undone by another instance's recovery pass once its lease has
// passed; a unit that had committed but not finished is finished; and outbox rows of a unit that
// has not committed are never handed to the delivery job. Two stores on one database stand for two
// instances. Runs in the TEST_STORE=mongo pass.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openMongo, type MongoStore } from "../../adapters/mongo";
import { JOURNAL, UNIT_MARK } from "../../adapters/mongo/db";
import { C } from "../../adapters/mongo/schema";
import { systemClock } from "../../src/kernel/clock";
import { createUnits } from "../../src/units";
import { freshMongoUrl, TEST_STORE } from "../support/stores";

if (TEST_STORE !== "mongo") {
  console.warn(
    "NOT RUN here: MongoDB unit-journal recovery tests (TEST_STORE is not mongo); the CI mongo pass runs them",
  );
} else {
  describe("unit journal across instances [mongo]", () => {
    let url: string;
    let survivor: MongoStore;
    const open = (leaseMs: number) => openMongo(url, { poolSize: 2, unitLeaseMs: leaseMs, recoverEveryMs: 0 });
    let tenantId: number;
    let orgId: number;
    let orgPath: string;

    beforeAll(async () => {
      url = freshMongoUrl().url;
      survivor = await open(60_000);
      tenantId = (await survivor.tenants.create({ name: "Journal", slug: "journal" })).id;
      const org = await survivor.orgs.create({
        tenantId,
        parentId: null,
        name: "Root",
        slug: "root",
        type: "organization",
      });
      orgId = org.id;
      orgPath = org.path;
    });
    afterAll(async () => {
      await survivor.ctx.db.dropDatabase().catch(() => {});
      await survivor.close();
    });

    /** Starts a unit on a fresh "instance" that writes, then hangs forever (its process is about to die). */
    async function dieMidUnit(write: (tx: Parameters<Parameters<MongoStore["transaction"]>[0]>[0]) => Promise<void>) {
      const doomed = await open(300);
      let wrote!: () => void;
      const written = new Promise<void>((r) => (wrote = r));
      void doomed
        .transaction(async (tx) => {
          await write(tx);
          wrote();
          await new Promise(() => {}); // never settles: the instance dies here
        })
        .catch(() => {});
      await written;
      await doomed.close(); // the process is gone; its journal stays behind
    }

    test("a unit abandoned mid-way is undone by another instance once its lease has passed, and only then", async () => {
      const email = "half-written@journal.test";
      let userId = 0;
      await survivor.consents.grant(tenantId, 1, "kept-app", ["openid"], new Date(0));
      await dieMidUnit(async (tx) => {
        await tx.consents.grant(tenantId, 1, "kept-app", ["email"], new Date());
        await tx.consents.grant(tenantId, 1, "dead-app", ["openid"], new Date());
        const u = await tx.users.create({
          tenantId,
          organizationId: orgId,
          email,
          fullName: "Half",
          passwordHash: null,
        });
        userId = u.id;
        await tx.orgs.update(tenantId, orgId, { name: "Renamed by a dead unit" });
      });
      // Its writes are on disk, and its journal names them.
      expect(await survivor.users.findByEmail(email)).not.toBeNull();
      expect(await survivor.ctx.db.collection(JOURNAL).countDocuments()).toBe(1);
      // Recovery right away leaves a unit whose lease holds alone (it may still be running).
      const early = await survivor.ctx.db.collection(JOURNAL).findOne({});
      if (early && (early.leaseUntil as Date).getTime() > Date.now()) expect(await survivor.recover()).toBe(0);
      await Bun.sleep(400);
      expect(await survivor.recover()).toBe(1);
      expect(await survivor.users.findByEmail(email)).toBeNull();
      expect(await survivor.users.get(tenantId, userId)).toBeNull();
      expect((await survivor.orgs.get(tenantId, orgId))?.name).toBe("Root");
      expect((await survivor.consents.listByUser(tenantId, 1)).map((c) => [c.clientId, c.scopes])).toEqual([
        ["kept-app", ["openid"]],
      ]);
      expect(await survivor.ctx.db.collection(JOURNAL).countDocuments()).toBe(0);
      // Idempotent: a second pass finds nothing to do.
      expect(await survivor.recover()).toBe(0);
    });

    test("undoing a unit whose insert failed on a taken key keeps the row another unit wrote under that key", async () => {
      const user = await survivor.users.create({
        tenantId,
        organizationId: orgId,
        email: "keeper@journal.test",
        fullName: "Keeper",
        passwordHash: null,
      });
      await survivor.socialIdentities.link({ provider: "google", subject: "sub-kept", tenantId, userId: user.id });
      await expect(
        survivor.transaction(async (tx) => {
          await tx.socialIdentities.link({ provider: "google", subject: "sub-kept", tenantId, userId: user.id });
        }),
      ).rejects.toThrow();
      expect((await survivor.socialIdentities.find("google", "sub-kept"))?.userId).toBe(user.id);
    });

    test("a unit taken over by recovery cannot commit afterwards; its writes are undone", async () => {
      const short = await open(200);
      const email = "slow-unit@journal.test";
      const outcome = short.transaction(async (tx) => {
        await tx.users.create({ tenantId, organizationId: orgId, email, fullName: "Slow", passwordHash: null });
        await Bun.sleep(500); // stalls past its lease
        expect(await survivor.recover()).toBe(1); // another instance takes it over and undoes it
        await tx.orgs.update(tenantId, orgId, { name: "Late write" });
      });
      await expect(outcome).rejects.toThrow();
      await short.close();
      expect(await survivor.users.findByEmail(email)).toBeNull();
      expect((await survivor.orgs.get(tenantId, orgId))?.name).toBe("Root");
      expect(await survivor.ctx.db.collection(JOURNAL).countDocuments()).toBe(0);
    });

    test("outbox rows of a unit that has not committed are not claimable; undone with it", async () => {
      const units = createUnits(survivor, { clock: systemClock });
      const app = await survivor.apps.create({
        tenantId,
        organizationId: orgId,
        identifier: "https://journal.test",
        name: "j",
        webRefreshTtlDays: null,
        deviceRefreshTtlDays: null,
        googleClientIds: [],
        microsoftClientIds: [],
      });
      await survivor.webhooks.create({
        tenantId,
        organizationId: orgId,
        applicationId: app.id,
        url: "https://hook.journal.test/x",
        eventTypes: [],
        secretEnc: "sealed",
        active: true,
      });
      await dieMidUnit(async (tx) => {
        // What the event journal does inside a unit: an audit entry and one outbox row per subscriber.
        const hooks = await tx.webhooks.subscribers(tenantId, orgPath, "user.disabled");
        expect(hooks.length).toBe(1);
        await tx.outbox.enqueue(
          hooks.map((h) => ({
            tenantId,
            webhookId: h.id,
            messageId: `msg_dead${h.id}`,
            eventType: "user.disabled",
            payload: { type: "user.disabled" },
            nextAttemptAt: new Date(0),
          })),
        );
      });
      expect(await survivor.ctx.db.collection(C.deliveries).countDocuments({ [UNIT_MARK]: { $exists: true } })).toBe(1);
      expect(await survivor.outbox.claimDue(new Date(), 10, 30)).toEqual([]);
      await Bun.sleep(400);
      expect(await survivor.recover()).toBe(1);
      expect(await survivor.ctx.db.collection(C.deliveries).countDocuments()).toBe(0);
      // A committed unit's rows are claimable at once.
      await units.unit("users.disable", ["events"], ({ events }) =>
        events.record({ type: "user.disabled", tenantId, org: { id: orgId, path: orgPath }, target: { userId: 1 } }),
      );
      expect((await survivor.outbox.claimDue(new Date(Date.now() + 1000), 10, 30)).length).toBe(1);
    });

    test("a unit that committed but died before finishing is finished by recovery (its rows become claimable)", async () => {
      const db = survivor.ctx.db;
      const hook = (await survivor.webhooks.listByOrg(tenantId, orgId))[0];
      await db.collection(C.deliveries).insertOne({
        _id: 999_999 as never,
        tenantId,
        webhookId: hook.id,
        messageId: "msg_committed",
        eventType: "user.enabled",
        payload: { type: "user.enabled" },
        attempts: 0,
        status: "PENDING",
        lastStatus: null,
        lastError: null,
        lastAttemptAt: null,
        nextAttemptAt: new Date(0),
        lockedUntil: null,
        createdAt: new Date(),
        deliveredAt: null,
        [UNIT_MARK]: "u_committed",
      });
      await db.collection(JOURNAL).insertOne({
        _id: "u_committed" as never,
        name: "unit",
        holder: "gone",
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + 60_000),
        committed: true,
      });
      await db.collection(C.unitUndo).insertOne({
        _id: "u_committed:1" as never,
        unit: "u_committed",
        seq: 1,
        c: C.deliveries,
        m: true,
        del: [999_999],
      });
      expect(await survivor.recover()).toBe(1);
      expect(await db.collection(JOURNAL).countDocuments()).toBe(0);
      expect(await db.collection(C.unitUndo).countDocuments()).toBe(0);
      const claimed = await survivor.outbox.claimDue(new Date(Date.now() + 1000), 10, 30);
      expect(claimed.map((m) => m.messageId)).toContain("msg_committed");
    });
  });

  test("audit entries written with compact metadata text are upgraded once at start, so `q` finds them as on Postgres [mongo]", async () => {
    const url = freshMongoUrl().url;
    let store = await openMongo(url, { poolSize: 2, recoverEveryMs: 0 });
    try {
      await store.audit.append({
        tenantId: 1,
        organizationId: 1,
        orgPath: "/1/",
        userId: 5,
        actorId: null,
        action: "user.updated",
        ipAddress: null,
        metadata: { note: "old", fields: ["email"] },
      });
      // As an earlier version wrote it: JSON.stringify's text, and no format marker.
      await store.ctx.db
        .collection(C.audit)
        .updateMany({}, { $set: { metadataText: JSON.stringify({ note: "old", fields: ["email"] }) } });
      await store.ctx.db.collection(C.sequences).deleteOne({ _id: "audit_metadata_text" as never });
      const find = () => store.audit.query({ tenant: 1, orgPath: "/1/", size: 10, q: '"note": "old"' });
      expect(await find()).toEqual([]);
      await store.close();
      store = await openMongo(url, { poolSize: 2, recoverEveryMs: 0 });
      expect((await find()).map((e) => e.action)).toEqual(["user.updated"]);
      expect(await store.ctx.db.collection(C.sequences).findOne({ _id: "audit_metadata_text" as never })).toMatchObject(
        { seq: 2 },
      );
    } finally {
      await store.ctx.db.dropDatabase().catch(() => {});
      await store.close();
    }
  });

  test("two instances on one MongoDB share the directory's version: an advance by one is what the other reads next [mongo]", async () => {
    const url = freshMongoUrl().url;
    const o = { poolSize: 2, recoverEveryMs: 0 };
    const a = await openMongo(url, o);
    const b = await openMongo(url, o);
    try {
      const first = await a.directoryVersion.read();
      expect(first).toBeString();
      expect(await b.directoryVersion.read()).toBe(first);
      await b.directoryVersion.advance();
      const second = await a.directoryVersion.read();
      expect(second).not.toBe(first);
      expect(await b.directoryVersion.read()).toBe(second);
      // A store that lost the document starts from a new random value, not from one seen before.
      await a.ctx.db.collection(C.sequences).deleteOne({ _id: "directory_version" as never });
      const third = await b.directoryVersion.read();
      expect([first, second]).not.toContain(third);
    } finally {
      await a.ctx.db.dropDatabase().catch(() => {});
      await a.close();
      await b.close();
    }
  });
}
