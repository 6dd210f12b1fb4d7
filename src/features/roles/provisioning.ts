/**
 * Roles as a provisioning client sees them (SCIM Groups, CONTRACT §18): the roles of its own
 * organization that carry no system code, their members (users of its subtree assigned the role
 * there), and the changes it may make: create a role without permissions, rename it, delete it
 * with its assignments, add and remove members. Every change is a journal event whose metadata
 * names the client (`actorType`, `actorId`).
 */
import { provisionerEvent, provisions, type Provisioner } from "../../kernel/authz";
import { ConflictError, conflict, fieldError, forbidden, notFound } from "../../kernel/errors";
import type { User, UserRepo } from "../../kernel/users";
import type { Unit } from "../../kernel/unit";
import type { AppRepo } from "../apps";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import type { Role, RoleRepo } from "./ports";
import { systemCodesOf } from "./service";

export interface GroupProvisioningDeps {
  roles: RoleRepo;
  orgs: Pick<OrgRepo, "get" | "getMany">;
  users: Pick<UserRepo, "get" | "listInSubtree">;
  apps: Pick<AppRepo, "system">;
  unit: Unit<{ roles: RoleRepo; events: EventJournal }>;
}

/** A role as a group: the role and the ids of its members. */
export interface ProvisionedGroup {
  role: Role;
  members: User[];
}

/** The most users a provisioning client's subtree is read with at once (members, listings). */
export const PROVISIONING_MAX_USERS = 50_000;

