/**
 * Storage of the OpenID provider (CONTRACT §12, §13): browser sign-in sessions, authorization
 * codes and remembered consents. Every adapter passes test/contract/oidc.contract.ts.
 *
 * Where each lives (src/stores.ts, docs/decisions.md "OpenID provider storage"):
 * - SignInSessionStore and AuthorizationCodeStore are shared by every instance and short-lived,
 *   so they live where refresh families live (SessionStore): Redis when configured, else SQLite
 *   beside the embedded database, else the primary store.
 * - ConsentRepo is durable and written inside units of work with their journal events: a
 *   primary-store repository (Repos).
 *
 * A user id is service-wide (it names one tenant); the tenant is still in every signature, and a
 * record of another tenant reads as absent (null, false, empty) and is never changed. The one
 * exception is `"any"` in `resume` and `redeem`: only the platform's own console client (which
 * serves people of every tenant, docs/oidc.md "The console is a client too") passes it to `redeem`;
 * `resume` gets it only for a `sso_session` cookie of the earlier format that does not name its
 * tenant, when no client names one either (session-cookie.ts). The record then names its tenant and
 * everything after acts in that tenant.
 */
import type { ClaimsRequest } from "./claims-request";
import type { TenantScope } from "../../kernel/tenancy";
export type { TenantScope };

/** A browser sign-in session (cookie `sso_session`; CONTRACT §12 "Sign-in session"). */
export interface SignInSession {
  /**
   * The session's public id: the `sid` claim of every ID, access and logout token issued through
   * it. Public, so it is never enough to resume the session: the cookie also carries a secret
   * whose SHA-256 (`secretHash`) the store keeps (docs/decisions.md).
   */
  sid: string;
  tenantId: number;
  userId: number;
  /** When the person last proved who they are (the ID token's `auth_time`); moved by a step-up (`raise`). */
  authTime: Date;
  /** RFC 8176 methods of the proofs given (`pwd`, `otp`, `mfa`, `hwk`, `user`); the ID token's `acr` derives from them. */
  amr: string[];
  /** Seconds of inactivity after which the session ends (24 h by CONTRACT §12). */
  idleSeconds: number;
  /** End of the current idle window; moved by `resume`, never past `absoluteExpiresAt`. */
  idleExpiresAt: Date;
  /** Hard end (14 days after sign-in by CONTRACT §12), whatever the activity. */
  absoluteExpiresAt: Date;
  createdAt: Date;
  lastUsedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** Clients that got tokens in this session (back-channel logout, §13), in no particular order, no duplicates. */
  clients: string[];
}

/** What `create` stores: the session without its derived fields. */
export type NewSignInSession = Omit<SignInSession, "clients" | "lastUsedAt">;

export interface SignInSessionStore {
  /**
   * Starts a session under `sid` (unguessable, from randomToken) with the hash of the cookie's
   * secret. `sid` must be new: a duplicate is ConflictError (never an overwrite).
   */
  create(session: NewSignInSession, secretHash: string): Promise<void>;
  /**
   * The cookie path: when (sid, secretHash) names a live session of `tenantId` at `now`, slides
   * its idle expiry to min(now + idleSeconds, absoluteExpiresAt), sets lastUsedAt and returns the
   * session after that change. One atomic step. A wrong secret (compared in constant time), an
   * unknown, ended, idle-expired or absolutely-expired session, or another tenant's (unless
   * `tenantId` is "any"): null, and nothing changes.
   */
  resume(tenantId: TenantScope, sid: string, secretHash: string, now: Date): Promise<SignInSession | null>;
  /**
   * The live session by its public id (logout with `id_token_hint`, introspection of a token's
   * `sid`, listings); null when unknown, ended, expired at `now` (idle or absolute) or of another
   * tenant. Changes nothing.
   */
  get(tenantId: number, sid: string, now: Date): Promise<SignInSession | null>;
  /**
   * Step-up (CONTRACT §12): a further factor proven in the live session raises it. Its `amr`
   * becomes `amr` and its `authTime` `authTime`; the sid, the secret, the clients and the expiries
   * stay. One atomic step on the live record. Answers the session after the change; null (and
   * nothing changes) when it is unknown, ended, expired at `now` or of another tenant.
   */
  raise(tenantId: number, sid: string, amr: string[], authTime: Date, now: Date): Promise<SignInSession | null>;
  /**
   * Atomically adds `clientId` to the session's clients (a set: adding twice keeps one entry;
   * concurrent adds of different clients all stay). true when the session is live at `now`; false
   * (and nothing recorded) when it is unknown, ended, expired or of another tenant: the caller
   * must then not issue tokens under this `sid`.
   */
  addClient(tenantId: number, sid: string, clientId: string, now: Date): Promise<boolean>;
  /**
   * Ends the session and returns it as it was (with every client recorded before the end), once:
   * of N concurrent calls exactly one gets the record, the others (and any later call) null.
   * An expired but not yet collected session is still returned (its clients may need logout
   * tokens). Another tenant's session: null, and it stays.
   */
  end(tenantId: number, sid: string): Promise<SignInSession | null>;
  /** The user's live sessions at `now`, oldest first (sign out everywhere, §13). Another tenant's user: []. */
  listByUser(tenantId: number, userId: number, now: Date): Promise<SignInSession[]>;
  /**
   * Ends every session of the user and returns those it ended (each as `end` would, so a session
   * ended concurrently by another call is returned by exactly one of them). Sessions started while
   * this runs may survive it. Another tenant's user: [] and nothing ends.
   */
  endAllForUser(tenantId: number, userId: number): Promise<SignInSession[]>;
}

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
