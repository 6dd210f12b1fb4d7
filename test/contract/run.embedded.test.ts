// Every repository contract against the embedded store (PGlite in memory, sessions in the primary store).
import { describe } from "bun:test";
import { openTestStores } from "../support/stores";
import { suites } from "./suites";

for (const suite of suites) describe(`${suite.name} contract [embedded]`, () => suite.run(() => openTestStores("embedded")));
