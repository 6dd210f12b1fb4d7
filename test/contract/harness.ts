/**
 * Repository contract suites: written once, run unchanged against every adapter
 * (run.embedded.test.ts, run.postgres.test.ts, run.mongo.test.ts). A suite gets a factory that opens
 * fresh, isolated stores and registers its own describe/test blocks.
 */
import type { TestStores } from "../support/stores";

export type MakeStores = () => Promise<TestStores>;

export interface ContractSuite {
  name: string;
  run(make: MakeStores): void;
}
