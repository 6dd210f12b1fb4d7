/**
 * The read a refresh depends on, as one port method: the user, the active org, whether that org or
 * an ancestor is suspended or expired, and the effective grants there. One round trip on the hot path.
 */
import type { Org } from "../orgs/ports";
import type { EffectiveGrant } from "../roles/ports";
import type { User } from "../users/ports";

export interface TokenContext {
  /** Null when the user is gone (or in another tenant). Carries no password hash. */
  user: Omit<User, "passwordHash"> | null;
  org: Org | null;
  /** True when the org or any ancestor is SUSPENDED or past `expiresAt` at `now`. */
  blocked: boolean;
  grants: EffectiveGrant[];
}

export interface TokenContextReader {
  /**
   * One consistent read (a single statement) of everything a user access token for (user, org)
   * depends on. Tenant-filtered: a user or org of another tenant reads as null.
   */
  load(tenantId: number, userId: number, orgId: number, orgPath: string, now: Date): Promise<TokenContext>;
}
