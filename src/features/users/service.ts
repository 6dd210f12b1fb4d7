/**
 * Users (CONTRACT §3): create (with or without a password, optionally with a first role), list by
 * org, move/rename, disable/enable (disabling ends every session), erase (irreversible) and the
 * data-subject export.
 */
import type { storeSetupCode } from "../passwords";
import { actorOf, requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import { reachableOrg as reachableOrgOf } from "../orgs";
import { membershipsOf } from "../roles";
import type { Clock } from "../../kernel/clock";
import { ConflictError, conflict, forbidden, notFound } from "../../kernel/errors";
import type { PasswordHasher } from "../../kernel/passwords";
import type { AuditEntry, AuditRepo } from "../audit";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import type { Role, RoleRepo } from "../roles";
import type { Device, DeviceRepo, FamilyRecord, FamilyStore, OneTimeTokenRepo } from "../sessions/ports";
import type { SocialIdentityRepo } from "../social";
import type { PasskeyRepo } from "../passkeys/ports";
import type { User, UserRepo } from "../../kernel/users";
import { acceptEmail } from "../../kernel/email";
import { randomToken } from "../../kernel/secrets";
import type { ConsentRepo } from "../consents";

export interface UserServiceDeps {
  users: UserRepo;
  orgs: OrgRepo;
  roles: RoleRepo;
  devices: DeviceRepo;
  /** Passkeys: listed in the export, deleted by erasure (CONTRACT §14). */
  passkeys: Pick<PasskeyRepo, "listUser">;
  audit: AuditRepo;
  families: FamilyStore;
  hasher: PasswordHasher;
  clock: Clock;
  unit: Unit<{
    users: UserRepo;
    roles: RoleRepo;
    devices: DeviceRepo;
    oneTimeTokens: OneTimeTokenRepo;
    socialIdentities: SocialIdentityRepo;
    passkeys: PasskeyRepo;
    consents: Pick<ConsentRepo, "revokeAllForUser">;
    audit: Pick<AuditRepo, "scrubUser">;
    events: EventJournal;
  }>;
  /** From the roles feature: the role as the caller may see it, and the no-escalation check. */
  reachableRole(p: Principal, roleId: number): Promise<{ role: Role; org: Org }>;
  checkAssignment(p: Principal, role: Role, roleOrg: Org, target: Org, verb: "assign" | "revoke"): Promise<void>;
  /** From the roles feature: least privilege over another user (403 unless the caller outranks them). */
  requireAuthorityOver(p: Principal, userId: number): Promise<void>;
  /**
   * The password-setup mail of a user created without a password (the passwords feature's
   * `mailSetupLink`): hands the setup code, already stored, to the mailer in the person's saved
   * language. Background work: never throws to the caller.
   */
  mailSetupLink(user: User, token: string): void;
  /** Stores a setup code with its event inside a unit (the passwords feature's `storeSetupCode`). */
  storeSetupCode: typeof storeSetupCode;
  /**
   * Ends every sign-in session and refresh family of the user and sends the back-channel logout
   * tokens (the logout feature's `endAllForUser`, CONTRACT §13); returns how many ended. Absent:
   * only the refresh families end (`families.revokeUser`).
   */
  endUserSessions?(
    user: { tenantId: number; id: number },
    ctx: { actor: { userId?: number | null; ip: string | null }; via: string },
  ): Promise<number>;
  /**
   * Lifts both password locks of an email (the auth feature's `unlockSignIn` over the counters,
   * CONTRACT §19): the account-wide lock and every per-address lock.
   */
  unlockSignIn(email: string): Promise<void>;
}

export interface UserSummary {
  user: User;
  roles: { id: number; name: string }[];
}

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

/** The address an erased user keeps, so the email is free again and the row holds no PII. */
export const erasedEmail = (id: number) => `erased+${id}@erased.invalid`;

export function createUserService(deps: UserServiceDeps) {
  const reachableOrg = (p: Principal, id: number): Promise<Org> => reachableOrgOf(deps.orgs, p, id);

  /**
   * The user as the caller may act on it: 404 across tenants, 403 when the home org is outside
   * reach or when the user holds system permissions (or reach) beyond the caller's.
   */
  async function reachableUser(p: Principal, id: number): Promise<{ user: User; org: Org }> {
    const user = await deps.users.get(tenantOf(p), id);
    if (!user) throw notFound("User");
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    requireReach(p, org, "User");
    await deps.requireAuthorityOver(p, user.id);
    return { user, org };
  }

  const notErased = (user: User) => {
    if (user.status === "ERASED") throw conflict("This user has been erased; the record cannot change any more.");
  };
  const notSelf = (p: Principal, user: User, verb: string) => {
    if (user.id === p.userId) throw forbidden(`You cannot ${verb} your own account.`);
  };

  /**
   * Creates a user at an org in reach (USER_MANAGE). With `roleId` the role is assigned at that
   * org in the same transaction, which also needs ROLE_MANAGE and passes the no-escalation check.
   * A taken email (service-wide, case-insensitive) is CONFLICT. Without a password, a setup code
   * (SETUP_TTL_DAYS, single use) is stored in the same transaction and mailed once it commits
   * (CONTRACT §19): `setupMailSent` says so.
   */
  async function create(
    p: Principal,
    input: { organizationId: number; email: string; fullName: string; password?: string; roleId?: number },
  ): Promise<{ user: User; setupMailSent: boolean }> {
    requirePermission(p, "USER_MANAGE");
    const org = await reachableOrg(p, input.organizationId);
    let role: Role | null = null;
    if (input.roleId !== undefined) {
      requirePermission(p, "ROLE_MANAGE");
      const r = await deps.reachableRole(p, input.roleId);
      await deps.checkAssignment(p, r.role, r.org, org, "assign");
      role = r.role;
    }
    const email = acceptEmail(input.email);
    const passwordHash = input.password ? await deps.hasher.hash(input.password) : null;
    const setupToken = passwordHash ? null : randomToken(32);
    try {
      const user = await deps.unit(
        "users.create",
        ["users", "roles", "oneTimeTokens", "events"],
        async ({ users, roles, oneTimeTokens, events }) => {
          const user = await users.create({
            tenantId: org.tenantId,
            organizationId: org.id,
            email,
            fullName: input.fullName.trim(),
            passwordHash,
          });
          await events.record({
            type: "user.created",
            tenantId: org.tenantId,
            org,
            actor: actorOf(p),
            target: { userId: user.id },
            data: { email, hasPassword: !!passwordHash },
          });
          if (role) {
            await roles.assign({ tenantId: org.tenantId, userId: user.id, roleId: role.id, organizationId: org.id });
            await events.record({
              type: "role.assigned",
              tenantId: org.tenantId,
              org,
              actor: actorOf(p),
              target: { userId: user.id },
              data: { roleId: role.id, roleName: role.name },
            });
          }
          if (setupToken)
            await deps.storeSetupCode(
              { oneTimeTokens, events },
              { user, org, actor: actorOf(p), token: setupToken, at: deps.clock.now(), data: { mailed: true } },
            );
          return user;
        },
      );
      if (setupToken) deps.mailSetupLink(user, setupToken);
      return { user, setupMailSent: !!setupToken };
    } catch (e) {
      if (e instanceof ConflictError) throw conflict("A user with this email already exists.");
      throw e;
    }
  }

  /** Users whose home org is `organizationId` or who hold a role there, with their roles at that org. */
  async function list(
    p: Principal,
    organizationId: number,
    size: number,
    filter: { afterId?: number; q?: string } = {},
  ): Promise<UserSummary[]> {
    requirePermission(p, "USER_MANAGE");
    const org = await reachableOrg(p, organizationId);
    const users = await deps.users.listByOrg(org.tenantId, org.id, size, {
      afterId: filter.afterId,
      q: filter.q?.trim() || undefined,
    });
    const roles = await deps.roles.rolesAt(
      org.tenantId,
      org.id,
      users.map((u) => u.id),
    );
    return users.map((user) => ({ user, roles: roles.get(user.id) ?? [] }));
  }

  /**
   * Renames a user, moves the home org (both orgs inside reach, same tenant) and/or changes the
   * email (CONTRACT §19): USER_MANAGE and the no-takeover rule (reachableUser). A new email is
   * unverified until proven again, and every reset, setup and verification code mailed to the old
   * address dies in the same transaction; a taken email is CONFLICT. Audited as `user.updated`
   * and, for the email, `user.email_changed`.
   */
  async function update(
    p: Principal,
    id: number,
    patch: { fullName?: string; organizationId?: number; email?: string },
  ): Promise<User> {
    requirePermission(p, "USER_MANAGE");
    const { user, org } = await reachableUser(p, id);
    notErased(user);
    const clean: { fullName?: string; organizationId?: number } = {};
    let target = org;
    const email = patch.email === undefined ? undefined : acceptEmail(patch.email);
    const emailChanges = email !== undefined && email !== user.email;
    if (patch.fullName !== undefined) clean.fullName = patch.fullName.trim();
    if (patch.organizationId !== undefined && patch.organizationId !== user.organizationId) {
      const next = await deps.orgs.get(user.tenantId, patch.organizationId);
      requireReach(p, next);
      target = next;
      clean.organizationId = next.id;
    }
    try {
      return await deps.unit(
        "users.update",
        ["users", "oneTimeTokens", "events"],
        async ({ users, oneTimeTokens, events }) => {
          const next = await users.update(
            user.tenantId,
            user.id,
            emailChanges ? { ...clean, email, emailVerified: false } : clean,
          );
          if (!next) throw notFound("User");
          await events.record({
            type: "user.updated",
            tenantId: user.tenantId,
            org: target,
            actor: actorOf(p),
            target: { userId: user.id },
            data: { changes: clean, ...(clean.organizationId ? { fromOrganizationId: user.organizationId } : {}) },
          });
          if (emailChanges) {
            // Codes mailed to the old address must not reset, set up or verify the account any more.
            for (const kind of ["reset", "setup", "verify_email"] as const)
              await oneTimeTokens.deleteUser(user.id, kind);
            await events.record({
              type: "user.email_changed",
              tenantId: user.tenantId,
              org: target,
              actor: actorOf(p),
              target: { userId: user.id },
              data: { email, wasVerified: user.emailVerified },
            });
          }
          return next;
        },
      );
    } catch (e) {
      if (e instanceof ConflictError) throw conflict("A user with this email already exists.");
      throw e;
    }
  }

  /** Disables a user and ends every session of theirs; re-enabling restores sign-in. */
  async function setEnabled(p: Principal, id: number, enabled: boolean): Promise<void> {
    requirePermission(p, "USER_MANAGE");
    const { user, org } = await reachableUser(p, id);
    notErased(user);
    if (!enabled) notSelf(p, user, "disable");
    const status = enabled ? "ACTIVE" : "DISABLED";
    if (user.status !== status) {
      await deps.unit(enabled ? "users.enable" : "users.disable", ["users", "events"], async ({ users, events }) => {
        await users.update(user.tenantId, user.id, { status });
        await events.record({
          type: enabled ? "user.enabled" : "user.disabled",
          tenantId: user.tenantId,
          org,
          actor: actorOf(p),
          target: { userId: user.id },
        });
      });
    }
    // Sessions may live in Redis, outside the transaction: revoke after the commit (and again on a repeat).
    if (!enabled) await endAll(user, actorOf(p), "disabled");
  }

  /** Every session of the user ends: sign-in sessions, refresh families, and the logout tokens (CONTRACT §13). */
  async function endAll(user: User, actor: { userId?: number | null; ip: string | null }, via: string) {
    // The logout feature first: it reads the families to know which clients to tell.
    const ended = deps.endUserSessions ? await deps.endUserSessions(user, { actor, via }) : 0;
    await deps.families.revokeUser(user.id);
    return ended;
  }

  /**
   * "Sign out everywhere" for another user (CONTRACT §13): USER_MANAGE, the user's home org in the
   * caller's reach, and the no-takeover rule (the caller must outrank a privileged user). Every
   * sign-in session and refresh family of the user ends; returns how many.
   */
  async function endSessions(p: Principal, id: number): Promise<number> {
    requirePermission(p, "USER_MANAGE");
    const { user } = await reachableUser(p, id);
    if (!deps.endUserSessions) {
      await deps.families.revokeUser(user.id);
      return 0;
    }
    return deps.endUserSessions(user, { actor: actorOf(p), via: "admin" });
  }

  /**
   * Lifts the password lockout of a user (CONTRACT §19): the account-wide lock and the lock of every
   * client address. USER_MANAGE, the user's home org in reach and the no-takeover rule, as for
   * ending their sessions. Nothing says whether a lock held (no enumeration of attempts); audited
   * as `user.unlocked`.
   */
  async function unlock(p: Principal, id: number): Promise<void> {
    requirePermission(p, "USER_MANAGE");
    const { user, org } = await reachableUser(p, id);
    notErased(user);
    await deps.unlockSignIn(user.email);
    await deps.unit("users.unlock", ["events"], async ({ events }) => {
      await events.record({
        type: "user.unlocked",
        tenantId: user.tenantId,
        org,
        actor: actorOf(p),
        target: { userId: user.id },
      });
    });
  }

  /**
   * Erases a user (CONTRACT §3), irreversibly: email → erased+{id}@erased.invalid, name, password,
   * MFA, passkeys, devices, one-time tokens and role assignments removed, status ERASED, audit rows scrubbed
   * of IP and personal data; then every session is revoked.
   */
  async function erase(p: Principal, id: number): Promise<void> {
    requirePermission(p, "USER_MANAGE");
    const { user, org } = await reachableUser(p, id);
    notSelf(p, user, "erase");
    if (user.status !== "ERASED") {
      await deps.unit(
        "users.erase",
        ["users", "devices", "oneTimeTokens", "roles", "socialIdentities", "passkeys", "consents", "audit", "events"],
        async ({ users, devices, oneTimeTokens, roles, socialIdentities, passkeys, consents, audit, events }) => {
          await users.erase(user.tenantId, user.id, erasedEmail(user.id));
          await consents.revokeAllForUser(user.tenantId, user.id);
          await devices.deleteUser(user.id);
          await passkeys.deleteUser(user.tenantId, user.id);
          await socialIdentities.deleteUser(user.id);
          await oneTimeTokens.deleteUser(user.id);
          await roles.removeAllFor(user.id);
          await audit.scrubUser(user.id);
          await events.record({
            type: "user.erased",
            tenantId: user.tenantId,
            org,
            actor: actorOf(p),
            target: { userId: user.id },
          });
        },
      );
    }
    // Written after the scrub: no IP on the erased user's trail (CONTRACT §3).
    await endAll(user, { userId: p.userId, ip: null }, "erased");
  }

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

  /**
   * Saves the caller's language for pages and mails (CONTRACT §15: `en` or `de`; null forgets it),
   * audited as `user.locale_changed`. The `self` tokens of CONTRACT §2. Answers the caller's profile.
   */
  async function setOwnLocale(p: Principal, locale: string | null): Promise<{ locale: string | null }> {
    const user = await deps.users.get(p.tenantId, p.userId);
    if (!user || user.status === "ERASED") throw notFound("User");
    if ((user.locale ?? null) === locale) return { locale };
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    await deps.unit("users.locale", ["users", "events"], async ({ users, events }) => {
      await users.update(user.tenantId, user.id, { locale });
      await events.record({
        type: "user.locale_changed",
        tenantId: user.tenantId,
        org,
        actor: actorOf(p),
        target: { userId: user.id },
        data: { locale },
      });
    });
    return { locale };
  }

  return {
    setOwnLocale,
    create,
    list,
    update,
    enable: (p: Principal, id: number) => setEnabled(p, id, true),
    disable: (p: Principal, id: number) => setEnabled(p, id, false),
    erase,
    unlock,
    exportUser,
    exportSelf,
    reachableUser,
    endSessions,
  };
}

export type UserService = ReturnType<typeof createUserService>;
