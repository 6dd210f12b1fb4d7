/**
 * SCIM tokens (CONTRACT §18): bearer secrets an organization hands its identity provider (Entra ID,
 * Okta) so it can provision people into that organization's subtree over `/scim/v2`. Durable,
 * written inside units of work with their journal events, so a primary-store repository (Repos).
 * Every adapter passes test/contract/scim-tokens.contract.ts. A record of another tenant reads as
 * absent and is never changed.
 */

/** A SCIM token as the service keeps it: never the secret, only its SHA-256. */
export interface ScimToken {
  id: number;
  tenantId: number;
  /** The organization whose subtree the token acts in. */
  organizationId: number;
  name: string;
  createdAt: Date;
  /** The last request the token authenticated (kept to the minute); null = never used. */
  lastUsedAt: Date | null;
}

export interface ScimTokenRepo {
  /** Stores a new token under the SHA-256 (hex) of its secret; part of the caller's unit. */
  create(input: {
    tenantId: number;
    organizationId: number;
    name: string;
    tokenHash: string;
    createdAt: Date;
  }): Promise<ScimToken>;
  /** The tokens of an organization, oldest first. Another tenant's organization: []. */
  listByOrg(tenantId: number, organizationId: number): Promise<ScimToken[]>;
  /** One token; null when none or another tenant's. */
  get(tenantId: number, id: number): Promise<ScimToken | null>;
  /**
   * The token whose secret hashes to `tokenHash` (one indexed read, across tenants: the secret
   * names its tenant); null when none (never issued, or revoked).
   */
  findByHash(tokenHash: string): Promise<ScimToken | null>;
  /**
   * Notes a use: sets `lastUsedAt` to `at` when it is unset or older than `at` by a minute or more.
   * One single-record conditional update, outside any unit (no event): concurrent uses never move it
   * back. Another tenant's or an unknown id changes nothing.
   */
  touch(tenantId: number, id: number, at: Date): Promise<void>;
  /** Deletes (revokes) a token of the organization; false when there was none there. Part of the caller's unit. */
  delete(tenantId: number, organizationId: number, id: number): Promise<boolean>;
}
