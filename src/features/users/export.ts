/** The data-subject export (CONTRACT §3): everything the service holds about a user. */
import { requirePermission, type Principal } from "../../kernel/authz";
import { notFound } from "../../kernel/errors";
import type { User } from "../../kernel/users";
import type { AuditEntry } from "../audit";
import { membershipsOf } from "../roles";
import type { Device, FamilyRecord } from "../sessions/ports";
import type { UserReach } from "./reach";
import type { UserServiceDeps } from "./service";

export interface UserExport {
  user: User;
  memberships: {
    organizationId: number;
    tenantId: number;
    name: string;
    path: string;
    status: string;
    roles: { id: number; name: string }[];
  }[];
  roles: { roleId: number; roleName: string; organizationId: number }[];
  devices: Device[];
  sessions: FamilyRecord[];
  mfa: { enabled: boolean };
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; backedUp: boolean }[];
  auditEntries: AuditEntry[];
}

/** The export of another user (USER_MANAGE and reach) or of the caller. */
export function createUserExport(
  deps: Pick<UserServiceDeps, "users" | "orgs" | "roles" | "devices" | "families" | "passkeys" | "audit" | "clock">,
  reach: Pick<UserReach, "reachableUser">,
) {
  const { reachableUser } = reach;

  /** Everything the service holds about a user (CONTRACT §3 export). */
  async function exportOf(user: User): Promise<UserExport> {
    const assignments = await deps.roles.assignmentsOf(user.id);
    const orgIds = [...new Set([user.organizationId, ...assignments.map((a) => a.organizationId)])];
    return {
      user,
      memberships: membershipsOf(await deps.orgs.getMany(user.tenantId, orgIds), assignments),
      roles: assignments.map((a) => ({ roleId: a.roleId, roleName: a.roleName, organizationId: a.organizationId })),
      devices: await deps.devices.listUser(user.id),
      sessions: await deps.families.listUser(user.id, deps.clock.now()),
      mfa: { enabled: user.mfaEnabled },
      passkeys: (await deps.passkeys.listUser(user.tenantId, user.id)).map((k) => ({
        id: k.id,
        name: k.name,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt,
        backedUp: k.backedUp,
      })),
      auditEntries: await deps.audit.forUser(user.id, 1000),
    };
  }

  /** Export of another user (USER_MANAGE + reach over their home org). */
  async function exportUser(p: Principal, id: number): Promise<UserExport> {
    requirePermission(p, "USER_MANAGE");
    const { user } = await reachableUser(p, id);
    return exportOf(user);
  }

  /** The caller's own export (the `self` tokens of CONTRACT §2: the gate decided). */
  async function exportSelf(p: Principal): Promise<UserExport> {
    const user = await deps.users.get(p.tenantId, p.userId);
    if (!user) throw notFound("User");
    return exportOf(user);
  }

  return { exportUser, exportSelf };
}
