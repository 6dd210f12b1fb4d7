/**
 * The harness of the interop tests (test/process/*-relying-parties, saml-sp*): real client
 * programs under examples/ spoken to by lines, a browser without JavaScript that walks the hosted
 * pages, and the rule that a missing tool fails CI (REQUIRE_INTEROP) but only warns elsewhere.
 */
import { expect } from "bun:test";
import { fieldOf } from "./hosted-pages";
import { ROOT } from "./process";

/** Whether `cmd` runs and exits 0 (a tool or a venv's package is installed). */
export function runs(cmd: string[]): boolean {
  try {
    return Bun.spawnSync(cmd, { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  } catch {
    return false;
  }
}

/**
 * Answers `available`; when it is false, throws if REQUIRE_INTEROP is set (CI: `.ci/run` installs
 * the tool, so its absence is a failure), else prints a NOT RUN line naming what is missing.
 */
export function requireInterop(available: boolean, what: string): boolean {
  if (!available && process.env.REQUIRE_INTEROP) throw new Error(`NOT RUN: ${what}, and REQUIRE_INTEROP is set`);
  if (!available) console.warn(`NOT RUN here: ${what}; CI runs it`);
  return available;
}

/**
 * A browser without JavaScript against the service at `base`: a cookie jar over fetch, redirects
 * not followed. `send` takes a path of the service or an absolute URL; a form makes it a POST.
 */
export function cookieBrowser(base: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  async function send(url: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { "accept-language": "en" };
    if (jar.size) headers.cookie = cookie();
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(new URL(url, base), {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const parsed = new Bun.Cookie(c);
      if (parsed.maxAge === 0 || parsed.value === "") jar.delete(parsed.name);
      else jar.set(parsed.name, parsed.value);
    }
    return res;
  }
  return { jar, cookie, send };
}
export type CookieBrowser = ReturnType<typeof cookieBrowser>;

/**
 * A person signs in with a password on the hosted pages that `start` shows (an authorization or a
 * SAML request): the sign-in page, the password form, then the 303s within the service followed.
 * Answers the last response: a page (SAML's auto-posting form) or a 303 leaving the service.
 */
export async function passwordSignIn(
  b: CookieBrowser,
  start: string,
  person: { email: string; password: string },
): Promise<Response> {
  const page = await b.send(start);
  expect(page.status).toBe(200);
  const html = await page.text();
  let res = await b.send("/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    ...person,
  });
  while (res.status === 303 && res.headers.get("location")!.startsWith("/"))
    res = await b.send(res.headers.get("location")!);
  return res;
}

/**
 * A program under examples/ spoken to by lines: it prints a line (a URL to visit, "listening …",
 * a JSON result) and reads what the browser brought back on stdin. Runs from the repository root
 * with the test's environment plus `env`.
 */
export function lineProgram(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const stderr = new Response(proc.stderr as ReadableStream<Uint8Array>).text();
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    proc,
    /** The next line it prints; throws with its output when it stops first. */
    async line(): Promise<string> {
      while (!buffered.includes("\n")) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`${cmd.join(" ")} stopped: ${buffered}${await stderr}`);
        buffered += decoder.decode(value, { stream: true });
      }
      const i = buffered.indexOf("\n");
      const line = buffered.slice(0, i).trim();
      buffered = buffered.slice(i + 1);
      return line;
    },
    async write(line: string): Promise<void> {
      proc.stdin.write(`${line}\n`);
      await proc.stdin.flush();
    },
    /** Closes its stdin and waits for it to exit 0; answers the JSON of its last line. */
    async result(): Promise<any> {
      await proc.stdin.end();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
      }
      const code = await proc.exited;
      if (code !== 0) throw new Error(`${cmd.join(" ")} exited ${code}: ${buffered}${await stderr}`);
      return JSON.parse(buffered.trim().split("\n").at(-1)!);
    },
    /** What it printed on stderr (once it has exited). */
    stderr: () => stderr,
    async stop(): Promise<void> {
      proc.kill();
      await proc.exited;
    },
  };
}
export type LineProgram = ReturnType<typeof lineProgram>;
