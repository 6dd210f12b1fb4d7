// The one directory cache (kernel/directory-cache.ts) over a counting loader: what is served from
// memory, what is loaded again, and what is shared.
import { describe, expect, test } from "bun:test";
import {
  beginRequestScope,
  coalescedReads,
  createDirectoryCache,
  createLocalDirectoryVersion,
} from "../../src/kernel/directory-cache";
import { loadConfig } from "../../src/config";

function counting<V>(value: (n: number) => V) {
  let n = 0;
  return {
    load: async () => value(++n),
    loads: () => n,
  };
}

describe("directory cache", () => {
  test("served while the version holds; a version change ends every entry", async () => {
    const version = createLocalDirectoryVersion();
    const c = createDirectoryCache<string>(version, { maxAgeMs: 60_000, now: () => 0 });
    const l = counting((n) => `v${n}`);
    expect(await c.get("k", l.load)).toBe("v1");
    expect(await c.get("k", l.load)).toBe("v1");
    expect(await c.get("other", l.load)).toBe("v2");
    await version.advance();
    expect(await c.get("k", l.load)).toBe("v3");
    expect(await c.get("other", l.load)).toBe("v4");
    expect(l.loads()).toBe(4);
  });

  test("an entry older than the age bound is loaded again without any version change (a lost advance)", async () => {
    let now = 1_000;
    const c = createDirectoryCache<string>(createLocalDirectoryVersion(), { maxAgeMs: 5_000, now: () => now });
    const l = counting((n) => `v${n}`);
    await c.get("k", l.load);
    now += 4_999;
    expect(await c.get("k", l.load)).toBe("v1");
    now += 1;
    expect(await c.get("k", l.load)).toBe("v2");
  });

  test("an entry's own instant (`until`) ends it, whatever its age", async () => {
    let now = 0;
    const c = createDirectoryCache<{ until: number }>(createLocalDirectoryVersion(), {
      maxAgeMs: 60_000,
      now: () => now,
      until: (v) => v.until,
    });
    const l = counting(() => ({ until: 100 }));
    await c.get("k", l.load);
    now = 99;
    await c.get("k", l.load);
    expect(l.loads()).toBe(1);
    now = 100;
    await c.get("k", l.load);
    expect(l.loads()).toBe(2);
  });

  test("a load that races a change is never served after it: the entry is kept under the version read before it began", async () => {
    const version = createLocalDirectoryVersion();
    const c = createDirectoryCache<string>(version, { maxAgeMs: 60_000, now: () => 0 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let store = "old";
    const racing = c.get("k", async () => {
      const seen = store;
      await gate; // the change commits and advances while this load is in flight
      return seen;
    });
    await Bun.sleep(0);
    store = "new";
    await version.advance();
    release();
    expect(await racing).toBe("old"); // answered once, to the request that started before the change
    expect(await c.get("k", async () => store)).toBe("new");
    // A load under the new version is not joined to the older in-flight one either.
    const slow = c.get("j", () => Bun.sleep(5).then(() => "before"));
    await version.advance();
    expect(await c.get("j", async () => "after")).toBe("after");
    await slow;
  });

  test("concurrent gets of one key under one version share one load; a rejected load is not kept", async () => {
    const c = createDirectoryCache<string>(createLocalDirectoryVersion(), { maxAgeMs: 60_000, now: () => 0 });
    const l = counting((n) => `v${n}`);
    const slow = () => Bun.sleep(5).then(l.load);
    const all = await Promise.all(Array.from({ length: 20 }, () => c.get("k", slow)));
    expect(new Set(all)).toEqual(new Set(["v1"]));
    expect(l.loads()).toBe(1);
    let fails = 0;
    const failing = async () => {
      fails++;
      throw new Error("store away");
    };
    await expect(c.get("x", failing)).rejects.toThrow("store away");
    await expect(c.get("x", failing)).rejects.toThrow("store away");
    expect(fails).toBe(2);
  });

  test("bounded: the oldest entry goes first; misses live in their own bound and never evict entries", async () => {
    const c = createDirectoryCache<string | null>(createLocalDirectoryVersion(), {
      maxAgeMs: 60_000,
      maxEntries: 2,
      now: () => 0,
    });
    for (const k of ["a", "b", "c"]) await c.get(k, async () => k);
    expect(c.size()).toEqual({ entries: 2, misses: 0 });
    for (let i = 0; i < 50; i++) await c.get(`miss${i}`, async () => null);
    expect(c.size()).toEqual({ entries: 2, misses: 2 });
    let loads = 0;
    expect(await c.get("c", async () => (loads++, "again"))).toBe("c");
    expect(await c.get("miss49", async () => (loads++, "found"))).toBeNull();
    expect(await c.get("a", async () => (loads++, "a2"))).toBe("a2");
    expect(loads).toBe(1);
  });

  test("`keep` decides what is kept; a value not kept is still answered", async () => {
    const c = createDirectoryCache<number>(createLocalDirectoryVersion(), {
      maxAgeMs: 60_000,
      now: () => 0,
      keep: (v) => v > 0,
    });
    const l = counting(() => 0);
    expect(await c.get("k", l.load)).toBe(0);
    await c.get("k", l.load);
    expect(l.loads()).toBe(2);
  });

  test("no version, an unreadable version, or a zero age bound: every get loads", async () => {
    const down = { read: () => Promise.reject(new Error("down")) };
    for (const [v, age] of [
      [null, 60_000],
      [down, 60_000],
      [createLocalDirectoryVersion(), 0],
    ] as const) {
      const c = createDirectoryCache<string>(v, { maxAgeMs: age, now: () => 0 });
      const l = counting((n) => `v${n}`);
      await c.get("k", l.load);
      await c.get("k", l.load);
      expect(l.loads()).toBe(2);
      expect(await c.version()).toBeNull();
    }
  });

  test("a version the caller already read is used instead of a new read", async () => {
    let reads = 0;
    const version = { read: async () => (reads++, "1") };
    const c = createDirectoryCache<string>(version, { maxAgeMs: 60_000, now: () => 0 });
    const held = c.version();
    await c.get("k", async () => "x", { version: held });
    await c.get("j", async () => "y", { version: held });
    expect(reads).toBe(1);
    await c.get("k", async () => "z");
    expect(reads).toBe(2);
  });
});

describe("coalesced version reads", () => {
  test("callers that ask before a read is sent share it; a read already sent is never joined", async () => {
    const local = createLocalDirectoryVersion();
    let sent = 0;
    let release: (() => void) | null = null;
    const slow = {
      read: async () => {
        sent++;
        const v = await local.read();
        await new Promise<void>((r) => (release = r));
        return v;
      },
      advance: () => local.advance(),
    };
    const c = coalescedReads(slow);
    const first = [c.read(), c.read(), c.read()];
    await new Promise((r) => setImmediate(r));
    expect(sent).toBe(1);
    // The read is on its way; a change is answered; a caller asking now must not get the old value.
    await c.advance();
    const later = c.read();
    release!();
    expect(new Set(await Promise.all(first))).toEqual(new Set(["0"]));
    await new Promise((r) => setImmediate(r));
    release!();
    expect(await later).toBe("1");
    expect(sent).toBe(2);
  });

  test("a failed read fails its callers only; the next read is sent afresh", async () => {
    let fail = true;
    const c = coalescedReads({
      read: async () => {
        if (fail) throw new Error("down");
        return "v";
      },
      advance: async () => {},
    });
    await expect(Promise.all([c.read(), c.read()])).rejects.toThrow("down");
    fail = false;
    expect(await c.read()).toBe("v");
  });

  test("within a request the first read is reused, until this process moves the version; outside one every turn reads", async () => {
    let sent = 0;
    let v = 0;
    const c = coalescedReads({
      read: async () => {
        sent++;
        return String(v);
      },
      advance: async () => {
        v++;
      },
    });
    const turn = () => new Promise((r) => setImmediate(r));
    // Outside any request (a job, a start-up step): a read per turn of the event loop.
    await c.read();
    await turn();
    await c.read();
    expect(sent).toBe(2);
    const request = async (base: number) => {
      beginRequestScope();
      const before = sent;
      expect(await c.read()).toBe(String(base));
      await turn();
      expect(await c.read()).toBe(String(base));
      expect(sent).toBe(before + 1);
      // A change this request makes: the next read is a new one, and sees it.
      await c.advance();
      expect(await c.read()).toBe(String(base + 1));
      await turn();
      expect(await c.read()).toBe(String(base + 1));
      expect(sent).toBe(before + 2);
    };
    await request(0);
    // Another request: its own first read, sent after it began (not the first request's).
    await request(1);
    expect(sent).toBe(6);
  });
});

describe("SSO_CACHE_SECONDS: the one bound on every directory cache", () => {
  const base = { SSO_ISSUER: "http://sso.test" };
  test("default 60; SSO_TOKEN_CONTEXT_SECONDS is still accepted as its former name; both set must agree", () => {
    expect(loadConfig(base).cacheSeconds).toBe(60);
    expect(loadConfig({ ...base, SSO_CACHE_SECONDS: "5" }).cacheSeconds).toBe(5);
    expect(loadConfig({ ...base, SSO_TOKEN_CONTEXT_SECONDS: "0" }).cacheSeconds).toBe(0);
    expect(loadConfig({ ...base, SSO_CACHE_SECONDS: "7", SSO_TOKEN_CONTEXT_SECONDS: "7" }).cacheSeconds).toBe(7);
    expect(() => loadConfig({ ...base, SSO_CACHE_SECONDS: "7", SSO_TOKEN_CONTEXT_SECONDS: "8" })).toThrow(
      /SSO_TOKEN_CONTEXT_SECONDS/,
    );
    expect(() => loadConfig({ ...base, SSO_CACHE_SECONDS: "601" })).toThrow(/SSO_CACHE_SECONDS/);
    expect(() => loadConfig({ ...base, SSO_TOKEN_CONTEXT_SECONDS: "601" })).toThrow(/SSO_TOKEN_CONTEXT_SECONDS/);
  });
});
