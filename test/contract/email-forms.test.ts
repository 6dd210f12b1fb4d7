// Stored addresses written before domains took their IDNA form (issue 25, point 4) are rewritten
// at start on every store; two accounts that collide after mapping are left as they are, with a
// warning, never merged. Runs on the store named by TEST_STORE (embedded, Postgres, MongoDB).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openMongo, type MongoStore } from "../../adapters/mongo";
import { C } from "../../adapters/mongo/schema";
import { upgradeMongoEmailForms } from "../../adapters/mongo/users";
import { schema, type Db } from "../../adapters/postgres/db";
import { openPostgres } from "../../adapters/postgres";
import { upgradePgEmailForms } from "../../adapters/postgres/users";
import { openTestStores, TEST_STORE, type TestStores } from "../support/stores";

let s: TestStores;
let tenantId: number;
let orgId: number;
beforeAll(async () => {
  s = await openTestStores();
  tenantId = (await s.store.tenants.create({ name: "Legacy", slug: "legacy" })).id;
  orgId = (await s.store.orgs.create({ tenantId, parentId: null, name: "Root", slug: "root", type: "organization" }))
    .id;
});
afterAll(() => s.close());

/** Writes an address straight into the store, as a release before the IDNA form would have. */
async function storeRaw(id: number, email: string) {
  if (TEST_STORE === "mongo")
    await (s.store as MongoStore).ctx.db.collection(C.users).updateOne({ _id: id as never }, { $set: { email } });
  else await (s.store as unknown as { db: Db }).db.update(schema.users).set({ email }).where(eq(schema.users.id, id));
}

const upgrade = (warn: (m: string, f: Record<string, unknown>) => void) =>
  TEST_STORE === "mongo"
    ? upgradeMongoEmailForms((s.store as MongoStore).ctx, warn)
    : upgradePgEmailForms((s.store as unknown as { db: Db }).db, warn);

const newUser = async (email: string) =>
  (await s.store.users.create({ tenantId, organizationId: orgId, email, fullName: "", passwordHash: null })).id;

test("older non-ASCII domains are rewritten to IDNA form once; a collision is left as it is, with a warning", async () => {
  const reader = await newUser("placeholder-1@legacy.test");
  await storeRaw(reader, "reader@bücher.example");
  const victim = await newUser("victim@example.com");
  const twin = await newUser("placeholder-2@legacy.test");
  await storeRaw(twin, "victim@ｅxample.com");
  const jorg = await newUser("jörg@example.com");

  const warnings: Record<string, unknown>[] = [];
  const first = await upgrade((_, f) => warnings.push(f));
  expect(first).toEqual({ rewritten: 1, collisions: [twin] });
  expect(warnings).toEqual([{ userId: twin, email: "victim@example.com" }]);
  expect((await s.store.users.get(tenantId, reader))?.email).toBe("reader@xn--bcher-kva.example");
  expect((await s.store.users.findByEmail("Reader@Bücher.example"))?.id).toBe(reader);
  // Both colliding accounts stay; the address finds the account that already had the ASCII form.
  expect((await s.store.users.get(tenantId, twin))?.email).toBe("victim@ｅxample.com");
  expect((await s.store.users.findByEmail("victim@ｅxample.com"))?.id).toBe(victim);
  expect((await s.store.users.get(tenantId, jorg))?.email).toBe("jörg@example.com");
  // A rewritten address blocks its twin: no second account.
  await expect(
    s.store.users.create({
      tenantId,
      organizationId: orgId,
      email: "reader@BÜCHER.example",
      fullName: "",
      passwordHash: null,
    }),
  ).rejects.toThrow();

  // Again (every start): nothing more to rewrite, the collision is reported again.
  expect(await upgrade(() => {})).toEqual({ rewritten: 0, collisions: [twin] });
});

test("opening a server store runs the upgrade", async () => {
  if (TEST_STORE === "embedded") return; // memory:// cannot be reopened; the same function runs in openEmbedded
  const id = await newUser("placeholder-3@legacy.test");
  await storeRaw(id, "opened@ｅxample.org");
  const warn = () => {};
  const other =
    TEST_STORE === "mongo"
      ? await openMongo(s.mongodbUrl!, { poolSize: 2, recoverEveryMs: 0, warn })
      : await openPostgres(s.databaseUrl!, 2, { warn });
  try {
    expect((await other.users.get(tenantId, id))?.email).toBe("opened@example.org");
  } finally {
    await other.close();
  }
});
