/**
 * Regenerates the capacity tables of docs/scaling.md from the output of bench/capacity.ts:
 *
 *   bun bench/capacity-table.ts [file.json] [--doc docs/scaling.md] [--print]
 *
 * `file.json` is bench/results/capacity.json (the default), or bench/results/latest.json of
 * `bun run bench` (its `capacity` section), or docs/perf/capacity.json (the run the docs show).
 * The tables go between the `<!-- capacity:begin -->` and `<!-- capacity:end -->` markers; `--print`
 * prints them instead. The model's assumptions are the constants below, and the tables say which
 * figures are measured and which assumed.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CapacityResult, PhaseCost, RequestKind } from "./capacity";

/** The stated mix (shares of all requests the service answers). Access-token verification happens
 * offline at the resource servers (JWKS cached), so it costs the service nothing and is not in it. */
export const MIX: Record<RequestKind, number> = {
  token: 0.6,
  refresh: 0.25,
  login: 0.05,
  directory: 0.08,
  roleWrite: 0.02,
};
export const RATES = [1_000, 10_000, 100_000];
/** Assumed: an instance is one service process given one vCPU, run at 70 % of it. */
const INSTANCE_CORES = 1;
const UTILISATION = 0.7;
/** Assumed: Postgres `max_connections` 100 (its default) of which 3 are reserved for superusers. */
const PG_MAX_CONNECTIONS = 100;
const PG_RESERVED = 3;
/** Assumed: a Postgres server of 16 vCPUs at 70 %; Redis executes commands on one core, at 70 %. */
const PG_CORES = 16;
const REDIS_CORES = 1;

const LABEL: Record<RequestKind, string> = {
  login: "sign-in (password)",
  refresh: "refresh",
  token: "client-credentials token",
  directory: "directory read",
  roleWrite: "role change + webhook",
};

const f = (x: number, digits = 2) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(digits));
const int = (x: number) => Math.round(x).toLocaleString("en-US");
const k = (x: number) => (x >= 10_000 ? `${Math.round(x / 1000).toLocaleString("en-US")}k` : int(x));

