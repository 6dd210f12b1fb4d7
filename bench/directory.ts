/**
 * Directory listings at scale against the real service (`bun src/main.ts`, SSO_STORAGE=postgres or
 * SSO_STORAGE=mongo): one tenant with 100,000 users, 10,000 organizations (100 divisions × 99 teams
 * under the root), 10,000 role holders at the root and 200,000 audit entries, bulk-inserted into a
 * fresh database straight through the store's own client (Postgres: set-based SQL; MongoDB: the
 * driver's insertMany in batches of 10,000, documents shaped as adapters/mongo/schema.ts documents
 * them, numeric ids reserved from the `sequences` collection exactly as the adapter's `nextIds`
 * does, so the service's later ids follow the seeded ones). The tenant, its admin and the Member
 * role are created through the API first; the seeded rows are the same on both stores (same names,
 * same org of each user, same holders, same audit actions, paths and times). Measures median / p99
 * latency (sequential requests, after a warm-up) of:
 *
 *   usersPage        GET /api/users?organizationId=<root>&size=200   (10,000 role holders at the root)
 *   usersTeam        GET /api/users?organizationId=<a team>           (home-org users of one team)
 *   orgsPage         GET /api/organizations?size=100&after=<middle>  (cursor page inside the tenant)
 *   orgSearch        GET /api/organizations/search?q=team-4217        (literal substring, size 50)
 *   auditPage        GET /api/audit?organizationId=<root>             (newest 100 of the subtree)
 *   auditFiltered    GET /api/audit?organizationId=<division>&action=user.updated
 *
 * and prints the plan shape (index or scan) of the underlying queries: EXPLAIN on Postgres, the
 * `explain` command on MongoDB (winning plan stages; on FerretDB v1 the SQLite plan and whether
 * filter / sort / limit were pushed down). On Postgres the substring search is the one sequential
 * scan (of one tenant's organizations): a literal infix match cannot use a btree, and pg_trgm is
 * not available on the embedded store.
 * Aim: every median well under 50 ms.
 *
 * Each endpoint stops after `requests` measured requests or `maxSecondsPerEndpoint` seconds,
 * whichever comes first (a store that scans can take seconds per request); `samples` says how many
 * were measured.
 *
 *   bun bench/directory.ts [--requests 200] [--store postgres|mongo] [--max-seconds 60]
 * Postgres needs DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), MongoDB
 * MONGODB_URL's (default mongodb://127.0.0.1:27018/); both use REDIS_URL when set.
 */
import { MongoClient, type Db, type Document } from "mongodb";
import postgres from "postgres";
import { startService } from "../test/support/process";
import { useMongoUrl } from "./mongo";

export type DirectoryBenchStore = "postgres" | "mongo";

export interface BenchDirectoryOptions {
  /** Store the service runs on (default "postgres"). */
  store?: DirectoryBenchStore;
  /** Measured requests per endpoint (default 200), after 20 unmeasured ones. */
  requests?: number;
  /** Time budget per endpoint, warm-up included (default 60 s); at least one request is measured. */
  maxSecondsPerEndpoint?: number;
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
  /** Measured requests (fewer than asked when the endpoint's time budget ran out). */
  samples: number;
}

export interface BenchDirectoryResult {
  store: "postgres" | "postgres+redis" | "mongo" | "mongo+redis";
  seeded: { users: number; organizations: number; roleHolders: number; auditEntries: number; seedSeconds: number };
  figures: LatencyFigure[];
  plans: { query: string; usesIndex: boolean; plan: string }[];
}

const ADMIN_EMAIL = "bench-admin@platform.test";
const ADMIN_PASSWORD = "bench-admin-password";
const TENANT_ADMIN = "tenant-admin@bench.test";
const ACTIONS = ["user.created", "user.updated", "role.assigned", "org.updated", "auth.login.succeeded"];

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const r = await fetch(url, { ...init, headers: { "content-type": "application/json", ...(init.headers ?? {}) } });
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new Error(`${init.method ?? "GET"} ${url} → ${r.status} ${JSON.stringify(body)}`);
  return body;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** The tenant made through the API, and the sizes to seed into it. */
