/**
 * Leak check of the OpenSSL signing pool alone (no HTTP, no store): 64 signatures in flight for
 * `--seconds` (default 64), a key rotation (load a new kid, retire the old: EVP_PKEY_free and
 * EVP_MD_CTX_free) every `--every` seconds (default 8), and after each one a full collection and a
 * line with this process's RSS (which includes the signing threads' heaps and OpenSSL's allocations),
 * the JS heap, and the keys held. Flat RSS over hundreds of thousands of signatures = nothing leaks.
 *
 *   bun bench/signer-leak.ts [--seconds 64] [--every 8] [--threads <cpus>]
 */
import { cpus } from "node:os";
import { accessTokenClaims } from "./ceilings";
import { signingInput } from "../src/features/tokens/signer";
import { startOpenSslPool } from "../src/features/tokens/signer-openssl";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(arg("seconds") ?? 64);
const every = Number(arg("every") ?? 8);
const { privateKey } = (await crypto.subtle.generateKey(
  { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
  true,
  ["sign"],
)) as CryptoKeyPair;
const der = new Uint8Array(await crypto.subtle.exportKey("pkcs8", privateKey));
const pool = await startOpenSslPool({ library: "libcrypto.so.3", threads: Number(arg("threads") ?? cpus().length) });
let generation = 0;
let kid = `leak-${generation}`;
await pool.load(kid, der);
const mib = (b: number) => Math.round(b / 2 ** 20);
let signs = 0;
let stop = false;
const loop = async () => {
  while (!stop) {
    await pool.sign(kid, signingInput(accessTokenClaims(), kid));
    signs++;
  }
};
const loops = Array.from({ length: 64 }, loop);
for (let t = every; t <= seconds; t += every) {
  await Bun.sleep(every * 1000);
  const old = kid;
  kid = `leak-${++generation}`;
  await pool.load(kid, der);
  pool.retire(old);
  Bun.gc(true);
  const m = process.memoryUsage();
  console.log(
    `t=${t}s signatures=${signs} rss=${mib(m.rss)} MiB heapUsed=${mib(m.heapUsed)} MiB keys=${pool.keyCount()} restarts=${pool.restarts()}`,
  );
}
stop = true;
await Promise.all(loops);
await pool.close();
process.exit(0);