export function capacityModel(r: CapacityResult) {
  const byKind = new Map<RequestKind, PhaseCost>(r.phases.map((p) => [p.kind, p]));
  const mixed = (field: keyof PhaseCost["perRequest"]) =>
    (Object.keys(MIX) as RequestKind[]).reduce(
      (s, kind) => s + MIX[kind] * (byKind.get(kind)?.perRequest[field] ?? 0),
      0,
    );
  const perReq = {
    serviceCpuMs: mixed("serviceCpuMs"),
    pgStatements: mixed("pgStatements"),
    pgTransactions: mixed("pgTransactions"),
    pgCpuMs: mixed("pgCpuMs"),
    redisCommands: mixed("redisCommands"),
    redisCpuMs: mixed("redisCpuMs"),
  };
  const idle = r.idlePerSecond;
  /** Requests/s one instance carries: its CPU budget less its idle background, over the mix's CPU per request. */
  const perInstance = (INSTANCE_CORES * UTILISATION * 1000 - idle.serviceCpuMs) / perReq.serviceCpuMs;
  const pool = r.config.dbPoolSize;
  const rows = RATES.map((rate) => {
    const instances = Math.max(2, Math.ceil(rate / perInstance)); // at least two: one may be lost
    return {
      rate,
      instances,
      cores: (rate * perReq.serviceCpuMs) / 1000,
      pgConnections: instances * pool,
      pgStatements: rate * perReq.pgStatements + instances * idle.pgStatements,
      pgTransactions: rate * perReq.pgTransactions,
      pgCores: (rate * perReq.pgCpuMs + instances * idle.pgCpuMs) / 1000,
      redisOps: rate * perReq.redisCommands + instances * idle.redisCommands,
      redisCores: (rate * perReq.redisCpuMs) / 1000,
    };
  });
  // The request rate of the mix at which each limit is reached (idle background neglected).
  const redisBench = (r.ceilings.redisBenchmark.getPerSec + r.ceilings.redisBenchmark.setPerSec) / 2;
  const maxInstancesByConnections = Math.floor((PG_MAX_CONNECTIONS - PG_RESERVED) / pool);
  const limits = [
    {
      limit: `Postgres connections: ${PG_MAX_CONNECTIONS - PG_RESERVED} usable (max_connections ${PG_MAX_CONNECTIONS}) / pool ${pool} = ${maxInstancesByConnections} instances`,
      basis: "assumed server setting, measured CPU per request",
      rate: maxInstancesByConnections * perInstance,
    },
    {
      limit: `Redis: one core at ${UTILISATION * 100} % / ${f(perReq.redisCpuMs * 1000, 1)} µs of Redis CPU per request`,
      basis: "measured CPU per request",
      rate: perReq.redisCpuMs > 0 ? (REDIS_CORES * UTILISATION * 1000) / perReq.redisCpuMs : Infinity,
    },
    {
      limit: `Redis: redis-benchmark GET/SET on this machine (${k(redisBench)} ops/s, the mean of the two) / ${f(perReq.redisCommands)} commands per request`,
      basis: `measured here (${r.machine.cpus} shared cores)`,
      rate: perReq.redisCommands > 0 ? redisBench / perReq.redisCommands : Infinity,
    },
    {
      limit: `Postgres CPU: ${PG_CORES} vCPUs at ${UTILISATION * 100} % / ${f(perReq.pgCpuMs * 1000, 0)} µs of Postgres CPU per request`,
      basis: "assumed server size, measured CPU per request",
      rate: perReq.pgCpuMs > 0 ? (PG_CORES * UTILISATION * 1000) / perReq.pgCpuMs : Infinity,
    },
    {
      limit: `Postgres: pgbench select-only on this machine (${k(r.ceilings.pgbenchSelectOnly.tps)} statements/s) / ${f(perReq.pgStatements)} statements per request`,
      basis: `measured here (${r.machine.cpus} shared cores)`,
      rate: perReq.pgStatements > 0 ? r.ceilings.pgbenchSelectOnly.tps / perReq.pgStatements : Infinity,
    },
  ].sort((a, b) => a.rate - b.rate);
  return { perReq, perInstance, rows, limits, maxInstancesByConnections };
}

