/**
 * Users as a provisioning client sees them (SCIM Users, CONTRACT §18): the people whose home org
 * lies in its subtree, and the changes it may make: create (no setup mail), update name, email,
 * external id and active state, and delete (disable, remove the roles held in the subtree, hide
 * from the client; never erase). A user who holds a system code is out of its reach (403). Every
 * change is a journal event whose metadata names the client (`actorType`, `actorId`); a disabled
 * user's sessions end (CONTRACT §13).
 */
import { provisionerEvent, provisions, type Provisioner } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { acceptEmail } from "../../kernel/email";
import { ConflictError, conflict, fieldError, forbidden, notFound } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import { PROVISIONING_MAX_USERS, type RoleRepo } from "../roles";
import type { FamilyStore, OneTimeTokenRepo } from "../sessions/ports";

export interface UserProvisioningDeps {
  users: UserRepo;
  orgs: Pick<OrgRepo, "get" | "getMany">;
  roles: Pick<RoleRepo, "assignmentsOf">;
  families: Pick<FamilyStore, "revokeUser">;
  clock: Clock;
  unit: Unit<{
    users: UserRepo;
    roles: RoleRepo;
    oneTimeTokens: Pick<OneTimeTokenRepo, "deleteUser">;
    events: EventJournal;
  }>;
  /** The roles feature's check: true when the user holds a system code at any org. */
  holdsSystemCode(user: User): Promise<boolean>;
  /** Ends every browser session and refresh family of the user (the sessions feature's ending). */
  endUserSessions?(
    user: { tenantId: number; id: number },
    ctx: { actor: { userId?: number | null; ip: string | null }; via: string },
  ): Promise<number>;
}

/** What a provisioning client sets on a user (absent: unchanged). */
export interface ProvisionedUserInput {
  email?: string;
  fullName?: string;
  externalId?: string | null;
  active?: boolean;
}

/** A provisioning client's userName is the person's email (CONTRACT §18): something@domain, at most 320 characters. */
function acceptUserName(raw: string): string {
  if (raw.length > 320 || !/^[^@\s]+@[^@\s]+$/.test(raw))
    throw fieldError("userName", "must be the person's email address");
  return acceptEmail(raw, "userName");
}

