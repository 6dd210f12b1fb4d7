/**
 * Shared fixtures for the directory tests: provisioned tenants with a signed-in tenant admin,
 * users with passwords, decoded token claims. Everything goes through the HTTP API.
 */
import { expect } from "bun:test";
import type { TestApp } from "../support/app";

export const PASSWORD = "correct-horse-9";

export interface TenantFixture {
  tenantId: number;
  rootOrgId: number;
  adminRoleId: number;
  /** A second admin (with a password) holding the tenant-admin role at the root. */
  adminEmail: string;
  token: string;
  setupToken: string;
}

export function claimsOf(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
}

/** Asserts an RFC 9457 problem response with the given status (and code). */
export function expectProblem(r: { status: number; headers: Headers; body: any }, status: number, code?: string) {
  if (r.status !== status)
    throw new Error(`expected ${status}${code ? ` ${code}` : ""}, got ${r.status}: ${JSON.stringify(r.body)}`);
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  expect(r.body.status).toBe(status);
  if (code) expect(r.body.code).toBe(code);
}

export async function ok(r: Promise<{ status: number; body: any }> | { status: number; body: any }) {
  const res = await r;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** Provisions a tenant as the platform admin and signs in a password-holding tenant admin. */
export async function provisionTenant(t: TestApp, name = uniq("Tenant")): Promise<TenantFixture> {
  const admin = await t.adminToken();
  const p = await ok(
    t.call("POST", "/api/platform/tenants", {
      token: admin,
      body: { orgName: name, adminEmail: `${uniq("owner")}@t.test`, adminFullName: "Owner" },
    }),
  );
  const roles = await ok(t.call("GET", `/api/roles?organizationId=${p.rootOrgId}`, { token: admin }));
  const adminRoleId = roles.find((r: { name: string }) => r.name === "Tenant Admin").id;
  const adminEmail = `${uniq("admin")}@t.test`;
  await ok(
    t.call("POST", "/api/users", {
      token: admin,
      body: {
        organizationId: p.rootOrgId,
        email: adminEmail,
        fullName: "Tenant Admin",
        password: PASSWORD,
        roleId: adminRoleId,
      },
    }),
  );
  const token = (await t.login(adminEmail, PASSWORD)).accessToken;
  return { tenantId: p.tenantId, rootOrgId: p.rootOrgId, adminRoleId, adminEmail, token, setupToken: p.setupToken };
}

/** Creates a user with a password at `orgId` (optionally with a role) and returns id + email. */
export async function createUser(
  t: TestApp,
  token: string,
  orgId: number,
  opts: { roleId?: number; password?: string | null; email?: string } = {},
) {
  const email = opts.email ?? `${uniq("user")}@t.test`;
  const body: Record<string, unknown> = { organizationId: orgId, email, fullName: "Some One" };
  if (opts.password !== null) body.password = opts.password ?? PASSWORD;
  if (opts.roleId) body.roleId = opts.roleId;
  const u = await ok(t.call("POST", "/api/users", { token, body }));
  return { id: u.id as number, email };
}

/** Creates an org under `parentId` and returns it. */
export async function createOrg(t: TestApp, token: string, parentId?: number, name = uniq("Org")) {
  return ok(
    t.call("POST", "/api/organizations", {
      token,
      body: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), ...(parentId ? { parentId } : {}) },
    }),
  );
}

/** A role with the given system codes at `orgId`. */
export async function createRole(
  t: TestApp,
  token: string,
  orgId: number,
  codes: string[],
  scope: "SELF" | "SUBTREE" = "SELF",
) {
  return ok(
    t.call("POST", "/api/roles", {
      token,
      body: { name: uniq("role"), organizationId: orgId, permissionCodes: codes, scope },
    }),
  );
}

/** A signed-in user holding exactly `codes` at `orgId`. */
export async function userWith(
  t: TestApp,
  adminToken: string,
  orgId: number,
  codes: string[],
  scope: "SELF" | "SUBTREE" = "SUBTREE",
) {
  const role = await createRole(t, adminToken, orgId, codes, scope);
  const u = await createUser(t, adminToken, orgId, { roleId: role.id });
  const token = (await t.login(u.email, PASSWORD)).accessToken;
  return { ...u, token, roleId: role.id as number };
}
