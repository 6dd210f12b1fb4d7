/**
 * The embedded database (PGlite) made small and fast to start (docs/performance.md, "Footprint"):
 *
 * - Settings: PGlite runs Postgres inside one WebAssembly heap that never shrinks, and Postgres
 *   touches all of `shared_buffers` at start. The default 128 MB is sized for a server; 16 MB holds
 *   an embedded deployment's working set (its hot tables are a few MB) and cuts ~120 MiB of RSS.
 * - A pre-built initial data directory: creating a database from scratch (initdb) takes 2–4 s and
 *   peaks near 1 GiB of RSS. `npm install` (postinstall) and the Docker build run this file once,
 *   which creates an empty, fully migrated database and keeps it as a gzip tarball under
 *   `node_modules/.cache/sso-embedded/`, named by the PGlite version and a hash of the migrations,
 *   so it can never be used against other migrations or another PGlite. A first start on an empty
 *   data directory (and every in-memory store) then loads that tarball instead of running initdb.
 *   Without it (install scripts skipped), the first start creates the database as before, only
 *   slower; migrations are applied at every start either way.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Postgres settings for the embedded store (appended to PGlite's own start parameters). */
export const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB", "temp_buffers=2MB", "wal_buffers=1MB"];
export const embeddedStartParams = () => [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ["-c", s])];

function pgliteVersion(): string {
  const pkg = join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json");
  return existsSync(pkg) ? (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version : "unknown";
}

/** Hash of every migration file (SQL and journal): a template is only ever used with the migrations it was made from. */
function migrationsHash(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, name.name);
      if (name.isDirectory()) walk(p);
      else h.update(name.name).update(readFileSync(p));
    }
  };
  walk(migrationsFolder);
  return h.digest("hex").slice(0, 16);
}

/** Where the template for this PGlite version and these migrations lives (it may not exist). */
export function templatePath(): string {
  return join(ROOT, "node_modules", ".cache", "sso-embedded", `pgdata-${pgliteVersion()}-${migrationsHash()}.tar.gz`);
}

/** The template as a Blob, or null when none was built (read when needed, not kept). */
export async function loadTemplate(): Promise<Blob | null> {
  const p = templatePath();
  return existsSync(p) ? new Blob([readFileSync(p)]) : null;
}

/** Builds the template: an empty database with every migration applied, dumped as a gzip tarball. */
export async function buildTemplate(): Promise<{ path: string; bytes: number; built: boolean }> {
  const path = templatePath();
  if (existsSync(path)) return { path, bytes: readFileSync(path).length, built: false };
  const client = new PGlite({ startParams: embeddedStartParams() });
  await client.waitReady;
  await migrate(drizzle(client) as never, { migrationsFolder });
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  const bytes = new Uint8Array(await dump.arrayBuffer());
  mkdirSync(join(path, ".."), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path); // atomic: a concurrent builder or reader never sees half a file
  return { path, bytes: bytes.length, built: true };
}

if (import.meta.main) {
  try {
    const t0 = performance.now();
    const r = await buildTemplate();
    console.log(r.built ? `embedded database template built in ${Math.round(performance.now() - t0)} ms: ${r.path} (${Math.round(r.bytes / 1024)} KiB)` : `embedded database template is up to date: ${r.path}`);
  } catch (e) {
    // Never fail an install over it: without a template the first start is only slower.
    console.warn(`embedded database template not built (${String((e as Error)?.message ?? e).split("\n")[0]}); the first embedded start will create the database instead`);
  }
  process.exit(0);
}
