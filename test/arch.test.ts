// Import-boundary rules of STYLE.md, as a failing test: dependencies point inward.
import { describe, expect, test } from "bun:test";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");
const files = [...new Bun.Glob("{src,adapters}/**/*.ts").scanSync({ cwd: ROOT })];
const importsOf = async (file: string) => {
  const text = await Bun.file(join(ROOT, file)).text();
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
};
const resolve = (file: string, spec: string) => (spec.startsWith(".") ? relative(ROOT, join(ROOT, file, "..", spec)) : spec);

describe("architecture", () => {
  test("the tree is scanned", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  test("only src/main.ts imports adapters/", async () => {
    const offenders: string[] = [];
    for (const f of files.filter((f) => f.startsWith("src/") && f !== "src/main.ts")) {
      for (const spec of await importsOf(f)) if (resolve(f, spec).startsWith("adapters/")) offenders.push(`${f} → ${spec}`);
    }
    expect(offenders).toEqual([]);
  });

  test("services, ports and the kernel never import elysia or the HTTP layer", async () => {
    const offenders: string[] = [];
    for (const f of files.filter((f) => /^src\/(kernel\/|features\/[^/]+\/(service|ports|claims)\.ts$)/.test(f))) {
      for (const spec of await importsOf(f)) {
        const target = resolve(f, spec);
        if (spec === "elysia" || spec.startsWith("@elysiajs/") || target.startsWith("src/http/")) offenders.push(`${f} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test("features import each other only through index.ts or ports.ts", async () => {
    const offenders: string[] = [];
    for (const f of files.filter((f) => f.startsWith("src/features/"))) {
      const own = f.split("/")[2];
      for (const spec of await importsOf(f)) {
        const target = resolve(f, spec);
        const m = /^src\/features\/([^/]+)\/(.+)$/.exec(target);
        if (m && m[1] !== own && !/^(index|ports|model)(\.ts)?$/.test(m[2])) offenders.push(`${f} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test("the environment is read only in src/main.ts (config.ts parses what main passes)", async () => {
    const offenders: string[] = [];
    // The SDK is a library for resource servers, not part of the service: it is exempt.
    for (const f of files.filter((f) => f !== "src/main.ts" && !f.startsWith("src/sdk/"))) {
      const text = await Bun.file(join(ROOT, f)).text();
      if (/process\.env|Bun\.env|import\.meta\.env/.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});
