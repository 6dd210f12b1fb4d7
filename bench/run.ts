/**
 * `npm run bench`: every benchmark, on loopback, each figure printed beside the ceiling measured in
 * the same run on this machine. Writes the whole result to bench/results/latest.json.
 *
 *   bun bench/run.ts [--seconds 8] [--quick] [--no-postgres] [--only token,sessions,claims,webhooks,import,directory]
 *
 * Postgres runs use a fresh database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test)
 * and Redis at REDIS_URL (default redis://127.0.0.1:6379). Stop other work on the machine first:
 * the ceilings and the service share its cores.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { benchDirectory } from "./directory";
import { benchSessions, formatSessionsBench } from "./sessions";
import { benchToken, formatTokenBench } from "./token";
import { benchWebhooks, formatWebhookBench } from "./webhooks";
import { benchImport, formatImportBench } from "./import";
import { benchClaims, formatClaimsBench } from "./claims";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const quick = process.argv.includes("--quick");
const seconds = Number(arg("seconds") ?? (quick ? 3 : 8));
const postgres = !process.argv.includes("--no-postgres");
const only = new Set((arg("only") ?? "token,sessions,claims,webhooks,import,directory").split(","));
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
const redisUrl = process.env.REDIS_URL;

const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? "unknown", bun: Bun.version, date: new Date().toISOString() };
console.log(`machine: ${machine.cpus} × ${machine.cpu}, Bun ${machine.bun}\n`);
const results: Record<string, unknown> = { machine };

if (only.has("token")) {
  const runs = [];
  for (const pg of postgres ? [false, true] : [false]) {
    const r = await benchToken({ seconds, postgres: pg, redisUrl });
    console.log(formatTokenBench(r) + "\n");
    runs.push(r);
  }
  results.token = runs;
}

if (only.has("sessions")) {
  const r = await benchSessions({ seconds, postgres, redisUrl, databaseUrl: process.env.DATABASE_URL });
  console.log(formatSessionsBench(r) + "\n");
  results.sessions = r;
}

if (only.has("claims")) {
  const r = await benchClaims({ seconds: Math.min(seconds, 4) });
  console.log(formatClaimsBench(r) + "\n");
  results.claims = r;
}

if (only.has("webhooks")) {
  const r = await benchWebhooks({ seconds, postgres });
  console.log(formatWebhookBench(r) + "\n");
  results.webhooks = r;
}

if (only.has("import")) {
  const r = await benchImport({ users: quick ? 20_000 : 100_000, orgs: quick ? 2_000 : 10_000, postgres });
  console.log(formatImportBench(r) + "\n");
  results.import = r;
}

if (only.has("directory") && postgres) {
  results.directory = await benchDirectory({ requests: quick ? 100 : 200, redisUrl });
}

const dir = join(import.meta.dir, "results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "latest.json"), JSON.stringify(results, null, 2));
console.log(`\nfull results: ${join(dir, "latest.json")}`);
process.exit(0);
