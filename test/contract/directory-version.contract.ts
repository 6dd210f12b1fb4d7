/**
 * Contract for the directory's version (kernel/directory-cache.ts) every session store offers:
 * Redis, the primary store (a Postgres sequence, a MongoDB document) or memory (one embedded
 * process). Every directory cache is served under it, so every store must have one.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

export const directoryVersionContract: ContractSuite = {
  name: "directory version",
  run(make) {
    let s: TestStores;
    beforeAll(async () => {
      s = await make();
    });
    afterAll(() => s.close());

    test("every session store keeps one: the same value until an advance, a new one after each", async () => {
      const v = s.sessions.epoch;
      expect(v).not.toBeNull();
      const first = await v!.read();
      expect(typeof first).toBe("string");
      expect(await v!.read()).toBe(first);
      await v!.advance();
      const second = await v!.read();
      expect(second).not.toBe(first);
      await v!.advance();
      expect([first, second]).not.toContain(await v!.read());
    });

    test("concurrent advances move it on, and it then holds", async () => {
      const v = s.sessions.epoch!;
      const before = await v.read();
      await Promise.all(Array.from({ length: 10 }, () => v.advance()));
      const after = await v.read();
      expect(after).not.toBe(before);
      expect(await v.read()).toBe(after);
    });
  },
};
