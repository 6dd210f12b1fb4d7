// Real relying-party libraries sign a person in and validate what they get (issue 26, "How it is
// proven"): the programs under examples/oidc — openid-client (TypeScript, a public client),
// Authlib (Python) and go-oidc with x/oauth2 (Go), both confidential clients — discover the real
// service, print the authorization URL they built (PKCE, state, nonce), and the test walks the
// hosted pages for it without a browser (a cookie jar over fetch, redirects not followed). The
// callback URL goes back to the program, which exchanges the code, validates the ID token
// (signature, iss, aud, exp, nonce, at_hash), calls UserInfo, refreshes once and prints one JSON
// line. The Python venv (OIDC_RP_PYTHON, default .tools/venv/bin/python, with
// examples/oidc/python/requirements.txt) and go come from `.ci/run`; REQUIRE_INTEROP=1 makes their
// absence fail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { fieldOf } from "../support/hosted-pages";
import { freePort, okService, ROOT, type RunningService, startService } from "../support/process";

const EXAMPLES = join(ROOT, "examples", "oidc");
const has = (cmd: string[]) => {
  try {
    return Bun.spawnSync(cmd, { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  } catch {
    return false;
  }
};
const PYTHON = process.env.OIDC_RP_PYTHON ?? join(ROOT, ".tools", "venv", "bin", "python");
const python = has([PYTHON, "-c", "import authlib, requests"]);
const go = has(["go", "version"]);
if ((!python || !go) && process.env.REQUIRE_INTEROP)
  throw new Error(
    `NOT RUN: relying-party interop needs a Python venv with Authlib (${PYTHON}: ${python}) and go (${go}), and REQUIRE_INTEROP is set`,
  );
if (!python || !go)
  console.warn(
    `NOT RUN here: Python/Go relying-party checks (Authlib at ${PYTHON}: ${python}, go: ${go}); CI runs them`,
  );

const ADMIN = { email: "rp-admin@platform.test", password: "rp-password-1" };
const REDIRECT = "http://127.0.0.1:8976/callback";
let svc: RunningService;
let issuer: string;
let adminUid: string;
const clients: { public: string; confidential: { id: string; secret: string } } = {
  public: "",
  confidential: { id: "", secret: "" },
};
const dir = mkdtempSync(join(tmpdir(), "sso-rp-"));
const goBinary = join(dir, "rp-go");

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  svc = await startService(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      SSO_ISSUER: issuer,
      SSO_DATA_DIR: dir,
      SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      SSO_RATE_LIMIT: "off",
    },
    { timeoutMs: 60_000 },
  );
  const admin = (await okService(svc, "POST", "/api/auth/login", undefined, ADMIN)).accessToken as string;
  adminUid = String(decodeJwt(admin).uid);
  const [{ organizationId: orgId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
  const app = await okService(svc, "POST", "/api/applications", admin, {
    organizationId: orgId,
    identifier: "https://notes.rp.test",
    name: "Notes",
  });
  const browserClient = { orgId, applicationId: app.id, grantTypes: ["authorization_code", "refresh_token"] };
  clients.public = (
    await okService(svc, "POST", "/api/clients", admin, {
      ...browserClient,
      name: "Notes SPA",
      type: "public",
      redirectUris: [REDIRECT],
    })
  ).clientId;
  const c = await okService(svc, "POST", "/api/clients", admin, {
    ...browserClient,
    name: "Notes server",
    redirectUris: [REDIRECT],
  });
  clients.confidential = { id: c.clientId, secret: c.clientSecret };
  if (go) {
    const b = Bun.spawnSync(["go", "build", "-o", goBinary, "."], {
      cwd: join(EXAMPLES, "go"),
      env: { ...process.env, GOFLAGS: "-mod=mod" },
      stderr: "pipe",
    });
    if (b.exitCode !== 0) throw new Error(`go build failed: ${b.stderr.toString()}`);
  }
}, 240_000);
afterAll(async () => {
  await svc?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A person signs in on the hosted pages for `authorizeUrl`, in a browser without JavaScript: a
 * cookie jar over fetch, 303s followed within the service; answers the URL the last 303 sends the
 * browser to (the client's redirect URI with code, state and iss).
 */
async function signIn(authorizeUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { "accept-language": "en" };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(new URL(url, issuer), {
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
  };
  const page = await send(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  let res = await send("/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    ...ADMIN,
  });
  while (res.status === 303 && res.headers.get("location")!.startsWith("/"))
    res = await send(res.headers.get("location")!);
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

/** Runs a relying-party program through one sign-in; answers its JSON line. */
async function runRelyingParty(cmd: string[], env: Record<string, string>) {
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: { ...process.env, ISSUER: issuer, REDIRECT_URI: REDIRECT, ...env },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const stderr = new Response(proc.stderr).text();
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let out = "";
  while (!out.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the program printed no authorization URL: ${out}${await stderr}`);
    out += decoder.decode(value, { stream: true });
  }
  const authorizeUrl = new URL(out.slice(0, out.indexOf("\n")).trim());
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${issuer}/oauth2/authorize`);
  const q = authorizeUrl.searchParams;
  expect(q.get("code_challenge_method")).toBe("S256");
  expect(q.get("state")).toBeTruthy();
  expect(q.get("nonce")).toBeTruthy();
  const callback = await signIn(authorizeUrl.href);
  expect(callback.startsWith(`${REDIRECT}?`)).toBe(true);
  proc.stdin.write(`${callback}\n`);
  await proc.stdin.end();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
  }
  const code = await proc.exited;
  if (code !== 0) throw new Error(`exit ${code}: ${out}${await stderr}`);
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

describe("relying-party libraries sign a person in", () => {
  const programs: [string, boolean, () => string[], () => Record<string, string>][] = [
    [
      "TypeScript (openid-client, public client)",
      true,
      () => [process.execPath, join(EXAMPLES, "ts", "rp.ts")],
      () => ({ CLIENT_ID: clients.public }),
    ],
    [
      "Python (Authlib, confidential client)",
      python,
      () => [PYTHON, join(EXAMPLES, "python", "rp.py")],
      () => ({ CLIENT_ID: clients.confidential.id, CLIENT_SECRET: clients.confidential.secret }),
    ],
    [
      "Go (go-oidc + x/oauth2, confidential client)",
      go,
      () => [goBinary],
      () => ({ CLIENT_ID: clients.confidential.id, CLIENT_SECRET: clients.confidential.secret }),
    ],
  ];
  for (const [name, available, cmd, env] of programs) {
    test.if(available)(
      `${name}: code with PKCE, a validated ID token, UserInfo, a refresh`,
      async () => {
        const result = await runRelyingParty(cmd(), env());
        expect(result).toMatchObject({ ok: true, sub: adminUid, email: ADMIN.email });
        expect(result.sid).toBeString();
        expect(result.amr).toContain("pwd");
      },
      60_000,
    );
  }
});

describe("the example web application (examples/oidc/ts/app.ts)", () => {
  test("Sign in → hosted pages → callback → a page showing the ID token's claims", async () => {
    const port = await freePort();
    const app = Bun.spawn([process.execPath, join(EXAMPLES, "ts", "app.ts")], {
      cwd: ROOT,
      env: { ...process.env, ISSUER: issuer, CLIENT_ID: clients.public, PORT: String(port) },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      // Listening once it has said so on stdout.
      const reader = (app.stdout as ReadableStream<Uint8Array>).getReader();
      let said = "";
      while (!said.includes("\n")) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`the app exited: ${said}${await new Response(app.stderr).text()}`);
        said += new TextDecoder().decode(value);
      }
      expect(said).toContain("Example app on");
      const base = `http://127.0.0.1:${port}`;
      const home = await fetch(`${base}/`);
      expect(await home.text()).toContain('href="/login"');
      const login = await fetch(`${base}/login`, { redirect: "manual" });
      expect(login.status).toBe(303);
      const loginCookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
      const callback = await signIn(login.headers.get("location")!);
      expect(callback.startsWith(`${base}/callback?`)).toBe(true);
      const back = await fetch(callback, { headers: { cookie: loginCookie }, redirect: "manual" });
      expect(back.status).toBe(303);
      const sessionCookie = back.headers.getSetCookie()[0]!.split(";")[0]!;
      const page = await (await fetch(`${base}/`, { headers: { cookie: sessionCookie } })).text();
      expect(page).toContain(`Signed in as ${ADMIN.email}`);
      expect(page).toContain(`&#34;sub&#34;: &#34;${adminUid}&#34;`);
      expect(page).toContain(`&#34;iss&#34;: &#34;${issuer}&#34;`);
    } finally {
      app.kill();
      await app.exited;
    }
  }, 60_000);
});
