/**
 * Bulk import at scale (issue: 100,000 users, 10,000 organizations, 100 roles, 100,000 assignments
 * in one commit): generates the payload, commits it to the real service (child process) and prints
 * the wall time of validate and commit, the payload size, and the service's peak RSS while it
 * worked. Aims: commit under 60 s on Postgres, under 3 min embedded; memory bounded.
 *
 *   bun bench/import.ts [--users 100000] [--orgs 10000] [--postgres]
 */
import { BENCH_ADMIN, json, withService } from "./sessions";

export interface ImportBenchRun {
  store: "embedded" | "postgres+redis";
  sizes: { users: number; orgs: number; roles: number; assignments: number; payloadMiB: number };
  validateSeconds: number;
  commitSeconds: number;
  status: string;
  peakRssMiB: number;
  idleRssMiB: number;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** One user in 20 brings a bcrypt hash; the others get invites. */
export async function importPayload(rootParentOrgId: number, users: number, orgs: number) {
  const bcrypt = await Bun.password.hash("migrated-password", { algorithm: "bcrypt", cost: 4 });
  const organizations = Array.from({ length: orgs }, (_, i) => ({
    externalId: `o${i}`,
    name: `Org ${i}`,
    slug: `bench-o${i}`,
    ...(i > 0 ? { parentExternalId: i < 10 ? "o0" : `o${i % 10}` } : {}),
  }));
  const applications = [
    { externalId: "app", orgExternalId: "o0", identifier: "https://bench-import.local", name: "Bench" },
  ];
  const permissions = Array.from({ length: 10 }, (_, i) => ({
    externalId: `p${i}`,
    appExternalId: "app",
    code: `bench.p${i}`,
  }));
  const roles = Array.from({ length: 100 }, (_, i) => ({
    externalId: `r${i}`,
    orgExternalId: `o${i % 10}`,
    name: `Role ${i}`,
    scope: "SUBTREE",
    permissionExternalIds: [`p${i % 10}`],
  }));
  const userDefs = Array.from({ length: users }, (_, i) => ({
    externalId: `u${i}`,
    orgExternalId: `o${i % orgs}`,
    email: `u${i}@b.io`,
    fullName: `U${i}`,
    ...(i % 20 === 0 ? { passwordBcrypt: bcrypt } : {}),
  }));
  const assignments = Array.from({ length: users }, (_, i) => ({
    userExternalId: `u${i}`,
    roleExternalId: `r${i % 100}`,
    orgExternalId: `o${i % orgs}`,
  })).filter((a) => {
    // The role's org is o(r % 10); the assignment org must be it or below it.
    const roleOrg = Number(a.roleExternalId.slice(1)) % 10;
    const org = Number(a.orgExternalId.slice(1));
    return org === roleOrg || org % 10 === roleOrg;
  });
  return { rootParentOrgId, organizations, applications, permissions, roles, users: userDefs, assignments };
}

async function runOne(
  store: "embedded" | "postgres",
  users: number,
  orgs: number,
  log: (l: string) => void,
): Promise<ImportBenchRun> {
  // The default import limit is 16 MiB; this payload is about 17 MiB (SSO_IMPORT_MAX_MIB raises it).
  return withService(store, { env: { SSO_LOG_LEVEL: "warn", SSO_IMPORT_MAX_MIB: "64" } }, async (svc) => {
    const { accessToken: token } = await json(`${svc.url}/api/auth/login`, BENCH_ADMIN);
    const [{ organizationId: root }] = await (
      await fetch(`${svc.url}/api/users/me/memberships`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const payload = await importPayload(root, users, orgs);
    const body = JSON.stringify(payload);
    const rss = async () =>
      Number(/process_resident_memory_bytes (\d+)/.exec(await (await fetch(`${svc.url}/metrics`)).text())?.[1] ?? 0) /
      2 ** 20;
    const idleRssMiB = await rss();
    let peak = idleRssMiB;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rss().catch(() => 0));
        await Bun.sleep(250);
      }
    })();
    const post = async (path: string) => {
      const t0 = performance.now();
      const r = await fetch(`${svc.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
      const report = await r.json();
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(report).slice(0, 300)}`);
      return { seconds: (performance.now() - t0) / 1000, report };
    };
    log(`  [${store}] validate ${users} users, ${orgs} orgs (${round(body.length / 2 ** 20)} MiB)`);
    const v = await post("/api/import/validate");
    if (v.report.status !== "VALID")
      throw new Error(`bench payload invalid: ${JSON.stringify(v.report.errors.slice(0, 3))}`);
    log(`  [${store}] commit`);
    const c = await post("/api/import/commit");
    sampling = false;
    await sampler;
    return {
      store: store === "embedded" ? "embedded" : "postgres+redis",
      sizes: {
        users,
        orgs,
        roles: payload.roles.length,
        assignments: payload.assignments.length,
        payloadMiB: round(body.length / 2 ** 20),
      },
      validateSeconds: round(v.seconds),
      commitSeconds: round(c.seconds),
      status: c.report.status,
      peakRssMiB: round(peak),
      idleRssMiB: round(idleRssMiB),
    };
  });
}

export async function benchImport(
  opts: { users?: number; orgs?: number; postgres?: boolean; log?: (l: string) => void } = {},
): Promise<ImportBenchRun[]> {
  const runs: ImportBenchRun[] = [];
  for (const store of opts.postgres ? (["postgres", "embedded"] as const) : (["embedded"] as const))
    runs.push(await runOne(store, opts.users ?? 100_000, opts.orgs ?? 10_000, opts.log ?? (() => {})));
  return runs;
}

export function formatImportBench(runs: ImportBenchRun[]): string {
  const lines = ["Import [one commit]"];
  for (const r of runs) {
    const aim = r.store === "embedded" ? 180 : 60;
    lines.push(
      `  [${r.store}] ${r.sizes.users} users, ${r.sizes.orgs} orgs, ${r.sizes.roles} roles, ${r.sizes.assignments} assignments (${r.sizes.payloadMiB} MiB): validate ${r.validateSeconds} s, commit ${r.commitSeconds} s (${r.status}; aim < ${aim} s, ${r.commitSeconds < aim ? "met" : "NOT met"}); service RSS ${r.idleRssMiB} MiB idle, ${r.peakRssMiB} MiB peak`,
    );
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const runs = await benchImport({
    users: Number(arg("users") ?? 100_000),
    orgs: Number(arg("orgs") ?? 10_000),
    postgres: process.argv.includes("--postgres"),
    log: console.log,
  });
  console.log(formatImportBench(runs));
  process.exit(0);
}
