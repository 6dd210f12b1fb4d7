// Every repository contract against PostgreSQL twice: sessions and counters in Postgres itself
// (no REDIS_URL deployments) and in Redis. Runs in the CI pass with TEST_STORE=postgres; the
// embedded pass says loudly that it did not run here.
import { describe } from "bun:test";
import { openTestStores, TEST_STORE, REDIS_URL } from "../support/stores";
import { suites } from "./suites";

if (TEST_STORE === "postgres") {
  if (!REDIS_URL) throw new Error("the postgres contract pass needs REDIS_URL (it runs postgres and postgres+redis)");
  for (const redis of [false, true]) {
    const label = redis ? "postgres+redis" : "postgres";
    for (const suite of suites) describe(`${suite.name} contract [${label}]`, () => suite.run(() => openTestStores("postgres", { redis })));
  }
} else {
  console.warn("NOT RUN here: postgres and postgres+redis contract suites (TEST_STORE is not postgres); the CI postgres pass runs them");
}
