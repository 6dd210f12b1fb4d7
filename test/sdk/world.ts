/**
 * A small multi-tenant world for the client and token-endpoint tests, written straight into the
 * real store (the directory endpoints are another feature): two tenants, an org tree, an
 * application with permission codes, and managers with different reach.
 *
 *   tenant A: root A ─┬─ A1 ── A1a        app "orders" (orders.read, orders.write) owned by A
 *                     └─ A2
 *   tenant B: root B                      app "billing" (billing.read) owned by B
 *
 *   adminA    SUBTREE role at A with every system code but PLATFORM_ADMIN (a tenant admin)
 *   subAdmin  SELF role at A1 with CLIENT_MANAGE only (reaches A1, not A1a, not A2)
 *   noClient  SUBTREE role at A with USER_MANAGE only
 */
import type { PrimaryStore } from "../../src/stores";

export const PASSWORD = "world-password-1";

export interface World {
  tenantA: number;
  tenantB: number;
  orgA: { id: number; path: string };
  orgA1: { id: number; path: string };
  orgA1a: { id: number; path: string };
  orgA2: { id: number; path: string };
  orgB: { id: number; path: string };
  appOrders: { id: number; identifier: string };
  appBilling: { id: number; identifier: string };
  emails: { adminA: string; subAdmin: string; noClient: string };
}

/** Seeds the world; `tag` keeps slugs, identifiers and emails unique per call. */
export async function seedWorld(
  store: PrimaryStore,
  hash: (pw: string) => Promise<string>,
  tag = crypto.randomUUID().slice(0, 8),
): Promise<World> {
  const sys = await store.apps.system();
  if (!sys) throw new Error("seedWorld: the store is not bootstrapped");
  const sysPerms = await store.apps.listPermissions("any", sys.id);
  const sysIds = (codes: string[]) => sysPerms.filter((p) => codes.includes(p.code)).map((p) => p.id);

  const ta = await store.tenants.create({ name: `Acme ${tag}`, slug: `acme-${tag}` });
  const tb = await store.tenants.create({ name: `Beta ${tag}`, slug: `beta-${tag}` });
  const orgA = await store.orgs.create({
    tenantId: ta.id,
    parentId: null,
    name: "Acme",
    slug: "acme",
    type: "organization",
  });
  const orgA1 = await store.orgs.create({
    tenantId: ta.id,
    parentId: orgA.id,
    name: "Acme One",
    slug: "acme-one",
    type: "organization",
  });
  const orgA1a = await store.orgs.create({
    tenantId: ta.id,
    parentId: orgA1.id,
    name: "Acme One A",
    slug: "acme-one-a",
    type: "organization",
  });
  const orgA2 = await store.orgs.create({
    tenantId: ta.id,
    parentId: orgA.id,
    name: "Acme Two",
    slug: "acme-two",
    type: "organization",
  });
  const orgB = await store.orgs.create({
    tenantId: tb.id,
    parentId: null,
    name: "Beta",
    slug: "beta",
    type: "organization",
  });

  const appDefaults = {
    webRefreshTtlDays: null,
    deviceRefreshTtlDays: null,
    googleClientIds: [],
    microsoftClientIds: [],
  };
  const orders = await store.apps.create({
    tenantId: ta.id,
    organizationId: orgA.id,
    identifier: `https://orders-${tag}.acme.test`,
    name: "Orders",
    ...appDefaults,
  });
  for (const code of ["orders.read", "orders.write"])
    await store.apps.createPermission({ tenantId: ta.id, applicationId: orders.id, code, description: code });
  const billing = await store.apps.create({
    tenantId: tb.id,
    organizationId: orgB.id,
    identifier: `https://billing-${tag}.beta.test`,
    name: "Billing",
    ...appDefaults,
  });
  await store.apps.createPermission({
    tenantId: tb.id,
    applicationId: billing.id,
    code: "billing.read",
    description: "billing.read",
  });

  const passwordHash = await hash(PASSWORD);
  const emails = {
    adminA: `admin-${tag}@acme.test`,
    subAdmin: `sub-${tag}@acme.test`,
    noClient: `users-${tag}@acme.test`,
  };
  const person = async (
    email: string,
    org: { id: number },
    role: { name: string; scope: "SELF" | "SUBTREE"; codes: string[] },
  ) => {
    const user = await store.users.create({
      tenantId: ta.id,
      organizationId: org.id,
      email,
      fullName: email,
      passwordHash,
    });
    const r = await store.roles.create({
      tenantId: ta.id,
      organizationId: org.id,
      name: role.name,
      description: "",
      scope: role.scope,
      permissionIds: sysIds(role.codes),
    });
    await store.roles.assign({ tenantId: ta.id, userId: user.id, roleId: r.id, organizationId: org.id });
  };
  await person(emails.adminA, orgA, {
    name: "Tenant Admin",
    scope: "SUBTREE",
    codes: ["USER_MANAGE", "ORG_MANAGE", "ROLE_MANAGE", "CLIENT_MANAGE", "AUDIT_VIEW"],
  });
  await person(emails.subAdmin, orgA1, { name: "Client manager", scope: "SELF", codes: ["CLIENT_MANAGE"] });
  await person(emails.noClient, orgA, { name: "User manager", scope: "SUBTREE", codes: ["USER_MANAGE"] });

  const o = (x: { id: number; path: string }) => ({ id: x.id, path: x.path });
  return {
    tenantA: ta.id,
    tenantB: tb.id,
    orgA: o(orgA),
    orgA1: o(orgA1),
    orgA1a: o(orgA1a),
    orgA2: o(orgA2),
    orgB: o(orgB),
    appOrders: { id: orders.id, identifier: orders.identifier },
    appBilling: { id: billing.id, identifier: billing.identifier },
    emails,
  };
}
