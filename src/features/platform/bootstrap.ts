/**
 * First start on an empty store (CONTRACT §10): the platform tenant, its root org, the system
 * application (identifier = issuer) with the six system codes, a Platform Admin role (SUBTREE,
 * every code) and the admin user. Idempotent: a restart never duplicates it.
 */
import { addDays } from "../../kernel/clock";
import { SYSTEM_CODES } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import type { PasswordHasher } from "../../kernel/passwords";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { LeaseStore } from "../../kernel/lease";
import type { Unit } from "../../kernel/unit";
import type { AppRepo } from "../apps";
import type { EventJournal } from "../events";
import type { OrgRepo, TenantRepo } from "../orgs";
import type { RoleRepo } from "../roles";
import type { OneTimeTokenRepo } from "../sessions";
import type { UserRepo } from "../../kernel/users";

export interface BootstrapPorts {
  tenants: Pick<TenantRepo, "getPlatform">;
  apps: Pick<AppRepo, "system">;
  leases: LeaseStore;
  unit: Unit<{
    tenants: TenantRepo;
    orgs: OrgRepo;
    apps: AppRepo;
    roles: RoleRepo;
    users: UserRepo;
    oneTimeTokens: OneTimeTokenRepo;
    events: EventJournal;
  }>;
}

export interface BootstrapResult {
  created: boolean;
  platformTenantId: number;
  adminEmail: string;
  /** One-time setup token when no admin password was configured (print it once). */
  setupToken?: string;
  issuerChanged?: { from: string; to: string };
}

export async function bootstrap(
  store: BootstrapPorts,
  deps: {
    issuer: string;
    adminEmail: string;
    adminPassword?: string;
    hasher: PasswordHasher;
    clock: Clock;
    instanceId: string;
  },
): Promise<BootstrapResult> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const existing = await store.tenants.getPlatform();
    if (existing) {
      const sys = await store.apps.system();
      if (sys && sys.identifier !== deps.issuer) {
        // The system application's identifier follows the configured issuer.
        await store.unit("platform.issuer_changed", ["apps", "events"], async ({ apps, events }) => {
          await apps.update(existing.id, sys.id, { identifier: deps.issuer });
          await events.record({
            type: "platform.issuer_changed",
            tenantId: existing.id,
            data: { from: sys.identifier, to: deps.issuer },
          });
        });
        return {
          created: false,
          platformTenantId: existing.id,
          adminEmail: deps.adminEmail,
          issuerChanged: { from: sys.identifier, to: deps.issuer },
        };
      }
      return { created: false, platformTenantId: existing.id, adminEmail: deps.adminEmail };
    }
    if (!(await store.leases.acquire("bootstrap", deps.instanceId, 60))) {
      await Bun.sleep(250);
      continue;
    }
    try {
      if (await store.tenants.getPlatform()) continue;
      const passwordHash = deps.adminPassword ? await deps.hasher.hash(deps.adminPassword) : null;
      const setupToken = deps.adminPassword ? undefined : randomToken(32);
      const tenantId = await store.unit(
        "platform.bootstrap",
        ["tenants", "orgs", "apps", "roles", "users", "oneTimeTokens", "events"],
        async (tx) => {
          const tenant = await tx.tenants.create({ name: "Platform", slug: "platform", isPlatform: true });
          const root = await tx.orgs.create({
            tenantId: tenant.id,
            parentId: null,
            name: "Platform",
            slug: "platform",
            type: "organization",
          });
          const app = await tx.apps.create({
            tenantId: tenant.id,
            organizationId: root.id,
            identifier: deps.issuer,
            name: "Identity service (management)",
            webRefreshTtlDays: null,
            deviceRefreshTtlDays: null,
            googleClientIds: [],
            microsoftClientIds: [],
            isSystem: true,
          });
          const perms = [];
          for (const code of SYSTEM_CODES)
            perms.push(
              await tx.apps.createPermission({
                tenantId: tenant.id,
                applicationId: app.id,
                code,
                description: `System permission ${code}`,
              }),
            );
          const role = await tx.roles.create({
            tenantId: tenant.id,
            organizationId: root.id,
            name: "Platform Admin",
            description: "Every system permission across the platform",
            scope: "SUBTREE",
            permissionIds: perms.map((p) => p.id),
          });
          const admin = await tx.users.create({
            tenantId: tenant.id,
            organizationId: root.id,
            email: deps.adminEmail,
            fullName: "Platform Admin",
            passwordHash,
          });
          await tx.roles.assign({ tenantId: tenant.id, userId: admin.id, roleId: role.id, organizationId: root.id });
          if (setupToken) {
            await tx.oneTimeTokens.create(sha256Hex(setupToken), {
              kind: "setup",
              tenantId: tenant.id,
              userId: admin.id,
              data: {},
              attempts: 0,
              expiresAt: addDays(deps.clock.now(), 7),
            });
          }
          await tx.events.record({
            type: "platform.bootstrapped",
            tenantId: tenant.id,
            org: root,
            target: { userId: admin.id },
            data: { adminUserId: admin.id },
          });
          return tenant.id;
        },
      );
      return { created: true, platformTenantId: tenantId, adminEmail: deps.adminEmail, setupToken };
    } finally {
      await store.leases.release("bootstrap", deps.instanceId);
    }
  }
  throw new Error("bootstrap did not complete: another instance holds the bootstrap lease");
}
