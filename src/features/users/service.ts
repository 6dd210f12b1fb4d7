/**
 * Users (CONTRACT §3): create (with or without a password, optionally with a first role), list by
 * org, move/rename, disable/enable (disabling ends every session), erase (irreversible) and the
 * data-subject export. One factory per job, composed here: reach.ts (who may act on which user),
 * records.ts (create, list, update, own language), status.ts (enable/disable, end sessions, unlock,
 * erase), export.ts (the export).
 */
import type { ExternalIdentityRepo } from "../connections/ports";
import type { storeSetupCode } from "../passwords";
import type { Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import type { PasswordHasher } from "../../kernel/passwords";
import type { AuditRepo } from "../audit";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import type { Role, RoleRepo } from "../roles";
import type { DeviceRepo, FamilyStore, OneTimeTokenRepo } from "../sessions/ports";
import type { SocialIdentityRepo } from "../social";
import type { PasskeyRepo } from "../passkeys/ports";
import type { User, UserRepo } from "../../kernel/users";
import type { ConsentRepo } from "../consents";
import { createUserExport } from "./export";
import { createUserReach } from "./reach";
import { createUserRecords } from "./records";
import { createUserStatus } from "./status";

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
    /** Links to upstream accounts (CONTRACT §16): erased with the user. */
    externalIdentities: Pick<ExternalIdentityRepo, "deleteUser">;
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
   * Ends every browser session and refresh family of the user and sends the back-channel logout
   * tokens (the sessions feature's `endAllForUser`, CONTRACT §13); returns how many ended. Absent:
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

/** The address an erased user keeps, so the email is free again and the row holds no PII. */
export const erasedEmail = (id: number) => `erased+${id}@erased.invalid`;

export function createUserService(deps: UserServiceDeps) {
  const reach = createUserReach(deps);
  return {
    ...createUserRecords(deps, reach),
    ...createUserStatus(deps, reach),
    ...createUserExport(deps, reach),
    reachableUser: reach.reachableUser,
  };
}

export type UserService = ReturnType<typeof createUserService>;
