/**
 * `npm run bench`: every benchmark, on loopback, each figure printed beside the ceiling measured in
 * the same run on this machine. Writes the whole result to bench/results/latest.json.
 *
 *   bun bench/run.ts [--seconds 8] [--quick] [--no-postgres] [--no-mongo] [--soak-minutes 10]
 *                    [--only start,token,sessions,oidc,saml,logout,claims,webhooks,import,scim,federation,directory,capacity,soak]
 *
 * Postgres runs use a fresh database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test)
 * and Redis at REDIS_URL (default redis://127.0.0.1:6379). MongoDB runs (token, sessions, directory)
 * use a fresh database on MONGODB_URL's server (default mongodb://127.0.0.1:27018/, the FerretDB of
 * `bash .ci/ferretdb.sh start 27018`) and the same Redis; they run unless --no-mongo is given, and
 * when no server answers there the run says "mongo: NOT RUN (no server at …)" in each section and
 * in latest.json. Each Mongo figure is printed beside the Postgres one and the ceiling.
 * `capacity` (bench/capacity.ts) runs on a private Postgres cluster and redis-server it starts itself
 * (ports 23432 and 23379) and also writes bench/results/capacity.json, the input of
 * `bun bench/capacity-table.ts` (the tables of docs/scaling.md).
 * `oidc` (bench/oidc.ts) runs at most 5 measured seconds per phase (embedded, and Postgres + Redis),
 * with its own ceilings, so the section stays around two minutes. `saml` (bench/saml.ts): SAML
 * sign-ins on an existing session beside OpenID silent SSO on the same service and the signing
 * ceilings (two RSA signatures per Response), embedded and Postgres + Redis. `logout` (bench/logout.ts):
 * introspection beside the refresh path of the same service, and a logout of a person signed in to
 * ten applications (request and delivery of the ten back-channel tokens), embedded and Postgres + Redis.
 * `federation` (bench/federation.ts): a federated sign-in flow per second through an organization's
 * own provider, OIDC (oidc-provider) and SAML (samlify), each beside the same flow with an upstream
 * that answers instantly (its ceiling), embedded and Postgres + Redis, at most 5 measured seconds each.
 * Stop other work on the machine first: the ceilings and the service share its cores.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { mongoAnswers, redactUrl, useMongoUrl } from "./mongo";
import { benchScim } from "./scim";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const quick = process.argv.includes("--quick");
const seconds = Number(arg("seconds") ?? (quick ? 3 : 8));
const postgres = !process.argv.includes("--no-postgres");
const only = new Set(
  (
    arg("only") ??
    "start,token,sessions,oidc,saml,logout,claims,webhooks,import,scim,federation,directory,capacity,soak"
  ).split(","),
);
/** Soak length per store (the footprint issue's leak check is a 10-minute soak). */
const soakMinutes = Number(arg("soak-minutes") ?? (quick ? 1 : 10));
process.env.DATABASE_URL ??= "postgres://postgres:postgres@127.0.0.1:5432/test";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
const redisUrl = process.env.REDIS_URL;

// MongoDB: decided before any benchmark module loads (test/support/stores.ts reads MONGODB_URL once).
const mongoUrl = useMongoUrl();
let mongo = false;
let mongoNote: string;
let mongoServer: string | undefined;
if (process.argv.includes("--no-mongo")) mongoNote = "NOT RUN (--no-mongo)";
else {
  const probe = await mongoAnswers(mongoUrl);
  if (probe.ok) {
    mongo = true;
    mongoServer = probe.server;
    mongoNote = `${redactUrl(mongoUrl)}, ${probe.server}`;
  } else mongoNote = `NOT RUN (no server at ${redactUrl(mongoUrl)}: ${probe.reason})`;
}
const mongoSkipped = `  mongo: ${mongoNote}`;