export function renderTables(r: CapacityResult): string {
  const m = capacityModel(r);
  const kinds = Object.keys(MIX) as RequestKind[];
  const byKind = new Map(r.phases.map((p) => [p.kind, p]));
  const out: string[] = [];
  out.push(
    `Measured ${r.machine.date.slice(0, 10)} by \`bun bench/capacity.ts\` on ${r.machine.cpus} × ${r.machine.cpu} (shared with other work${r.machine.loadAverage ? `, load average ${r.machine.loadAverage[0]} → ${r.machine.loadAverage[1]} during the run` : ""}: CPU time per request is far less sensitive to that than throughput), Bun ${r.machine.bun}, ${r.servers.postgres.replace(/^postgres \(PostgreSQL\) /, "PostgreSQL ")}, ${r.servers.redis}; ${r.dataset}.${r.machine.note ? ` ${r.machine.note}` : ""}`,
  );
  out.push("");
  out.push("**Cost of one request (measured)**");
  out.push("");
  out.push(
    "| request | requests measured | service CPU ms | Postgres statements | of them BEGIN (units of work) | Postgres CPU ms | Redis commands | Redis CPU µs | share of the mix |",
  );
  out.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const kind of kinds) {
    const p = byKind.get(kind);
    if (!p) continue;
    const c = p.perRequest;
    out.push(
      `| ${LABEL[kind]}: ${p.what} | ${p.requests} (${p.concurrency} at a time${p.errors ? `, ${p.errors} errors` : ""}) | ${f(c.serviceCpuMs)} | ${f(c.pgStatements, 1)} | ${f(c.pgTransactions, 1)} | ${f(c.pgCpuMs)} | ${f(c.redisCommands, 1)} | ${f(c.redisCpuMs * 1000, 0)} | ${MIX[kind] * 100} % |`,
    );
  }
  const pr = m.perReq;
  out.push(
    `| **the mix, per request** | | **${f(pr.serviceCpuMs)}** | **${f(pr.pgStatements)}** | **${f(pr.pgTransactions)}** | **${f(pr.pgCpuMs)}** | **${f(pr.redisCommands)}** | **${f(pr.redisCpuMs * 1000, 0)}** | 100 % |`,
  );
  out.push(
    `| an idle instance, per second (webhook poll, key checks) | | ${f(r.idlePerSecond.serviceCpuMs, 1)} | ${f(r.idlePerSecond.pgStatements, 1)} | | ${f(r.idlePerSecond.pgCpuMs, 1)} | ${f(r.idlePerSecond.redisCommands, 1)} | | |`,
  );
  out.push("");
  out.push(
    `Costs are per request after subtracting the idle background for the phase's duration; service CPU is the process's utime+stime (/proc, 10 ms ticks, over at least 0.4 s per phase), Postgres CPU the sum over every process of the private cluster (/proc/<pid>/schedstat), Redis CPU redis-server's own (INFO cpu). ` +
      `A role change's cost includes its webhook delivery (claim, signed POST, record). Login is dominated by argon2id, by design: ${f(((byKind.get("login")?.perRequest.serviceCpuMs ?? 0) * MIX.login * 100) / pr.serviceCpuMs, 0)} % of the mix's service CPU comes from its ${MIX.login * 100} % of sign-ins.`,
  );
  out.push("");
  out.push(
    `**What the mix needs** (one instance = one service process on ${INSTANCE_CORES} vCPU at ${UTILISATION * 100} %: ${int(m.perInstance)} requests/s of this mix; at least two instances; Postgres pool ${r.config.dbPoolSize} per instance, \`SSO_DB_POOL_SIZE\`)`,
  );
  out.push("");
  out.push(
    "| requests/s | service CPU (cores) | instances | Postgres connections | Postgres statements/s | units of work/s | Postgres CPU (cores) | Redis ops/s | Redis CPU (cores) |",
  );
  out.push("|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const row of m.rows)
    out.push(
      `| ${k(row.rate)} | ${f(row.cores, 1)} | ${int(row.instances)} | ${int(row.pgConnections)} | ${int(row.pgStatements)} | ${int(row.pgTransactions)} | ${f(row.pgCores, 1)} | ${int(row.redisOps)} | ${f(row.redisCores, 2)} |`,
    );
  out.push("");
  out.push(
    `**Where each store hits its limit first** (the request rate of this mix at which the limit is reached, lowest first)`,
  );
  out.push("");
  out.push("| limit | basis | reached at (requests/s) |");
  out.push("|---|---|--:|");
  for (const l of m.limits) out.push(`| ${l.limit} | ${l.basis} | ${Number.isFinite(l.rate) ? k(l.rate) : "never"} |`);
  return out.join("\n");
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const docI = args.indexOf("--doc");
  const doc = docI >= 0 ? args[docI + 1] : join(import.meta.dir, "..", "docs", "scaling.md");
  const input =
    args.find((a, i) => !a.startsWith("--") && (docI < 0 || i !== docI + 1)) ??
    join(import.meta.dir, "results", "capacity.json");
  if (!existsSync(input)) {
    console.error(`no benchmark output at ${input}: run \`bun bench/capacity.ts\` first (or name a file)`);
    process.exit(1);
  }
  const raw = JSON.parse(readFileSync(input, "utf8"));
  const result = (raw.capacity ?? raw) as CapacityResult;
  const tables = renderTables(result);
  if (args.includes("--print")) {
    console.log(tables);
    process.exit(0);
  }
  const text = readFileSync(doc, "utf8");
  const begin = "<!-- capacity:begin -->";
  const end = "<!-- capacity:end -->";
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) {
    console.error(`${doc} has no ${begin} … ${end} markers`);
    process.exit(1);
  }
  writeFileSync(
    doc,
    `${text.slice(0, a + begin.length)}\n<!-- generated by \`bun bench/capacity-table.ts\` from ${input.replace(join(import.meta.dir, "..") + "/", "")}; do not edit by hand -->\n${tables}\n${text.slice(b)}`,
  );
  console.log(`capacity tables written to ${doc} from ${input}`);
}
