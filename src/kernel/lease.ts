/**
 * A named, time-bounded lease in the shared store, so that only one of several instances runs a
 * scheduled task (key rotation, webhook delivery) at a time.
 */
export interface LeaseStore {
  /**
   * Atomically takes or renews `name` for `holder` until now+ttlSeconds. Succeeds when the lease is
   * free, expired, or already held by `holder`; returns false when another holder has it.
   */
  acquire(name: string, holder: string, ttlSeconds: number): Promise<boolean>;
  /** Releases the lease if `holder` holds it; no-op otherwise. */
  release(name: string, holder: string): Promise<void>;
}
