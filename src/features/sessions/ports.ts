/**
 * Sessions: refresh-token families, devices, one-time tokens, and rate counters.
 * The family store and counters have a Redis adapter and a primary-store fallback; every adapter
 * passes test/contract/sessions.contract.ts.
 *
 * Users are identified by their service-wide numeric id, so a user id already names exactly one
 * tenant; cross-user isolation is the tenancy boundary these ports guarantee.
 */
import type { Org } from "../orgs/ports";
import type { EffectiveGrant } from "../roles/ports";
import type { User } from "../../kernel/users";

export type SessionMode = "plain" | "web" | "device";

/** What a session remembers between refreshes. */
export interface SessionData {
  userId: number;
  tenantId: number;
  /** Active organization (kept across refreshes, changed by switching). */
  orgId: number;
  /** Path of the active organization (audit and claims without another lookup). */
  orgPath: string;
  /** Audience last minted for (issuer = management). */
  audience: string;
  mode: SessionMode;
  deviceId?: string;
  /** Refresh TTL in seconds; a sliding (device) session moves its expiry to now + this on each rotation. */
  ttlSeconds: number;
  /** Fixed absolute expiry (ms since epoch) for web/plain sessions; absent = sliding. */
  absoluteExpiresAt?: number;
  /**
   * The OAuth client a family was started for by the authorization code grant (CONTRACT §12):
   * only that client may refresh it, and only at /oauth2/token. Absent on /api/auth families.
   */
  clientId?: string;
  /** The browser session of a client family: the `sid` of every access token it mints. */
  sid?: string;
  /** Scopes granted to a client family (its access tokens' `scope`, the token response's `scope`). */
  scopes?: string[];
  /** Claims its authorization request asked UserInfo for by name (OIDC Core §5.5): its access tokens' `userinfo_claims`. */
  userinfoClaims?: string[];
}

export interface FamilyRecord {
  familyId: string;
  data: SessionData;
  expiresAt: Date;
}

export type RotateResult =
  | { status: "rotated"; family: FamilyRecord }
  /** The selector was already consumed: the whole family is now revoked. */
  | { status: "reused"; family: { familyId: string; data: SessionData } }
  /** Unknown selector, wrong verifier, expired or revoked family. */
  | { status: "invalid" };

/**
 * Characters of a refresh-token selector after its family id: every selector is
 * `familyId + 16 base64url characters`, so a store can find a token's family from the selector
 * alone (Redis keeps each family's keys in one cluster hash slot this way, see docs/sessions.md).
 */
export const SELECTOR_SUFFIX_LENGTH = 16;

/** The family id a selector names ("" when the selector is too short to name one). */
export const familyIdOfSelector = (selector: string): string =>
  selector.length > SELECTOR_SUFFIX_LENGTH ? selector.slice(0, -SELECTOR_SUFFIX_LENGTH) : "";

export interface FamilyStore {
  /**
   * Starts a family whose current token is (selector, verifierHash), expiring at `expiresAt`.
   * Every selector given to a family (here and as `next` in rotate) names it:
   * `familyIdOfSelector(selector) === familyId`.
   */
  create(familyId: string, selector: string, verifierHash: string, data: SessionData, expiresAt: Date): Promise<void>;
  /**
   * Atomically consumes the current token (selector, verifierHash) and installs `next` as the
   * family's only valid token.
   *
   * - Exactly one of N concurrent calls with the same token gets "rotated"; every other one, and
   *   any later presentation of a consumed token, gets "reused" and the family is revoked (in the
   *   same atomic step).
   * - A wrong verifier, an unknown selector, or a revoked or expired (at `now`) family is
   *   "invalid" and changes nothing.
   * - `next.data` is merged into the session data (switching audience).
   * - The new expiry is `data.absoluteExpiresAt` when set, else `now + data.ttlSeconds` (sliding).
   * The returned family is the state after the rotation.
   */
  rotate(
    selector: string,
    verifierHash: string,
    next: { selector: string; verifierHash: string; data?: Partial<SessionData> },
    now: Date,
  ): Promise<RotateResult>;
  /** Looks a current token up without consuming it (logout); null unless it is the live current token. */
  peek(selector: string, verifierHash: string, now: Date): Promise<FamilyRecord | null>;
  /** A live (not revoked, not expired at `now`) family by id; null otherwise. */
  get(familyId: string, now: Date): Promise<FamilyRecord | null>;
  /** Revokes one family; idempotent, unknown ids are ignored. */
  revoke(familyId: string): Promise<void>;
  /** Revokes every family of a user (reset, disable, erase); other users are untouched. */
  revokeUser(userId: number): Promise<void>;
  /** Revokes the families bound to one device of a user; other devices are untouched. */
  revokeDevice(userId: number, deviceId: string): Promise<void>;
  /** Live families of a user at `now` (export, tests), in no particular order. */
  listUser(userId: number, now: Date): Promise<FamilyRecord[]>;
}

