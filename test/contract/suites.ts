/** Every contract suite; each run.<adapter>.test.ts runs all of them. Add new suites here. */
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
