/**
 * Custom claims cost at minting: access tokens minted per second for an application audience
 * without a mapping, with a mapping of constants and token sources plus `roles`, and with one that
 * also reads `memberships` (one extra lookup), in one process on the embedded store. Aim: the
 * mapping without memberships within 10 % of no mapping.
 *
 *   bun bench/claims.ts [--seconds 4]
 */
import { makeTestApp } from "../test/support/app";

export interface ClaimsBenchResult {
  plain: number;
  mapped: number;
  mappedWithMemberships: number;
  ratio: number;
  ratioWithMemberships: number;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function benchClaims(opts: { seconds?: number } = {}): Promise<ClaimsBenchResult> {
  const seconds = opts.seconds ?? 4;
  const t = await makeTestApp({ env: { SSO_LOG_LEVEL: "silent" } });
  try {
    const admin = await t.adminToken();
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await t.call(method, path, { token: admin, body });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const [{ organizationId: root, tenantId }] = await call("GET", "/api/users/me/memberships");
    await call("PUT", `/api/platform/tenants/${tenantId}/features`, { customClaims: true });
    const app = await call("POST", "/api/applications", {
      organizationId: root,
      identifier: "https://claims-bench.local",
      name: "claims",
    });
    await call("POST", `/api/applications/${app.id}/permissions`, { code: "bench.read" });
    const role = await call("POST", "/api/roles", {
      name: "bench",
      organizationId: root,
      permissionCodes: ["bench.read"],
    });
    const me = JSON.parse(Buffer.from(admin.split(".")[1], "base64url").toString());
    await call("POST", `/api/roles/${role.id}/assign`, { userId: me.uid, organizationId: root });
    const user = (await t.svc.store.users.get(tenantId, me.uid))!;
    const org = (await t.svc.store.orgs.get(tenantId, root))!;
    const application = (await t.svc.store.apps.get(tenantId, app.id))!;
    // As the refresh path does: grants read, then minted (custom claims applied inside).
    const mint = async () => {
      const grants = await t.svc.store.roles.effectiveGrants(user.id, org.path);
      return t.svc.tokens.mintAccess(user, org, application, "bench-session", undefined, grants);
    };
    const window = async (s: number) => {
      let n = 0;
      const until = performance.now() + s * 1000;
      while (performance.now() < until) {
        await Promise.all(Array.from({ length: 16 }, mint));
        n += 16;
      }
      return n / s;
    };
    const rate = async () => {
      for (let i = 0; i < 200; i++) await mint(); // warm-up
      return window(seconds);
    };
    const mapping = {
      add: [
        { key: "plan", value: "gold" },
        { key: "app.perms", from: "permissions" },
        { key: "app.roles", from: "roles" },
        { key: "ctx", from: ["org_id", "tenant_id"] },
      ],
    };
    // Without and with the mapping in alternating windows (drift on a shared machine cancels out).
    const off: number[] = [];
    const on: number[] = [];
    for (let round = 0; round < 3; round++) {
      await call("PUT", "/api/token-claims", { enabled: false, mapping });
      for (let i = 0; i < 50; i++) await mint();
      off.push(await window(seconds / 3));
      await call("PUT", "/api/token-claims", { enabled: true, mapping });
      for (let i = 0; i < 50; i++) await mint();
      on.push(await window(seconds / 3));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
    const plain = median(off);
    const mapped = median(on);
    await call("PUT", "/api/token-claims", {
      enabled: true,
      mapping: {
        add: [
          { key: "plan", value: "gold" },
          { key: "app.roles", from: "roles" },
          { key: "orgs", from: "memberships" },
        ],
      },
    });
    const withMemberships = await rate();
    return {
      plain: round(plain),
      mapped: round(mapped),
      mappedWithMemberships: round(withMemberships),
      ratio: round((100 * mapped) / plain),
      ratioWithMemberships: round((100 * withMemberships) / plain),
    };
  } finally {
    await t.close();
  }
}

export function formatClaimsBench(r: ClaimsBenchResult): string {
  return [
    "Custom claims at minting [embedded, in process, 16 in flight]",
    `  no mapping                       ${r.plain} tokens/s`,
    `  mapping (constants, token sources, roles)  ${r.mapped} tokens/s = ${r.ratio} % (aim ≥ 90 %, ${r.ratio >= 90 ? "met" : "NOT met"})`,
    `  mapping reading memberships      ${r.mappedWithMemberships} tokens/s = ${r.ratioWithMemberships} % (one extra lookup per token)`,
  ].join("\n");
}

if (import.meta.main) {
  const i = process.argv.indexOf("--seconds");
  console.log(formatClaimsBench(await benchClaims({ seconds: i >= 0 ? Number(process.argv[i + 1]) : 4 })));
  process.exit(0);
}
