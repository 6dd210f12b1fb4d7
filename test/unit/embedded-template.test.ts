// The embedded store's pre-built initial database (adapters/postgres/embedded.ts): `npm install`
// builds it, a new data directory starts from it instead of running initdb, it carries every
// migration, and a restart opens the existing database.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openEmbedded } from "../../adapters/postgres";
import { EMBEDDED_SETTINGS, templatePaths } from "../../adapters/postgres/embedded";

const dir = mkdtempSync(join(tmpdir(), "sso-template-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("npm install built the template for this PGlite and these migrations", () => {
  expect(existsSync(join(templatePaths().dir, "PG_VERSION"))).toBe(true);
  expect(existsSync(templatePaths().tarball)).toBe(true);
});

test("a new data directory starts from the template with every migration; a restart opens it as it is", async () => {
  const first = await openEmbedded(dir);
  try {
    expect(first.created).toBe("template");
    const rows = (await first.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBeGreaterThanOrEqual(3);
    await first.tenants.create({ name: "Kept", slug: "kept" });
    const setting = (await first.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(EMBEDDED_SETTINGS).toContain(`shared_buffers=${setting.rows[0].shared_buffers}`);
  } finally {
    await first.close();
  }
  const again = await openEmbedded(dir);
  try {
    expect(again.created).toBe("existing");
    expect((await again.tenants.listSandboxes()).length).toBe(0);
    expect((await again.tenants.get(1))?.slug).toBe("kept");
  } finally {
    await again.close();
  }
});