interface SeedInput {
  tenantId: number;
  rootId: number;
  rootPath: string;
  memberRoleId: number;
  nUsers: number;
  divisions: number;
  teams: number;
  nAudit: number;
}

/** What the benchmark needs from a store: the bulk seed, the orgs to query, the plans. */
interface Seeder {
  seed(s: SeedInput): Promise<{ nOrgs: number; holders: number }>;
  /** A team (the 501st by id), a division (the 41st) and the tenant's middle org. */
  pick(s: SeedInput, nOrgs: number): Promise<{ teamId: number; divId: number; midOrg: number }>;
  plans(s: SeedInput, midOrg: number): Promise<BenchDirectoryResult["plans"]>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Postgres: set-based SQL

function postgresSeeder(url: string): Seeder {
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  return {
    async seed({ tenantId, rootId, rootPath, memberRoleId, nUsers, divisions, teams, nAudit }) {
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
        select ${tenantId}, id, ${memberRoleId}, ${rootId} from users where tenant_id = ${tenantId} and email like 'user%@bench.test' order by id limit ${holders}`;
      await sql`insert into audit_log (tenant_id, organization_id, org_path, user_id, actor_id, action, ip_address, metadata, created_at)
        select ${tenantId}, o.ids[1 + g % array_length(o.ids, 1)], o.paths[1 + g % array_length(o.ids, 1)], 1000 + g % 5000, 1,
               (array['user.created','user.updated','role.assigned','org.updated','auth.login.succeeded'])[1 + g % 5],
               '10.0.' || (g % 250) || '.1', jsonb_build_object('n', g), now() - make_interval(secs => ${nAudit} - g)
        from generate_series(1, ${nAudit}) g,
             (select array_agg(id order by id) as ids, array_agg(path order by id) as paths from organizations where tenant_id = ${tenantId}) o`;
      await sql`analyze`;
      return { nOrgs, holders };
    },
    async pick({ tenantId }, nOrgs) {
      const [{ id: teamId }] =
        await sql`select id from organizations where tenant_id = ${tenantId} and type = 'team' order by id offset 500 limit 1`;
      const [{ id: divId }] =
        await sql`select id from organizations where tenant_id = ${tenantId} and type = 'division' order by id offset 40 limit 1`;
      const [{ id: midOrg }] =
        await sql`select id from organizations where tenant_id = ${tenantId} order by id offset ${Math.floor(nOrgs / 2)} limit 1`;
      return { teamId, divId, midOrg };
    },
    async plans({ tenantId, rootId, rootPath }, midOrg) {
      // Same shapes the adapters issue.
      const explain = async (label: string, q: Promise<{ "QUERY PLAN": string }[]>) => {
        const plan = (await q).map((r) => r["QUERY PLAN"]).join("\n");
        return {
          query: label,
          usesIndex:
            /Index (Only )?Scan|Bitmap Index Scan/.test(plan) &&
            !/Seq Scan on (users|organizations|audit_log|user_roles)/.test(plan),
          plan,
        };
      };
      return [
        await explain(
          "users by org (home ∪ holders)",
          sql`explain select * from users where tenant_id = ${tenantId} and id in (select id from ((select id from users where tenant_id = ${tenantId} and organization_id = ${rootId} and status <> 'ERASED' order by id limit 200) union (select user_id from user_roles where tenant_id = ${tenantId} and organization_id = ${rootId} order by user_id limit 200)) ids) and status <> 'ERASED' order by id limit 200` as never,
        ),
        await explain(
          "organizations page",
          sql`explain select * from organizations where tenant_id = ${tenantId} and (path in (${rootPath}) or path like ${rootPath + "%"}) and id > ${midOrg} order by id limit 101` as never,
        ),
        await explain(
          "organization search",
          sql`explain select * from organizations where tenant_id = ${tenantId} and (path in (${rootPath}) or path like ${rootPath + "%"}) and (strpos(lower(name), 'team-4217') > 0 or strpos(slug, 'team-4217') > 0) order by id limit 50` as never,
        ),
        await explain(
          "audit page",
          sql`explain select * from audit_log where tenant_id = ${tenantId} and org_path like ${rootPath + "%"} order by id desc limit 100` as never,
        ),
      ];
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

// ---------------------------------------------------------------------------------------------
// MongoDB: insertMany straight into the collections (adapters/mongo/schema.ts)

const BATCH = 10_000;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Reserves `n` ids of the sequence `kind` as adapters/mongo/db.ts `nextIds` does; returns the first. */
async function reserveIds(db: Db, kind: string, n: number): Promise<number> {
  const r = await db
    .collection<{ _id: string; seq: number }>("sequences")
    .findOneAndUpdate({ _id: kind }, { $inc: { seq: n } }, { upsert: true, returnDocument: "after" });
  return r!.seq - n + 1;
}

async function insertBatched(db: Db, name: string, count: number, make: (i: number) => Document): Promise<void> {
  for (let i = 0; i < count; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => make(i + k));
    await db.collection(name).insertMany(docs, { ordered: true });
  }
}

/** The plan of a find, in a few lines: the winning plan's stages (MongoDB) or FerretDB v1's SQLite plan and pushdowns. */
function mongoPlan(e: Document): { text: string; usesIndex: boolean } {
  if (
    e.ferretdbVersion !== undefined ||
    e.serverInfo?.ferretdbVersion !== undefined ||
    Array.isArray(e.queryPlanner?.Plan)
  ) {
    const lines = ((e.queryPlanner?.Plan ?? []) as string[]).map((l) =>
      l.replace(/^id=\d+ parent=\d+ notused=\d+ detail=/, ""),
    );
    const text = [
      `FerretDB ${e.serverInfo?.ferretdbVersion ?? ""}: ${lines.join("; ")}`,
      `filterPushdown ${e.filterPushdown} sortPushdown ${e.sortPushdown} limitPushdown ${e.limitPushdown}`,
    ].join("\n");
    return {
      text,
      usesIndex:
        lines.some((l) => /USING (COVERING )?INDEX|USING (INTEGER )?PRIMARY KEY/.test(l)) &&
        !lines.some((l) => /^SCAN /.test(l)),
    };
  }
  const stages: string[] = [];
  const walk = (p: Document | undefined) => {
    if (!p) return;
    stages.push(p.indexName ? `${p.stage}(${p.indexName})` : String(p.stage));
    walk(p.inputStage);
    for (const s of (p.inputStages ?? []) as Document[]) walk(s);
  };
  walk(e.queryPlanner?.winningPlan?.queryPlan ?? e.queryPlanner?.winningPlan);
  return {
    text: stages.join(" ← "),
    usesIndex: stages.some((s) => s.startsWith("IXSCAN")) && !stages.some((s) => s.startsWith("COLLSCAN")),
  };
}

function mongoSeeder(url: string): Seeder {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000 });
  const db = client.db();
  return {
    async seed({ tenantId, rootId, rootPath, memberRoleId, nUsers, divisions, teams, nAudit }) {
      const now = new Date();
      // Organizations: divisions under the root, then teams numbered in (division id, g) order.
      const firstDiv = await reserveIds(db, "organizations", divisions);
      const firstTeam = await reserveIds(db, "organizations", divisions * teams);
      const org = (id: number, parentId: number, path: string, type: string, name: string, slug: string) => ({
        _id: id,
        tenantId,
        parentId,
        path,
        type,
        name,
        slug,
        status: "ACTIVE",
        expiresAt: null,
        createdAt: now,
        updatedAt: now,
      });
      const divPath = (d: number) => `${rootPath}${firstDiv + d}/`;
      await insertBatched(db, "organizations", divisions, (d) =>
        org(firstDiv + d, rootId, divPath(d), "division", `Division ${d + 1}`, `div-${d + 1}`),
      );
      await insertBatched(db, "organizations", divisions * teams, (k) => {
        const id = firstTeam + k;
        const d = Math.floor(k / teams);
        return org(id, firstDiv + d, `${divPath(d)}${id}/`, "team", `Team ${k + 1}`, `team-${k + 1}`);
      });
      const orgs = (
        await db
          .collection("organizations")
          .find({ tenantId }, { projection: { _id: 1, path: 1 } })
          .sort({ _id: 1 })
          .toArray()
      ).map((o) => ({ id: o._id as unknown as number, path: o.path as string }));
      const nOrgs = orgs.length;
      const homes = orgs.filter((o) => o.id !== rootId).map((o) => o.id);

      // Users: user g (1-based) in home org homes[g % n], as the SQL seed's ids[1 + g % n].
      const firstUser = await reserveIds(db, "users", nUsers);
      await insertBatched(db, "users", nUsers, (i) => {
        const g = i + 1;
        return {
          _id: firstUser + i,
          tenantId,
          organizationId: homes[g % homes.length],
          email: `user${g}@bench.test`,
          fullName: `Bench User ${g}`,
          passwordHash: null,
          status: "ACTIVE",
          mfaEnabled: false,
          createdAt: now,
          updatedAt: now,
        };
      });

      // Role holders: the first 10,000 seeded users hold Member at the root.
      const holders = Math.min(10_000, nUsers);
      await insertBatched(db, "user_roles", holders, (i) => {
        const userId = firstUser + i;
        return {
          _id: `${userId}:${memberRoleId}:${rootId}`,
          userId,
          roleId: memberRoleId,
          organizationId: rootId,
          tenantId,
          createdAt: now,
        };
      });

      // Audit: entry g (1-based) at org orgs[g % n], one second apart, the newest now.
      const firstAudit = await reserveIds(db, "audit_log", nAudit);
      await insertBatched(db, "audit_log", nAudit, (i) => {
        const g = i + 1;
        const o = orgs[g % nOrgs];
        const metadata = { n: g };
        return {
          _id: firstAudit + i,
          tenantId,
          organizationId: o.id,
          orgPath: o.path,
          userId: 1000 + (g % 5000),
          actorId: 1,
          action: ACTIONS[g % 5],
          ipAddress: `10.0.${g % 250}.1`,
          metadata,
          metadataText: JSON.stringify(metadata),
          createdAt: new Date(now.getTime() - (nAudit - g) * 1000),
        };
      });
      return { nOrgs, holders };
    },
    async pick({ tenantId }, nOrgs) {
      const orgs = db.collection("organizations");
      const one = async (filter: Document, skip: number) =>
        (
          await orgs
            .find(filter, { projection: { _id: 1 } })
            .sort({ _id: 1 })
            .skip(skip)
            .limit(1)
            .toArray()
        )[0]?._id as unknown as number;
      return {
        teamId: await one({ tenantId, type: "team" }, 500),
        divId: await one({ tenantId, type: "division" }, 40),
        midOrg: await one({ tenantId }, Math.floor(nOrgs / 2)),
      };
    },
    async plans({ tenantId, rootId, rootPath }, midOrg) {
      // Same shapes adapters/mongo issues (users.ts listByOrg, orgs.ts listReachable / search, audit.ts query).
      const reach = { $or: [{ path: { $in: [rootPath] } }, { path: { $regex: `^${escapeRegex(rootPath)}` } }] };
      const explain = async (label: string, find: Document) => {
        const e = await db.command({ explain: find, verbosity: "queryPlanner" });
        const { text, usesIndex } = mongoPlan(e);
        return { query: label, usesIndex, plan: text };
      };
      return [
        await explain("users by org: home", {
          find: "users",
          filter: { tenantId, organizationId: rootId, status: { $ne: "ERASED" } },
          projection: { _id: 1 },
          sort: { _id: 1 },
          limit: 200,
        }),
        await explain("users by org: holders", {
          find: "user_roles",
          filter: { tenantId, organizationId: rootId },
          projection: { _id: 0, userId: 1 },
          sort: { userId: 1 },
        }),
        await explain("organizations page", {
          find: "organizations",
          filter: { $and: [{ tenantId }, reach, { _id: { $gt: midOrg } }] },
          sort: { _id: 1 },
          limit: 101,
        }),
        await explain("organization search", {
          find: "organizations",
          filter: {
            $and: [
              { tenantId },
              reach,
              { $or: [{ name: { $regex: "team-4217", $options: "i" } }, { slug: { $regex: "team-4217" } }] },
            ],
          },
          sort: { _id: 1 },
          limit: 50,
        }),
        await explain("audit page", {
          find: "audit_log",
          filter: { $and: [{ orgPath: { $regex: `^${escapeRegex(rootPath)}` } }, { tenantId }] },
          sort: { _id: -1 },
          limit: 100,
        }),
      ];
    },
    close: () => client.close(),
  };
}

// ---------------------------------------------------------------------------------------------

export async function benchDirectory(opts: BenchDirectoryOptions = {}): Promise<BenchDirectoryResult> {
  const kind = opts.store ?? "postgres";
  const requests = opts.requests ?? 200;
  const budgetMs = (opts.maxSecondsPerEndpoint ?? 60) * 1000;
  const nUsers = opts.users ?? 100_000;
  const divisions = opts.divisions ?? 100;
  const teams = opts.teamsPerDivision ?? 99;
  const nAudit = opts.auditEntries ?? 200_000;
  const print = opts.print ?? true;
  const label: BenchDirectoryResult["store"] = opts.redisUrl ? `${kind}+redis` : kind;
  const log = (...a: unknown[]) => print && console.log(...a);

  if (kind === "mongo") useMongoUrl();
  // Imported here: test/support/stores.ts reads MONGODB_URL when first loaded.
  const { freshServerStore } = await import("../test/support/stores");
  const db = await freshServerStore(kind);
  const url = kind === "mongo" ? db.env.MONGODB_URL : db.env.DATABASE_URL;
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  let seeder: Seeder | undefined;
  try {
    service = await startService(
      {
        ...db.env,
        ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, SSO_REDIS_PREFIX: `bench${Date.now()}:` } : {}),
        SSO_MASTER_KEY: Buffer.alloc(32, 9).toString("base64"),
        SSO_ISSUER: "http://bench.test",
        SSO_BOOTSTRAP_ADMIN_EMAIL: ADMIN_EMAIL,
        SSO_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SSO_RATE_LIMIT: "off",
        SSO_LOG_LEVEL: opts.logLevel ?? "warn",
      },
      { timeoutMs: 60_000 },
    );
    seeder = kind === "mongo" ? mongoSeeder(url) : postgresSeeder(url);
    const api = service.url;
    const login = async (email: string, password: string) =>
      (await json(`${api}/api/auth/login`, { method: "POST", body: JSON.stringify({ email, password }) }))
        .accessToken as string;
    const platform = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    // The tenant through the real API: provisioning, then a tenant admin with a password.
    const prov = await json(`${api}/api/platform/tenants`, {
      method: "POST",
      headers: auth(platform),
      body: JSON.stringify({ orgName: "Bench Corp", adminEmail: "owner@bench.test", adminFullName: "Owner" }),
    });
    const tenantId: number = prov.tenantId;
    const rootId: number = prov.rootOrgId;
    const roles = await json(`${api}/api/roles?organizationId=${rootId}`, { headers: auth(platform) });
    await json(`${api}/api/users`, {
      method: "POST",
      headers: auth(platform),
      body: JSON.stringify({
        organizationId: rootId,
        email: TENANT_ADMIN,
        fullName: "Tenant Admin",
        password: ADMIN_PASSWORD,
        roleId: roles[0].id,
      }),
    });
    const member = await json(`${api}/api/roles`, {
      method: "POST",
      headers: auth(platform),
      body: JSON.stringify({ organizationId: rootId, name: "Member", permissionCodes: [] }),
    });

    // Bulk seed straight into the store.
    const input: SeedInput = {
      tenantId,
      rootId,
      rootPath: `/${tenantId}/${rootId}/`,
      memberRoleId: member.id,
      nUsers,
      divisions,
      teams,
      nAudit,
    };
    const t0 = performance.now();
    const { nOrgs, holders } = await seeder.seed(input);
    const seedSeconds = (performance.now() - t0) / 1000;
    log(
      `[${label}] seeded tenant ${tenantId}: ${nUsers} users, ${nOrgs} organizations, ${holders} role holders at the root, ${nAudit} audit entries in ${seedSeconds.toFixed(1)} s`,
    );

    const token = await login(TENANT_ADMIN, ADMIN_PASSWORD);
    const { teamId, divId, midOrg } = await seeder.pick(input, nOrgs);
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
      const get = async () => {
        const s = performance.now();
        const r = await fetch(`${api}${e.path}`, { headers: auth(token) });
        const body = (await r.json()) as any;
        const ms = performance.now() - s;
        if (r.status !== 200) throw new Error(`${e.path} → ${r.status} ${JSON.stringify(body)}`);
        items = Array.isArray(body) ? body.length : body.items.length;
        return ms;
      };
      const start = performance.now();
      // Warm-up: 20 unmeasured requests, or fewer once they have used a quarter of the budget.
      for (let i = 0; i < 20 && (i === 0 || performance.now() - start < budgetMs / 4); i++) await get();
      const times: number[] = [];
      while (times.length < requests && (times.length === 0 || performance.now() - start < budgetMs))
        times.push(await get());
      times.sort((a, b) => a - b);
      figures.push({
        name: e.name,
        path: e.path,
        medianMs: +pct(times, 50).toFixed(2),
        p99Ms: +pct(times, 99).toFixed(2),
        items,
        samples: times.length,
      });
      if (times.length < requests)
        log(`[${label}] ${e.name}: ${times.length} of ${requests} requests measured within ${budgetMs / 1000} s`);
    }

    const plans = await seeder.plans(input, midOrg);

    if (print) {
      console.log(`\n[${label}]\nendpoint         median ms   p99 ms   items  samples   path`);
      for (const f of figures)
        console.log(
          `${f.name.padEnd(16)} ${String(f.medianMs).padStart(9)} ${String(f.p99Ms).padStart(8)} ${String(f.items).padStart(7)} ${String(f.samples).padStart(8)}   ${f.path}`,
        );
      console.log(`\n[${label}] plans:`);
      for (const p of plans)
        console.log(
          `- ${p.query}: ${p.usesIndex ? "index" : "NO INDEX"}\n    ${p.plan.split("\n").slice(0, 8).join("\n    ")}`,
        );
      const worst = Math.max(...figures.map((f) => f.medianMs));
      console.log(`\n[${label}] worst median ${worst} ms (aim: well under 50 ms)`);
    }
    return {
      store: label,
      seeded: {
        users: nUsers,
        organizations: nOrgs,
        roleHolders: holders,
        auditEntries: nAudit,
        seedSeconds: +seedSeconds.toFixed(2),
      },
      figures,
      plans,
    };
  } finally {
    await seeder?.close().catch(() => {});
    await service?.stop();
    await db.drop();
  }
}

/** The figures of several runs side by side, one row per endpoint (medians and p99s in ms). */
export function formatDirectoryComparison(runs: BenchDirectoryResult[]): string {
  if (!runs.length) return "";
  const cell = (f: LatencyFigure | undefined) =>
    f ? `${f.medianMs} / ${f.p99Ms}${f.samples < (runs[0].figures[0]?.samples ?? 0) ? ` (n=${f.samples})` : ""}` : "—";
  const w = 26;
  const lines = [
    `Directory at scale, median / p99 ms (aim: medians well under 50 ms)`,
    `  ${"endpoint".padEnd(16)}${runs.map((r) => r.store.padEnd(w)).join("")}`,
  ];
  for (const f of runs[0].figures)
    lines.push(
      `  ${f.name.padEnd(16)}${runs.map((r) => cell(r.figures.find((x) => x.name === f.name)).padEnd(w)).join("")}`,
    );
  lines.push(`  ${"seed".padEnd(16)}${runs.map((r) => `${r.seeded.seedSeconds} s`.padEnd(w)).join("")}`);
  lines.push(
    `  ${"plans on index".padEnd(16)}${runs.map((r) => `${r.plans.filter((p) => p.usesIndex).length} of ${r.plans.length}`.padEnd(w)).join("")}`,
  );
  return lines.join("\n");
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  await benchDirectory({
    store: (arg("store") as DirectoryBenchStore | undefined) ?? "postgres",
    requests: arg("requests") ? Number(arg("requests")) : undefined,
    maxSecondsPerEndpoint: arg("max-seconds") ? Number(arg("max-seconds")) : undefined,
    redisUrl: process.env.REDIS_URL,
  });
  process.exit(0);
}
