// Import-boundary rules of STYLE.md, as a failing test: dependencies point inward.
//
// Every rule is a function over a tree (path → source text) that returns its offenders. Each runs
// once on the real tree (no offender) and once on its own small in-memory fixture, which breaks
// that rule and no other (the named offender, and nothing from the other rules): a rule that can
// no longer fail shows up here. Fixtures are strings, so neither the scan nor tsc sees them.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, normalize } from "node:path";

type Tree = ReadonlyMap<string, string>;
type Rule = (tree: Tree) => string[];

const ROOT = join(import.meta.dir, "..");
const realTree: Tree = new Map(
  [...new Bun.Glob("{src,adapters}/**/*.{ts,tsx}").scanSync({ cwd: ROOT })].map((f) => [
    f,
    readFileSync(join(ROOT, f), "utf8"),
  ]),
);

/** Module specifiers of a file's static imports and re-exports, type-only ones included. */
const importsOf = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
/** A relative specifier as a tree path (no extension); a package name as is. */
const resolve = (file: string, spec: string) =>
  spec.startsWith(".") ? normalize(join(file, "..", spec)).replace(/\.tsx?$/, "") : spec;
/** The text without comments, for rules about code. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((l) => !l.trim().startsWith("//"))
    .join("\n");
const files = (tree: Tree, keep: (f: string) => boolean) => [...tree.keys()].filter(keep).sort();
/** `file → spec` for every import of a kept file whose target the predicate names. */
const importers = (tree: Tree, keep: (f: string) => boolean, target: (resolved: string, spec: string) => boolean) =>
  files(tree, keep).flatMap((f) =>
    importsOf(tree.get(f)!)
      .filter((spec) => target(resolve(f, spec), spec))
      .map((spec) => `${f} → ${spec}`),
  );
