// Every repository contract against MongoDB (FerretDB v1 in CI) twice: sessions and counters in
// Mongo itself (no REDIS_URL deployments) and in Redis. Runs in the CI pass with TEST_STORE=mongo;
// the other passes say loudly that it did not run there.
import { describe } from "bun:test";
import { openTestStores, TEST_STORE, REDIS_URL } from "../support/stores";
import { suites } from "./suites";

if (TEST_STORE === "mongo") {
  if (!REDIS_URL) throw new Error("the mongo contract pass needs REDIS_URL (it runs mongo and mongo+redis)");
  for (const redis of [false, true]) {
    const label = redis ? "mongo+redis" : "mongo";
    for (const suite of suites) describe(`${suite.name} contract [${label}]`, () => suite.run(() => openTestStores("mongo", { redis })));
  }
} else {
  console.warn("NOT RUN here: mongo and mongo+redis contract suites (TEST_STORE is not mongo); the CI mongo pass runs them");
}
