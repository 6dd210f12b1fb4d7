// Real relying-party libraries sign a person in and validate what they get (issue 26, "How it is
// proven"): the programs under examples/oidc — openid-client (TypeScript, a public client),
// Authlib (Python) and go-oidc with x/oauth2 (Go), both confidential clients — discover the real
// service, print the authorization URL they built (PKCE, state, nonce), and the test walks the
// hosted pages for it without a browser (a cookie jar over fetch, redirects not followed). The
// callback URL goes back to the program, which exchanges the code, validates the ID token
// (signature, iss, aud, exp, nonce, at_hash), calls UserInfo, refreshes once and prints one JSON
// line. The Python venv (OIDC_RP_PYTHON, default .tools/venv/bin/python, with
// examples/oidc/python/requirements.txt) and go come from `.ci/run`; REQUIRE_INTEROP=1 makes their
// absence fail. The Spring Boot application (examples/oidc/java-spring: spring-boot-starter-oauth2-client
// signing people in, spring-boot-starter-oauth2-resource-server taking access tokens on /api) runs
// as the jar `.ci/run` builds (SPRING_RP_JAR); without it the test builds the jar with Maven. Java
// (and Maven, without SPRING_RP_JAR) must be present: their absence fails this file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { cookieBrowser, lineProgram, passwordSignIn, requireInterop, runs } from "../support/interop";
import { freePort, okService, ROOT, type RunningService, startService } from "../support/process";

const EXAMPLES = join(ROOT, "examples", "oidc");
const PYTHON = process.env.OIDC_RP_PYTHON ?? join(ROOT, ".tools", "venv", "bin", "python");
const python = runs([PYTHON, "-c", "import authlib, requests"]);
const go = runs(["go", "version"]);
requireInterop(
  python && go,
  `relying-party interop needs a Python venv with Authlib (${PYTHON}: ${python}) and go (${go})`,
);

const SPRING = join(EXAMPLES, "java-spring");
const java = runs(["java", "-version"]);
const mvn = runs(["mvn", "-v"]);
if (!java || (!process.env.SPRING_RP_JAR && !mvn))
  throw new Error(
    `the Spring relying party needs Java 17 (java: ${java}) and, without SPRING_RP_JAR, Maven (mvn: ${mvn}); .ci/run installs both`,
  );

