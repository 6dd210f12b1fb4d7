/**
 * Fixtures for the auth / sessions / passwords HTTP tests: a tenant with an org tree, an
 * application with its own codes, roles and users, written straight through the ports (the
 * behaviour under test is then driven over HTTP).
 */
import { expect } from "bun:test";
import type { Clock } from "../../src/kernel/clock";
import { randomToken } from "../../src/kernel/secrets";
import type { TestApp } from "../support/app";

export const PASSWORD = "correct-horse-42";

/** A clock the test moves by hand. */
export function manualClock(start = Date.now()) {
  let now = start;
  const clock: Clock & { advance(ms: number): void; set(ms: number): void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      now = ms;
    },
  };
  return clock;
}
export const DAY_MS = 86_400_000;

/** Claims of a JWT, without verifying it (the tests that care verify against the JWKS). */
export const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as Record<string, any>;

export interface Tenant {
  tenantId: number;
  root: { id: number; path: string; name: string };
  child: { id: number; path: string; name: string };
  grandchild: { id: number; path: string; name: string };
  app: { id: number; identifier: string };
  otherApp: { id: number; identifier: string };
  /** Role ids: SELF admin (system codes + app codes), SUBTREE viewer (invoice.read). */
  roles: { admin: number; subtreeViewer: number; selfWriter: number };
}

/**
 * Tenant "Acme": root → child → grandchild. Application `app` (invoice.read, invoice.write) and
 * `otherApp` (report.view). Roles at root: admin (SELF: USER_MANAGE + invoice.write),
 * subtreeViewer (SUBTREE: invoice.read + AUDIT_VIEW), selfWriter (SELF: invoice.write).
 */
export async function seedTenant(
  t: TestApp,
  opts: { webRefreshTtlDays?: number | null; deviceRefreshTtlDays?: number | null } = {},
): Promise<Tenant> {
  const s = t.stores.store;
  const tag = randomToken(5)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");
  const tenant = await s.tenants.create({ name: `Acme ${tag}`, slug: `acme-${tag}` });
  const root = await s.orgs.create({
    tenantId: tenant.id,
    parentId: null,
    name: "Acme",
    slug: `acme-${tag}`,
    type: "organization",
  });
  const child = await s.orgs.create({
    tenantId: tenant.id,
    parentId: root.id,
    name: "Acme EU",
    slug: `acme-eu-${tag}`,
    type: "organization",
  });
  const grandchild = await s.orgs.create({
    tenantId: tenant.id,
    parentId: child.id,
    name: "Acme Paris",
    slug: `acme-paris-${tag}`,
    type: "organization",
  });
  const mkApp = (identifier: string, name: string) =>
    s.apps.create({
      tenantId: tenant.id,
      organizationId: root.id,
      identifier,
      name,
      webRefreshTtlDays: opts.webRefreshTtlDays ?? null,
      deviceRefreshTtlDays: opts.deviceRefreshTtlDays ?? null,
      googleClientIds: [],
      microsoftClientIds: [],
    });
  const app = await mkApp(`https://invoices.${tag}.test`, "Invoices");
  const otherApp = await mkApp(`https://reports.${tag}.test`, "Reports");
  const read = await s.apps.createPermission({
    tenantId: tenant.id,
    applicationId: app.id,
    code: "invoice.read",
    description: "",
  });
  const write = await s.apps.createPermission({
    tenantId: tenant.id,
    applicationId: app.id,
    code: "invoice.write",
    description: "",
  });
  const view = await s.apps.createPermission({
    tenantId: tenant.id,
    applicationId: otherApp.id,
    code: "report.view",
    description: "",
  });
  const sys = (await s.apps.system())!;
  const sysPerms = await s.apps.listPermissions("any", sys.id);
  const code = (c: string) => sysPerms.find((p) => p.code === c)!.id;
  const admin = await s.roles.create({
    tenantId: tenant.id,
    organizationId: root.id,
    name: "Admin",
    description: "",
    scope: "SELF",
    permissionIds: [code("USER_MANAGE"), write.id],
  });
  const subtreeViewer = await s.roles.create({
    tenantId: tenant.id,
    organizationId: root.id,
    name: "Viewer",
    description: "",
    scope: "SUBTREE",
    permissionIds: [read.id, view.id, code("AUDIT_VIEW")],
  });
  const selfWriter = await s.roles.create({
    tenantId: tenant.id,
    organizationId: root.id,
    name: "Writer",
    description: "",
    scope: "SELF",
    permissionIds: [write.id],
  });
  const o = (x: typeof root) => ({ id: x.id, path: x.path, name: x.name });
  return {
    tenantId: tenant.id,
    root: o(root),
    child: o(child),
    grandchild: o(grandchild),
    app: { id: app.id, identifier: app.identifier },
    otherApp: { id: otherApp.id, identifier: otherApp.identifier },
    roles: { admin: admin.id, subtreeViewer: subtreeViewer.id, selfWriter: selfWriter.id },
  };
}

/** A user with a password, home org `orgId`, and role assignments [(roleId, orgId)]. */
export async function seedUser(
  t: TestApp,
  tenant: Tenant,
  orgId: number,
  assignments: [number, number][] = [],
  opts: { password?: string | null; email?: string } = {},
) {
  const s = t.stores.store;
  const email = opts.email ?? `u-${randomToken(6).toLowerCase()}@acme.test`;
  const password = opts.password === undefined ? PASSWORD : opts.password;
  const user = await s.users.create({
    tenantId: tenant.tenantId,
    organizationId: orgId,
    email,
    fullName: "Test User",
    passwordHash: password ? await t.svc.hasher.hash(password) : null,
  });
  for (const [roleId, at] of assignments)
    await s.roles.assign({ tenantId: tenant.tenantId, userId: user.id, roleId, organizationId: at });
  return { id: user.id, email, password: password ?? "" };
}

/** POST /api/auth/login and expect 200. */
export async function login(
  t: TestApp,
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
  query = "",
) {
  const r = await t.call("POST", `/api/auth/login${query}`, { body: { email, password, ...extra } });
  expect(r.status).toBe(200);
  return r;
}

/** The `sso_refresh` value in a response's Set-Cookie, with the cookie's attributes. */
export function refreshCookie(headers: Headers): { value: string; attrs: string } | null {
  const all = headers.getSetCookie?.() ?? [headers.get("set-cookie") ?? ""];
  for (const c of all) {
    const m = /^sso_refresh=([^;]*)(.*)$/.exec(c);
    if (m) return { value: decodeURIComponent(m[1]), attrs: m[2] };
  }
  return null;
}

export async function refresh(t: TestApp, refreshToken: string, extra: Record<string, unknown> = {}) {
  return t.call("POST", "/api/auth/refresh", { body: { refreshToken, ...extra } });
}

/** Audit rows of a user, newest first, straight from the store (after work done past the answer). */
export async function auditOf(t: TestApp, userId: number) {
  await t.svc.idle();
  return t.stores.store.audit.forUser(userId, 100);
}
