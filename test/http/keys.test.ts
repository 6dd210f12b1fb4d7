import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeProtectedHeader } from "jose";
import { createKeyService } from "../../src/features/tokens";
import { createCryptoBox } from "../../src/kernel/crypto-box";
import { makeTestApp, MASTER_KEY, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";

const DAY = 86400;
const clock = manualClock(Date.UTC(2030, 0, 1));
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ clock });
});
afterAll(() => t.close());

const kidOf = (jwt: string) => decodeProtectedHeader(jwt).kid;
const publishedKids = async () =>
  ((await t.call("GET", "/.well-known/jwks.json")).body.keys as { kid: string }[]).map((k) => k.kid);

describe("signing key rotation", () => {
  test("private keys are sealed at rest, never stored in the clear", async () => {
    const stored = await t.svc.store.keys.published(clock.now());
    expect(stored.length).toBe(1);
    expect(stored[0].privateKeyEnc.startsWith("v1.")).toBe(true);
    expect(stored[0].privateKeyEnc).not.toContain("PRIVATE KEY");
    expect(stored[0].publicJwk.d).toBeUndefined();
  });

  test("publishes the next key before it signs, then signs with it and keeps the old one published", async () => {
    const first = await t.login();
    const oldKid = kidOf(first.accessToken);
    // Just before the rotation is due: nothing happens.
    clock.advance(30 * DAY - 2 * 3600);
    expect(await t.svc.keys.rotateIfDue()).toBeNull();
    // Due (30 days less the one-hour lead): the next key is published an hour ahead of its first use.
    clock.advance(3600 + 1);
    const next = await t.svc.keys.rotateIfDue();
    expect(next).toBeString();
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, next as string]));
    expect(kidOf((await t.login()).accessToken)).toBe(oldKid);
    // After the lead time, the new key signs; the old one stays published for at least a day.
    clock.advance(3600);
    await t.svc.keys.rotateIfDue();
    expect(kidOf((await t.login()).accessToken)).toBe(next as string);
    clock.advance(DAY - 120);
    await t.svc.keys.rotateIfDue();
    expect(await publishedKids()).toContain(oldKid as string);
    // Past the retention window it is withdrawn.
    clock.advance(2 * 3600);
    await t.svc.keys.rotateIfDue();
    expect(await publishedKids()).not.toContain(oldKid);
    // Tokens minted before the switch still verified while it was published: guard accepts the new ones.
    const me = await t.call("GET", "/api/users/me/memberships", { token: (await t.login()).accessToken });
    expect(me.status).toBe(200);
  });

  test("several instances on one store rotate once, not once each", async () => {
    const box = await createCryptoBox([new Uint8Array(Buffer.from(MASTER_KEY, "base64"))]);
    const instances = Array.from({ length: 4 }, (_, i) =>
      createKeyService({
        keys: t.svc.store.keys,
        leases: t.svc.store.leases,
        box,
        clock,
        issuer: t.config.issuer,
        rotationDays: 30,
        instanceId: `inst-${i}`,
        unit: t.svc.units.unit,
        platformTenantId: t.svc.boot.platformTenantId,
      }),
    );
    await Promise.all(instances.map((k) => k.init()));
    const before = (await t.svc.store.keys.published(clock.now())).length;
    clock.advance(30 * DAY);
    const created = await Promise.all(instances.map((k) => k.rotateIfDue()));
    // Instances that lost the lease race run again afterwards; still only one key is created.
    const again = await Promise.all(instances.map((k) => k.rotateIfDue()));
    const made = [...created, ...again].filter(Boolean);
    expect(made.length).toBe(1);
    expect((await t.svc.store.keys.published(clock.now())).length).toBe(before + 1);
    // Every instance publishes the same set after reloading.
    await Promise.all(instances.map((k) => k.reload()));
    const sets = instances.map((k) =>
      k
        .jwks()
        .keys.map((x) => x.kid)
        .sort()
        .join(","),
    );
    expect(new Set(sets).size).toBe(1);
  });

  test("a key rotation is audited", async () => {
    const entries = await t.svc.store.audit.query({ tenant: "any", orgPath: "/", action: "key.rotated", size: 10 });
    expect(entries.length).toBeGreaterThan(0);
  });
});
