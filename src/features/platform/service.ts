/**
 * Platform operations (CONTRACT §6), PLATFORM_ADMIN only: provisioning a tenant (root org,
 * tenant-admin role, admin user, setup token; optionally a sandbox that expires), plan limits,
 * plan features, usage and the sandbox list.
 */
import { SYSTEM_CODES, actorOf, requirePermission, type Principal } from "../../kernel/authz";
import { addDays, type Clock } from "../../kernel/clock";
import { ConflictError, DomainError, conflict, forbidden, notFound } from "../../kernel/errors";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { AppRepo } from "../apps";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Org, OrgRepo, Tenant, TenantRepo } from "../orgs";
import type { RoleRepo } from "../roles";
import type { User, UserRepo } from "../../kernel/users";
import type { OneTimeTokenRepo } from "../sessions";
import { acceptEmail } from "../../kernel/email";

export interface PlatformServiceDeps {
  tenants: TenantRepo;
  orgs: OrgRepo;
  apps: AppRepo;
  clock: Clock;
  unit: Unit<{
    tenants: TenantRepo;
    orgs: OrgRepo;
    roles: RoleRepo;
    users: UserRepo;
    oneTimeTokens: OneTimeTokenRepo;
    events: EventJournal;
  }>;
  defaultMaxApplications: number;
  /**
   * Mails the new tenant admin the setup code once the tenant is committed (the passwords
   * feature's `mailSetupLink`; CONTRACT §19: a user created without a password gets the setup
   * mail at once). Absent: nothing is mailed; the code is only in the answer.
   */
  mailSetupLink?(user: User, token: string): void;
}

/** Setup links live 7 days (CONTRACT §4). */
export const SETUP_TOKEN_DAYS = 7;
export const TENANT_ADMIN_ROLE = "Tenant Admin";

export interface Provisioned {
  tenantId: number;
  rootOrgId: number;
  adminUserId: number;
  orgName: string;
  slug: string;
  adminEmail: string;
  /** Plaintext, returned once; only its SHA-256 is stored. Redeem at POST /api/auth/password/reset. */
  setupToken: string;
  /** The setup token's expiry. */
  expiresAt: Date;
  /** The sandbox root org's expiry, when `ttlDays` was given. */
  sandboxExpiresAt: Date | null;
  /** True when the setup code was mailed to the admin (CONTRACT §19). */
  setupMailSent?: boolean;
}

/** A slug (CONTRACT §2 rule) derived from a display name. */
export function slugify(name: string): string {
  const s = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/g, "");
  return s || "tenant";
}