export interface CounterStore {
  /**
   * Atomically adds 1 to `key` and returns the new count with the seconds left in its window.
   * N concurrent hits return 1..N, each exactly once. The window (TTL) is fixed at the first hit
   * and not extended by later hits; after it ends the next hit starts again at 1. Time is the
   * caller's `now` (the injected clock): a window ends when `now` passes its end, whatever the
   * store's own clock says.
   */
  hit(key: string, windowSeconds: number, now: Date): Promise<{ count: number; ttlSeconds: number }>;
  /** Current count without changing it (0 when absent or its window ended before `now`). */
  peek(key: string, now: Date): Promise<{ count: number; ttlSeconds: number }>;
  /** Sets `key` to `value` with a new window of `windowSeconds` from `now` (lockouts). */
  set(key: string, value: number, windowSeconds: number, now: Date): Promise<void>;
  /**
   * Atomically counts one event of `member` under `key` (an account's sign-in failures and the
   * client addresses they came from): adds 1 to the key's count, adds `member` to the key's set of
   * members, and returns the new count, how many distinct members the window holds, and the seconds
   * left in it. The window is `hit`'s: fixed at the first hit, the caller's `now`, and a hit after it
   * ends starts again at count 1 with `member` alone. N concurrent calls return counts 1..N, each
   * once; concurrent calls naming M members not yet in the window return distinct counts that reach
   * M, each new member adding exactly 1, so a threshold on either number is crossed by exactly one
   * caller. `peek` and `set` see and change the count; `reset` also forgets the members.
   */
  hitDistinct(
    key: string,
    member: string,
    windowSeconds: number,
    now: Date,
  ): Promise<{ count: number; distinct: number; ttlSeconds: number }>;
  /** Deletes `key` (and the members `hitDistinct` recorded under it); the next hit starts at 1. */
  reset(key: string): Promise<void>;
}

export interface Device {
  tenantId: number;
  userId: number;
  deviceId: string;
  name: string;
  platform: string;
  lastSeenAt: Date;
  createdAt: Date;
}

export interface DeviceRepo {
  /** Inserts or refreshes (name, platform, lastSeenAt) the (user, deviceId) row; never duplicates. */
  upsert(d: Omit<Device, "createdAt">): Promise<Device>;
  /** The device when it belongs to `userId`; null otherwise. */
  get(userId: number, deviceId: string): Promise<Device | null>;
  /** The user's devices, oldest first. */
  listUser(userId: number): Promise<Device[]>;
  /** Deletes the user's device; false when it does not belong to the user. */
  delete(userId: number, deviceId: string): Promise<boolean>;
  /** Deletes every device of the user (erase). */
  deleteUser(userId: number): Promise<void>;
  /** Sets lastSeenAt of an existing (user, deviceId) row; no-op when absent. One statement. */
  touch(userId: number, deviceId: string, at: Date): Promise<void>;
}

/** `fed_state`: an upstream sign-in's state, nonce and PKCE verifier (CONTRACT §16), redeemed once at its callback. */
export type OneTimeKind =
  | "reset"
  | "setup"
  | "mfa_pending"
  | "verify_email"
  | "fed_state"
  | "fed_saml_request"
  | "fed_saml_result";

export interface OneTimeToken {
  kind: OneTimeKind;
  tenantId: number;
  userId: number;
  data: Record<string, unknown>;
  attempts: number;
  expiresAt: Date;
}

export interface OneTimeTokenRepo {
  /** Stores a token under the hash of its secret (the secret itself is never stored). */
  create(tokenHash: string, t: OneTimeToken): Promise<void>;
  /**
   * Atomically marks the token used and returns it; of N concurrent callers exactly one gets it.
   * null when unknown, of another kind, already used, burnt, or expired at `now`.
   */
  consume(tokenHash: string, kind: OneTimeKind, now: Date): Promise<OneTimeToken | null>;
  /** The token when it could still be consumed at `now`, without consuming it. */
  peek(tokenHash: string, kind: OneTimeKind, now: Date): Promise<OneTimeToken | null>;
  /** Atomically increments attempts; returns the new count (burns the token when it reaches `max`; `max` for an unknown token). */
  recordFailure(tokenHash: string, max: number): Promise<number>;
  /** Deletes the user's tokens (of one kind, or all). */
  deleteUser(userId: number, kind?: OneTimeKind): Promise<void>;
}

/** The read a refresh or login depends on, as one port method (one round trip on the hot path). */
export interface TokenContext {
  /** Null when the user is gone (or in another tenant). Carries no password hash. */
  user: Omit<User, "passwordHash"> | null;
  org: Org | null;
  /** True when the org or any ancestor is SUSPENDED or past `expiresAt` at `now`. */
  blocked: boolean;
  /**
   * The earliest `expiresAt` after `now` among the orgs `blocked` reads (ms since the epoch; null
   * when none will expire): from that instant the same read would say blocked.
   */
  blockedFrom: number | null;
  grants: EffectiveGrant[];
}

export interface TokenContextReader {
  /**
   * One consistent read (a single statement) of everything a user access token for (user, org)
   * depends on; the org's ancestors come from its stored path. Tenant-filtered: a user or org of
   * another tenant reads as null (and the grants as empty).
   */
  load(tenantId: number, userId: number, orgId: number, now: Date): Promise<TokenContext>;
}

export type { BrowserSession, BrowserSessionStore, NewBrowserSession } from "./browser-sessions";
export { SLIDE_STEP_MS, slideDue } from "./browser-sessions";
