/**
 * Remembered consents (CONTRACT §12 "Consent", §13): durable, written inside units of work with
 * their journal events, so a primary-store repository (Repos). Every adapter passes
 * test/contract/oidc.contract.ts. A record of another tenant reads as absent and is never changed.
 */

/** A consent remembered per user and client (CONTRACT §12 "Consent", §13). */
export interface Consent {
  tenantId: number;
  userId: number;
  clientId: string;
  /** Every scope granted so far, sorted, no duplicates. */
  scopes: string[];
  /** The first grant. */
  grantedAt: Date;
  /** The latest grant (which may have added scopes). */
  updatedAt: Date;
}

export interface ConsentRepo {
  /** The user's consent to `clientId`; null when none or another tenant's. */
  get(tenantId: number, userId: number, clientId: string): Promise<Consent | null>;
  /**
   * Remembers `scopes` for (user, client): creates the consent, or adds the scopes to the ones
   * already granted (a union; none is ever dropped here). One atomic upsert: concurrent grants to
   * the same pair leave one consent holding every scope of each. Returns the consent after it.
   */
  grant(tenantId: number, userId: number, clientId: string, scopes: string[], at: Date): Promise<Consent>;
  /** The user's consents, by clientId. Another tenant's user: []. */
  listByUser(tenantId: number, userId: number): Promise<Consent[]>;
  /** Withdraws one consent; false when there was none (or it is another tenant's). */
  revoke(tenantId: number, userId: number, clientId: string): Promise<boolean>;
  /** Withdraws every consent of the user (erasure); returns how many. Another tenant's user: 0. */
  revokeAllForUser(tenantId: number, userId: number): Promise<number>;
}
