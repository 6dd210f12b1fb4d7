/**
 * Prints the machine's ceilings as JSON:  bun bench/ceilings-demo.ts [seconds]
 */
import { argon2VerifyCeiling, rs256SignCeiling, signOnlyRouteCeiling } from "./ceilings";

const seconds = Number(process.argv[2] ?? 5);

const rs256Sign = await rs256SignCeiling({ seconds });
const argon2Verify = await argon2VerifyCeiling({ seconds });
const signOnlyRoute = await signOnlyRouteCeiling({ seconds });

console.log(
  JSON.stringify(
    {
      host: {
        cpus: navigator.hardwareConcurrency,
        bun: Bun.version,
        platform: `${process.platform}-${process.arch}`,
      },
      rs256Sign,
      argon2Verify,
      signOnlyRoute,
    },
    null,
    2,
  ),
);
