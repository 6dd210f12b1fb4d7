// Every repository contract against PostgreSQL twice: sessions and counters in Postgres itself
// (no REDIS_URL deployments) and in Redis. Runs in the CI pass with TEST_STORE=postgres.
import { runOnServerStore } from "./suites";

runOnServerStore("postgres");
