// Every repository contract against the embedded store (PGlite in memory) twice: sessions and
// counters in SQLite beside it (what an embedded deployment runs) and in PGlite itself.
import { describe } from "bun:test";
import { openTestStores } from "../support/stores";
import { suites } from "./suites";

for (const sessions of ["sqlite", "pglite"] as const) {
  const label = sessions === "sqlite" ? "embedded" : "embedded, sessions in PGlite";
  for (const suite of suites)
    describe(`${suite.name} contract [${label}]`, () =>
      suite.run(() => openTestStores("embedded", { embeddedSessions: sessions })));
}
