// The signer at start, as a real process: SSO_SIGNER=openssl without a usable library stops the
// start in one line; auto falls back to WebCrypto and says so; the log line and /metrics name it.
import { describe, expect, test } from "bun:test";
import { createLocalJWKSet, jwtVerify } from "jose";
import { runFailing, startService } from "../support/process";

const MISSING = "/nonexistent/libcrypto.so.3";

describe("the signer at start", () => {
  test("SSO_SIGNER=openssl with a missing library: one clear line, exit 1", async () => {
    const r = await runFailing({ SSO_DATA_DIR: "memory://", SSO_SIGNER: "openssl", SSO_OPENSSL_LIBRARY: MISSING });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines.length).toBe(1);
    expect(lines[0]).toContain("SSO_SIGNER=openssl");
    expect(lines[0]).toContain(MISSING);
    expect(r.stderr).not.toContain("    at ");
  }, 30_000);

  test("SSO_SIGNER=openssl with a library that is not OpenSSL: one clear line, exit 1", async () => {
    const r = await runFailing({ SSO_DATA_DIR: "memory://", SSO_SIGNER: "openssl", SSO_OPENSSL_LIBRARY: "libz.so.1" });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(/SSO_SIGNER=openssl.*OpenSSL_version/);
  }, 30_000);

  for (const [name, env, expected] of [
    ["auto with a missing library falls back to webcrypto", { SSO_OPENSSL_LIBRARY: MISSING }, "webcrypto"],
    ["auto with the system's libcrypto runs openssl", {}, "openssl"],
  ] as const)
    test(`${name}, says so in its start-up line and in /metrics`, async () => {
      const svc = await startService({
        SSO_DATA_DIR: "memory://",
        SSO_LOG_LEVEL: "info",
        SSO_BOOTSTRAP_ADMIN_EMAIL: "admin@signer.test",
        SSO_BOOTSTRAP_ADMIN_PASSWORD: "signer-test-password",
        ...env,
      });
      try {
        const line = svc
          .output()
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l))
          .find((l) => String(l.msg).startsWith("signer: "));
        expect(line).toMatchObject({ msg: expect.stringContaining(`signer: ${expected}`), signer: expected });
        if (expected === "webcrypto") expect(line.reason).toContain(MISSING);
        const metrics = await (await fetch(`${svc.url}/metrics`)).text();
        expect(metrics).toContain(`sso_signer_info{signer="${expected}"} 1`);
        // A token that signer signed verifies against the published set.
        const login = await fetch(`${svc.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@signer.test", password: "signer-test-password" }),
        });
        expect(login.status).toBe(200);
        const { accessToken } = (await login.json()) as { accessToken: string };
        const keys = createLocalJWKSet(await (await fetch(`${svc.url}/.well-known/jwks.json`)).json());
        expect((await jwtVerify(accessToken, keys, { algorithms: ["RS256"], typ: "at+jwt" })).payload.sub).toBeString();
      } finally {
        await svc.stop();
      }
    }, 60_000);
});
