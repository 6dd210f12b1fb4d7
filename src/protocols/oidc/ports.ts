/**
 * Storage of the OpenID provider's authorization codes (CONTRACT §12 "Code"): shared by every
 * instance and short-lived, so they live where refresh families live (src/stores.ts). Browser
 * sessions are the journey's (src/features/sessions/browser-sessions.ts), consents their own feature's
 * (src/features/consents/ports.ts). Every adapter passes test/contract/oidc.contract.ts.
 *
 * A record of another tenant reads as absent and is never changed. The one exception is `"any"` in
 * `redeem`: only the platform's own console client (which serves people of every tenant,
 * docs/oidc.md "The console is a client too") passes it.
 */
import type { ClaimsRequest } from "./claims-request";
import type { TenantScope } from "../../kernel/tenancy";
export type { TenantScope };

/** What an authorization code stands for (CONTRACT §12 "Code"): bound to all of it. */
export interface AuthorizationCode {
  tenantId: number;
  clientId: string;
  userId: number;
  /** The redirect URI exactly as the authorization request sent it (the token request must repeat it). */
  redirectUri: string;
  /**
   * PKCE S256 challenge (base64url of SHA-256 of the verifier); null when the request carried none
   * (a confidential client registered with `requirePkce: false`): then no verifier is accepted.
   */
  codeChallenge: string | null;
  /** The `nonce` of the authorization request, for the ID token; null when absent. */
  nonce: string | null;
  /** The sign-in session the code was minted in. */
  sid: string;
  /** Granted scopes. */
  scopes: string[];
  /** Claims the request asked for by name (OIDC Core §5.5 `claims`); absent when none. */
  claims?: ClaimsRequest;
  /** The active organization chosen on the hosted page. */
  orgId: number;
  authTime: Date;
  amr: string[];
  /**
   * The browser's IP address when the code was issued: the authorization is audited once, with
   * the redemption (`oauth.code.redeemed`). Absent in codes issued before it was kept.
   */
  authorizedIp?: string | null;
  expiresAt: Date;
}

/** What the first redemption of a code issued: what a later reuse of that code revokes (§12). */
export interface CodeIssue {
  /** The refresh family started by the first redemption, when one was. */
  familyId?: string;
  /** Ids (`jti`) of access tokens minted, for revocation until they expire (§13). */
  accessTokenIds?: string[];
}

export type RedeemResult =
  /** The first redemption: the caller issues tokens, then calls `recordIssued`. */
  | { status: "ok"; code: AuthorizationCode }
  /**
   * The code was redeemed before: answer invalid_grant and revoke `issued` (null when the first
   * redeemer has not recorded it yet: it learns of the reuse from `recordIssued` and revokes itself).
   */
  | { status: "reused"; code: AuthorizationCode; issued: CodeIssue | null };

/**
 * How long a redeemed code is kept after its expiry so that a replay is still recognised as reuse
 * (and what the first redemption issued revoked) rather than answered as merely unknown.
 */
export const CODE_REUSE_WINDOW_SECONDS = 600;

export interface AuthorizationCodeStore {
  /**
   * Stores a new code under the SHA-256 of its value (the value itself is never stored), valid
   * until `code.expiresAt` (60 s by CONTRACT §12). A duplicate hash is ConflictError.
   */
  issue(codeHash: string, code: AuthorizationCode): Promise<void>;
  /**
   * Redeems the code presented by `clientId` of `tenantId`, atomically:
   * - the first redemption before `expiresAt` is "ok" (of N concurrent calls exactly one);
   * - every later one, until `expiresAt + CODE_REUSE_WINDOW_SECONDS`, is "reused" and marks the
   *   code reused (so `recordIssued` tells the first redeemer);
   * - null when unknown, never redeemed and expired at `now`, past the reuse window, or bound to
   *   another client or tenant (then nothing changes: a client cannot burn another's code); with
   *   `tenantId` "any" only the client is compared.
   */
  redeem(tenantId: TenantScope, clientId: string, codeHash: string, now: Date): Promise<RedeemResult | null>;
  /**
   * Records what the "ok" redemption issued, for a later reuse to revoke. Atomic with `redeem`:
   * "reused" when a reuse was seen before this call (the caller revokes what it has just issued
   * itself); "recorded" otherwise; null when the code is gone, was never redeemed, or is another tenant's.
   */
  recordIssued(tenantId: number, codeHash: string, issued: CodeIssue): Promise<"recorded" | "reused" | null>;
}
