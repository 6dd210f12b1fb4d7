/**
 * Storage of the browser session (cookie `sso_session`; CONTRACT §12 "Sign-in session", §13): the
 * protocol-neutral sign-in every protocol's browser flow starts or resumes. Shared by every instance
 * and short-lived, so it lives where refresh families live (src/stores.ts): Redis when configured,
 * else SQLite beside the embedded database, else the primary store. Every adapter passes
 * test/contract/oidc.contract.ts.
 *
 * A user id is service-wide (it names one tenant); the tenant is still in every signature, and a
 * record of another tenant reads as absent (null, false, empty) and is never changed. The one
 * exception is `"any"` in `resume`: it is passed only for a `sso_session` cookie of the earlier
 * format that does not name its tenant, when no client names one either (session-cookie.ts). The
 * record then names its tenant and everything after acts in that tenant.
 */
import type { TenantScope } from "../../kernel/tenancy";
export type { TenantScope };

/**
 * How often a resume writes the slide (the idle expiry and `lastUsedAt`): at most once per minute
 * (a tenth of the idle window when that is shorter). A silent authorization on every page load of
 * every application resumes the session each time; writing each of those is a store write per
 * page for a change of seconds. Between two writes the stored idle expiry is at most this much
 * earlier than an exact slide would make it, so a session can only end earlier, never later.
 */
export const SLIDE_STEP_MS = 60_000;

/** Whether a resume at `nowMs` of a session last slid at `lastUsedMs` writes its slide (SLIDE_STEP_MS). */
export function slideDue(lastUsedMs: number, nowMs: number, idleSeconds: number): boolean {
  return nowMs - lastUsedMs >= Math.min(SLIDE_STEP_MS, idleSeconds * 100);
}

/** A browser sign-in session (cookie `sso_session`; CONTRACT §12 "Sign-in session"). */
export interface BrowserSession {
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
export type NewBrowserSession = Omit<BrowserSession, "clients" | "lastUsedAt">;

export interface BrowserSessionStore {
  /**
   * Starts a session under `sid` (unguessable, from randomToken) with the hash of the cookie's
   * secret. `sid` must be new: a duplicate is ConflictError (never an overwrite).
   */
  create(session: NewBrowserSession, secretHash: string): Promise<void>;
  /**
   * The cookie path: when (sid, secretHash) names a live session of `tenantId` at `now`, slides
   * its idle expiry to min(now + idleSeconds, absoluteExpiresAt), sets lastUsedAt and returns the
   * session after that change. One atomic step. When the last slide is recent (`slideDue` false:
   * under SLIDE_STEP_MS) nothing is written and the session is returned as stored. A wrong secret (compared in constant time), an
   * unknown, ended, idle-expired or absolutely-expired session, or another tenant's (unless
   * `tenantId` is "any"): null, and nothing changes.
   */
  resume(tenantId: TenantScope, sid: string, secretHash: string, now: Date): Promise<BrowserSession | null>;
  /**
   * The live session by its public id (logout with `id_token_hint`, introspection of a token's
   * `sid`, listings); null when unknown, ended, expired at `now` (idle or absolute) or of another
   * tenant. Changes nothing.
   */
  get(tenantId: number, sid: string, now: Date): Promise<BrowserSession | null>;
  /**
   * Step-up (CONTRACT §12): a further factor proven in the live session raises it. Its `amr`
   * becomes `amr` and its `authTime` `authTime`; the sid, the secret, the clients and the expiries
   * stay. One atomic step on the live record. Answers the session after the change; null (and
   * nothing changes) when it is unknown, ended, expired at `now` or of another tenant.
   */
  raise(tenantId: number, sid: string, amr: string[], authTime: Date, now: Date): Promise<BrowserSession | null>;
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
  end(tenantId: number, sid: string): Promise<BrowserSession | null>;
  /** The user's live sessions at `now`, oldest first (sign out everywhere, §13). Another tenant's user: []. */
  listByUser(tenantId: number, userId: number, now: Date): Promise<BrowserSession[]>;
  /**
   * Ends every session of the user and returns those it ended (each as `end` would, so a session
   * ended concurrently by another call is returned by exactly one of them). Sessions started while
   * this runs may survive it. Another tenant's user: [] and nothing ends.
   */
  endAllForUser(tenantId: number, userId: number): Promise<BrowserSession[]>;
}
