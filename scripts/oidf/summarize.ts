/**
 * Reads the results of a conformance run from the suite's own API and writes summary.md: per plan,
 * per module its result (PASSED, FAILED, WARNING, REVIEW, …) and, for anything but PASSED, the
 * log entries that made it so (each FAILURE and WARNING condition, with its message and the most
 * telling fields), read from the suite's logs. scripts/oidf/run.sh calls it after the plans ran.
 *
 *   bun scripts/oidf/summarize.ts <suite-api-base> <run-dir>
 *
 * <run-dir>/plans.tsv names the plans (alias, plan, config); <run-dir>/logs/<alias>.log is the
 * output of run-test-plan.py for it, where the plan id is read ("Created test plan, new id: …").
 * In dev mode the suite's API needs no token.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [apiBase, runDir] = process.argv.slice(2);
if (!apiBase || !runDir) {
  console.error("usage: bun summarize.ts <suite-api-base> <run-dir>");
  process.exit(2);
}
const API = apiBase.replace(/\/+$/, "");

async function get(path: string): Promise<any> {
  const r = await fetch(`${API}${path}`, { tls: { rejectUnauthorized: false } } as RequestInit);
  if (!r.ok) throw new Error(`GET ${path}: ${r.status}`);
  return r.json();
}

/** Fields of a log entry worth showing beside its message, shortened. */
const TELLING = [
  "error",
  "error_description",
  "expected",
  "actual",
  "required",
  "missing",
  "claim",
  "claims",
  "status_code",
  "endpoint_response_code",
  "response_status_code",
  "url",
  "task",
  "value",
];
function clip(v: unknown, n = 200): string {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
function describe(e: Record<string, unknown>): string {
  const extra = TELLING.filter((k) => e[k] !== undefined && e[k] !== null && e[k] !== "")
    .map((k) => `${k}=${clip(e[k])}`)
    .join("; ");
  // The browser's failures carry the page it was on: its <title> says which of our pages it was.
  const title = /<title>([^<]*)<\/title>/.exec(String(e.page_source ?? ""))?.[1]?.trim();
  const page = title ? `page title=${JSON.stringify(title)}` : "";
  const more = [extra, page].filter(Boolean).join("; ");
  const msg = String(e.msg ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return `[${e.result}] ${e.src}: ${clip(msg, 400)}${more ? ` (${more})` : ""}`;
}

const plans = readFileSync(join(runDir, "plans.tsv"), "utf8")
  .trim()
  .split("\n")
  .map((l) => l.split("\t"));

const md: string[] = [`# OpenID conformance run`, "", `Run directory: ${runDir}`, ""];
const totals: Record<string, number> = {};
for (const [alias, spec] of plans) {
  const logFile = join(runDir, "logs", `${alias}.log`);
  const planId = existsSync(logFile)
    ? /Created test plan, new id: (\S+)/.exec(readFileSync(logFile, "utf8"))?.[1]
    : undefined;
  md.push(`## ${alias}: ${spec}`, "");
  if (!planId) {
    md.push(`No plan was created (see ${logFile}).`, "");
    console.log(`${alias}: no plan created (see ${logFile})`);
    continue;
  }
  const plan = await get(`/api/plan/${planId}`);
  md.push(`Plan id ${planId}`, "", "| module | result | why (from the suite's log) |", "|---|---|---|");
  const counts: Record<string, number> = {};
  const details: string[] = [];
  for (const m of plan.modules as { testModule: string; variant?: Record<string, string>; instances?: string[] }[]) {
    const variant = m.variant
      ? Object.entries(m.variant)
          .map(([k, v]) => `${k}=${v}`)
          .join(",")
      : "";
    const name = m.testModule + (variant ? ` [${variant}]` : "");
    const id = m.instances?.at(-1);
    if (!id) {
      counts["NOT RUN"] = (counts["NOT RUN"] ?? 0) + 1;
      md.push(`| ${name} | NOT RUN | |`);
      continue;
    }
    const info = await get(`/api/info/${id}`);
    const result = info.result ?? info.status ?? "UNKNOWN";
    const label = info.status === "FINISHED" ? result : `${result} (${info.status})`;
    counts[result] = (counts[result] ?? 0) + 1;
    const log = (await get(`/api/log/${id}`)) as Record<string, unknown>[];
    const bad = log.filter((e) => e.result === "FAILURE" || e.result === "WARNING");
    // Pages the scripted browser captured for a person to review (BrowserControl fills the
    // placeholder entry with the page's source and the expression it matched).
    const reviews = log
      .filter((e) => e.matched_regexp !== undefined)
      .map((e) => {
        const title = /<title>([^<]*)<\/title>/.exec(String(e.page_source ?? ""))?.[1]?.trim();
        return `review: page title=${JSON.stringify(title ?? "?")} (matched ${JSON.stringify(e.matched_regexp)})`;
      });
    const reasons = [...bad.map(describe), ...reviews];
    const first = reasons[0] ? clip(reasons[0], 160).replace(/\|/g, "\\|") : "";
    md.push(`| ${name} | ${label} | ${first}${reasons.length > 1 ? ` (+${reasons.length - 1})` : ""} |`);
    if (result !== "PASSED" || reasons.length) {
      details.push(`### ${name}: ${label}`, "", `Log: ${id}`, "");
      for (const r of reasons) details.push(`- ${r.replace(/\n/g, " ")}`);
      details.push("");
    }
    console.log(`${alias}: ${name}: ${label}${reasons.length ? ` — ${clip(reasons[0], 240)}` : ""}`);
  }
  for (const [k, v] of Object.entries(counts)) totals[k] = (totals[k] ?? 0) + v;
  md.push(
    "",
    `Totals: ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}`,
    "",
    ...details,
  );
  console.log(
    `${alias}: ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}`,
  );
}
md.splice(
  4,
  0,
  `All plans: ${Object.entries(totals)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ")}`,
  "",
);
writeFileSync(join(runDir, "summary.md"), `${md.join("\n")}\n`);
console.log(`summary: ${join(runDir, "summary.md")}`);