const ADMIN = { email: "rp-admin@platform.test", password: "rp-password-1" };
const REDIRECT = "http://127.0.0.1:8976/callback";
let svc: RunningService;
let issuer: string;
let adminUid: string;
let adminToken: string;
let orgId: number;
let appId: number;
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
  adminToken = admin;
  adminUid = String(decodeJwt(admin).uid);
  [{ organizationId: orgId }] = await okService(svc, "GET", "/api/users/me/memberships", admin);
  const app = await okService(svc, "POST", "/api/applications", admin, {
    organizationId: orgId,
    identifier: "https://notes.rp.test",
    name: "Notes",
  });
  appId = app.id;
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
 * A person signs in on the hosted pages for `authorizeUrl`, in a browser without JavaScript;
 * answers the URL the last 303 sends the browser to (the client's redirect URI with code, state and iss).
 */
async function signIn(authorizeUrl: string): Promise<string> {
  const res = await passwordSignIn(cookieBrowser(issuer), authorizeUrl, ADMIN);
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

/** Runs a relying-party program through one sign-in; answers its JSON line. */
async function runRelyingParty(cmd: string[], env: Record<string, string>) {
  const rp = lineProgram(cmd, { ISSUER: issuer, REDIRECT_URI: REDIRECT, ...env });
  const authorizeUrl = new URL(await rp.line());
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${issuer}/oauth2/authorize`);
  const q = authorizeUrl.searchParams;
  expect(q.get("code_challenge_method")).toBe("S256");
  expect(q.get("state")).toBeTruthy();
  expect(q.get("nonce")).toBeTruthy();
  const callback = await signIn(authorizeUrl.href);
  expect(callback.startsWith(`${REDIRECT}?`)).toBe(true);
  await rp.write(callback);
  return rp.result();
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
    const app = lineProgram([process.execPath, join(EXAMPLES, "ts", "app.ts")], {
      ISSUER: issuer,
      CLIENT_ID: clients.public,
      PORT: String(port),
    });
    try {
      // Listening once it has said so on stdout.
      expect(await app.line()).toContain("Example app on");
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
      await app.stop();
    }
  }, 60_000);
});

describe("Spring Security (examples/oidc/java-spring): spring-boot-starter-oauth2-client and -resource-server", () => {
  let jar = process.env.SPRING_RP_JAR ?? "";

  beforeAll(() => {
    if (jar) return;
    const b = Bun.spawnSync(["mvn", "-q", "-B", "package", "-DskipTests"], {
      cwd: SPRING,
      stdout: "pipe",
      stderr: "pipe",
    });
    if (b.exitCode !== 0) throw new Error(`mvn package failed: ${b.stdout.toString()}${b.stderr.toString()}`);
    jar = join(SPRING, "target", "sso-spring-example.jar");
  }, 300_000);

  /** Starts the jar with the guide's environment; answers its base URL and a stop function. */
  async function startSpring(port: number, env: Record<string, string>) {
    const proc = Bun.spawn(
      ["java", "-XX:TieredStopAtLevel=1", "-jar", jar, `--server.port=${port}`, "--server.address=127.0.0.1"],
      {
        cwd: SPRING,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
    let said = "";
    while (!said.includes("Started SignInApplication")) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the Spring application exited: ${said}${await new Response(proc.stderr).text()}`);
      said += new TextDecoder().decode(value);
    }
    // Keep draining its output so it never blocks on a full pipe.
    (async () => {
      while (!(await reader.read()).done) {}
    })();
    return {
      base: `http://127.0.0.1:${port}`,
      stop: async () => {
        proc.kill();
        await proc.exited;
      },
    };
  }

  for (const type of ["confidential", "public"] as const) {
    test(`a ${type} client: the person signs in (PKCE, nonce) and the page shows their claims`, async () => {
      const port = await freePort();
      const redirect = `http://127.0.0.1:${port}/login/oauth2/code/sso`;
      const c = await okService(svc, "POST", "/api/clients", adminToken, {
        orgId,
        applicationId: appId,
        grantTypes: ["authorization_code", "refresh_token"],
        name: `Notes Spring ${type}`,
        type,
        redirectUris: [redirect],
      });
      const env: Record<string, string> = {
        ISSUER: issuer,
        CLIENT_ID: c.clientId,
        REDIRECT_URI: redirect,
        AUDIENCE: "https://notes.rp.test",
        ...(type === "confidential" ? { CLIENT_SECRET: c.clientSecret } : { CLIENT_AUTHENTICATION_METHOD: "none" }),
      };
      const spring = await startSpring(port, env);
      try {
        const { send: visit } = cookieBrowser(spring.base);
        const first = await visit("/");
        expect(first.status).toBe(302);
        const start = await visit(first.headers.get("location")!);
        expect(start.status).toBe(302);
        const authorizeUrl = new URL(start.headers.get("location")!);
        expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${issuer}/oauth2/authorize`);
        expect(authorizeUrl.searchParams.get("client_id")).toBe(c.clientId);
        expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
        expect(authorizeUrl.searchParams.get("nonce")).toBeTruthy();
        const callback = await signIn(authorizeUrl.href);
        expect(callback.startsWith(`${redirect}?`)).toBe(true);
        const back = await visit(callback);
        expect(back.status).toBe(302);
        const home = await visit(back.headers.get("location")!);
        expect(home.status).toBe(200);
        const claims = await home.json();
        expect(claims).toMatchObject({ iss: issuer, sub: adminUid, email: ADMIN.email });
        expect(claims.aud).toContain(c.clientId);

        // The resource server: an access token for the application's audience opens /api/me; a
        // token for another audience or none does not.
        expect((await fetch(`${spring.base}/api/me`)).status).toBe(401);
        const plain = (await okService(svc, "POST", "/api/auth/login", undefined, ADMIN)).accessToken;
        const other = await fetch(`${spring.base}/api/me`, { headers: { authorization: `Bearer ${plain}` } });
        expect(other.status).toBe(401);
        const forNotes = (
          await okService(svc, "POST", "/api/auth/login", undefined, { ...ADMIN, audience: "https://notes.rp.test" })
        ).accessToken;
        const me = await fetch(`${spring.base}/api/me`, { headers: { authorization: `Bearer ${forNotes}` } });
        expect([me.status, me.headers.get("www-authenticate")]).toEqual([200, null]);
        const token = await me.json();
        expect(token).toMatchObject({ iss: issuer, uid: decodeJwt(forNotes).uid });
        expect(token.aud).toContain("https://notes.rp.test");
      } finally {
        await spring.stop();
      }
    }, 120_000);
  }
});
