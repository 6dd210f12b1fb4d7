/**
 * A user's standing (CONTRACT §3, §13, §19): disabling (which ends every session) and enabling,
 * ending every session of another user, lifting the password lockout, and erasure.
 */
import { actorOf, requirePermission, type Principal } from "../../kernel/authz";
import type { User } from "../../kernel/users";
import { notErased, notSelf, type UserReach } from "./reach";
import { erasedEmail, type UserServiceDeps } from "./service";

/** Enable/disable, end sessions, unlock and erase, acting only on users `reach` allows. */
export function createUserStatus(deps: UserServiceDeps, reach: Pick<UserReach, "reachableUser">) {
  const { reachableUser } = reach;

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

  /** Every session of the user ends: browser sessions, refresh families, and the logout tokens (CONTRACT §13). */
  async function endAll(user: User, actor: { userId?: number | null; ip: string | null }, via: string) {
    // The sessions feature's ending first: it reads the families to know which clients to tell.
    const ended = deps.endUserSessions ? await deps.endUserSessions(user, { actor, via }) : 0;
    await deps.families.revokeUser(user.id);
    return ended;
  }

  /**
   * "Sign out everywhere" for another user (CONTRACT §13): USER_MANAGE, the user's home org in the
   * caller's reach, and the no-takeover rule (the caller must outrank a privileged user). Every
   * browser session and refresh family of the user ends; returns how many.
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
        [
          "users",
          "devices",
          "oneTimeTokens",
          "roles",
          "socialIdentities",
          "externalIdentities",
          "passkeys",
          "consents",
          "audit",
          "events",
        ],
        async ({
          users,
          devices,
          oneTimeTokens,
          roles,
          socialIdentities,
          externalIdentities,
          passkeys,
          consents,
          audit,
          events,
        }) => {
          await users.erase(user.tenantId, user.id, erasedEmail(user.id));
          await consents.revokeAllForUser(user.tenantId, user.id);
          await devices.deleteUser(user.id);
          await passkeys.deleteUser(user.tenantId, user.id);
          await socialIdentities.deleteUser(user.id);
          await externalIdentities.deleteUser(user.tenantId, user.id);
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

  return {
    enable: (p: Principal, id: number) => setEnabled(p, id, true),
    disable: (p: Principal, id: number) => setEnabled(p, id, false),
    erase,
    unlock,
    endSessions,
  };
}
