/**
 * The two signers side by side (issue 30), alternating in rounds so that whatever else the machine
 * does falls on both alike:
 *
 *   raw      signatures/s of the signer itself in this process (64 in flight), and the CPU of this
 *            process per signature (all its threads: the OpenSSL workers or Bun's WebCrypto pool)
 *   route    the sign-only Bun route (bench/sign-only-server.ts) over loopback, 64 connections
 *   endpoint POST /oauth2/token of the real service, embedded store, 64 connections
 *
 * beside `openssl speed -multi <cores> rsa2048` measured at the start of each round.
 *
 *   bun bench/signer.ts [--seconds 5] [--rounds 2] [--only raw,route,endpoint]
 */
import { cpus } from "node:os";
import { exportPKCS8 } from "jose";
import { createSigner, type JwsSigner } from "../src/features/tokens";
import { createLogger } from "../src/http/observability";
import { accessTokenClaims, makeSigningKey, opensslSpeedCeiling, signOnlyRouteCeiling, timedLoops } from "./ceilings";
import { benchToken } from "./token";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(arg("seconds") ?? 5);
const rounds = Number(arg("rounds") ?? 2);
const only = new Set((arg("only") ?? "raw,route,endpoint").split(","));
const SIGNERS = ["openssl", "webcrypto"] as const;
const round1 = (n: number) => Math.round(n * 10) / 10;

const key = await makeSigningKey();
const pem = await exportPKCS8(key.privateKey);
const inProcess: Record<string, JwsSigner> = {};
for (const mode of SIGNERS) {
  inProcess[mode] = await createSigner({
    mode,
    library: "libcrypto.so.3",
    threads: cpus().length,
    log: createLogger("silent"),
  });
  await inProcess[mode].load(key.kid, key.privateKey, pem);
}

async function raw(signer: JwsSigner) {
  const c0 = process.cpuUsage();
  const { ops, elapsedSec } = await timedLoops(seconds, 64, () =>
    signer.sign(accessTokenClaims(), key.kid, key.privateKey),
  );
  const c = process.cpuUsage(c0);
  return { perSec: round1(ops / elapsedSec), cpuUsPerSign: Math.round((c.user + c.system) / ops) };
}

const rows: string[][] = [];
for (let r = 1; r <= rounds; r++) {
  const speed = await opensslSpeedCeiling({ seconds: Math.min(seconds, 3) });
  const ceiling = "signPerSec" in speed ? speed.signPerSec : undefined;
  for (const mode of SIGNERS) {
    process.env.SSO_SIGNER = mode; // read by the sign-only child and the service (bench/ceilings.ts signerEnv)
    const cells: Record<string, string> = {};
    if (only.has("raw")) {
      const x = await raw(inProcess[mode]);
      cells.raw = `${x.perSec} /s, ${x.cpuUsPerSign} µs CPU each`;
    }
    if (only.has("route")) cells.route = `${(await signOnlyRouteCeiling({ seconds, warmupSeconds: 1 })).rps} req/s`;
    if (only.has("endpoint")) {
      const t = await benchToken({ seconds, warmupSeconds: 2, skipCeilings: true });
      cells.endpoint = `${t.tokenEndpoint.rps} req/s (${t.signer}, errors ${t.tokenEndpoint.errors}${ceiling ? `, ${round1((t.tokenEndpoint.rps / ceiling) * 100)} % of openssl speed` : ""})`;
    }
    rows.push([`${r}`, mode, `${ceiling ?? "—"}`, cells.raw ?? "—", cells.route ?? "—", cells.endpoint ?? "—"]);
    console.error(`round ${r} ${mode} done`);
  }
}
const head = [
  "round",
  "signer",
  `openssl speed -multi ${cpus().length}`,
  "raw signer",
  "sign-only route",
  "POST /oauth2/token",
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i].length)) + 2);
for (const line of [head, ...rows])
  console.log(
    line
      .map((c, i) => c.padEnd(widths[i]))
      .join("")
      .trimEnd(),
  );
for (const s of Object.values(inProcess)) s.close();
process.exit(0);
