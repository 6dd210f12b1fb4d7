/** Every contract suite; each run.<adapter>.test.ts runs all of them. Add new suites here. */
import type { ContractSuite } from "./harness";

export const suites: ContractSuite[] = [];
