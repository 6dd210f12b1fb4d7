/** Links between users and their social provider accounts (provider + subject). */
export type SocialProvider = "google" | "microsoft";

export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable subject (`sub`; Microsoft: `oid` within the tenant `tid`). */
  subject: string;
  tenantId: number;
  userId: number;
}

export interface SocialIdentityRepo {
  /** The user the provider account is linked to, if any. */
  find(provider: SocialProvider, subject: string): Promise<SocialIdentity | null>;
  /** Links a provider account to a user; ConflictError when the account is already linked. */
  link(identity: SocialIdentity): Promise<void>;
  /** The user's links (export). */
  listUser(userId: number): Promise<SocialIdentity[]>;
  /** Removes the user's links (erase). */
  deleteUser(userId: number): Promise<void>;
}
