/**
 * Users (people): the record and its repository port. Email is unique across the service and
 * stored lower-case. Shared vocabulary: sign-in, sessions, tokens, roles, social sign-in, MFA,
 * passwords, import and platform all read it, and the users feature (management, export,
 * erasure) builds on several of them, so the record lives below every feature.
 */
export type UserStatus = "ACTIVE" | "DISABLED" | "ERASED";

export interface User {
  id: number;
  tenantId: number;
  organizationId: number;
  email: string;
  fullName: string;
  /** Argon2id (or imported bcrypt) hash; null = no password yet. Never leaves the domain. */
  passwordHash: string | null;
  status: UserStatus;
  mfaEnabled: boolean;
  /**
   * True only with evidence that the person controls the mailbox (CONTRACT §12, §19): a redeemed
   * verification, reset or setup link mailed to this address, or a provider that verified it.
   * Changing the email clears it.
   */
  emailVerified: boolean;
  /** The language of the person's pages and mails they chose or last signed in with (`en`, `de`); null = none yet. */
  locale?: string | null;
  /**
   * The identifier a provisioning client (a SCIM `externalId`, CONTRACT §18) keeps for the person;
   * null or absent = none. Not unique: each identity provider has its own.
   */
  externalId?: string | null;
  /**
   * When a provisioning client deleted the person (SCIM DELETE, CONTRACT §18): the user is
   * DISABLED, holds no role in that client's subtree and is invisible to provisioning until it is
   * created again. Null or absent = never, or brought back.
   */
  deprovisionedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserRepo {
  /** Throws ConflictError when the (lower-cased) email exists. */
  create(input: {
    tenantId: number;
    organizationId: number;
    email: string;
    fullName: string;
    passwordHash: string | null;
    /** Default false: set only with evidence (a provider that verified the address). */
    emailVerified?: boolean;
    /** A provisioning client's identifier (SCIM `externalId`); default none. */
    externalId?: string | null;
  }): Promise<User>;
  get(tenant: number | "any", id: number): Promise<User | null>;
  /** Lookup by lower-cased email across the service (login, forgot-password). */
  findByEmail(email: string): Promise<User | null>;
  update(
    tenant: number | "any",
    id: number,
    patch: Partial<
      Pick<
        User,
        | "fullName"
        | "organizationId"
        | "passwordHash"
        | "status"
        | "email"
        | "mfaEnabled"
        | "locale"
        | "emailVerified"
        | "externalId"
        | "deprovisionedAt"
      >
    >,
  ): Promise<User | null>;
  /**
   * Users whose home org is `orgId` or who hold a role there (erased users excluded), ordered by
   * id, at most `size`. Index-backed: a union of the home-org and the assignment index. `afterId`
   * pages (ids greater than it); `q` keeps users whose email or name contains it (literal,
   * case-insensitive).
   */
  /** How many users the tenant has, erased ones left out (one counting query). */
  countByTenant(tenantId: number): Promise<number>;
  listByOrg(
    tenant: number | "any",
    orgId: number,
    size: number,
    filter?: { afterId?: number; q?: string },
  ): Promise<User[]>;
  /**
   * Users (erased ones excluded) whose home org lies in the subtree rooted at the org with path
   * `orgPath` (the org itself included), ordered by id, ids greater than `afterId`, at most `size`.
   * Another tenant's path matches nothing.
   */
  listInSubtree(tenantId: number, orgPath: string, size: number, afterId?: number): Promise<User[]>;
  /**
   * Erasure (CONTRACT §3), irreversible: sets the email to `erasedEmail`, clears the name, the
   * password hash, the external id, the verified mark and every MFA secret and recovery code, status ERASED. Null when not in `tenant`.
   */
  erase(tenant: number | "any", id: number, erasedEmail: string): Promise<User | null>;
}