const { benchDirectory, formatDirectoryComparison } = await import("./directory");
const { benchSessions, formatSessionsBench, runOne: runSessionsOn } = await import("./sessions");
const { benchToken, formatTokenBench } = await import("./token");
const { benchWebhooks, formatWebhookBench } = await import("./webhooks");
const { benchImport, formatImportBench } = await import("./import");
const { benchClaims, formatClaimsBench } = await import("./claims");
const { benchOidc, formatOidcBench } = await import("./oidc");
const { benchLogout, formatLogoutBench } = await import("./logout");
const { benchSaml, formatSamlBench } = await import("./saml");
const { benchFederation, formatFederationBench } = await import("./federation");
const { benchStart, formatStart } = await import("./start");
const { benchSoak, formatSoak } = await import("./soak");
type BenchTokenResult = Awaited<ReturnType<typeof benchToken>>;
type BenchSessionsResult = Awaited<ReturnType<typeof benchSessions>>;
type BenchDirectoryResult = Awaited<ReturnType<typeof benchDirectory>>;

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? "unknown",
  bun: Bun.version,
  date: new Date().toISOString(),
};
console.log(`machine: ${machine.cpus} × ${machine.cpu}, Bun ${machine.bun}`);
console.log(`mongo: ${mongoNote}\n`);
const results: Record<string, unknown> = {
  machine,
  mongo: { ran: mongo, url: redactUrl(mongoUrl), server: mongoServer, note: mongoNote },
};
const failures: string[] = [];

/** A Mongo run that throws is reported (and fails the run at the end) without losing the other figures. */
async function mongoRun<T>(section: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (e) {
    const msg = String((e as Error)?.stack ?? e)
      .split("\n")
      .slice(0, 6)
      .join("\n    ");
    console.log(`  mongo: FAILED in ${section}: ${msg}\n`);
    failures.push(`${section} (mongo): ${String((e as Error)?.message ?? e).split("\n")[0]}`);
    return undefined;
  }
}

const pct = (x: number | undefined) => (x === undefined ? "—" : `${Math.round(x * 1000) / 10} %`);

function tokenSideBySide(runs: BenchTokenResult[]): string {
  const rows = runs.map((r) => [
    r.store,
    r.signer,
    `${r.tokenEndpoint.rps}`,
    `${r.tokenEndpoint.p50} / ${r.tokenEndpoint.p99}`,
    `${r.tokenEndpoint.errors}`,
    r.opensslSpeed && "signPerSec" in r.opensslSpeed ? `${r.opensslSpeed.signPerSec}` : "—",
    pct(r.ratioToOpensslSpeed),
    r.signOnlyRoute ? `${r.signOnlyRoute.rps}` : "—",
    pct(r.ratioToSignOnly),
    r.rs256Sign ? `${r.rs256Sign.opsPerSec}` : "—",
  ]);
  return table(
    "POST /oauth2/token side by side (each against the ceilings of its own run; aim ≥ 70 % of openssl speed, ≥ 85 % of sign-only)",
    [
      "store",
      "signer",
      "req/s",
      "p50 / p99 ms",
      "errors",
      `ceiling: openssl speed -multi ${cpus().length} sign/s`,
      "ratio",
      "ceiling: sign-only req/s",
      "ratio",
      "ceiling: RS256 jose /s",
    ],
    rows,
  );
}

function sessionsSideBySide(r: BenchSessionsResult): string {
  const rows = r.runs.flatMap((run) => [
    [
      run.store,
      "refresh",
      `${run.refresh.rps}`,
      `${run.refresh.p50} / ${run.refresh.p99}`,
      `${run.refresh.errors}`,
      `RS256 ${r.ceilings.rs256SignPerSec} /s`,
      `${pct(run.refreshRatio)} (aim ≥ ${Math.round(run.refreshAim * 100)} %)`,
      r.ceilings.opensslSignPerSec ? `${r.ceilings.opensslSignPerSec}` : "—",
      pct(run.refreshToOpensslSpeed),
    ],
    [
      run.store,
      "login",
      `${run.login.rps}`,
      `${run.login.p50} / ${run.login.p99}`,
      `${run.login.errors}`,
      `argon2id ${r.ceilings.argon2VerifyPerSec} /s`,
      `${pct(run.loginRatio)} (aim ≥ 90 %)`,
      r.ceilings.opensslSignPerSec ? `${r.ceilings.opensslSignPerSec}` : "—",
      r.ceilings.opensslSignPerSec ? pct(run.login.rps / r.ceilings.opensslSignPerSec) : "—",
    ],
  ]);
  return table(
    `Sessions side by side (same ceilings for every store; signer ${r.runs.map((x) => x.signer).join("/")})`,
    [
      "store",
      "figure",
      "req/s",
      "p50 / p99 ms",
      "errors",
      "ceiling",
      "ratio",
      `ceiling: openssl speed -multi ${cpus().length} sign/s`,
      "ratio",
    ],
    rows,
  );
}

