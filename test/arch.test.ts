// Import-boundary rules of STYLE.md, as a failing test: dependencies point inward.
import { describe, expect, test } from "bun:test";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");
const files = [...new Bun.Glob("{src,adapters}/**/*.{ts,tsx}").scanSync({ cwd: ROOT })];
const importsOf = async (file: string) => {
  const text = await Bun.file(join(ROOT, file)).text();
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
};
const resolve = (file: string, spec: string) =>
  spec.startsWith(".") ? relative(ROOT, join(ROOT, file, "..", spec)) : spec;

describe("architecture", () => {
  test("the tree is scanned", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  test("only src/main.ts imports adapters/", async () => {
    const offenders: string[] = [];
    for (const f of files.filter((f) => f.startsWith("src/") && f !== "src/main.ts")) {
      for (const spec of await importsOf(f))
        if (resolve(f, spec).startsWith("adapters/")) offenders.push(`${f} → ${spec}`);
    }
    expect(offenders).toEqual([]);
  });

  test("services, ports and the kernel never import elysia or the HTTP layer", async () => {
    const offenders: string[] = [];
    for (const f of files.filter((f) => /^src\/(kernel\/|features\/[^/]+\/(service|ports|claims)\.ts$)/.test(f))) {
      for (const spec of await importsOf(f)) {
        const target = resolve(f, spec);
        if (spec === "elysia" || spec.startsWith("@elysiajs/") || target.startsWith("src/http/"))
          offenders.push(`${f} → ${spec}`);
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

  const importersOf = async (filter: (f: string) => boolean, target: (resolved: string, spec: string) => boolean) => {
    const offenders: string[] = [];
    for (const f of files.filter(filter))
      for (const spec of await importsOf(f))
        if (target(resolve(f, spec).replace(/\.ts$/, ""), spec)) offenders.push(`${f} → ${spec}`);
    return offenders;
  };
  const code = async (f: string) =>
    (await Bun.file(join(ROOT, f)).text())
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .split("\n")
      .filter((l) => !l.trim().startsWith("//"))
      .join("\n");

  test("services, ports and the kernel never see the store bag, the unit runner or the composition root", async () => {
    const inner = (f: string) =>
      f.startsWith("src/kernel/") || /^src\/features\/[^/]+\/(service|ports|bootstrap|directory|claims)\.ts$/.test(f);
    expect(
      await importersOf(inner, (t) => ["src/stores", "src/units", "src/compose", "src/routes", "src/main"].includes(t)),
    ).toEqual([]);
  });

  test("adapters never import the HTTP layer, the app or the composition root", async () => {
    expect(
      await importersOf(
        (f) => f.startsWith("adapters/"),
        (t, spec) =>
          t.startsWith("src/http/") ||
          ["src/app", "src/compose", "src/routes", "src/main"].includes(t) ||
          spec === "elysia",
      ),
    ).toEqual([]);
  });

  test("each route module receives its own service only: no graph, no store, no other feature's service", async () => {
    const routes = (f: string) => /^src\/features\/[^/]+\/routes\.ts$/.test(f);
    const offenders = await importersOf(routes, (t) =>
      ["src/stores", "src/units", "src/compose", "src/routes", "src/main", "src/app"].includes(t),
    );
    for (const f of files.filter(routes)) {
      const own = f.split("/")[2];
      for (const spec of await importsOf(f)) {
        const m = /^src\/features\/([^/]+)\/(.+?)(\.ts)?$/.exec(resolve(f, spec));
        if (m && m[1] !== own && m[2] !== "model")
          offenders.push(`${f} → ${spec} (only another feature's model.ts may be shared)`);
      }
      const sig = /export function \w+Routes\(([^)]*)\)/.exec(await code(f))?.[1] ?? "";
      const services = [...sig.matchAll(/:\s*(\w+Service)\b/g)].map((x) => x[1]);
      if (services.length !== 1)
        offenders.push(
          `${f}: receives ${services.length} services (${services.join(", ") || "none"}); it must receive exactly one`,
        );
    }
    expect(offenders).toEqual([]);
  });

  test("the hosted pages are a room of their own: no feature, store or HTTP layer inside; no HTML in the protocol", async () => {
    // The pages render what the HTTP layer computed; they never reach a feature, a store or Elysia.
    const pages = await importersOf(
      (f) => f.startsWith("src/pages/"),
      (t, spec) =>
        t.startsWith("src/features/") ||
        t.startsWith("src/http/") ||
        t.startsWith("adapters/") ||
        ["src/stores", "src/units", "src/compose", "src/routes", "src/main", "src/app"].includes(t) ||
        spec === "elysia",
    );
    // The protocol's rules (services, ports, models) never build HTML: only routes render pages.
    const protocol = await importersOf(
      (f) => /^src\/features\/[^/]+\/(service|ports|model|claims)\.ts$/.test(f) || f.startsWith("src/kernel/"),
      (t, spec) => t.startsWith("src/pages") || spec === "preact" || spec.startsWith("preact-render-to-string"),
    );
    expect([...pages, ...protocol]).toEqual([]);
  });

  test("HTTP status numbers live only in src/http", async () => {
    const offenders: string[] = [];
    const patterns = [/\bstatus\s*[:=]\s*[1-5]\d\d\b/, /[{,]\s*[1-5]\d\d\s*:/, /\bnew Response\([^)]*status/];
    for (const f of files.filter(
      (f) => f.startsWith("src/") && !f.startsWith("src/http/") && !f.startsWith("src/sdk/"),
    )) {
      const text = await code(f);
      for (const re of patterns) if (re.test(text)) offenders.push(`${f}: ${re.exec(text)![0]}`);
    }
    expect(offenders).toEqual([]);
  });

  test("one renderer: error bodies are built only in src/http (and wired once in src/app.ts)", async () => {
    const offenders: string[] = [];
    for (const f of files.filter(
      (f) =>
        f.startsWith("src/") &&
        !f.startsWith("src/http/") &&
        !f.startsWith("src/sdk/") &&
        f !== "src/app.ts" &&
        !f.endsWith("/model.ts"),
    )) {
      const text = await code(f);
      if (/problemResponse|oauthErrorResponse|toProblem|application\/problem\+json|error_description/.test(text))
        offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });

  test("audit entries and outbox rows are written only by the event journal; atomic scopes only by the unit runner", async () => {
    const offenders: string[] = [];
    for (const f of files.filter((f) => f.startsWith("src/"))) {
      const text = await code(f);
      if (f !== "src/features/events/service.ts" && /\.append\(|\.enqueue\(/.test(text))
        offenders.push(`${f}: writes audit/outbox directly`);
      if (f !== "src/units.ts" && f !== "src/stores.ts" && /\.transaction\(/.test(text))
        offenders.push(`${f}: opens a transaction outside a unit`);
    }
    expect(offenders).toEqual([]);
  });
});
