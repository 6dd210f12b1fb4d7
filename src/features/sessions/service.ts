/**
 * Session lifecycle after sign-in: refresh-token rotation with reuse detection (SPEC 3.3,
 * CONTRACT §4), logout, and the caller's devices. Minting goes through the auth service.
 */
import type { Clock } from "../../kernel/clock";
import { DomainError, invalidToken, notFound } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { DomainEvent, EventJournal } from "../events";
import type { Application } from "../apps/ports";
import { newRefreshToken, parseRefreshToken, type AuthService, type TokenPair } from "../auth";
import type { OrgRepo } from "../orgs/ports";
import type { RoleRepo } from "../roles/ports";
import type { UserRepo } from "../users/ports";
import type { CachedTokenContext } from "./context-cache";
import { familyIdOfSelector, type Device, type DeviceRepo, type FamilyStore } from "./ports";

export interface SessionServiceDeps {
  families: FamilyStore;
  devices: DeviceRepo;
  users: UserRepo;
  orgs: OrgRepo;
  roles: RoleRepo;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  unit: Unit<{ devices: DeviceRepo; events: EventJournal }>;
  /** User, org, suspension and grants, reused while the directory's version holds (the refresh hot path). */
  tokenContext: CachedTokenContext;
  auth: Pick<AuthService, "mintAccess" | "resolveAudience">;
  clock: Clock;
}

/** The caller of a `/api/users/me/**` operation. */
export interface DeviceCaller {
  userId: number;
  tenantId: number;
  orgId: number;
  orgPath: string;
  /** The session (refresh family) the caller's access token belongs to (`sid`). */
  sessionId?: string;
  ip: string | null;
}

/** One of the caller's live sessions as they see it. */
export interface SessionView {
  id: string;
  mode: string;
  organizationId: number;
  audience: string;
  deviceId: string | null;
  expiresAt: Date;
  current: boolean;
}

const dead = () => invalidToken("The refresh token is invalid, expired or revoked. Sign in again.");

