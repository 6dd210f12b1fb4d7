/**
 * Sessions: refresh-token families, devices, one-time tokens, and rate counters.
 * The family store and counters have a Redis adapter and a primary-store fallback; both pass
 * test/contract/sessions.contract.ts.
 */
export type SessionMode = "plain" | "web" | "device";

/** What a session remembers between refreshes. */
export interface SessionData {
  userId: number;
  tenantId: number;
  /** Active organization (kept across refreshes, changed by switching). */
  orgId: number;
  /** Audience last minted for (issuer = management). */
  audience: string;
  mode: SessionMode;
  deviceId?: string;
  /** Refresh TTL in seconds; device sessions slide by this much on each refresh. */
  ttlSeconds: number;
  /** Fixed absolute expiry (ms since epoch) for web/plain sessions. */
  absoluteExpiresAt?: number;
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

export interface FamilyStore {
  /** Starts a family whose current token is (selector, verifierHash), expiring at `expiresAt`. */
  create(familyId: string, selector: string, verifierHash: string, data: SessionData, expiresAt: Date): Promise<void>;
  /**
   * Atomically consumes the current token and installs the next one.
   * Exactly one of N concurrent calls with the same selector gets "rotated"; the others get "reused"
   * and the family is revoked. A wrong verifier is "invalid" and consumes nothing.
   * `update` may change the session data (org, audience) and `expiresAt` (device sliding).
   */
  rotate(selector: string, verifierHash: string, next: { selector: string; verifierHash: string; expiresAt: Date; data?: Partial<SessionData> }, now: Date): Promise<RotateResult>;
  /** Looks a current token up without consuming it (logout); null if invalid. */
  peek(selector: string, verifierHash: string, now: Date): Promise<FamilyRecord | null>;
  /** Revokes one family; idempotent. */
  revoke(familyId: string): Promise<void>;
  /** Revokes every family of a user (reset, disable, erase). */
  revokeUser(userId: number): Promise<void>;
  /** Revokes the families bound to a user's device. */
  revokeDevice(userId: number, deviceId: string): Promise<void>;
  /** Live families of a user (export). */
  listUser(userId: number, now: Date): Promise<FamilyRecord[]>;
}

export interface CounterStore {
  /**
   * Atomically adds 1 to `key` and returns the new count with the seconds left in its window.
   * The window (TTL) is fixed at the first hit and not extended by later hits.
   */
  hit(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  /** Current count without changing it (0 when absent or expired). */
  peek(key: string): Promise<{ count: number; ttlSeconds: number }>;
  /** Sets `key` to a value for a window (used for lockouts). */
  set(key: string, value: number, windowSeconds: number): Promise<void>;
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
  get(userId: number, deviceId: string): Promise<Device | null>;
  listUser(userId: number): Promise<Device[]>;
  /** false when the device does not belong to the user. */
  delete(userId: number, deviceId: string): Promise<boolean>;
  deleteUser(userId: number): Promise<void>;
}

export type OneTimeKind = "reset" | "setup" | "mfa_pending";

export interface OneTimeToken {
  kind: OneTimeKind;
  tenantId: number;
  userId: number;
  data: Record<string, unknown>;
  attempts: number;
  expiresAt: Date;
}

export interface OneTimeTokenRepo {
  create(tokenHash: string, t: OneTimeToken): Promise<void>;
  /** Atomically marks the token used; returns it only for the single winning caller, unexpired. */
  consume(tokenHash: string, kind: OneTimeKind, now: Date): Promise<OneTimeToken | null>;
  peek(tokenHash: string, kind: OneTimeKind, now: Date): Promise<OneTimeToken | null>;
  /** Atomically increments attempts; returns the new count (burns the token when it reaches `max`). */
  recordFailure(tokenHash: string, max: number): Promise<number>;
  deleteUser(userId: number, kind?: OneTimeKind): Promise<void>;
}
