// One configuration table: VARIABLES in src/config.ts is what loadConfig parses and what README.md shows.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { ConfigError, loadConfig, VARIABLES, type Variable } from "../../src/config";
import { README, renderConfigTable, withConfigTable } from "../../scripts/config-table";

const declared = Object.entries(VARIABLES) as [string, Variable][];

describe("the configuration table", () => {
  test("README.md's table is the one rendered from src/config.ts", async () => {
    const readme = await Bun.file(README).text();
    if (withConfigTable(readme) !== readme)
      throw new Error(
        "README.md's configuration table differs from VARIABLES in src/config.ts: run `npm run config:table` (bun scripts/config-table.ts --write)",
      );
  });

  test("every variable loadConfig reads is declared, and every declared one is read", async () => {
    const source = (await Bun.file(join(import.meta.dir, "../../src/config.ts")).text())
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const read = new Set([...source.matchAll(/\be\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]));
    const names = new Set(declared.map(([name]) => name));
    expect({ readButNotDeclared: [...read].filter((n) => !names.has(n)) }).toEqual({ readButNotDeclared: [] });
    expect({ declaredButNotRead: [...names].filter((n) => !read.has(n)) }).toEqual({ declaredButNotRead: [] });
  });

  test("each entry says its type and what it does, has at most one kind of default, and its default parses", () => {
    for (const [name, v] of declared) {
      expect({ name, type: v.type.trim().length > 0, does: v.does.trim().length > 0 }).toEqual({
        name,
        type: true,
        does: true,
      });
      expect({ name, both: v.default !== undefined && v.computed !== undefined }).toEqual({ name, both: false });
      if (v.default !== undefined)
        expect({ name, valid: Value.Check(v.schema, v.default) }).toEqual({ name, valid: true });
      // An enumerated variable's Type names every accepted value.
      const literals = (v.schema.anyOf ?? []).map((s: { const?: string }) => s.const).filter(Boolean);
      for (const l of literals)
        expect({ name, mentions: v.type.includes(`\`${l}\``) }).toEqual({ name, mentions: true });
    }
  });

  test("README and docs/ quote no stale default: every `NAME` (default N) or `NAME` (N) matches the declaration", async () => {
    const stale: string[] = [];
    for (const f of new Bun.Glob("{README.md,docs/**/*.md}").scanSync({ cwd: join(import.meta.dir, "../..") })) {
      const text = await Bun.file(join(import.meta.dir, "../..", f)).text();
      for (const m of text.matchAll(/`([A-Z][A-Z0-9_]+)` \((?:default )?(\d+(?:\.\d+)?)(?=[);/,]| s\b)/g)) {
        const v = (VARIABLES as Record<string, Variable>)[m[1]];
        if (v?.default !== undefined && v.default !== m[2]) stale.push(`${f}: ${m[0]} (declared ${v.default})`);
      }
    }
    expect(stale).toEqual([]);
  });

  test("the rendered table has a header and one row per variable, in declaration order", () => {
    const lines = renderConfigTable().split("\n");
    expect(lines[0]).toBe("| Variable | Type | Default | Meaning |");
    expect(lines.slice(2).map((l) => /^\| `([A-Z0-9_]+)` \|/.exec(l)?.[1])).toEqual(declared.map(([n]) => n));
  });
});

describe("defaults come from the declaration, unchanged", () => {
  test("an empty environment (or empty strings) gives the documented defaults", () => {
    const cpus = Math.max(2, navigator.hardwareConcurrency ?? 2);
    const expected = {
      port: 3000,
      host: "0.0.0.0",
      issuer: "http://localhost:3000",
      storage: "embedded",
      dataDir: "./data",
      pgPooler: "none",
      redisPrefix: "sso:",
      redisMinReplicasAck: 0,
      redisWaitMs: 1000,
      mailer: "log",
      bootstrapAdminEmail: "admin@example.com",
      googleJwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
      microsoftJwksUrl: "https://login.microsoftonline.com/common/discovery/v2.0/keys",
      googleClientIds: [],
      microsoftClientIds: [],
      microsoftRequireVerifiedEmail: false,
      webhookAllowPrivate: false,
      rateLimit: true,
      defaultMaxApplications: 10,
      keyRotationDays: 30,
      keyCheckSeconds: 60,
      keyLeaseSeconds: 60,
      cacheSeconds: 60,
      hashConcurrency: cpus,
      dbPoolSize: 10,
      logLevel: "info",
      webOrigins: ["http://localhost:3000"],
      corsOrigins: [],
      trustedProxies: [],
      limits: { clientPerMinute: 300, loginPerIpPerMinute: 100, passwordPerIpPerMinute: 30 },
      shutdownGraceSeconds: 10,
      webhookTimeoutSeconds: 10,
      importMaxMiB: 16,
    };
    const empty = Object.fromEntries(declared.map(([n]) => [n, ""]));
    for (const env of [{}, empty]) {
      const c = loadConfig(env);
      expect(c).toMatchObject(expected);
      for (const k of ["databaseUrl", "mongodbUrl", "redis", "masterKeys", "bootstrapAdminPassword"] as const)
        expect(c[k]).toBeUndefined();
    }
  });

  test("a cluster or Sentinel defaults to one replica acknowledgement", () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: "127.0.0.1:7000" }).redisMinReplicasAck).toBe(1);
  });

  test("a bad value names the variable, with its type and default from the declaration", () => {
    let error: unknown;
    try {
      loadConfig({ SSO_STORAGE: "cassandra" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe("SSO_STORAGE");
    expect((error as Error).message).toContain("(embedded, postgres or mongo; default embedded)");
    expect((error as Error).message).not.toContain("\n");
  });
});
