/**
 * Directory listings at scale against the real service (`bun src/main.ts`, SSO_STORAGE=postgres):
 * one tenant with 100,000 users, 10,000 organizations (100 divisions × 99 teams under the root),
 * 10,000 role holders at the root and 200,000 audit entries, bulk-inserted with SQL into a fresh
 * database. Measures median / p99 latency (sequential requests, after a warm-up) of:
 *
 *   usersPage        GET /api/users?organizationId=<root>&size=200   (10,000 role holders at the root)
 *   usersTeam        GET /api/users?organizationId=<a team>           (home-org users of one team)
 *   orgsPage         GET /api/organizations?size=100&after=<middle>  (cursor page inside the tenant)
 *   orgSearch        GET /api/organizations/search?q=team-4217        (literal substring, size 50)
 *   auditPage        GET /api/audit?organizationId=<root>             (newest 100 of the subtree)
 *   auditFiltered    GET /api/audit?organizationId=<division>&action=user.updated
 *
 * and prints the EXPLAIN plan shape (index or sequential scan) of the underlying queries. The
 * substring search is the one sequential scan (of one tenant's organizations): a literal infix
 * match cannot use a btree, and pg_trgm is not available on the embedded store.
 * Aim: every median well under 50 ms.
 *
 *   bun bench/directory.ts [--requests 200]
 * Needs DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test); uses REDIS_URL when set.
 */
import postgres from "postgres";
import { startService } from "../test/support/process";
import { freshDatabase } from "../test/support/stores";

export interface BenchDirectoryOptions {
  /** Measured requests per endpoint (default 200), after 20 unmeasured ones. */
  requests?: number;
  users?: number;
  divisions?: number;
  teamsPerDivision?: number;
  auditEntries?: number;
  redisUrl?: string;
  logLevel?: "debug" | "info" | "warn" | "error" | "silent";
  /** Print the table and plans (default true). */
  print?: boolean;
}

export interface LatencyFigure {
  name: string;
  path: string;
  medianMs: number;
  p99Ms: number;
  items: number;
}

export interface BenchDirectoryResult {
  seeded: { users: number; organizations: number; roleHolders: number; auditEntries: number; seedSeconds: number };
  figures: LatencyFigure[];
  plans: { query: string; usesIndex: boolean; plan: string }[];
}

