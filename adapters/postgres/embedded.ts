/**
 * The embedded database (PGlite) made small and fast to start (docs/performance.md, "Footprint"):
 *
 * - Settings: PGlite runs Postgres inside one WebAssembly heap that never shrinks, and Postgres
 *   touches all of `shared_buffers` at start. The default 128 MB is sized for a server; 8 MB holds
 *   an embedded deployment's hot pages (sessions, the token-context tables) and cuts ~130 MiB of
 *   RSS; colder pages come from the operating system's file cache.
 * - A pre-built initial data directory: creating a database from scratch (initdb) takes 2–4 s and
 *   peaks near 1 GiB of RSS. `npm install` (postinstall) and the Docker build run this file once,
 *   which creates an empty, fully migrated database under `node_modules/.cache/sso-embedded/`, as
 *   a directory and as a gzip tarball, named by the PGlite version and a hash of the migrations,
 *   so it can never be used against other migrations or another PGlite. A first start on an empty
 *   data directory copies the directory (plain file copies: nothing is unpacked in the process's
 *   heap); an in-memory store loads the tarball. Neither runs initdb.
 *   Without it (install scripts skipped), the first start creates the database as before, only
 *   slower; migrations are applied at every start either way.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Postgres settings for the embedded store (appended to PGlite's own start parameters). */
export const EMBEDDED_SETTINGS = [
  "shared_buffers=8MB",
  "maintenance_work_mem=16MB",
  "temp_buffers=2MB",
  "wal_buffers=1MB",
];
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

/** Where the template for this PGlite version and these migrations lives (it may not exist): a directory and a tarball. */
export function templatePaths(): { dir: string; tarball: string } {
  const base = join(ROOT, "node_modules", ".cache", "sso-embedded", `pgdata-${pgliteVersion()}-${migrationsHash()}`);
  return { dir: base, tarball: `${base}.tar.gz` };
}

/** Copies the template into `target` (a new database directory); false when there is no template. */
export function copyTemplate(target: string): boolean {
  const { dir } = templatePaths();
  if (!existsSync(join(dir, "PG_VERSION"))) return false;
  // Copied beside the target and renamed into place, so a start cut short never leaves half a database.
  const work = `${target}.${process.pid}.tmp`;
  rmSync(work, { recursive: true, force: true });
  cpSync(dir, work, { recursive: true });
  renameSync(work, target);
  return true;
}

/** The template as a Blob for an in-memory database, or null when none was built. */
export async function loadTemplate(): Promise<Blob | null> {
  const { tarball } = templatePaths();
  return existsSync(tarball) ? new Blob([readFileSync(tarball)]) : null;
}

/** Builds the template: an empty database with every migration applied, as a directory and a gzip tarball. */
export async function buildTemplate(): Promise<{ dir: string; bytes: number; built: boolean }> {
  const { dir, tarball } = templatePaths();
  if (existsSync(join(dir, "PG_VERSION")) && existsSync(tarball))
    return { dir, bytes: statSync(tarball).size, built: false };
  const work = `${dir}.${process.pid}.tmp`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(dir, ".."), { recursive: true });
  const client = new PGlite(work, { startParams: embeddedStartParams() });
  await client.waitReady;
  await migrate(drizzle(client) as never, { migrationsFolder });
  const bytes = new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer());
  await client.close();
  // Renames are atomic: a concurrent builder or reader never sees half a template.
  writeFileSync(`${tarball}.${process.pid}.tmp`, bytes);
  renameSync(`${tarball}.${process.pid}.tmp`, tarball);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return { dir, bytes: bytes.length, built: true };
}

if (import.meta.main) {
  try {
    const t0 = performance.now();
    const r = await buildTemplate();
    console.log(
      r.built
        ? `embedded database template built in ${Math.round(performance.now() - t0)} ms: ${r.dir} (tarball ${Math.round(r.bytes / 1024)} KiB)`
        : `embedded database template is up to date: ${r.dir}`,
    );
  } catch (e) {
    // Never fail an install over it: without a template the first start is only slower.
    console.warn(
      `embedded database template not built (${String((e as Error)?.message ?? e).split("\n")[0]}); the first embedded start will create the database instead`,
    );
  }
  process.exit(0);
}