function oidcSideBySide(r: Awaited<ReturnType<typeof benchOidc>>): string {
  const rows = r.runs.flatMap((run) => [
    [
      run.store,
      "sign-in via pages",
      `${run.signIn.rps}`,
      `${run.signIn.p50} / ${run.signIn.p99}`,
      `${run.signIn.errors}`,
      `argon2id ${r.ceilings.argon2VerifyPerSec} /s`,
      pct(run.signInRatio),
    ],
    [
      run.store,
      "silent SSO",
      `${run.silent.rps}`,
      `${run.silent.p50} / ${run.silent.p99}`,
      `${run.silent.errors}`,
      `refresh ${run.refresh.rps} /s`,
      pct(run.silentRatio),
    ],
    [
      run.store,
      "code exchange",
      `${run.exchange.rps}`,
      `${run.exchange.p50} / ${run.exchange.p99}`,
      `${run.exchange.errors}`,
      `RS256 ${r.ceilings.rs256SignPerSec} /s ÷ 2${r.ceilings.processorExchangesPerSec ? ` (openssl speed ÷ 2: ${r.ceilings.processorExchangesPerSec} /s, ${pct(run.exchange.rps / r.ceilings.processorExchangesPerSec)})` : ""}`,
      pct(run.exchangeRatio),
    ],
  ]);
  if (r.peer)
    rows.push([
      "oidc-provider",
      "silent SSO (peer)",
      `${r.peer.silent.rps}`,
      `${r.peer.silent.p50} / ${r.peer.silent.p99}`,
      `${r.peer.silent.errors}`,
      ...r.runs
        .map((run) => `ours ${run.store}: ${(run.silent.rps / Math.max(r.peer!.silent.rps, 0.1)).toFixed(2)}×`)
        .slice(0, 1),
      r.runs.length > 1
        ? r.runs
            .slice(1)
            .map((run) => `${run.store} ${(run.silent.rps / Math.max(r.peer!.silent.rps, 0.1)).toFixed(2)}×`)
            .join(", ")
        : "",
    ]);
  return table(
    "OpenID flow side by side (flows/s; p50 / p99 of the whole flow)",
    ["store", "figure", "flows/s", "p50 / p99 ms", "errors", "ceiling", "ratio"],
    rows,
  );
}

function table(title: string, head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)) + 2);
  const line = (cells: string[]) =>
    `  ${cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("")
      .trimEnd()}`;
  return [title, line(head), ...rows.map(line)].join("\n");
}

if (only.has("start")) {
  const r = await benchStart({ runs: quick ? 1 : 3, postgres, redisUrl });
  console.log(formatStart(r) + "\n");
  results.start = r;
}

if (only.has("token")) {
  const runs: BenchTokenResult[] = [];
  const stores: ("embedded" | "postgres")[] = postgres ? ["embedded", "postgres"] : ["embedded"];
  for (const store of stores) {
    const r = await benchToken({ seconds, store, redisUrl });
    console.log(formatTokenBench(r) + "\n");
    runs.push(r);
  }
  if (mongo) {
    const r = await mongoRun("token", () => benchToken({ seconds, store: "mongo", redisUrl }));
    if (r) {
      console.log(formatTokenBench(r) + "\n");
      runs.push(r);
    }
  } else console.log(mongoSkipped + "\n");
  console.log(tokenSideBySide(runs) + "\n");
  results.token = runs;
}

if (only.has("sessions")) {
  const warmupSeconds = quick ? 2 : undefined; // default: 8 s, past the JIT's start-up work
  const r = await benchSessions({ seconds, warmupSeconds, postgres, redisUrl, databaseUrl: process.env.DATABASE_URL });
  if (mongo) {
    const m = await mongoRun("sessions", () =>
      runSessionsOn("mongo", { seconds, warmupSeconds, redisUrl }, r.ceilings),
    );
    if (m) r.runs.push(m);
  }
  console.log(formatSessionsBench(r));
  if (!mongo) console.log(mongoSkipped);
  console.log("\n" + sessionsSideBySide(r) + "\n");
  results.sessions = r;
}

if (only.has("oidc")) {
  const r = await benchOidc({
    seconds: Math.min(seconds, 5),
    warmupSeconds: quick ? 1 : undefined, // default: 8 s, past the JIT's start-up work (both providers)
    postgres,
    redisUrl,
    databaseUrl: process.env.DATABASE_URL,
  });
  console.log(formatOidcBench(r));
  console.log("\n" + oidcSideBySide(r) + "\n");
  results.oidc = r;
}

if (only.has("saml")) {
  const r = await benchSaml({
    seconds: Math.min(seconds, 5),
    warmupSeconds: quick ? 1 : undefined, // default: 8 s, as the OpenID flows
    postgres,
    redisUrl,
    databaseUrl: process.env.DATABASE_URL,
  });
  console.log(formatSamlBench(r) + "\n");
  results.saml = r;
}