const ADMIN_EMAIL = "bench-admin@platform.test";
const ADMIN_PASSWORD = "bench-admin-password";
const TENANT_ADMIN = "tenant-admin@bench.test";

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const r = await fetch(url, { ...init, headers: { "content-type": "application/json", ...(init.headers ?? {}) } });
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new Error(`${init.method ?? "GET"} ${url} → ${r.status} ${JSON.stringify(body)}`);
  return body;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchDirectory(opts: BenchDirectoryOptions = {}): Promise<BenchDirectoryResult> {
  const requests = opts.requests ?? 200;
  const nUsers = opts.users ?? 100_000;
  const divisions = opts.divisions ?? 100;
  const teams = opts.teamsPerDivision ?? 99;
  const nAudit = opts.auditEntries ?? 200_000;
  const print = opts.print ?? true;
  const log = (...a: unknown[]) => print && console.log(...a);

  const db = await freshDatabase();
  const service = await startService({
    SSO_STORAGE: "postgres",
    DATABASE_URL: db.url,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, SSO_REDIS_PREFIX: `bench${Date.now()}:` } : {}),
    SSO_MASTER_KEY: Buffer.alloc(32, 9).toString("base64"),
    SSO_ISSUER: "http://bench.test",
    SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN_EMAIL,
    SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SSO_RATE_LIMIT: "off",
    SSO_LOG_LEVEL: opts.logLevel ?? "warn",
  });
  const sql = postgres(db.url, { max: 4, onnotice: () => {} });
  try {
    const api = service.url;
    const login = async (email: string, password: string) => (await json(`${api}/api/auth/login`, { method: "POST", body: JSON.stringify({ email, password }) })).accessToken as string;
    const platform = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    // The tenant through the real API: provisioning, then a tenant admin with a password.
    const prov = await json(`${api}/api/platform/tenants`, { method: "POST", headers: auth(platform), body: JSON.stringify({ orgName: "Bench Corp", adminEmail: "owner@bench.test", adminFullName: "Owner" }) });
    const tenantId: number = prov.tenantId;
    const rootId: number = prov.rootOrgId;
    const roles = await json(`${api}/api/roles?organizationId=${rootId}`, { headers: auth(platform) });
    await json(`${api}/api/users`, { method: "POST", headers: auth(platform), body: JSON.stringify({ organizationId: rootId, email: TENANT_ADMIN, fullName: "Tenant Admin", password: ADMIN_PASSWORD, roleId: roles[0].id }) });
    const member = await json(`${api}/api/roles`, { method: "POST", headers: auth(platform), body: JSON.stringify({ organizationId: rootId, name: "Member", permissionCodes: [] }) });

    // Bulk seed with SQL.
    const t0 = performance.now();
    const rootPath = `/${tenantId}/${rootId}/`;
    await sql`insert into organizations (tenant_id, parent_id, path, name, slug, type)
      select ${tenantId}, ${rootId}, '', 'Division ' || g, 'div-' || g, 'division' from generate_series(1, ${divisions}) g`;
    await sql`update organizations set path = ${rootPath} || id || '/' where tenant_id = ${tenantId} and parent_id = ${rootId} and path = ''`;
    await sql`insert into organizations (tenant_id, parent_id, path, name, slug, type)
      select ${tenantId}, d.id, '', 'Team ' || ((row_number() over (order by d.id, g)))::text, 'team-' || ((row_number() over (order by d.id, g)))::text, 'team'
      from organizations d cross join generate_series(1, ${teams}) g where d.tenant_id = ${tenantId} and d.parent_id = ${rootId}`;
    await sql`update organizations c set path = p.path || c.id || '/' from organizations p where c.tenant_id = ${tenantId} and c.parent_id = p.id and c.path = ''`;
    const [{ n: nOrgs }] = await sql`select count(*)::int as n from organizations where tenant_id = ${tenantId}`;
    await sql`insert into users (tenant_id, organization_id, email, full_name, password_hash, status)
      select ${tenantId}, o.ids[1 + (g % array_length(o.ids, 1))], 'user' || g || '@bench.test', 'Bench User ' || g, null, 'ACTIVE'
      from generate_series(1, ${nUsers}) g, (select array_agg(id order by id) as ids from organizations where tenant_id = ${tenantId} and id <> ${rootId}) o`;
    const holders = Math.min(10_000, nUsers);
    await sql`insert into user_roles (tenant_id, user_id, role_id, organization_id)
      select ${tenantId}, id, ${member.id}, ${rootId} from users where tenant_id = ${tenantId} and email like 'user%@bench.test' order by id limit ${holders}`;
    await sql`insert into audit_log (tenant_id, organization_id, org_path, user_id, actor_id, action, ip_address, metadata, created_at)
      select ${tenantId}, o.ids[1 + g % array_length(o.ids, 1)], o.paths[1 + g % array_length(o.ids, 1)], 1000 + g % 5000, 1,
             (array['user.created','user.updated','role.assigned','org.updated','auth.login.succeeded'])[1 + g % 5],
             '10.0.' || (g % 250) || '.1', jsonb_build_object('n', g), now() - make_interval(secs => ${nAudit} - g)
      from generate_series(1, ${nAudit}) g,
           (select array_agg(id order by id) as ids, array_agg(path order by id) as paths from organizations where tenant_id = ${tenantId}) o`;
    await sql`analyze`;
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`seeded tenant ${tenantId}: ${nUsers} users, ${nOrgs} organizations, ${holders} role holders at the root, ${nAudit} audit entries in ${seedSeconds.toFixed(1)} s`);

    const token = await login(TENANT_ADMIN, ADMIN_PASSWORD);
    const [{ id: teamId }] = await sql`select id from organizations where tenant_id = ${tenantId} and type = 'team' order by id offset 500 limit 1`;
    const [{ id: divId }] = await sql`select id from organizations where tenant_id = ${tenantId} and type = 'division' order by id offset 40 limit 1`;
    const [{ id: midOrg }] = await sql`select id from organizations where tenant_id = ${tenantId} order by id offset ${Math.floor(nOrgs / 2)} limit 1`;
    const middle = Buffer.from(`o:${midOrg}`).toString("base64url");

    const endpoints: { name: string; path: string }[] = [
      { name: "usersPage", path: `/api/users?organizationId=${rootId}&size=200` },
      { name: "usersTeam", path: `/api/users?organizationId=${teamId}` },
      { name: "orgsPage", path: `/api/organizations?size=100&after=${middle}` },
      { name: "orgSearch", path: `/api/organizations/search?q=team-4217` },
      { name: "auditPage", path: `/api/audit?organizationId=${rootId}` },
      { name: "auditFiltered", path: `/api/audit?organizationId=${divId}&action=user.updated` },
    ];
    const figures: LatencyFigure[] = [];
    for (const e of endpoints) {
      let items = 0;
      const times: number[] = [];
      for (let i = 0; i < requests + 20; i++) {
        const s = performance.now();
        const r = await fetch(`${api}${e.path}`, { headers: auth(token) });
        const body = (await r.json()) as any;
        const ms = performance.now() - s;
        if (r.status !== 200) throw new Error(`${e.path} → ${r.status} ${JSON.stringify(body)}`);
        items = Array.isArray(body) ? body.length : body.items.length;
        if (i >= 20) times.push(ms);
      }
      times.sort((a, b) => a - b);
      figures.push({ name: e.name, path: e.path, medianMs: +pct(times, 50).toFixed(2), p99Ms: +pct(times, 99).toFixed(2), items });
    }

    // Plans of the underlying queries (same shapes the adapters issue).
    const explain = async (label: string, q: Promise<{ "QUERY PLAN": string }[]>) => {
      const plan = (await q).map((r) => r["QUERY PLAN"]).join("\n");
      return { query: label, usesIndex: /Index (Only )?Scan|Bitmap Index Scan/.test(plan) && !/Seq Scan on (users|organizations|audit_log|user_roles)/.test(plan), plan };
    };
    const plans = [
      await explain("users by org (home ∪ holders)", sql`explain select * from users where tenant_id = ${tenantId} and id in (select id from ((select id from users where tenant_id = ${tenantId} and organization_id = ${rootId} and status <> 'ERASED' order by id limit 200) union (select user_id from user_roles where tenant_id = ${tenantId} and organization_id = ${rootId} order by user_id limit 200)) ids) and status <> 'ERASED' order by id limit 200` as never),
      await explain("organizations page", sql`explain select * from organizations where tenant_id = ${tenantId} and (path in (${rootPath}) or path like ${rootPath + "%"}) and id > ${midOrg} order by id limit 101` as never),
      await explain("organization search", sql`explain select * from organizations where tenant_id = ${tenantId} and (path in (${rootPath}) or path like ${rootPath + "%"}) and (strpos(lower(name), 'team-4217') > 0 or strpos(slug, 'team-4217') > 0) order by id limit 50` as never),
      await explain("audit page", sql`explain select * from audit_log where tenant_id = ${tenantId} and org_path like ${rootPath + "%"} order by id desc limit 100` as never),
    ];

    if (print) {
      console.log("\nendpoint         median ms   p99 ms   items   path");
      for (const f of figures) console.log(`${f.name.padEnd(16)} ${String(f.medianMs).padStart(9)} ${String(f.p99Ms).padStart(8)} ${String(f.items).padStart(7)}   ${f.path}`);
      console.log("\nplans:");
      for (const p of plans) console.log(`- ${p.query}: ${p.usesIndex ? "index" : "NO INDEX"}\n    ${p.plan.split("\n").slice(0, 8).join("\n    ")}`);
      const worst = Math.max(...figures.map((f) => f.medianMs));
      console.log(`\nworst median ${worst} ms (aim: well under 50 ms)`);
    }
    return { seeded: { users: nUsers, organizations: nOrgs, roleHolders: holders, auditEntries: nAudit, seedSeconds }, figures, plans };
  } finally {
    await sql.end({ timeout: 5 });
    await service.stop();
    await db.drop();
  }
}

if (import.meta.main) {
  const i = process.argv.indexOf("--requests");
  await benchDirectory({ requests: i > 0 ? Number(process.argv[i + 1]) : undefined, redisUrl: process.env.REDIS_URL });
}
