/**
 * The embedded session file (adapters/sqlite) runs without syncs: a process that is killed leaves
 * its committed steps in the file, and a file damaged by a machine that stopped is moved aside at the
 * next start and replaced by an empty one, with a warning, instead of failing requests later.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, openSync, readdirSync, statSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteSessions } from "../../../adapters/sqlite";

const ROOT = join(import.meta.dir, "..", "..", "..");
const data = { userId: 7, tenantId: 1, ttlSeconds: 3600 } as never;
const later = () => new Date(Date.now() + 3_600_000);

function warnings() {
  const seen: { message: string; fields: Record<string, unknown> }[] = [];
  return { seen, warn: (message: string, fields: Record<string, unknown>) => seen.push({ message, fields }) };
}

/** Opens the store in a child process, creates a family, and kills the process before it closes the file. */
async function createThenKill(dir: string, familyId: string) {
  const script = `
    import { openSqliteSessions } from ${JSON.stringify(join(ROOT, "adapters", "sqlite", "index.ts"))};
    const s = openSqliteSessions(${JSON.stringify(dir)});
    await s.families.create(${JSON.stringify(familyId)}, "sel-${familyId}", "vh", { userId: 7, tenantId: 1, ttlSeconds: 3600 }, new Date(Date.now() + 3600000));
    process.kill(process.pid, "SIGKILL");
  `;
  const file = join(dir, "child.ts");
  writeFileSync(file, script);
  const child = Bun.spawn([process.execPath, file], { stdout: "ignore", stderr: "pipe" });
  expect(await child.exited).not.toBe(0);
  expect(child.signalCode).toBe("SIGKILL");
}

describe("embedded session file", () => {
  test("a killed process leaves its WAL and its committed steps; the next start checks the file and keeps them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-sqlite-"));
    await createThenKill(dir, "fam-killed");
    expect(existsSync(join(dir, "sessions.sqlite-wal"))).toBe(true);
    const w = warnings();
    const s = openSqliteSessions(dir, w);
    try {
      expect(w.seen).toEqual([]);
      expect((await s.families.get("fam-killed", new Date()))?.familyId).toBe("fam-killed");
    } finally {
      await s.close();
    }
    // A clean close leaves no WAL, so the next start does not check the file again.
    expect(existsSync(join(dir, "sessions.sqlite-wal"))).toBe(false);
  });

  test("a file damaged while the last process was running is moved aside and replaced, with a warning", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-sqlite-"));
    const first = openSqliteSessions(dir);
    for (let i = 0; i < 200; i++) await first.families.create(`fam-${i}`, `sel-${i}`, "vh", data, later());
    await first.close();
    // Overwrite the middle of the file (b-tree pages of the tables above), then leave a WAL behind
    // as a process that stopped without closing would.
    const file = join(dir, "sessions.sqlite");
    const size = statSync(file).size;
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    writeFileSync(join(dir, "sessions.sqlite-wal"), "");

    const w = warnings();
    const s = openSqliteSessions(dir, w);
    try {
      expect(w.seen.length).toBe(1);
      expect(w.seen[0].message).toContain("moved aside");
      const aside = String(w.seen[0].fields.damaged);
      expect(aside).toStartWith(`${file}.damaged-`);
      expect(existsSync(aside)).toBe(true);
      expect(readdirSync(dir).filter((n) => n.startsWith("sessions.sqlite.damaged-")).length).toBeGreaterThan(0);
      // The new file is empty and works.
      expect(await s.families.get("fam-1", new Date())).toBeNull();
      await s.families.create("fam-new", "sel-new", "vh", data, later());
      expect((await s.families.get("fam-new", new Date()))?.familyId).toBe("fam-new");
    } finally {
      await s.close();
    }
  });

  test("a file that is not a database is moved aside rather than stopping the start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sso-sqlite-"));
    writeFileSync(join(dir, "sessions.sqlite"), "not a database at all, but long enough to have a header ".repeat(20));
    const w = warnings();
    const s = openSqliteSessions(dir, w);
    try {
      expect(w.seen.length).toBe(1);
      expect(String(w.seen[0].fields.reason)).toMatch(/not a database/i);
      await s.families.create("fam-a", "sel-a", "vh", data, later());
      expect((await s.families.get("fam-a", new Date()))?.familyId).toBe("fam-a");
    } finally {
      await s.close();
    }
  });
});
