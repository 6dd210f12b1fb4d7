/**
 * Storage of passkeys (WebAuthn credentials, CONTRACT §14). Every adapter passes
 * test/contract/passkeys.contract.ts.
 *
 * A user id is service-wide (it names one tenant); the tenant is still in every per-user signature,
 * and a record of another tenant reads as absent (null, false, empty) and is never changed. A
 * credential id is unique service-wide (`findByCredentialId` serves sign-in without an email).
 */

/** One registered passkey. */
export interface Passkey {
  /** The public id of the API (`/api/users/me/passkeys/{id}`): random, not the credential id. */
  id: string;
  tenantId: number;
  userId: number;
  /** The WebAuthn credential id (base64url), unique service-wide. */
  credentialId: string;
  /** The credential's COSE public key (base64url). */
  publicKey: string;
  /** The authenticator's signature counter as last seen (0 when it keeps none). */
  counter: number;
  /** Transports the browser reported at registration (hints for later sign-ins). */
  transports: string[];
  /** The name the person gave it. */
  name: string;
  /** `multiDevice` when the credential may be synced (a platform's passkey manager). */
  deviceType: "singleDevice" | "multiDevice";
  /** Whether the credential is backed up (synced) now, as last reported. */
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface PasskeyRepo {
  /**
   * The user's WebAuthn user handle (base64url, random, no email in it): the stored one, or
   * `fresh` stored now when the user has none. Atomic: concurrent first calls agree on one handle.
   * Null when the user is not in `tenantId`.
   */
  userHandle(tenantId: number, userId: number, fresh: string): Promise<string | null>;
  /** The user's handle when one was ever made (null otherwise, or for another tenant). */
  handleOf(tenantId: number, userId: number): Promise<string | null>;
  /** Stores a new passkey. A credential id already stored (any user): ConflictError. */
  add(p: Passkey): Promise<void>;
  /** The user's passkeys, oldest first. Another tenant's user: []. */
  listUser(tenantId: number, userId: number): Promise<Passkey[]>;
  /** One passkey of the user by its public id; null when unknown, another user's or another tenant's. */
  get(tenantId: number, userId: number, id: string): Promise<Passkey | null>;
  /** The passkey with this credential id, whoever holds it (sign-in without an email); null when unknown. */
  findByCredentialId(credentialId: string): Promise<Passkey | null>;
  /** Renames one passkey of the user; false when there is none by that id (or it is another tenant's). */
  rename(tenantId: number, userId: number, id: string, name: string): Promise<boolean>;
  /** Deletes one passkey of the user; false when there is none by that id (or it is another tenant's). */
  delete(tenantId: number, userId: number, id: string): Promise<boolean>;
  /**
   * Records a verified sign-in with the passkey `id`, atomically: when the stored counter is below
   * `counter` (or both are 0: an authenticator that keeps no counter), stores `counter`,
   * `backedUp` and `lastUsedAt = at` and answers true. Otherwise (a counter that did not move
   * forward: a cloned authenticator or a replay) changes nothing and answers false. Of concurrent
   * calls with one counter above the stored one, exactly one gets true (unless both are 0).
   */
  recordUse(id: string, counter: number, backedUp: boolean, at: Date): Promise<boolean>;
  /** Deletes every passkey and the user handle of the user (erasure); returns how many passkeys. */
  deleteUser(tenantId: number, userId: number): Promise<number>;
}
