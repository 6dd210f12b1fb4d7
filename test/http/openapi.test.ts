/**
 * The OpenAPI document as tools meet it: `redocly lint` (recommended rules) finds no error and no
 * warning beyond the ones listed with a reason in .redocly.lint-ignore.yaml; every request body and
 * error response is described; a TypeScript client generated from it (openapi-typescript) type-checks
 * against examples/openapi-client/client.ts; the console's committed client types
 * (console/src/api/schema.d.ts) are what the document generates.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OpenAPI3 } from "openapi-typescript";
import { makeTestApp, type TestApp } from "../support/app";
import { CONSOLE_SCHEMA_FILE, REGENERATE_COMMAND, renderConsoleSchema } from "../support/console-api";
import { ROOT } from "../support/process";

let t: TestApp;
let doc: Record<string, any>;
const file = join(ROOT, ".tmp", "openapi.json");
const run = async (cmd: string[]) => {
  const p = Bun.spawn(cmd, {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1" },
  });
  const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, out: out + err };
};

beforeAll(async () => {
  t = await makeTestApp();
  doc = (await t.call("GET", "/openapi.json")).body;
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  writeFileSync(file, JSON.stringify(doc, null, 2));
});
afterAll(() => t.close());

describe("OpenAPI document", () => {
  test("3.1 with servers, every request body schema-described, every operation with its errors as Problem components", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers[0].url).toBe("http://sso.test");
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Problem", "ValidationProblem", "OAuthError"]),
    );
    let operations = 0;
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        operations++;
        if (op.requestBody)
          expect(
            Object.values<any>(op.requestBody.content)[0].schema.type ??
              Object.values<any>(op.requestBody.content)[0].schema.anyOf,
          ).toBeTruthy();
        expect(Array.isArray(op.security)).toBe(true);
        if (!["/healthz", "/readyz", "/metrics"].includes(path))
          expect(Object.keys(op.responses).some((s) => s.startsWith("4"))).toBe(true);
        expect(JSON.stringify(op)).not.toContain('"nullable"');
        expect(`${method} ${path} ${JSON.stringify(op)}`).not.toMatch(/"format":"integer"/);
      }
    }
    expect(operations).toBeGreaterThan(50);
  });

  test("redocly lint (recommended): no errors, no unlisted warnings", async () => {
    const r = await run([join(ROOT, "node_modules/.bin/redocly"), "lint", ".tmp/openapi.json", "--format=summary"]);
    // (Redocly prints a Node.js deprecation banner; only its findings count.)
    if (r.code !== 0 || /You have \d+ warning|^\s*warning\s/m.test(r.out)) throw new Error(r.out);
  }, 60_000);

  test("a client generated with openapi-typescript type-checks against the example that uses it", async () => {
    const gen = await run([
      join(ROOT, "node_modules/.bin/openapi-typescript"),
      ".tmp/openapi.json",
      "-o",
      "examples/openapi-client/api.d.ts",
    ]);
    expect(gen.code).toBe(0);
    const tsc = await run([join(ROOT, "node_modules/.bin/tsc"), "-p", "examples/openapi-client/tsconfig.json"]);
    if (tsc.code !== 0) throw new Error(tsc.out);
  }, 60_000);

  test("the console's client types (console/src/api/schema.d.ts) are what this document generates", async () => {
    const want = await renderConsoleSchema(doc as OpenAPI3);
    const have = readFileSync(CONSOLE_SCHEMA_FILE, "utf8");
    if (have === want) return;
    const [a, b] = [have.split("\n"), want.split("\n")];
    const line = a.findIndex((l, i) => l !== b[i]);
    throw new Error(
      `console/src/api/schema.d.ts is stale: the API's OpenAPI document changed. Run \`${REGENERATE_COMMAND}\` and commit the file (first difference at line ${line + 1}: committed ${JSON.stringify(a[line])}, generated ${JSON.stringify(b[line])}).`,
    );
  }, 60_000);
});
