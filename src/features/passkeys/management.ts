/**
 * Passkey management (CONTRACT §14): the person lists, renames and removes their own; an
 * administrator lists and removes another user's (USER_MANAGE, reach, no takeover); the GDPR
 * export lists them.
 */
import { actorOf, type Principal } from "../../kernel/authz";
import { notFound, validation } from "../../kernel/errors";
import { userEvent } from "../../kernel/event-shapes";
import type { User } from "../../kernel/users";
import type { Org } from "../orgs";
import { activeUser, cleanName, viewOf } from "./shared";
import type { PasskeyCaller, PasskeyServiceDeps, PasskeyView } from "./shared";

export function createPasskeyManagement(
  deps: Pick<PasskeyServiceDeps, "passkeys" | "users" | "orgs" | "unit" | "reachableUser">,
) {
  /** The user's passkeys as the API shows them (also the list of a GDPR export). */
  const viewsOf = async (tenantId: number, userId: number) =>
    (await deps.passkeys.listUser(tenantId, userId)).map(viewOf);

  async function list(c: PasskeyCaller): Promise<PasskeyView[]> {
    const user = await activeUser(deps.users, c.tenantId, c.userId);
    return viewsOf(user.tenantId, user.id);
  }

  async function rename(c: PasskeyCaller, id: string, name: string): Promise<PasskeyView> {
    const user = await activeUser(deps.users, c.tenantId, c.userId);
    const clean = cleanName(name);
    if (!clean) throw validation("name: must not be empty", [{ field: "name", message: "empty" }]);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    return deps.unit("passkeys.rename", ["passkeys", "events"], async ({ passkeys, events }) => {
      const before = await passkeys.get(user.tenantId, user.id, id);
      if (!before || !(await passkeys.rename(user.tenantId, user.id, id, clean))) throw notFound("Passkey");
      await events.record(
        userEvent(user, org, "passkey.renamed", actorOf(c), { passkeyId: id, from: before.name, name: clean }),
      );
      return viewOf({ ...before, name: clean });
    });
  }

  async function removeOf(user: User, org: Org | null, id: string, actor: { userId: number; ip: string | null }) {
    await deps.unit("passkeys.delete", ["passkeys", "events"], async ({ passkeys, events }) => {
      const before = await passkeys.get(user.tenantId, user.id, id);
      if (!before || !(await passkeys.delete(user.tenantId, user.id, id))) throw notFound("Passkey");
      await events.record(
        userEvent(user, org, "passkey.deleted", actor, {
          passkeyId: id,
          name: before.name,
          ...(actor.userId !== user.id ? { byAdministrator: true } : {}),
        }),
      );
    });
  }

  async function remove(c: PasskeyCaller, id: string): Promise<void> {
    const user = await activeUser(deps.users, c.tenantId, c.userId);
    await removeOf(user, await deps.orgs.get(user.tenantId, user.organizationId), id, actorOf(c));
  }

  async function adminList(p: Principal, userId: number): Promise<PasskeyView[]> {
    const { user } = await deps.reachableUser(p, userId);
    return viewsOf(user.tenantId, user.id);
  }

  async function adminRemove(p: Principal, userId: number, id: string): Promise<void> {
    const { user, org } = await deps.reachableUser(p, userId);
    await removeOf(user, org, id, actorOf(p));
  }

  /** Whether the user has any passkey (the hosted second-factor page offers one then). */
  const hasPasskeys = async (tenantId: number, userId: number) =>
    (await deps.passkeys.listUser(tenantId, userId)).length > 0;

  return { list, rename, remove, adminList, adminRemove, hasPasskeys, exportOf: viewsOf };
}
