// adapters/shared/jsonb-text.ts against Postgres itself (PGlite, in process): the MongoDB adapter's
// audit search text must be exactly what `jsonb::text` prints, so `q` finds the same entries.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { jsonbText } from "../../adapters/shared/jsonb-text";

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(() => pg.close());

const values: unknown[] = [
  {},
  [],
  { mode: "web", method: "password", audience: "https://app.test" },
  { b: 1, a: 2, aa: [1, 2, { z: null, y: true }], é: "ü", ab: '"quoted" \\ back\nline\ttab\u0001' },
  {
    email: "u8@x.test",
    note: "100%",
    nested: { deeper: { list: [], empty: {} } },
    n: -12.5,
    zero: 0,
    big: 123456789012,
  },
  { fromOrganizationId: 3, toOrganizationId: 4, mode: "device", audience: "x" },
  { "😀": "emoji key", 日本: "cjk", Z: "upper", a: "lower" },
  ["a", 1, false, null, { k: "v" }],
];

test("matches Postgres's jsonb text output, key order and separators included", async () => {
  for (const v of values) {
    const { rows } = await pg.query<{ t: string }>("select ($1::text)::jsonb::text as t", [JSON.stringify(v)]);
    expect(jsonbText(v)).toBe(rows[0].t);
  }
});

test("undefined members are left out as JSON.stringify does; dates print as their ISO text", () => {
  expect(jsonbText({ a: undefined, b: 1 })).toBe('{"b": 1}');
  expect(jsonbText({ at: new Date("2026-01-02T03:04:05.000Z") })).toBe('{"at": "2026-01-02T03:04:05.000Z"}');
});
