/**
 * The user record (CONTRACT §3, §19): creating a user (with or without a password, optionally with
 * a first role), listing an org's users, renaming, moving or re-addressing one, and the caller's
 * own language (CONTRACT §15).
 */
import { actorOf, requirePermission, requireReach, type Principal } from "../../kernel/authz";
import { acceptEmail } from "../../kernel/email";
import { ConflictError, conflict, notFound } from "../../kernel/errors";
import { randomToken } from "../../kernel/secrets";
import type { User } from "../../kernel/users";
import type { Role } from "../roles";
import { notErased, type UserReach } from "./reach";
import type { UserServiceDeps, UserSummary } from "./service";

/** Create, list, update and the caller's own language, acting only on what `reach` allows. */
export function createUserRecords(deps: UserServiceDeps, reach: UserReach) {
  const { reachableOrg, reachableUser } = reach;

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

  return { create, list, update, setOwnLocale };
}