export function createUserProvisioning(deps: UserProvisioningDeps) {
  /** The user's home org when the user is visible to the client (in its subtree, not erased, not deleted by it). */
  async function visible(a: Provisioner, user: User | null): Promise<{ user: User; org: Org } | null> {
    if (!user || user.tenantId !== a.tenantId || user.status === "ERASED" || user.deprovisionedAt) return null;
    const org = await deps.orgs.get(a.tenantId, user.organizationId);
    return org && provisions(a, org.path) ? { user, org } : null;
  }

  /** One user of the client (404 otherwise). */
  async function get(a: Provisioner, id: number): Promise<User> {
    const v = await visible(a, await deps.users.get(a.tenantId, id));
    if (!v) throw notFound("User");
    return v.user;
  }

  /** The user the client may change: visible and holding no system code (403). */
  async function changeable(a: Provisioner, id: number): Promise<{ user: User; org: Org }> {
    const v = await visible(a, await deps.users.get(a.tenantId, id));
    if (!v) throw notFound("User");
    if (await deps.holdsSystemCode(v.user))
      throw forbidden("That user holds system permissions; a provisioning client cannot change them.");
    return v;
  }

  /** The client's users by id (at most PROVISIONING_MAX_USERS are read). */
  async function list(a: Provisioner): Promise<User[]> {
    const users = await deps.users.listInSubtree(a.tenantId, a.org.path, PROVISIONING_MAX_USERS);
    return users.filter((u) => !u.deprovisionedAt);
  }

  /** The client's user with this email, or null (one indexed read: the `userName eq` every provider sends first). */
  async function findByEmail(a: Provisioner, email: string): Promise<User | null> {
    return (await visible(a, await deps.users.findByEmail(email)))?.user ?? null;
  }

  async function endSessions(a: Provisioner, user: User) {
    if (deps.endUserSessions) await deps.endUserSessions(user, { actor: { userId: null, ip: a.ip }, via: "disabled" });
    await deps.families.revokeUser(user.id);
  }

  const taken = (e: unknown): never => {
    if (e instanceof ConflictError) throw conflict("A user with this email already exists.");
    throw e;
  };

  /**
   * Creates a user at the client's organization, without a password and without a setup mail
   * (the person signs in through their company's provider or a reset link). An email that a user
   * the client deleted holds brings that user back (same id, ACTIVE). Any other holder: CONFLICT.
   */
  async function create(
    a: Provisioner,
    input: { email: string; fullName: string; externalId?: string | null; active?: boolean },
  ): Promise<{ user: User; revived: boolean }> {
    const email = acceptUserName(input.email);
    const holder = await deps.users.findByEmail(email);
    if (holder) {
      const home = holder.deprovisionedAt ? await deps.orgs.get(a.tenantId, holder.organizationId) : null;
      if (!home || holder.tenantId !== a.tenantId || !provisions(a, home.path) || holder.status === "ERASED")
        throw conflict("A user with this email already exists.");
      const user = await apply(a, holder, home, { ...input, active: input.active ?? true }, true);
      return { user, revived: true };
    }
    const org = await deps.orgs.get(a.tenantId, a.org.id);
    if (!org) throw notFound("Organization");
    const active = input.active ?? true;
    const user = await deps
      .unit("users.provision", ["users", "events"], async ({ users, events }) => {
        let user = await users.create({
          tenantId: a.tenantId,
          organizationId: org.id,
          email,
          fullName: input.fullName.trim(),
          passwordHash: null,
          externalId: input.externalId ?? null,
        });
        await events.record({
          type: "user.created",
          tenantId: a.tenantId,
          org,
          target: { userId: user.id },
          ...provisionerEvent(a, { email, hasPassword: false }),
        });
        if (!active) {
          user = (await users.update(a.tenantId, user.id, { status: "DISABLED" })) ?? user;
          await events.record({
            type: "user.disabled",
            tenantId: a.tenantId,
            org,
            target: { userId: user.id },
            ...provisionerEvent(a),
          });
        }
        return user;
      })
      .catch(taken);
    return { user, revived: false };
  }

  /** Writes the changed fields with their events; ends the sessions of a user it disabled. */
  async function apply(a: Provisioner, user: User, org: Org, input: ProvisionedUserInput, revive = false) {
    const patch: Parameters<UserRepo["update"]>[2] = {};
    const email = input.email !== undefined ? acceptUserName(input.email) : undefined;
    if (email !== undefined && email !== user.email) patch.email = email;
    if (input.fullName !== undefined && input.fullName.trim() !== user.fullName) patch.fullName = input.fullName.trim();
    if (input.externalId !== undefined && (input.externalId ?? null) !== (user.externalId ?? null))
      patch.externalId = input.externalId;
    if (revive) patch.deprovisionedAt = null;
    const status = input.active === undefined ? user.status : input.active ? "ACTIVE" : "DISABLED";
    if (status !== user.status) patch.status = status;
    if (patch.email) patch.emailVerified = false;
    if (!Object.keys(patch).length) return user;
    const updated = await deps
      .unit(
        "users.provision_update",
        ["users", "oneTimeTokens", "events"],
        async ({ users, oneTimeTokens, events }) => {
          const updated = await users.update(a.tenantId, user.id, patch);
          if (!updated) throw notFound("User");
          const fields = Object.keys(patch).filter((k) => !["status", "emailVerified", "deprovisionedAt"].includes(k));
          const base = { tenantId: a.tenantId, org, target: { userId: user.id } };
          if (fields.length) await events.record({ type: "user.updated", ...base, ...provisionerEvent(a, { fields }) });
          if (patch.email) {
            // Codes mailed to the old address must not reset, set up or verify the account any more.
            for (const kind of ["reset", "setup", "verify_email"] as const)
              await oneTimeTokens.deleteUser(user.id, kind);
            await events.record({
              type: "user.email_changed",
              ...base,
              ...provisionerEvent(a, { from: user.email, to: patch.email }),
            });
          }
          if (patch.status)
            await events.record({
              type: patch.status === "ACTIVE" ? "user.enabled" : "user.disabled",
              ...base,
              ...provisionerEvent(a),
            });
          return updated;
        },
      )
      .catch(taken);
    // Sessions may live in Redis, outside the transaction: they end after the commit.
    if (patch.status === "DISABLED") await endSessions(a, updated);
    return updated;
  }

  /** Updates a user of the client (CONFLICT for an email another user holds). */
  async function update(a: Provisioner, id: number, input: ProvisionedUserInput): Promise<User> {
    const { user, org } = await changeable(a, id);
    return apply(a, user, org, input);
  }

  /**
   * Deletes a user for the client: DISABLED, every role it holds at an org of the subtree removed
   * (`role.revoked` each), hidden from the client from now on, sessions ended; never erased.
   */
  async function deprovision(a: Provisioner, id: number): Promise<void> {
    const { user, org } = await changeable(a, id);
    const held = await deps.roles.assignmentsOf(user.id);
    const orgs = new Map(
      (await deps.orgs.getMany(a.tenantId, [...new Set(held.map((x) => x.organizationId))])).map((o) => [o.id, o]),
    );
    const inSubtree = held.filter((x) => {
      const o = orgs.get(x.organizationId);
      return o && provisions(a, o.path);
    });
    await deps.unit("users.deprovision", ["users", "roles", "events"], async ({ users, roles, events }) => {
      await users.update(a.tenantId, user.id, { status: "DISABLED", deprovisionedAt: deps.clock.now() });
      for (const x of inSubtree)
        if (await roles.revoke(x))
          await events.record({
            type: "role.revoked",
            tenantId: a.tenantId,
            org: orgs.get(x.organizationId)!,
            target: { userId: user.id },
            ...provisionerEvent(a, { roleId: x.roleId, roleName: x.roleName }),
          });
      if (user.status !== "DISABLED")
        await events.record({
          type: "user.disabled",
          tenantId: a.tenantId,
          org,
          target: { userId: user.id },
          ...provisionerEvent(a),
        });
      await events.record({
        type: "user.deprovisioned",
        tenantId: a.tenantId,
        org,
        target: { userId: user.id },
        ...provisionerEvent(a),
      });
    });
    await endSessions(a, user);
  }

  return { get, list, findByEmail, create, update, deprovision };
}

export type UserProvisioning = ReturnType<typeof createUserProvisioning>;