/** Module specifiers of a file's value imports (an `import type { … }` names no class or function to call). */
const valueImportsOf = (text: string) =>
  [...text.matchAll(/^\s*(import|export)\s(?!type\s)[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[2]);
const protocolOf = (path: string) => /^src\/protocols\/([^/]+)\//.exec(path)?.[1] ?? null;
const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
/** Files of a feature that only describe the wire or mount routes; everything else is inner code. */
/**
 * A protocol's wire files may also meet the edge: its module (src/http/protocol.ts), its error
 * renderer and its response redirects (both hand plain data to src/http/oauth-error.ts), and
 * `*-routes.ts` route modules.
 */
const isEdgeFile = (f: string) =>
  /^src\/features\/[^/]+\/(routes|model)\.ts$/.test(f) ||
  /^src\/protocols\/.+\/((routes|model|module|render-error|redirect)|[a-z-]+-routes)\.ts$/.test(f);
/** Inner code: the kernel, and every feature or protocol file that is not an edge file. */
const isInner = (f: string) =>
  f.startsWith("src/kernel/") || ((f.startsWith("src/features/") || f.startsWith("src/protocols/")) && !isEdgeFile(f));

const rules: Record<string, Rule> = {
  "only src/main.ts imports adapters/": (tree) =>
    importers(
      tree,
      (f) => f.startsWith("src/") && f !== "src/main.ts",
      (t) => t.startsWith("adapters/"),
    ),

  "services, ports, other feature code and the kernel never import elysia or the HTTP layer": (tree) =>
    importers(
      tree,
      isInner,
      (t, spec) => spec === "elysia" || spec.startsWith("@elysiajs/") || t.startsWith("src/http/"),
    ),

  "features import each other only through index.ts, ports.ts or model.ts": (tree) =>
    files(tree, (f) => f.startsWith("src/features/")).flatMap((f) =>
      importsOf(tree.get(f)!)
        .filter((spec) => {
          const m = /^src\/features\/([^/]+)\/(.+)$/.exec(resolve(f, spec));
          return m !== null && m[1] !== featureOf(f) && !/^(index|ports|model)$/.test(m[2]);
        })
        .map((spec) => `${f} → ${spec}`),
    ),

  "the feature graph (src/features/<f> → src/features/<g>, type-only imports included) has no cycle": (tree) => {
    // One file per edge, to say where each step of a cycle comes from.
    const edges = new Map<string, Map<string, string>>();
    for (const f of files(tree, (f) => f.startsWith("src/features/"))) {
      const from = featureOf(f)!;
      for (const spec of importsOf(tree.get(f)!)) {
        const to = featureOf(`${resolve(f, spec)}/`);
        if (!to || to === from) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${f} → ${spec}`);
      }
    }
    const cycles = new Set<string>();
    const state = new Map<string, "open" | "done">();
    const visit = (node: string, path: string[]) => {
      if (state.get(node) === "done") return;
      if (state.get(node) === "open") {
        const loop = path.slice(path.indexOf(node));
        // The same cycle found from another node reads the same: start at its smallest name.
        const at = loop.indexOf([...loop].sort()[0]);
        const ring = [...loop.slice(at), ...loop.slice(0, at)];
        const via = ring.map((n, i) => edges.get(n)!.get(ring[(i + 1) % ring.length])!);
        cycles.add(`${[...ring, ring[0]].join(" → ")} (${via.join("; ")})`);
        return;
      }
      state.set(node, "open");
      for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) visit(next, [...path, node]);
      state.set(node, "done");
    };
    for (const node of [...edges.keys()].sort()) visit(node, []);
    return [...cycles];
  },

  "features and the kernel never import a protocol (protocols build on features, never the reverse)": (tree) =>
    importers(
      tree,
      (f) => f.startsWith("src/features/") || f.startsWith("src/kernel/"),
      (t) => t.startsWith("src/protocols/"),
    ),

  "protocols never import each other": (tree) =>
    files(tree, (f) => protocolOf(f) !== null).flatMap((f) =>
      importsOf(tree.get(f)!)
        .filter((spec) => {
          const to = protocolOf(`${resolve(f, spec)}/`);
          return to !== null && to !== protocolOf(f);
        })
        .map((spec) => `${f} → ${spec}`),
    ),

  "protocols reach a feature only through its index.ts, ports.ts or model.ts": (tree) =>
    importers(
      tree,
      (f) => protocolOf(f) !== null,
      (t) => {
        const m = /^src\/features\/[^/]+\/(.+)$/.exec(t);
        return m !== null && !/^(index|ports|model)$/.test(m[1]);
      },
    ),

  "src/http imports no feature or protocol code (type-only imports aside)": (tree) =>
    files(tree, (f) => f.startsWith("src/http/")).flatMap((f) =>
      valueImportsOf(tree.get(f)!)
        .filter((spec) => /^src\/(features|protocols)(\/|$)/.test(resolve(f, spec)))
        .map((spec) => `${f} → ${spec}`),
    ),

  "the environment is read only in src/main.ts (config.ts parses what main passes)": (tree) =>
    // The SDK is a library for resource servers, not part of the service: it is exempt.
    files(tree, (f) => f !== "src/main.ts" && !f.startsWith("src/sdk/")).filter((f) =>
      /process\.env|Bun\.env|import\.meta\.env/.test(tree.get(f)!),
    ),

  "services, ports and the kernel never see the store bag, the unit runner or the composition root": (tree) =>
    importers(tree, isInner, (t) => ["src/stores", "src/units", "src/compose", "src/routes", "src/main"].includes(t)),

  "adapters never import the HTTP layer, the app or the composition root": (tree) =>
    importers(
      tree,
      (f) => f.startsWith("adapters/"),
      (t, spec) =>
        t.startsWith("src/http/") ||
        ["src/app", "src/compose", "src/routes", "src/main"].includes(t) ||
        spec === "elysia",
    ),

  "each route module receives its own service only: no graph, no store, no other feature's service": (tree) => {
    const routes = (f: string) => /^src\/features\/[^/]+\/routes\.ts$/.test(f);
    const offenders = importers(tree, routes, (t) =>
      ["src/stores", "src/units", "src/compose", "src/routes", "src/main", "src/app"].includes(t),
    );
    for (const f of files(tree, routes)) {
      for (const spec of importsOf(tree.get(f)!)) {
        // A directory import ("../users") is that feature's index.ts: not shareable either.
        const m = /^src\/features\/([^/]+)(?:\/(.+))?$/.exec(resolve(f, spec));
        if (m && m[1] !== featureOf(f) && m[2] !== "model")
          offenders.push(`${f} → ${spec} (only another feature's model.ts may be shared)`);
      }
      const sig = /export function \w+Routes\(([^)]*)\)/.exec(code(tree.get(f)!))?.[1] ?? "";
      const services = [...sig.matchAll(/:\s*(\w+Service)\b/g)].map((x) => x[1]);
      if (services.length !== 1)
        offenders.push(
          `${f}: receives ${services.length} services (${services.join(", ") || "none"}); it must receive exactly one`,
        );
    }
    return offenders;
  },

  "HTTP status numbers live only in src/http": (tree) => {
    const patterns = [/\bstatus\s*[:=]\s*[1-5]\d\d\b/, /[{,]\s*[1-5]\d\d\s*:/, /\bnew Response\([^)]*status/];
    return files(tree, (f) => f.startsWith("src/") && !f.startsWith("src/http/") && !f.startsWith("src/sdk/")).flatMap(
      (f) => {
        const text = code(tree.get(f)!);
        return patterns.filter((re) => re.test(text)).map((re) => `${f}: ${re.exec(text)![0]}`);
      },
    );
  },

  "one renderer: error bodies are built only in src/http (and wired once in src/app.ts)": (tree) =>
    files(
      tree,
      (f) =>
        f.startsWith("src/") &&
        !f.startsWith("src/http/") &&
        !f.startsWith("src/sdk/") &&
        f !== "src/app.ts" &&
        !f.endsWith("/model.ts"),
    ).filter((f) =>
      /problemResponse|oauthErrorResponse|toProblem|application\/problem\+json|error_description/.test(
        code(tree.get(f)!),
      ),
    ),

  "audit entries and outbox rows are written only by the event journal; atomic scopes only by the unit runner": (
    tree,
  ) =>
    files(tree, (f) => f.startsWith("src/")).flatMap((f) => {
      const text = code(tree.get(f)!);
      const out: string[] = [];
      if (f !== "src/features/events/service.ts" && /\.append\(|\.enqueue\(/.test(text))
        out.push(`${f}: writes audit/outbox directly`);
      if (f !== "src/units.ts" && f !== "src/stores.ts" && /\.transaction\(/.test(text))
        out.push(`${f}: opens a transaction outside a unit`);
      return out;
    }),
  "the hosted pages are a room of their own (no feature, store or HTTP layer inside); no HTML outside routes": (
    tree,
  ) => [
    // The pages render what the HTTP layer computed; they never reach a feature, a store or Elysia.
    ...importers(
      tree,
      (f) => f.startsWith("src/pages/"),
      (t, spec) =>
        t.startsWith("src/features/") ||
        t.startsWith("src/http/") ||
        t.startsWith("adapters/") ||
        ["src/stores", "src/units", "src/compose", "src/routes", "src/main", "src/app"].includes(t) ||
        spec === "elysia",
    ),
    // The protocol's rules (every feature file but its routes) and the kernel never build HTML.
    ...importers(
      tree,
      (f) =>
        f.startsWith("src/kernel/") ||
        ((f.startsWith("src/features/") || f.startsWith("src/protocols/")) && !/\/routes\.tsx?$/.test(f)),
      (t, spec) => t.startsWith("src/pages") || spec === "preact" || spec.startsWith("preact-render-to-string"),
    ),
  ],
};

/** For each rule: a tree that breaks it (and no other rule), and the offenders it must report. */
const fixtures: Record<keyof typeof rules, { tree: Record<string, string>; offenders: string[] }> = {
  "only src/main.ts imports adapters/": {
    tree: { "src/compose.ts": 'import { createPgStore } from "../adapters/postgres";\n' },
    offenders: ["src/compose.ts → ../adapters/postgres"],
  },
  "services, ports, other feature code and the kernel never import elysia or the HTTP layer": {
    tree: { "src/features/orgs/service.ts": 'import { clientIp } from "../../http/context";\n' },
    offenders: ["src/features/orgs/service.ts → ../../http/context"],
  },
  "features import each other only through index.ts, ports.ts or model.ts": {
    tree: { "src/features/users/service.ts": 'import { createRoleService } from "../roles/service";\n' },
    offenders: ["src/features/users/service.ts → ../roles/service"],
  },
  "the feature graph (src/features/<f> → src/features/<g>, type-only imports included) has no cycle": {
    tree: {
      "src/features/users/service.ts": 'import type { FamilyStore } from "../sessions/ports";\n',
      "src/features/sessions/ports.ts": 'import type { User } from "../users";\n',
      "src/features/orgs/service.ts": 'import type { EventJournal } from "../events";\n',
    },
    offenders: [
      "sessions → users → sessions (src/features/sessions/ports.ts → ../users; src/features/users/service.ts → ../sessions/ports)",
    ],
  },
  "features and the kernel never import a protocol (protocols build on features, never the reverse)": {
    tree: { "src/features/system/service.ts": 'import { buildOpenIdConfiguration } from "../../protocols/oidc";\n' },
    offenders: ["src/features/system/service.ts → ../../protocols/oidc"],
  },
  "protocols never import each other": {
    tree: { "src/protocols/saml/sso.ts": 'import { parseScope } from "../oidc";\n' },
    offenders: ["src/protocols/saml/sso.ts → ../oidc"],
  },
  "protocols reach a feature only through its index.ts, ports.ts or model.ts": {
    tree: {
      "src/protocols/oidc/token.ts": 'import { createSessionService } from "../../features/sessions/service";\n',
    },
    offenders: ["src/protocols/oidc/token.ts → ../../features/sessions/service"],
  },
  "src/http imports no feature or protocol code (type-only imports aside)": {
    tree: {
      "src/http/oauth-error.ts":
        'import type { TokenPair } from "../features/sessions";\nimport { OAuthError } from "../protocols/oidc";\n',
    },
    offenders: ["src/http/oauth-error.ts → ../protocols/oidc"],
  },
  "the environment is read only in src/main.ts (config.ts parses what main passes)": {
    tree: { "src/config.ts": "export const port = Number(process.env.PORT);\n" },
    offenders: ["src/config.ts"],
  },
  "services, ports and the kernel never see the store bag, the unit runner or the composition root": {
    tree: { "src/kernel/lease.ts": 'import type { PrimaryStore } from "../stores";\n' },
    offenders: ["src/kernel/lease.ts → ../stores"],
  },
  "adapters never import the HTTP layer, the app or the composition root": {
    tree: { "adapters/postgres/index.ts": 'import { composeGraph } from "../../src/compose";\n' },
    offenders: ["adapters/postgres/index.ts → ../../src/compose"],
  },
  "each route module receives its own service only: no graph, no store, no other feature's service": {
    tree: {
      "src/features/orgs/routes.ts":
        'import type { OrgService } from "./service";\nimport type { UserService } from "../users";\n' +
        "export function orgRoutes({ orgs, users }: { orgs: OrgService; users: UserService }) {}\n",
    },
    offenders: [
      "src/features/orgs/routes.ts → ../users (only another feature's model.ts may be shared)",
      "src/features/orgs/routes.ts: receives 2 services (OrgService, UserService); it must receive exactly one",
    ],
  },
  "HTTP status numbers live only in src/http": {
    tree: { "src/features/orgs/service.ts": "export const gone = { status: 410 };\n" },
    offenders: ["src/features/orgs/service.ts: status: 410"],
  },
  "one renderer: error bodies are built only in src/http (and wired once in src/app.ts)": {
    tree: {
      "src/protocols/oidc/token/endpoint.ts":
        'export const body = { error: "invalid_grant", error_description: "" };\n',
    },
    offenders: ["src/protocols/oidc/token/endpoint.ts"],
  },
  "audit entries and outbox rows are written only by the event journal; atomic scopes only by the unit runner": {
    tree: { "src/features/roles/service.ts": "export const log = (audit: any, e: unknown) => audit.append(e);\n" },
    offenders: ["src/features/roles/service.ts: writes audit/outbox directly"],
  },
  "the hosted pages are a room of their own (no feature, store or HTTP layer inside); no HTML outside routes": {
    tree: {
      "src/pages/sign-in.tsx": 'import { createAuthService } from "../features/auth";\n',
      "src/protocols/oidc/authorize/service.ts": 'import { renderPage } from "../../../pages";\n',
    },
    offenders: ["src/pages/sign-in.tsx → ../features/auth", "src/protocols/oidc/authorize/service.ts → ../../../pages"],
  },
};

describe("architecture", () => {
  test("the tree is scanned", () => {
    expect(realTree.size).toBeGreaterThan(20);
    expect(Object.keys(fixtures).sort()).toEqual(Object.keys(rules).sort());
  });

  for (const [name, rule] of Object.entries(rules)) {
    test(name, () => {
      expect(rule(realTree)).toEqual([]);
    });

    test(`${name}: its fixture breaks it, and only it`, () => {
      const { tree, offenders } = fixtures[name];
      const fixture = new Map(Object.entries(tree));
      expect(rule(fixture)).toEqual(offenders);
      for (const [other, otherRule] of Object.entries(rules))
        if (other !== name)
          expect({ rule: other, offenders: otherRule(fixture) }).toEqual({ rule: other, offenders: [] });
    });
  }
});