export function createGroupProvisioning(deps: GroupProvisioningDeps) {
  let systemAppId: number | null | undefined;
  const systemApp = async () => (systemAppId ??= (await deps.apps.system())?.id ?? null);
  const carriesSystemCode = async (role: Role) => systemCodesOf(role.permissions, await systemApp()).length > 0;

  async function orgOf(a: Provisioner): Promise<Org> {
    const org = await deps.orgs.get(a.tenantId, a.org.id);
    if (!org) throw notFound("Organization");
    return org;
  }

  /** True when the user holds a system code at any org (then no provisioning client acts on them). */
  async function holdsSystemCode(user: User): Promise<boolean> {
    const ids = [...new Set((await deps.roles.assignmentsOf(user.id)).map((x) => x.roleId))];
    for (const id of ids) {
      const role = await deps.roles.get(user.tenantId, id);
      if (role && (await carriesSystemCode(role))) return true;
    }
    return false;
  }

  /** The role as a group of this client: its organization's, without system codes; else 404. */
  async function group(a: Provisioner, roleId: number): Promise<Role> {
    const role = await deps.roles.get(a.tenantId, roleId);
    if (!role || role.organizationId !== a.org.id || (await carriesSystemCode(role))) throw notFound("Group");
    return role;
  }

  /** Users of the subtree not deleted by a provisioning client, by id. */
  async function subtreeUsers(a: Provisioner): Promise<User[]> {
    const users = await deps.users.listInSubtree(a.tenantId, a.org.path, PROVISIONING_MAX_USERS);
    return users.filter((u) => !u.deprovisionedAt);
  }

  /** Every group of the client with its members (users of the subtree assigned the role at its organization). */
  async function list(a: Provisioner): Promise<ProvisionedGroup[]> {
    const roles = [];
    for (const r of await deps.roles.listByOrg(a.tenantId, a.org.id, 1000))
      if (!(await carriesSystemCode(r))) roles.push(r);
    const users = await subtreeUsers(a);
    const held = await deps.roles.rolesAt(
      a.tenantId,
      a.org.id,
      users.map((u) => u.id),
    );
    return roles.map((role) => ({
      role,
      members: users.filter((u) => held.get(u.id)?.some((r) => r.id === role.id)),
    }));
  }

  /** One group with its members (404 when it is not the client's). */
  async function get(a: Provisioner, roleId: number): Promise<ProvisionedGroup> {
    const role = await group(a, roleId);
    const users = await subtreeUsers(a);
    const held = await deps.roles.rolesAt(
      a.tenantId,
      a.org.id,
      users.map((u) => u.id),
    );
    return { role, members: users.filter((u) => held.get(u.id)?.some((r) => r.id === role.id)) };
  }

  /** A member the client may assign or revoke: a user of its subtree, not deleted, holding no system code. */
  async function member(a: Provisioner, userId: number): Promise<User> {
    const user = await deps.users.get(a.tenantId, userId);
    if (!user || user.status === "ERASED" || user.deprovisionedAt) throw fieldError("members", `no user ${userId}`);
    const home = await deps.orgs.get(a.tenantId, user.organizationId);
    if (!home || !provisions(a, home.path)) throw fieldError("members", `no user ${userId}`);
    if (await holdsSystemCode(user))
      throw forbidden("That user holds system permissions; a provisioning client cannot change their roles.");
    return user;
  }

  /** Adds and removes members (each once; an absent member's removal changes nothing). */
  async function changeMembers(a: Provisioner, role: Role, add: number[], remove: number[]): Promise<void> {
    const org = await orgOf(a);
    const adding = await Promise.all([...new Set(add)].map((id) => member(a, id)));
    const removing = await Promise.all([...new Set(remove)].map((id) => member(a, id)));
    if (!adding.length && !removing.length) return;
    await deps.unit("groups.members", ["roles", "events"], async ({ roles, events }) => {
      for (const u of adding)
        if (await roles.assign({ tenantId: a.tenantId, userId: u.id, roleId: role.id, organizationId: org.id }))
          await events.record({
            type: "role.assigned",
            tenantId: a.tenantId,
            org,
            target: { userId: u.id },
            ...provisionerEvent(a, { roleId: role.id, roleName: role.name }),
          });
      for (const u of removing)
        if (await roles.revoke({ tenantId: a.tenantId, userId: u.id, roleId: role.id, organizationId: org.id }))
          await events.record({
            type: "role.revoked",
            tenantId: a.tenantId,
            org,
            target: { userId: u.id },
            ...provisionerEvent(a, { roleId: role.id, roleName: role.name }),
          });
    });
  }

  /** Replaces the members with exactly `userIds`. */
  async function setMembers(a: Provisioner, role: Role, userIds: number[]): Promise<void> {
    const current = (await get(a, role.id)).members.map((u) => u.id);
    const want = new Set(userIds);
    await changeMembers(
      a,
      role,
      userIds.filter((id) => !current.includes(id)),
      current.filter((id) => !want.has(id)),
    );
  }

  const taken = (e: unknown) => {
    if (e instanceof ConflictError) throw conflict("A role with this name exists in the organization.");
    throw e;
  };

  /** Creates a role of the client's organization without permissions (SELF). Audited as `role.created`. */
  async function create(a: Provisioner, name: string, externalId: string | null = null): Promise<Role> {
    const org = await orgOf(a);
    return deps
      .unit("groups.create", ["roles", "events"], async ({ roles, events }) => {
        const role = await roles.create({
          tenantId: a.tenantId,
          organizationId: org.id,
          name,
          description: "",
          scope: "SELF",
          permissionIds: [],
          externalId,
        });
        await events.record({
          type: "role.created",
          tenantId: a.tenantId,
          org,
          ...provisionerEvent(a, { roleId: role.id, name }),
        });
        return role;
      })
      .catch(taken);
  }

  /** Renames a group's role. Audited as `role.updated`. */
  async function rename(a: Provisioner, role: Role, name: string): Promise<Role> {
    if (name === role.name) return role;
    const org = await orgOf(a);
    return deps
      .unit("groups.rename", ["roles", "events"], async ({ roles, events }) => {
        const renamed = await roles.rename(a.tenantId, role.id, name);
        if (!renamed) throw notFound("Group");
        await events.record({
          type: "role.updated",
          tenantId: a.tenantId,
          org,
          ...provisionerEvent(a, { roleId: role.id, name, previousName: role.name }),
        });
        return renamed;
      })
      .catch(taken);
  }

  /** Sets or clears the provisioning client's external id of a group's role. Audited as `role.updated`. */
  async function setExternalId(a: Provisioner, role: Role, externalId: string | null): Promise<Role> {
    if ((role.externalId ?? null) === externalId) return role;
    const org = await orgOf(a);
    return deps.unit("groups.external_id", ["roles", "events"], async ({ roles, events }) => {
      const updated = await roles.setExternalId(a.tenantId, role.id, externalId);
      if (!updated) throw notFound("Group");
      await events.record({
        type: "role.updated",
        tenantId: a.tenantId,
        org,
        ...provisionerEvent(a, { roleId: role.id, externalId }),
      });
      return updated;
    });
  }

  /** Deletes a group's role and its assignments (`role.revoked` for each, then `role.deleted`). */
  async function remove(a: Provisioner, role: Role): Promise<void> {
    const org = await orgOf(a);
    await deps.unit("groups.delete", ["roles", "events"], async ({ roles, events }) => {
      const gone = await roles.remove(a.tenantId, role.id);
      if (!gone) throw notFound("Group");
      // Only the unit's ports inside it (a read through another handle would wait on this transaction
      // on a one-connection store): the events name the group's organization.
      for (const x of gone)
        await events.record({
          type: "role.revoked",
          tenantId: a.tenantId,
          org,
          target: { userId: x.userId },
          ...provisionerEvent(a, { roleId: role.id, roleName: role.name }),
        });
      await events.record({
        type: "role.deleted",
        tenantId: a.tenantId,
        org,
        ...provisionerEvent(a, { roleId: role.id, name: role.name }),
      });
    });
  }

  return { list, get, group, create, rename, setExternalId, remove, changeMembers, setMembers, holdsSystemCode };
}

export type GroupProvisioning = ReturnType<typeof createGroupProvisioning>;