export function createSessionService(deps: SessionServiceDeps) {
  /**
   * Consumes a refresh token and returns the next pair (same mode, same active org; `audience`
   * switches the session's audience). A replayed consumed token revokes the whole family and
   * fails with REFRESH_TOKEN_REUSED; an unknown, expired or revoked one, or a disabled user, is
   * INVALID_TOKEN; a suspended org is ORG_SUSPENDED.
   */
  async function refresh(input: { refreshToken: string; audience?: string }, ip: string | null): Promise<TokenPair> {
    const presented = parseRefreshToken(input.refreshToken);
    if (!presented) throw dead();
    const requested = input.audience !== undefined ? await deps.auth.resolveAudience(input.audience) : null;
    // The successor names the same family (familyIdOfSelector), so a store can keep a family together.
    const next = newRefreshToken(familyIdOfSelector(presented.selector));
    const now = deps.clock.now();
    // The directory's version is read beside the rotation and before the context it validates.
    const epoch = deps.tokenContext.epoch();
    const r = await deps.families.rotate(
      presented.selector,
      presented.verifierHash,
      {
        selector: next.selector,
        verifierHash: next.verifierHash,
        data: requested ? { audience: requested.identifier } : undefined,
      },
      now,
    );
    if (r.status === "invalid") throw dead();
    if (r.status === "reused") {
      const d = r.family.data;
      await deps.record({
        type: "auth.refresh.reuse_detected",
        tenantId: d.tenantId,
        org: { id: d.orgId, path: d.orgPath },
        actor: { ip },
        target: { userId: d.userId },
        data: { sessionId: r.family.familyId, mode: d.mode, ...(d.deviceId ? { deviceId: d.deviceId } : {}) },
      });
      throw new DomainError(
        "REFRESH_TOKEN_REUSED",
        "This refresh token was already used, so the session was ended as a precaution. Sign in again.",
      );
    }
    const { familyId, data: d, expiresAt } = r.family;
    // Everything the new token depends on, in parallel: the context is reused only while the
    // version read above still holds (context-cache.ts), so it is never older than the last change.
    const [{ user, org, blocked, grants }, app] = await Promise.all([
      deps.tokenContext.load(d.tenantId, d.userId, d.orgId, now, epoch),
      requested ?? deps.auth.resolveAudience(d.audience, epoch).catch(() => null as Application | null),
      d.mode === "device" && d.deviceId ? deps.devices.touch(d.userId, d.deviceId, now) : null,
    ]);
    if (!user || user.status !== "ACTIVE" || !org || !app) {
      await deps.families.revoke(familyId);
      throw dead();
    }
    if (blocked) {
      await deps.families.revoke(familyId);
      throw new DomainError(
        "ORG_SUSPENDED",
        "This session's organization (or one above it) is suspended or expired; no tokens can be issued for it.",
      );
    }
    const accessToken = await deps.auth.mintAccess(user, org, app, familyId, d.deviceId, grants);
    return {
      accessToken,
      refreshToken: next.token,
      tokenType: "Bearer",
      expiresInSeconds: 900,
      deviceId: d.deviceId,
      mode: d.mode,
      refreshTtlSeconds: Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
    };
  }

  /**
   * Ends the session the refresh token belongs to. Idempotent: an unknown, spent or expired token
   * ends nothing and is not an error (in the spirit of RFC 7009 §2.2).
   */
  async function logout(refreshToken: string, ip: string | null): Promise<void> {
    const presented = parseRefreshToken(refreshToken);
    if (!presented) return;
    const fam = await deps.families.peek(presented.selector, presented.verifierHash, deps.clock.now());
    if (!fam) return;
    await deps.families.revoke(fam.familyId);
    const d = fam.data;
    await deps.record({
      type: "auth.logout",
      tenantId: d.tenantId,
      org: { id: d.orgId, path: d.orgPath },
      actor: { ip },
      target: { userId: d.userId },
      data: { sessionId: fam.familyId, mode: d.mode, ...(d.deviceId ? { deviceId: d.deviceId } : {}) },
    });
  }

  /** The caller's devices, oldest first. */
  async function listDevices(caller: DeviceCaller): Promise<Device[]> {
    return deps.devices.listUser(caller.userId);
  }

  /** Logs one of the caller's devices out and forgets it; 404 when it is not the caller's. */
  async function removeDevice(caller: DeviceCaller, deviceId: string): Promise<void> {
    await deps.unit("devices.remove", ["devices", "events"], async ({ devices, events }) => {
      if (!(await devices.delete(caller.userId, deviceId))) throw notFound("Device");
      await events.record({
        type: "device.removed",
        tenantId: caller.tenantId,
        org: { id: caller.orgId, path: caller.orgPath },
        actor: { ip: caller.ip },
        target: { userId: caller.userId },
        data: { deviceId },
      });
    });
    // Families may live in Redis, outside the unit: end the device's sessions after the commit.
    await deps.families.revokeDevice(caller.userId, deviceId);
  }

  /** The caller's live sessions (refresh families), the calling one marked `current`. */
  async function listSessions(caller: DeviceCaller): Promise<SessionView[]> {
    const fams = await deps.families.listUser(caller.userId, deps.clock.now());
    return fams.map((f) => ({
      id: f.familyId,
      mode: f.data.mode,
      organizationId: f.data.orgId,
      audience: f.data.audience,
      deviceId: f.data.deviceId ?? null,
      expiresAt: f.expiresAt,
      current: f.familyId === caller.sessionId,
    }));
  }

  /** Ends one of the caller's sessions; 404 when it is not a live session of the caller. */
  async function revokeSession(caller: DeviceCaller, sessionId: string): Promise<void> {
    const fam = await deps.families.get(sessionId, deps.clock.now());
    if (!fam || fam.data.userId !== caller.userId) throw notFound("Session");
    await deps.families.revoke(fam.familyId);
    const d = fam.data;
    await deps.record({
      type: "auth.logout",
      tenantId: d.tenantId,
      org: { id: d.orgId, path: d.orgPath },
      actor: { userId: caller.userId, ip: caller.ip },
      target: { userId: d.userId },
      data: { sessionId: fam.familyId, mode: d.mode, via: "sessions", ...(d.deviceId ? { deviceId: d.deviceId } : {}) },
    });
  }

  return { refresh, logout, listDevices, removeDevice, listSessions, revokeSession };
}

export type SessionService = ReturnType<typeof createSessionService>;
