// The embedded database's client for drizzle (adapters/postgres/pglite-parsers.ts): a statement in
// one call into PGlite, prepared once, with the same results and errors as PGlite's own `query`.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PGlite } from "@electric-sql/pglite";
import { DRIZZLE_PARSERS, forDrizzle } from "../../adapters/postgres/pglite-parsers";

let raw: PGlite;
let client: PGlite;
let calls = 0;

beforeAll(async () => {
  raw = new PGlite({ parsers: DRIZZLE_PARSERS });
  await raw.waitReady;
  await raw.exec(
    "create table t (id serial primary key, name text unique not null, n bigint, at timestamptz, doc jsonb, ok boolean)",
  );
  const exec = raw.execProtocol.bind(raw);
  raw.execProtocol = ((...a: Parameters<typeof exec>) => {
    calls++;
    return exec(...a);
  }) as typeof exec;
  client = forDrizzle(raw);
});
afterAll(() => raw.close());

const insert = "insert into t (name, n, at, doc) values ($1, $2, $3, $4) returning id, name, n, at, doc";

describe("one trip per statement", () => {
  test("the same rows and fields as PGlite's own query, in both row modes", async () => {
    const params = ["a", 9007199254740993n, "2026-11-28T10:00:00.000Z", '{"k":[1,2]}'];
    for (const rowMode of ["array", "object"] as const) {
      const ours = await client.query(insert, [`${params[0]}-${rowMode}`, ...params.slice(1)], { rowMode });
      const theirs = await raw.query("select id, name, n, at, doc from t where name = $1", [`a-${rowMode}`], {
        rowMode,
      });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.affectedRows).toBe(1);
    }
  });

  test("a statement seen before is one call into PGlite (prepared once, then bound by name)", async () => {
    await client.query("select name from t where id = $1", [1]);
    calls = 0;
    const r = await client.query<{ name: string }>("select name from t where id = $1", [1], { rowMode: "object" });
    expect(r.rows).toEqual([{ name: "a-array" }]);
    expect(calls).toBe(1);
  });

  test("a unique violation is PGlite's error (code and constraint), and the next statement runs", async () => {
    const e = await client.query(insert, ["a-array", null, null, null]).catch((x) => x);
    expect(e.code).toBe("23505");
    expect(e.constraint).toBe("t_name_key");
    expect((await client.query("select count(*)::int as c from t", [], { rowMode: "object" })).rows).toEqual([
      { c: 2 },
    ]);
  });

  test("a value PGlite must serialize by type (a boolean, a Date) takes PGlite's own path, with the same outcome", async () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const r = await client.query<{ ok: boolean; at: string }>(
      "update t set ok = $1, at = $2 where name = $3 returning ok, at",
      [true, at, "a-object"],
      { rowMode: "object" },
    );
    expect(r.rows[0].ok).toBe(true);
    expect(new Date(r.rows[0].at).toISOString()).toBe(at.toISOString());
  });

  test("inside a transaction: a rollback undoes, an error aborts it, and a prepared statement outlives both", async () => {
    await client
      .transaction(async (tx) => {
        await tx.query(insert, ["in-tx", 1, null, null]);
        expect((await tx.query("select count(*)::int as c from t", [], { rowMode: "array" })).rows).toEqual([[3]]);
        throw new Error("undo");
      })
      .catch(() => {});
    expect((await client.query("select count(*)::int as c from t", [], { rowMode: "array" })).rows).toEqual([[2]]);
    const failed = await client
      .transaction(async (tx) => {
        await tx.query(insert, ["a-array", 1, null, null]).catch(() => {});
        // In an aborted transaction every statement is refused, the prepared one too.
        return tx.query("select name from t where id = $1", [1]);
      })
      .catch((x) => x);
    expect(failed.code).toBe("25P02");
    calls = 0;
    expect((await client.query("select name from t where id = $1", [1], { rowMode: "array" })).rows).toEqual([
      ["a-array"],
    ]);
    expect(calls).toBe(1);
  });

  test("a closed transaction is refused as PGlite refuses it", async () => {
    let kept: { query: PGlite["query"] } | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    expect(() => kept!.query("select 1", [])).toThrow("Transaction is closed");
  });
});
