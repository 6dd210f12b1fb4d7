/** The token endpoint's client cache on the real store: bounded misses, shared loads, no store trips while fresh. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClientDirectory } from "../../src/features/clients";
import { randomToken } from "../../src/kernel/secrets";
import { makeTestApp, type TestApp } from "../support/app";
import { PASSWORD, seedWorld, type World } from "../sdk/world";

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await makeTestApp();
  w = await seedWorld(t.svc.store, (pw) => t.svc.hasher.hash(pw));
});
afterAll(() => t.close());

/** The real repositories, counting the lookups that reach the store. */
function counted() {
  const n = { clients: 0, status: 0 };
  const repos = {
    clients: { findByClientId: (id: string) => (n.clients++, t.svc.store.clients.findByClientId(id)) },
    orgs: {
      get: t.svc.store.orgs.get,
      isBlocked: (...a: Parameters<typeof t.svc.store.orgs.isBlocked>) => (
        n.status++, t.svc.store.orgs.isBlocked(...a)
      ),
    },
    apps: { get: t.svc.store.apps.get },
  };
  return { n, repos };
}

test("unknown client ids are cached as misses in a bounded map; malformed ids never reach the store", async () => {
  const { n, repos } = counted();
  const dir = createClientDirectory({ ...repos, clock: t.svc.clock, maxEntries: 5 });
  for (let i = 0; i < 50; i++) expect(await dir.resolve(`cli_${randomToken(16)}`)).toBeNull();
  expect(dir.size().misses).toBe(5);
  expect(n.clients).toBe(50);
  for (const bad of ["", "nope", "cli_short", `cli_${"x".repeat(100)}`, "cli_AAAAAAAAAAAAAAAA'--"])
    expect(await dir.resolve(bad)).toBeNull();
  expect(n.clients).toBe(50);
});

test("concurrent lookups of one client share one load; a fresh entry costs no store trip; 'client:' and 'org:' messages invalidate", async () => {
  const admin = (await t.login(w.emails.adminA, PASSWORD)).accessToken;
  const reg = await t.call("POST", "/api/clients", {
    token: admin,
    body: { name: "c", orgId: w.orgA1.id, applicationId: w.appOrders.id, scopes: ["orders.read"] },
  });
  const id = reg.body.clientId as string;
  const { n, repos } = counted();
  const dir = createClientDirectory({ ...repos, clock: t.svc.clock });
  const all = await Promise.all(Array.from({ length: 20 }, () => dir.resolve(id)));
  expect(
    all.every((r) => r?.client.clientId === id && r.audience === w.appOrders.identifier && r.usability === "ok"),
  ).toBe(true);
  expect(n).toEqual({ clients: 1, status: 1 });
  for (let i = 0; i < 20; i++) await dir.resolve(id);
  expect(n).toEqual({ clients: 1, status: 1 });
  dir.onMessage(`org:${w.orgA.id}`); // status re-read, record kept (immutable)
  await dir.resolve(id);
  expect(n).toEqual({ clients: 1, status: 2 });
  dir.onMessage(`client:${id}`);
  await dir.resolve(id);
  expect(n).toEqual({ clients: 2, status: 3 });
});
