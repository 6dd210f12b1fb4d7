// The reuse rules of features/sessions/context-cache.ts over a counting reader (the HTTP suite
// test/http/token-context-cache.test.ts proves the same through the real stack).
import { describe, expect, test } from "bun:test";
import { createCachedTokenContext } from "../../src/features/sessions/context-cache";
import { createLocalDirectoryVersion as createLocalContextEpoch } from "../../src/kernel/directory-cache";
import type { TokenContext, TokenContextReader } from "../../src/features/sessions/ports";

function reader(over: Partial<TokenContext> = {}) {
  let reads = 0;
  const r: TokenContextReader & { reads(): number } = {
    async load(tenantId, userId, orgId) {
      reads++;
      return {
        user: {
          id: userId,
          tenantId,
          organizationId: orgId,
          email: "a@b.test",
          fullName: "A",
          status: "ACTIVE",
          mfaEnabled: false,
          emailVerified: false,
          createdAt: new Date(0),
          updatedAt: new Date(0),
        },
        org: {
          id: orgId,
          tenantId,
          parentId: null,
          path: `/${orgId}/`,
          type: "organization",
          name: "O",
          slug: "o",
          status: "ACTIVE",
          expiresAt: null,
          createdAt: new Date(0),
          updatedAt: new Date(0),
        },
        blocked: false,
        blockedFrom: null,
        grants: [
          {
            roleId: 1,
            roleName: "R",
            scope: "SELF",
            roleTenantId: tenantId,
            assignedOrgId: orgId,
            assignedOrgPath: `/${orgId}/`,
            permissions: [{ id: 1, code: "x", applicationId: 1 }],
          },
        ],
        ...over,
      };
    },
    reads: () => reads,
  };
  return r;
}

describe("cached token context", () => {
  test("reused under the same version; read again once the version moves on", async () => {
    const r = reader();
    const epoch = createLocalContextEpoch();
    const c = createCachedTokenContext(r, epoch);
    const now = new Date();
    const a = await c.load(1, 2, 3, now);
    expect(await c.load(1, 2, 3, now)).toBe(a);
    expect(r.reads()).toBe(1);
    await epoch.advance();
    expect(await c.load(1, 2, 3, now)).not.toBe(a);
    expect(r.reads()).toBe(2);
    // Another (user, org) is its own entry.
    await c.load(1, 2, 4, now);
    expect(r.reads()).toBe(3);
  });

  test("a version read before the store read guards the entry: a read that started under an older version is not kept for the newer one", async () => {
    const r = reader();
    const epoch = createLocalContextEpoch();
    const c = createCachedTokenContext(r, epoch);
    const before = epoch.read();
    await epoch.advance(); // a change committed after the version was read
    await c.load(1, 2, 3, new Date(), before); // kept under the old version
    await c.load(1, 2, 3, new Date());
    expect(r.reads()).toBe(2);
  });

  test("not reused past the maximum age or past blockedFrom", async () => {
    const now = Date.now();
    const r = reader({ blockedFrom: now + 10_000 });
    const c = createCachedTokenContext(r, createLocalContextEpoch(), { maxAgeMs: 60_000 });
    await c.load(1, 2, 3, new Date(now));
    await c.load(1, 2, 3, new Date(now + 9_999));
    expect(r.reads()).toBe(1);
    await c.load(1, 2, 3, new Date(now + 10_000));
    expect(r.reads()).toBe(2);
    const r2 = reader();
    const c2 = createCachedTokenContext(r2, createLocalContextEpoch(), { maxAgeMs: 1_000 });
    await c2.load(1, 2, 3, new Date(now));
    await c2.load(1, 2, 3, new Date(now + 1_000));
    expect(r2.reads()).toBe(2);
  });

  test("without a version every load reads; a context that refuses is never kept", async () => {
    const r = reader();
    const c = createCachedTokenContext(r, null);
    await c.load(1, 2, 3, new Date());
    await c.load(1, 2, 3, new Date());
    expect(r.reads()).toBe(2);
    for (const over of [{ blocked: true }, { user: null }, { org: null }]) {
      const rb = reader(over);
      const cb = createCachedTokenContext(rb, createLocalContextEpoch());
      await cb.load(1, 2, 3, new Date());
      await cb.load(1, 2, 3, new Date());
      expect(rb.reads()).toBe(2);
      expect(cb.size).toBe(0);
    }
  });

  test("a failed version read is null (the store is read), and reused contexts are frozen", async () => {
    const r = reader();
    const c = createCachedTokenContext(r, { read: () => Promise.reject(new Error("down")) });
    expect(await c.epoch()).toBeNull();
    await c.load(1, 2, 3, new Date());
    await c.load(1, 2, 3, new Date());
    expect(r.reads()).toBe(2);
    const k = createCachedTokenContext(reader(), createLocalContextEpoch());
    const ctx = await k.load(1, 2, 3, new Date());
    expect(Object.isFrozen(ctx) && Object.isFrozen(ctx.grants) && Object.isFrozen(ctx.grants[0].permissions)).toBe(
      true,
    );
  });

  test("bounded: the oldest entry goes first", async () => {
    const r = reader();
    const c = createCachedTokenContext(r, createLocalContextEpoch(), { maxEntries: 2 });
    for (const org of [1, 2, 3]) await c.load(1, 2, org, new Date());
    expect(c.size).toBe(2);
    await c.load(1, 2, 1, new Date());
    expect(r.reads()).toBe(4);
  });

  test("after a version change, entries that can no longer be reused drain as loads go on", async () => {
    const r = reader();
    const epoch = createLocalContextEpoch();
    const c = createCachedTokenContext(r, epoch);
    for (const org of [1, 2, 3, 4, 5, 6]) await c.load(1, 2, org, new Date());
    expect(c.size).toBe(6);
    await epoch.advance();
    // Each load drops up to two stale entries from the oldest end, then keeps its own.
    await c.load(1, 2, 7, new Date());
    expect(c.size).toBe(5);
    await c.load(1, 2, 8, new Date());
    await c.load(1, 2, 8, new Date());
    expect(c.size).toBe(2);
    // A sweep stops at the first entry still valid: reused entries are kept.
    await c.load(1, 2, 7, new Date());
    expect(c.size).toBe(2);
    expect(r.reads()).toBe(8);
  });

  test("entries past their maximum age drain too, without any version change", async () => {
    const now = Date.now();
    const c = createCachedTokenContext(reader(), createLocalContextEpoch(), { maxAgeMs: 1_000 });
    for (const org of [1, 2, 3]) await c.load(1, 2, org, new Date(now));
    await c.load(1, 2, 9, new Date(now + 2_000));
    expect(c.size).toBe(2);
  });
});
