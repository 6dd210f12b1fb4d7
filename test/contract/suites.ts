/** Every contract suite; each run.<adapter>.test.ts runs all of them. Add new suites here. */
import { describe } from "bun:test";
import { openTestStores, REDIS_URL, TEST_STORE } from "../support/stores";
import type { ContractSuite } from "./harness";
import { clientsContract } from "./clients.contract";
import { directoryContract } from "./directory.contract";
import { platformContract } from "./platform.contract";
import { tokenContextContract } from "./token-context.contract";
import { sessionsContract } from "./sessions.contract";
import { unitsContract } from "./units.contract";
import { mfaContract } from "./mfa.contract";

export const suites: ContractSuite[] = [
  platformContract,
  tokenContextContract,
  sessionsContract,
  clientsContract,
  directoryContract,
  unitsContract,
  mfaContract,
];

/**
 * Every suite against a server store twice, sessions and counters in the store itself and in Redis,
 * in the pass whose TEST_STORE names it; other passes say loudly that it did not run there.
 */
export function runOnServerStore(kind: "postgres" | "mongo"): void {
  if (TEST_STORE !== kind) {
    console.warn(`NOT RUN here: ${kind} and ${kind}+redis contract suites (TEST_STORE is not ${kind}); the CI ${kind} pass runs them`);
    return;
  }
  if (!REDIS_URL) throw new Error(`the ${kind} contract pass needs REDIS_URL (it runs ${kind} and ${kind}+redis)`);
  for (const redis of [false, true]) {
    const label = redis ? `${kind}+redis` : kind;
    for (const suite of suites) describe(`${suite.name} contract [${label}]`, () => suite.run(() => openTestStores(kind, { redis })));
  }
}
