// Graceful shutdown of the real process (docs/security.md, "Shutdown"): on SIGTERM every request
// already in flight gets its complete answer, new connections are refused, the process exits 0.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startService } from "../support/process";

const dir = mkdtempSync(join(tmpdir(), "sso-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ADMIN = { email: "admin@shutdown.test", password: "shutdown-password-1" };

test("SIGTERM with token and login requests in flight: every one is answered in full, then the process exits 0", async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const svc = await startService({
    PORT: String(port),
    HOST: "127.0.0.1",
    SSO_ISSUER: url,
    SSO_DATA_DIR: dir,
    SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    SSO_RATE_LIMIT: "off",
    SSO_HASH_CONCURRENCY: "1",
    SSO_LOG_LEVEL: "info",
  });
  try {
    const json = { "content-type": "application/json" };
    const login = () => fetch(`${url}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
    const admin = (await (await login()).json()) as { accessToken: string };
    const me = (await (
      await fetch(`${url}/api/users/me/memberships`, { headers: { authorization: `Bearer ${admin.accessToken}` } })
    ).json()) as { organizationId: number }[];
    const client = (await (
      await fetch(`${url}/api/clients`, {
        method: "POST",
        headers: { ...json, authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ name: "drain", orgId: me[0].organizationId }),
      })
    ).json()) as { clientId: string; clientSecret: string };
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}`;
    const token = () =>
      fetch(`${url}/oauth2/token`, {
        method: "POST",
        headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      });

    // What the service has received on the two routes: answered (the request counter) plus in
    // flight (the gauge, less the scrape itself).
    const received = async () => {
      const text = await (await fetch(`${url}/metrics`)).text();
      let answered = 0;
      for (const m of text.matchAll(
        /^http_requests_total\{method="POST",route="(\/oauth2\/token|\/api\/auth\/login)",status="\d+"\} (\d+)$/gm,
      ))
        answered += Number(m[2]);
      const inFlight = Number(/^http_requests_in_flight (\d+)$/m.exec(text)?.[1] ?? NaN) - 1;
      return { answered, inFlight, total: answered + inFlight };
    };
    const before = await received();
    expect(before.inFlight).toBe(0);

    // Sign-ins queue on one argon2id slot, so they are still in flight when the signal arrives (five:
    // the per-account lockout counts attempts, and a sixth concurrent one would be refused).
    const inFlight = [...Array.from({ length: 5 }, () => login()), ...Array.from({ length: 50 }, () => token())].map(
      (p) =>
        p.then(
          async (r) => ({ status: r.status, body: await r.text() }),
          (e: Error) => ({ status: 0, body: String(e.message) }),
        ),
    );
    // The signal goes once the service holds every request (a request still in the client or in the
    // listen queue is not in flight; it is refused with the listener), and while some are unanswered.
    let seen = await received();
    for (const deadline = Date.now() + 20_000; seen.total - before.total < inFlight.length && Date.now() < deadline; )
      seen = await received();
    expect(seen.total - before.total).toBe(inFlight.length);
    expect(seen.inFlight).toBeGreaterThan(0);
    svc.proc.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    for (const r of results) expect(() => JSON.parse(r.body)).not.toThrow();

    // New connections are refused once the listener is closed; the process ends cleanly.
    await Bun.sleep(50);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(await svc.proc.exited).toBe(0);
    expect(svc.output()).toContain("stopped cleanly");
  } finally {
    if (svc.proc.exitCode === null) svc.proc.kill("SIGKILL");
  }
}, 60_000);
