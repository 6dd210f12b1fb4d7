// Every repository contract against MongoDB (FerretDB v1 in CI) twice: sessions and counters in
// Mongo itself (no REDIS_URL deployments) and in Redis. Runs in the CI pass with TEST_STORE=mongo.
import { runOnServerStore } from "./suites";

runOnServerStore("mongo");
