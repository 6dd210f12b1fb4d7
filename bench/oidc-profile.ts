/**
 * Where a silent single sign-on's CPU goes, step by step (issue 41): the whole service graph in
 * this process on the test stores (embedded by default; TEST_STORE=postgres|mongo as the tests),
 * one browser signed in once, then N silent flows one after the other (no concurrency, so each
 * figure belongs to one request):
 *
 *   authorize   GET /oauth2/authorize?prompt=none with the session cookie → 303 with the code
 *   exchange    POST /oauth2/token (authorization_code, PKCE) → access token + ID token
 *
 * For each request: the process's CPU (process.cpuUsage: every thread, so the signatures too) and
 * the time spent in each store call (every method of every port of the primary and session stores,
 * wrapped; serial requests, so on the embedded store, whose statements run on this thread, it is
 * CPU; on a server store it is the round trip) with their counts. What remains of a request's CPU
 * beside its store calls is the HTTP layer, the checks, the HTML/JSON and the signatures.
 *
 *   bun bench/oidc-profile.ts [--flows 2000] [--warmup 500]
 *
 * Throughput figures on a shared machine are noise; these are per request and stay put.
 */
import { ISSUER, makeTestApp } from "../test/support/app";
import { browser, fieldOf } from "../test/support/hosted-pages";
import { openTestStores, type TestStores } from "../test/support/stores";

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const FLOWS = arg("flows", 2000);
const WARMUP = arg("warmup", 500);
const REDIRECT = "https://app.bench.local/cb";
const VERIFIER = "bench-oidc-code-verifier-0123456789-abcdefghijk";
const CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update(VERIFIER).digest()).toString("base64url");

/** Time (ms) and calls per `port.method` while `phase` is set. */
const spent = new Map<string, Map<string, { ms: number; calls: number }>>();
let phase: string | null = null;

function timed<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(t, prop, recv) {
      const v = Reflect.get(t, prop, recv);
      if (typeof v !== "function" || typeof prop !== "string") return v;
      return function (this: unknown, ...args: unknown[]) {
        const at = phase;
        const t0 = performance.now();
        const out = v.apply(t, args);
        if (!at || !(out instanceof Promise)) return out;
        const done = () => {
          const m = spent.get(at) ?? new Map();
          spent.set(at, m);
          const e = m.get(`${name}.${prop}`) ?? { ms: 0, calls: 0 };
          e.ms += performance.now() - t0;
          e.calls++;
          m.set(`${name}.${prop}`, e);
        };
        return out.then(
          (x) => (done(), x),
          (e) => {
            done();
            throw e;
          },
        );
      };
    },
  });
}

/** Every port of a store object wrapped (its own methods too). */
function wrapStore<T extends object>(label: string, store: T): T {
  const cache = new Map<string | symbol, unknown>();
  return new Proxy(store, {
    get(t, prop, recv) {
      const v = Reflect.get(t, prop, recv);
      if (cache.has(prop)) return cache.get(prop);
      let w: unknown = v;
      if (v && typeof v === "object" && typeof prop === "string") w = timed(`${label}.${prop}`, v);
      else if (typeof v === "function" && typeof prop === "string") w = timed(label, t as object)[prop as never];
      cache.set(prop, w);
      return w;
    },
  });
}

const raw: TestStores = await openTestStores();
const stores: TestStores = {
  ...raw,
  store: wrapStore("store", raw.store),
  sessions: wrapStore("sessions", raw.sessions),
};
const t = await makeTestApp({ stores });
const admin = await t.adminToken();
const me = (await t.call("GET", "/api/users/me/memberships", { token: admin })).body as { organizationId: number }[];
const orgId = me[0].organizationId;
const app = (
  await t.call("POST", "/api/applications", {
    token: admin,
    body: { organizationId: orgId, identifier: "https://api.bench.local", name: "Bench API" },
  })
).body as { id: number };
const client = (
  await t.call("POST", "/api/clients", {
    token: admin,
    body: {
      name: "Bench web app",
      orgId,
      applicationId: app.id,
      type: "public",
      grantTypes: ["authorization_code", "refresh_token"],
      redirectUris: [REDIRECT],
    },
  })
).body as { clientId: string };
const email = "profile-user@bench.local";
await t.call("POST", "/api/users", {
  token: admin,
  body: { organizationId: orgId, email, fullName: "Profile", password: "bench-oidc-password-1" },
});

let n = 0;
const authorizeUrl = (extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid profile email",
    state: `s${++n}`,
    nonce: `n${n}`,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;
const b = browser(t);
const page = await b.get(authorizeUrl());
const html = await page.text();
await b.post("/oauth2/authorize/password", {
  csrf: fieldOf(html, "csrf"),
  interaction: fieldOf(html, "interaction"),
  email,
  password: "bench-oidc-password-1",
});

const cpu = { authorize: 0, exchange: 0 };
async function flow(measure: boolean) {
  const u0 = process.cpuUsage();
  phase = measure ? "authorize" : null;
  const res = await b.get(authorizeUrl({ prompt: "none" }));
  await res.arrayBuffer();
  const u1 = process.cpuUsage(u0);
  const code = new URL(res.headers.get("location") ?? "", ISSUER).searchParams.get("code");
  if (!code) throw new Error(`authorize answered ${res.status} ${res.headers.get("location")}`);
  phase = measure ? "exchange" : null;
  const u2 = process.cpuUsage();
  const tok = await b.post("/oauth2/token", {
    grant_type: "authorization_code",
    client_id: client.clientId,
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
  });
  const body = (await tok.json()) as { id_token?: string };
  const u3 = process.cpuUsage(u2);
  phase = null;
  if (tok.status !== 200 || !body.id_token) throw new Error(`token answered ${tok.status}`);
  if (measure) {
    cpu.authorize += (u1.user + u1.system) / 1000;
    cpu.exchange += (u3.user + u3.system) / 1000;
  }
}

for (let i = 0; i < WARMUP; i++) await flow(false);
for (let i = 0; i < FLOWS; i++) await flow(true);

const us = (ms: number) => Math.round((ms * 1000) / FLOWS);
console.log(
  `silent SSO, step by step [${process.env.TEST_STORE ?? "embedded"}, ${FLOWS} flows one at a time, bun ${Bun.version}]`,
);
for (const p of ["authorize", "exchange"] as const) {
  const m = [...(spent.get(p) ?? new Map()).entries()].sort((a, b) => b[1].ms - a[1].ms);
  const inStores = m.reduce((s, [, e]) => s + e.ms, 0);
  console.log(`  ${p}: ${us(cpu[p])} µs of process CPU per request; ${us(inStores)} µs in store calls:`);
  for (const [k, e] of m)
    console.log(`    ${k.padEnd(44)} ${String(us(e.ms)).padStart(6)} µs  ${(e.calls / FLOWS).toFixed(2)} calls`);
}
await t.close();
process.exit(0);
