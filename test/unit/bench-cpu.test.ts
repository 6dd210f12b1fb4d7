// The CPU accounting of the benchmarks (bench/cpu.ts): groups, per-request arithmetic, formatting.
import { describe, expect, test } from "bun:test";
import { cpuPerRequest, cpuSnapshot, formatCpu } from "../../bench/cpu";

describe("benchmark CPU accounting", () => {
  test("per request: the growth of each group over the requests, in µs; groups that used nothing are left out", () => {
    const before = new Map([
      ["service JS thread", 1_000],
      ["redis", 50],
      ["machine busy", 10_000],
    ]);
    const after = new Map([
      ["service JS thread", 1_240],
      ["redis", 50],
      ["service worker pool", 930],
      ["machine busy", 11_400],
    ]);
    expect(cpuPerRequest(before, after, 2_000)).toEqual({
      "service JS thread": 120,
      "service worker pool": 465,
      "machine busy": 700,
    });
    expect(cpuPerRequest(null, after, 10)).toBeNull();
    expect(cpuPerRequest(before, after, 0)).toBeNull();
  });

  test("formatted largest first, the machine last", () => {
    expect(
      formatCpu("CPU per refresh", {
        redis: 35,
        "service worker pool": 467,
        "machine busy": 683,
        "service JS thread": 120,
      }),
    ).toBe("CPU per refresh (µs): service worker pool 467 · service JS thread 120 · redis 35 | machine busy 683");
    expect(formatCpu("CPU per login", null)).toContain("not measured");
  });

  test.if(process.platform === "linux")(
    "a snapshot reads the service's threads, this process and the machine from /proc",
    async () => {
      const child = Bun.spawn([
        process.execPath,
        "-e",
        "const end = Date.now() + 400; while (Date.now() < end) {} setTimeout(() => {}, 10_000)",
      ]);
      try {
        const a = cpuSnapshot(child.pid)!;
        await Bun.sleep(600);
        const b = cpuSnapshot(child.pid)!;
        expect(b.get("service JS thread")!).toBeGreaterThan(a.get("service JS thread") ?? 0); // the child's busy loop
        expect(b.get("machine busy")!).toBeGreaterThan(a.get("machine busy")!);
        expect(b.has("load generator")).toBe(true);
      } finally {
        child.kill();
      }
    },
  );
});

describe("the floor of a sign-in (bench/sign-only-server.ts)", () => {
  test("its route only verifies the password: every request answered, the worker pool does the hashing", async () => {
    const { verifyOnlyRoute } = await import("../../bench/ceilings");
    const { result, cpu } = await verifyOnlyRoute({ seconds: 1, connections: 2, warmupSeconds: 0 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
    if (process.platform === "linux")
      expect(cpu?.["service worker pool"] ?? 0).toBeGreaterThan(cpu?.["service JS thread"] ?? 0);
  });
});
