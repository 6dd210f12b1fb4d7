/**
 * Starts the real service (`bun src/main.ts`) as a child process, exactly as the README does,
 * for black-box, restart and multi-instance tests.
 */
import { createServer } from "node:net";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningService {
  url: string;
  port: number;
  proc: ReturnType<typeof Bun.spawn>;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns the service and waits until /healthz answers (or the process exits). */
export async function startService(
  env: Record<string, string>,
  opts: { timeoutMs?: number } = {},
): Promise<RunningService> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let out = "";
  // SSO_PROFILE_DIR (benchmarks): the service writes a CPU profile there when it stops (Markdown;
  // with SSO_PROFILE_JSON set, the .cpuprofile JSON that DevTools opens).
  const profile = process.env.SSO_PROFILE_DIR
    ? [process.env.SSO_PROFILE_JSON ? "--cpu-prof" : "--cpu-prof-md", `--cpu-prof-dir=${process.env.SSO_PROFILE_DIR}`]
    : [];
  const proc = Bun.spawn([process.execPath, ...profile, "src/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      SSO_LOG_LEVEL: "warn",
      // SSO_SERVICE_BUN_OPTIONS (benchmarks): Bun flags for the service alone, e.g. "--smol".
      ...(process.env.SSO_SERVICE_BUN_OPTIONS ? { BUN_OPTIONS: process.env.SSO_SERVICE_BUN_OPTIONS } : {}),
      ...env,
      PORT: String(port),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const pump = async (s: ReadableStream<Uint8Array>) => {
    const reader = s.getReader();
    const dec = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      out += dec.decode(value);
    }
  };
  void pump(proc.stdout as ReadableStream<Uint8Array>);
  void pump(proc.stderr as ReadableStream<Uint8Array>);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30000);
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`service exited with ${proc.exitCode}: ${out}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  return {
    url,
    port,
    proc,
    output: () => out,
    async stop() {
      proc.kill("SIGTERM");
      await Promise.race([proc.exited, Bun.sleep(5000)]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
    },
  };
}

/** Runs the service expecting it to fail at start; returns exit code and output. */
export async function runFailing(
  env: Record<string, string>,
  timeoutMs = 20000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", PORT: String(await freePort()), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  const [stdout, stderr] = await Promise.all([
    new Response(proc.stdout as ReadableStream).text(),
    new Response(proc.stderr as ReadableStream).text(),
  ]);
  await proc.exited;
  clearTimeout(timer);
  return { code: proc.exitCode, stdout, stderr };
}

/** A JSON call to a running service: status and parsed body (null when empty). */
export async function callService(
  svc: { url: string },
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const r = await fetch(svc.url + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** `callService` that must answer 200; returns the body, else throws with the answer. */
export async function okService(
  svc: { url: string },
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<any> {
  const r = await callService(svc, method, path, token, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
