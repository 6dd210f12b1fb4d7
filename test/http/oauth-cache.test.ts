/**
 * The token endpoint's client cache on the real store: bounded misses, shared loads, no store
 * trips while the directory's version holds, a change of version ends every entry.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClientDirectory } from "../../src/features/clients";
import { randomToken } from "../../src/kernel/secrets";
import { createLocalDirectoryVersion } from "../../src/kernel/directory-cache";
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
      getMany: (...a: Parameters<typeof t.svc.store.orgs.getMany>) => (n.status++, t.svc.store.orgs.getMany(...a)),
    },
    apps: { get: t.svc.store.apps.get },
  };
  return { n, repos };
}

test("unknown client ids are cached as misses in a bounded map; malformed ids never reach the store", async () => {
  const { n, repos } = counted();
  const version = createLocalDirectoryVersion();
  const dir = createClientDirectory({ ...repos, clock: t.svc.clock, maxEntries: 5, version, maxAgeMs: 60_000 });
  for (let i = 0; i < 50; i++) expect(await dir.resolve(`cli_${randomToken(16)}`)).toBeNull();
  expect(dir.size().misses).toBe(5);
  expect(n.clients).toBe(50);
  // A miss is served from memory while the version holds; a registration moves the version on.
  const last = `cli_${randomToken(16)}`;
  await dir.resolve(last);
  await dir.resolve(last);
  expect(n.clients).toBe(51);
  await version.advance();
  await dir.resolve(last);
  expect(n.clients).toBe(52);
  for (const bad of ["", "nope", "cli_short", `cli_${"x".repeat(100)}`, "cli_AAAAAAAAAAAAAAAA'--"])
    expect(await dir.resolve(bad)).toBeNull();
  expect(n.clients).toBe(52);
});

test("concurrent lookups of one client share one load; a cached entry costs no store trip; a version change ends it", async () => {
  const admin = (await t.login(w.emails.adminA, PASSWORD)).accessToken;
  const reg = await t.call("POST", "/api/clients", {
    token: admin,
    body: { name: "c", orgId: w.orgA1.id, applicationId: w.appOrders.id, scopes: ["orders.read"] },
  });
  const id = reg.body.clientId as string;
  const { n, repos } = counted();
  const version = createLocalDirectoryVersion();
  const dir = createClientDirectory({ ...repos, clock: t.svc.clock, version, maxAgeMs: 60_000 });
  const all = await Promise.all(Array.from({ length: 20 }, () => dir.resolve(id)));
  expect(
    all.every((r) => r?.client.clientId === id && r.audience === w.appOrders.identifier && r.usability === "ok"),
  ).toBe(true);
  expect(n).toEqual({ clients: 1, status: 1 });
  for (let i = 0; i < 20; i++) await dir.resolve(id);
  expect(n).toEqual({ clients: 1, status: 1 });
  await version.advance();
  await dir.resolve(id);
  expect(n).toEqual({ clients: 2, status: 2 });
  // Without a version (SSO_CACHE_SECONDS=0) every lookup reads the store.
  const off = createClientDirectory({ ...repos, clock: t.svc.clock, version: null, maxAgeMs: 0 });
  await off.resolve(id);
  await off.resolve(id);
  expect(n).toEqual({ clients: 4, status: 4 });
});
