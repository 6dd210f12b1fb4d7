/**
 * bench/oidc.ts's flow loop keeps `load`'s window rules: a flow counts once, a failed step is an
 * error named by its step, and a pool that runs out ends the window early (said in the result).
 * No service and no network: the iterations are fakes.
 */
import { describe, expect, test } from "bun:test";
import { codePoolSize, flowLoad, FlowError, mintSecondsFor } from "../../bench/oidc";

describe("bench/oidc flowLoad", () => {
  test("a pool that runs out ends the window; each flow counts once with its HTTP requests", async () => {
    let left = 7;
    const r = await flowLoad(3, 30, async () => (left-- > 0 ? { more: true, sent: 2 } : { more: false, sent: 0 }));
    expect(r.ranOut).toBe(true);
    expect(r.requests).toBe(7);
    expect(r.errors).toBe(0);
    expect(r.statuses).toEqual({ ok: 7 });
    expect(r.httpRequests).toBe(14);
    expect(r.connections).toBe(3);
  });

  test("a failed step is an error counted under its label, and its latency is not kept", async () => {
    let n = 0;
    const r = await flowLoad(1, 30, async () => {
      n++;
      if (n > 4) return { more: false, sent: 0 };
      if (n % 2 === 0) throw new FlowError("token:400");
      return { more: true, sent: 3 };
    });
    expect(r.requests).toBe(4);
    expect(r.errors).toBe(2);
    expect(r.statuses).toEqual({ ok: 2, "token:400": 2 });
    expect(r.httpRequests).toBe(6);
  });
});

describe("bench/oidc code pool", () => {
  test("sized from the refresh rate over the window, plus one per connection, and bounded", () => {
    expect(codePoolSize(100, 5, 32)).toBe(532);
    expect(codePoolSize(0, 5, 32)).toBe(82); // at least 10/s
    expect(codePoolSize(1e9, 12, 32)).toBe(50_000);
  });

  test("issuing plus the window stays inside a code's 60 s life", () => {
    for (const w of [1, 5, 12]) expect(mintSecondsFor(w) + w).toBeLessThan(60);
  });
});