export function createPlatformService(deps: PlatformServiceDeps) {
  function requirePlatform(p: Principal) {
    requirePermission(p, "PLATFORM_ADMIN");
    if (!p.platformAdmin) throw forbidden("This action needs PLATFORM_ADMIN, effective only for the platform tenant.");
  }

  async function tenantOrThrow(id: number): Promise<{ tenant: Tenant; root: Org | null }> {
    const tenant = await deps.tenants.get(id);
    if (!tenant) throw notFound("Tenant");
    return { tenant, root: await deps.orgs.root(id) };
  }

  /**
   * Creates a tenant: its root org (a sandbox's expires after `ttlDays`), a SUBTREE "Tenant Admin"
   * role with every system code but PLATFORM_ADMIN, the admin user (no password) and a 7-day setup
   * token, mailed to the admin once the transaction commits (`setupMailSent`). One transaction. A
   * taken admin email is CONFLICT.
   */
  async function provision(
    p: Principal,
    input: { orgName: string; adminEmail: string; adminFullName: string; ttlDays?: number },
  ): Promise<Provisioned> {
    requirePlatform(p);
    const sys = await deps.apps.system();
    if (!sys) throw new DomainError("UNAVAILABLE", "The service is not bootstrapped yet.");
    const systemPerms = (await deps.apps.listPermissions(sys.tenantId, sys.id)).filter(
      (x) => x.code !== "PLATFORM_ADMIN" && (SYSTEM_CODES as readonly string[]).includes(x.code),
    );
    const now = deps.clock.now();
    const orgName = input.orgName.trim();
    const slug = slugify(orgName);
    const adminEmail = acceptEmail(input.adminEmail, "adminEmail");
    const sandboxExpiresAt = input.ttlDays ? addDays(now, input.ttlDays) : null;
    const setupToken = randomToken(32);
    const expiresAt = addDays(now, SETUP_TOKEN_DAYS);
    let admin: User | null = null;
    try {
      const provisioned = await deps.unit(
        "platform.provision",
        ["tenants", "orgs", "roles", "users", "oneTimeTokens", "events"],
        async (tx) => {
          const tenant = await tx.tenants.create({ name: orgName, slug, isSandbox: sandboxExpiresAt !== null });
          const root = await tx.orgs.create({
            tenantId: tenant.id,
            parentId: null,
            name: orgName,
            slug,
            type: "organization",
            expiresAt: sandboxExpiresAt,
          });
          const role = await tx.roles.create({
            tenantId: tenant.id,
            organizationId: root.id,
            name: TENANT_ADMIN_ROLE,
            description: "Every system permission of this tenant",
            scope: "SUBTREE",
            permissionIds: systemPerms.map((x) => x.id),
          });
          const created = await tx.users.create({
            tenantId: tenant.id,
            organizationId: root.id,
            email: adminEmail,
            fullName: input.adminFullName.trim(),
            passwordHash: null,
          });
          admin = created;
          await tx.roles.assign({ tenantId: tenant.id, userId: created.id, roleId: role.id, organizationId: root.id });
          await tx.oneTimeTokens.create(sha256Hex(setupToken), {
            kind: "setup",
            tenantId: tenant.id,
            userId: created.id,
            // Mailed to this address (when a mailer is wired): redeeming it verifies the address.
            data: deps.mailSetupLink ? { email: adminEmail } : {},
            attempts: 0,
            expiresAt,
          });
          await tx.events.record({
            type: "tenant.provisioned",
            tenantId: tenant.id,
            org: root,
            actor: actorOf(p),
            target: { userId: created.id },
            data: {
              tenantId: tenant.id,
              rootOrgId: root.id,
              adminUserId: created.id,
              sandbox: sandboxExpiresAt !== null,
              ...(sandboxExpiresAt ? { expiresAt: sandboxExpiresAt.toISOString() } : {}),
            },
          });
          return {
            tenantId: tenant.id,
            rootOrgId: root.id,
            adminUserId: created.id,
            orgName,
            slug,
            adminEmail,
            setupToken,
            expiresAt,
            sandboxExpiresAt,
          };
        },
      );
      if (admin && deps.mailSetupLink) deps.mailSetupLink(admin, setupToken);
      return { ...provisioned, setupMailSent: !!deps.mailSetupLink };
    } catch (e) {
      if (e instanceof ConflictError) throw conflict("A user with this admin email already exists.");
      throw e;
    }
  }

  /** Sets the tenant's application limit per organization. */
  async function setLimits(
    p: Principal,
    tenantId: number,
    input: { maxApplications: number },
  ): Promise<{ tenantId: number; maxApplications: number }> {
    requirePlatform(p);
    const { root } = await tenantOrThrow(tenantId);
    await deps.unit("platform.set_limits", ["tenants", "events"], async ({ tenants, events }) => {
      await tenants.update(tenantId, { maxApplications: input.maxApplications });
      await events.record({
        type: "tenant.limits_updated",
        tenantId,
        org: root,
        actor: actorOf(p),
        data: { maxApplications: input.maxApplications },
      });
    });
    return { tenantId, maxApplications: input.maxApplications };
  }

  /** Switches plan features (customClaims) for a tenant. */
  async function setFeatures(
    p: Principal,
    tenantId: number,
    input: { customClaims: boolean },
  ): Promise<{ tenantId: number; customClaims: boolean }> {
    requirePlatform(p);
    const { root } = await tenantOrThrow(tenantId);
    await deps.unit("platform.set_features", ["tenants", "events"], async ({ tenants, events }) => {
      await tenants.update(tenantId, { customClaims: input.customClaims });
      await events.record({
        type: "tenant.features_updated",
        tenantId,
        org: root,
        actor: actorOf(p),
        data: { customClaims: input.customClaims },
      });
    });
    return { tenantId, customClaims: input.customClaims };
  }

  /** Applications registered in the tenant, with its effective limit. */
  async function usage(p: Principal, tenantId: number): Promise<{ applications: number; maxApplications: number }> {
    requirePlatform(p);
    const { tenant } = await tenantOrThrow(tenantId);
    return {
      applications: await deps.apps.countByTenant(tenantId),
      maxApplications: tenant.maxApplications ?? deps.defaultMaxApplications,
    };
  }

  /** Sandbox tenants with their root org's name and expiry. */
  async function sandboxes(p: Principal): Promise<{ tenant: Tenant; root: Org | null }[]> {
    requirePlatform(p);
    const list = await deps.tenants.listSandboxes();
    return Promise.all(list.map(async (tenant) => ({ tenant, root: await deps.orgs.root(tenant.id) })));
  }

  return { provision, setLimits, setFeatures, usage, sandboxes };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
