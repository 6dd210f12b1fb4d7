/**
 * README.md's configuration table, rendered from VARIABLES in src/config.ts (the one declaration).
 *   bun scripts/config-table.ts           prints the table
 *   bun scripts/config-table.ts --write   replaces the table between the markers in README.md
 * test/unit/config-table.test.ts fails when README.md differs from the rendering.
 */
import { join } from "node:path";
import { VARIABLES, type Variable } from "../src/config";
import { replaceBetween } from "./markers";

export const START = "<!-- config-table:start (generated from src/config.ts by npm run config:table) -->";
export const END = "<!-- config-table:end -->";
export const README = join(import.meta.dir, "..", "README.md");

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function renderConfigTable(): string {
  const rows = (Object.entries(VARIABLES) as [string, Variable][]).map(([name, v]) => {
    const dflt = v.default !== undefined ? `\`${v.default}\`` : (v.computed ?? "—");
    return `| \`${name}\` | ${cell(v.type)} | ${cell(dflt)} | ${cell(v.does)} |`;
  });
  return ["| Variable | Type | Default | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}

/** `readme` with the text between the markers replaced by the rendered table; throws without the markers. */
export function withConfigTable(readme: string): string {
  return replaceBetween(readme, START, END, renderConfigTable(), "README.md");
}

if (import.meta.main) {
  if (process.argv.includes("--write")) {
    const before = await Bun.file(README).text();
    const after = withConfigTable(before);
    if (after !== before) await Bun.write(README, after);
    console.log(after === before ? "README.md: configuration table already up to date" : "README.md: table rewritten");
  } else console.log(renderConfigTable());
}
