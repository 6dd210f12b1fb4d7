/**
 * The console's API types (console/src/api/schema.d.ts): generated with openapi-typescript from the
 * OpenAPI document the service itself serves at /openapi.json, obtained in-process (no server, no
 * network). The file is committed so a fresh clone's `tsc -p console` needs no generation step;
 * test/http/console-api-schema.test.ts fails when it differs from what this produces.
 *
 *   npm run console:api      regenerate the file after a route or schema change
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { makeTestApp } from "./app";
import { ROOT } from "./process";

export const CONSOLE_SCHEMA_FILE = join(ROOT, "console", "src", "api", "schema.d.ts");
export const REGENERATE_COMMAND = "npm run console:api";

const HEADER = `/**
 * GENERATED from the service's own /openapi.json by test/support/console-api.ts; do not edit.
 * Regenerate with \`${REGENERATE_COMMAND}\` after a route or schema change (a test fails until then).
 */

`;

/** The service's OpenAPI document, as GET /openapi.json answers it. */
export async function serviceOpenApi(): Promise<OpenAPI3> {
  const t = await makeTestApp();
  try {
    const r = await t.call("GET", "/openapi.json");
    if (r.status !== 200) throw new Error(`GET /openapi.json answered ${r.status}`);
    return r.body as OpenAPI3;
  } finally {
    await t.close();
  }
}

const byKey = <T>(o: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The text of console/src/api/schema.d.ts for `doc`. Paths and components are taken in key order, so
 * the file depends on what the API is, not on the order in which routes are mounted.
 */
export async function renderConsoleSchema(doc: OpenAPI3): Promise<string> {
  const components = doc.components as Record<string, Record<string, unknown>> | undefined;
  const canonical: OpenAPI3 = {
    ...doc,
    paths: doc.paths && byKey(doc.paths),
    components:
      components &&
      (Object.fromEntries(Object.entries(components).map(([k, v]) => [k, byKey(v)])) as OpenAPI3["components"]),
  };
  return HEADER + astToString(await openapiTS(canonical));
}

if (import.meta.main) {
  writeFileSync(CONSOLE_SCHEMA_FILE, await renderConsoleSchema(await serviceOpenApi()));
  console.log(`wrote ${CONSOLE_SCHEMA_FILE}`);
}
