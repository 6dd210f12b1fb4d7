/**
 * docs/security.md's table of `/api/**` routes and the tokens each takes, rendered from the rule
 * every route declares (`...tokens(rule)` in its detail; src/http/guard.ts), the same declaration
 * the app's gate enforces.
 *   bun scripts/token-table.ts           prints the table
 *   bun scripts/token-table.ts --write   replaces the table between the markers in docs/security.md
 * test/unit/token-table.test.ts fails when docs/security.md differs from the rendering.
 */
import { join } from "node:path";
import { mountRoutes, type RouteServices } from "../src/routes";
import { declaredRule, TOKEN_RULES, type TokenRule } from "../src/http/guard";
import { replaceBetween } from "./markers";

export const START = "<!-- token-table:start (generated from the routes' declarations by npm run token:table) -->";
export const END = "<!-- token-table:end -->";
export const SECURITY_MD = join(import.meta.dir, "..", "docs", "security.md");

type MountedRoute = { method: string; path: string; hooks?: { detail?: Record<string, unknown> } };

/**
 * The `/api/**` routes as mounted, with their declared rule. Route factories only keep the services
 * they are given until a request comes, so a stand-in that answers every property will do here.
 */
export function apiRoutes(): { method: string; path: string; rule: TokenRule | undefined; summary: string }[] {
  const standIn: unknown = new Proxy(() => standIn, { get: () => standIn, apply: () => standIn });
  const routes = mountRoutes(standIn as RouteServices).routes as MountedRoute[];
  return routes
    .filter((r) => r.path.startsWith("/api/"))
    .map((r) => ({
      method: r.method,
      path: r.path.replace(/:([A-Za-z]+)/g, "{$1}"),
      rule: declaredRule(r),
      summary: String(r.hooks?.detail?.summary ?? ""),
    }));
}

const ORDER: TokenRule[] = ["public", "self", "account", "management"];

export function renderTokenTable(): string {
  const rows = apiRoutes()
    .sort(
      (a, b) =>
        ORDER.indexOf(a.rule ?? "management") - ORDER.indexOf(b.rule ?? "management") ||
        a.path.localeCompare(b.path) ||
        a.method.localeCompare(b.method),
    )
    .map((r) => `| \`${r.method} ${r.path}\` | ${r.rule ? `\`${r.rule}\`` : "**none**"} | ${r.summary} |`);
  const legend = ORDER.map((rule) => `- \`${rule}\`: ${TOKEN_RULES[rule]}.`);
  return [
    ...legend,
    "- A token issued to a third-party client (`firstParty: false`) is 403 on every route below.",
    "",
    "| Route | Tokens | What it does |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
}

/** `doc` with the text between the markers replaced by the rendered table; throws without the markers. */
export function withTokenTable(doc: string): string {
  return replaceBetween(doc, START, END, renderTokenTable(), "docs/security.md");
}

if (import.meta.main) {
  if (process.argv.includes("--write")) {
    const before = await Bun.file(SECURITY_MD).text();
    const after = withTokenTable(before);
    if (after !== before) await Bun.write(SECURITY_MD, after);
    console.log(
      after === before ? "docs/security.md: token table already up to date" : "docs/security.md: table rewritten",
    );
  } else console.log(renderTokenTable());
}