if (only.has("logout")) {
  const r = await benchLogout({
    seconds: Math.min(seconds, 5),
    warmupSeconds: quick ? 1 : 2,
    logouts: quick ? 10 : 30,
    postgres,
    redisUrl,
    databaseUrl: process.env.DATABASE_URL,
  });
  console.log(formatLogoutBench(r) + "\n");
  results.logout = r;
}

if (only.has("claims")) {
  const r = await benchClaims({ seconds: Math.min(seconds, 4) });
  console.log(formatClaimsBench(r) + "\n");
  results.claims = r;
}

if (only.has("webhooks")) {
  const r = await benchWebhooks({ seconds, postgres });
  console.log(formatWebhookBench(r) + "\n");
  results.webhooks = r;
}

if (only.has("import")) {
  const r = await benchImport({ users: quick ? 20_000 : 100_000, orgs: quick ? 2_000 : 10_000, postgres });
  console.log(formatImportBench(r) + "\n");
  results.import = r;
}

if (only.has("scim")) {
  // SCIM provisioning (issue 40): users created one at a time as Entra ID and Okta send them,
  // beside the import API's per-user rate on the same store (its ceiling for bulk creation).
  console.log("SCIM user creation, one at a time (probe + POST), beside the import API's per-user rate");
  const users = quick ? 100 : 300;
  const runs = [await benchScim("embedded", users)];
  if (postgres) runs.push(await benchScim("postgres", users));
  for (const r of runs)
    console.log(
      `  ${r.store.padEnd(15)} SCIM ${r.scimUsersPerSecond} users/s   import ${r.importUsersPerSecond} users/s   ratio ${Math.round((r.scimUsersPerSecond / r.importUsersPerSecond) * 1000) / 10} %`,
    );
  console.log("");
  results.scim = runs;
}

if (only.has("federation")) {
  // Enterprise sign-in (issue 38): federated sign-ins per second, OIDC and SAML, each beside the
  // same flow against an upstream that answers instantly (bench/federation.ts says what each does).
  const r = await benchFederation({
    seconds: Math.min(seconds, 5),
    warmupSeconds: quick ? 1 : 2,
    postgres,
    redisUrl,
    databaseUrl: process.env.DATABASE_URL,
  });
  console.log(formatFederationBench(r) + "\n");
  results.federation = r;
}

if (only.has("directory")) {
  const runs: BenchDirectoryResult[] = [];
  const common = { requests: quick ? 100 : 200, maxSecondsPerEndpoint: quick ? 20 : 60, redisUrl };
  if (postgres) runs.push(await benchDirectory({ ...common, store: "postgres" }));
  if (mongo) {
    const r = await mongoRun("directory", () => benchDirectory({ ...common, store: "mongo" }));
    if (r) runs.push(r);
  } else console.log(mongoSkipped);
  if (runs.length) console.log("\n" + formatDirectoryComparison(runs) + "\n");
  results.directory = runs;
}

if (only.has("capacity")) {
  // Per request type: service CPU, Postgres statements, Redis commands (docs/scaling.md).
  const { benchCapacity } = await import("./capacity");
  const { renderTables } = await import("./capacity-table");
  try {
    const r = await benchCapacity({ quick });
    console.log("\n" + renderTables(r) + "\n");
    results.capacity = r;
    mkdirSync(join(import.meta.dir, "results"), { recursive: true });
    writeFileSync(join(import.meta.dir, "results", "capacity.json"), JSON.stringify(r, null, 2) + "\n");
  } catch (e) {
    console.log(`capacity: FAILED: ${String((e as Error)?.message ?? e).split("\n")[0]}\n`);
    failures.push(`capacity: ${String((e as Error)?.message ?? e).split("\n")[0]}`);
  }
}

if (only.has("soak")) {
  const runs = [];
  for (const store of postgres ? (["embedded", "postgres"] as const) : (["embedded"] as const)) {
    const r = await benchSoak({ minutes: soakMinutes, store, log: console.log });
    console.log(formatSoak(r) + "\n");
    runs.push(r);
  }
  results.soak = runs;
}

if (failures.length) results.failures = failures;
const dir = join(import.meta.dir, "results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "latest.json"), JSON.stringify(results, null, 2));
console.log(`\nfull results: ${join(dir, "latest.json")}`);
if (failures.length) {
  console.log(`\nFAILED:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
process.exit(0);
