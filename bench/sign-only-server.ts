/**
 * A minimal HTTP server with two routes, each the floor of an endpoint on this machine. Started by
 * ceilings.ts as a child process.
 *
 *   POST /oauth2/token    -> 200 {"access_token": "...", "token_type": "Bearer", "expires_in": 900}
 *                            (signs an access-token-sized RS256 JWT with the signer the service would
 *                            pick, SSO_SIGNER or auto: the ceiling of any token endpoint)
 *   POST /api/auth/login  -> 200 {"ok": true}: one argon2id verification of the body's `password`
 *                            (the service's parameters) and nothing else: the floor of a sign-in
 *   anything else         -> 404
 *
 * Listens on 127.0.0.1, port 0 (or SIGN_ONLY_PORT) and prints `PORT <n>` on stdout once ready.
 * Exits when stdin closes (parent gone), on SIGTERM/SIGINT, or after SIGN_ONLY_MAX_SECONDS (600).
 */
import { cpus } from "node:os";
import { exportPKCS8 } from "jose";
import { createSigner, type SignerMode } from "../src/features/tokens";
import { createLogger } from "../src/http/observability";
import { ARGON2_PARAMS, accessTokenClaims, makeSigningKey } from "./ceilings";

const key = await makeSigningKey();
const signer = await createSigner({
  mode: (process.env.SSO_SIGNER as SignerMode | undefined) ?? "auto",
  library: process.env.SSO_OPENSSL_LIBRARY ?? "libcrypto.so.3",
  threads: Number(process.env.SSO_SIGNER_THREADS ?? cpus().length),
  log: createLogger("silent"),
});
await signer.load(key.kid, key.privateKey, await exportPKCS8(key.privateKey));
const sign = () => signer.sign(accessTokenClaims(), key.kid, key.privateKey);
await sign(); // warm up the signer and the key before accepting traffic
const passwordHash = await Bun.password.hash(process.env.SIGN_ONLY_PASSWORD ?? "floor-password-1", ARGON2_PARAMS);

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.SIGN_ONLY_PORT ?? 0),
  async fetch(req) {
    const url = new URL(req.url);
    if (req.method === "POST" && url.pathname === "/api/auth/login") {
      const { password } = (await req.json()) as { password: string };
      return Response.json({ ok: await Bun.password.verify(password, passwordHash) });
    }
    if (req.method !== "POST" || url.pathname !== "/oauth2/token") {
      return new Response("not found", { status: 404 });
    }
    const accessToken = await sign();
    return Response.json(
      { access_token: accessToken, token_type: "Bearer", expires_in: 900 },
      { headers: { "cache-control": "no-store" } },
    );
  },
});

let stopping = false;
function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  server.stop(true);
  process.exit(code);
}

process.on("SIGTERM", () => shutdown(0));
process.on("SIGINT", () => shutdown(0));
setTimeout(() => shutdown(0), Number(process.env.SIGN_ONLY_MAX_SECONDS ?? 600) * 1000).unref?.();

// Parent gone (or closed our stdin on purpose): stop.
(async () => {
  try {
    const reader = Bun.stdin.stream().getReader();
    while (!(await reader.read()).done) {
      // ignore input
    }
  } catch {}
  shutdown(0);
})();

process.stdout.write(`SIGNER ${signer.name}\nPORT ${server.port}\n`);
