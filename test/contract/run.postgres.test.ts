// Every repository contract against PostgreSQL (+ Redis for sessions when REDIS_URL is set).
// Runs in the CI pass with TEST_STORE=postgres; the embedded pass says loudly that it did not run here.
import { describe } from "bun:test";
import { openTestStores, TEST_STORE, REDIS_URL } from "../support/stores";
import { suites } from "./suites";

if (TEST_STORE === "postgres") {
  const label = REDIS_URL ? "postgres+redis" : "postgres";
  for (const suite of suites) describe(`${suite.name} contract [${label}]`, () => suite.run(() => openTestStores("postgres")));
} else {
  console.warn("NOT RUN here: postgres contract suites (TEST_STORE is not postgres); the CI postgres pass runs them");
}
