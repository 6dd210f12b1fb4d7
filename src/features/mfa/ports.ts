/** A user's second factor: the TOTP secret (sealed), its replay guard, and the recovery codes. */
export interface MfaState {
  /** Sealed TOTP secret (base32 inside); null when none was ever begun or MFA was disabled. */
  secretEnc: string | null;
  enabled: boolean;
  /** The last TOTP time step accepted; a code of this step or an earlier one is refused. */
  lastStep: number | null;
}

export interface MfaRepo {
  /** The user's MFA state; null when the user is not in `tenant`. */
  get(tenant: number | "any", userId: number): Promise<MfaState | null>;
  /** Stores a new (not yet confirmed) secret; MFA stays off until `enable`. */
  begin(userId: number, secretEnc: string): Promise<void>;
  /** Turns MFA on, recording `step` as used, and replaces the recovery codes with these hashes. */
  enable(userId: number, step: number, recoveryCodeHashes: string[]): Promise<void>;
  /** Turns MFA off: secret, replay guard and recovery codes removed. */
  disable(userId: number): Promise<void>;
  /**
   * Accepts TOTP step `step` once: atomically records it when it is later than the last accepted
   * step and answers true; false when it (or a later one) was already used. Of N concurrent
   * callers with one step, exactly one gets true.
   */
  useStep(userId: number, step: number): Promise<boolean>;
  /** Spends an unused recovery code (by hash) atomically; false when unknown or already used. */
  useRecoveryCode(userId: number, codeHash: string, at: Date): Promise<boolean>;
  /** Unused recovery codes left. */
  recoveryCodesLeft(userId: number): Promise<number>;
}
