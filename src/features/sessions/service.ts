/**
 * Sign-in sessions (SPEC 3.3, CONTRACT §4): starting one for a proven person (plain / web /
 * device), refresh-token rotation with reuse detection and the refresh-token format, switching the
 * active organization, logout, the caller's sessions and devices, and the memberships list. What a
 * token says and its signature are the tokens feature's (`mint`); proving who someone is, the
 * sign-in features'.
 */
import type { Clock } from "../../kernel/clock";
import { addDays } from "../../kernel/clock";
import { DomainError, forbidden, invalidToken, notFound } from "../../kernel/errors";
import { proofLabel, type ProvenPerson } from "../../kernel/proven-person";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { Application, AudienceResolver } from "../apps";
import type { DomainEvent, EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import { userMemberships, type EffectiveGrant, type RoleRepo } from "../roles";
import { ACCESS_TOKEN_TTL, type ClientGrant, type TokenMinter } from "../tokens";
import type { CachedTokenContext } from "./context-cache";
import {
  familyIdOfSelector,
  type Device,
  type DeviceRepo,
  type FamilyStore,
  type SessionData,
  type SessionMode,
} from "./ports";

/** CONTRACT §4 default refresh TTLs in days (web and device overridable per application). */
export const REFRESH_TTL_DAYS = { web: 30, plain: 30, device: 90 } as const;

export interface DeviceInfo {
  deviceId?: string;
  name?: string;
  platform?: string;
}

export interface TokenPair {
  accessToken: string;
  /** Travels in the cookie instead of the body in web mode. */
  refreshToken: string;
  tokenType: "Bearer";
  expiresInSeconds: number;
  deviceId?: string;
  mode: SessionMode;
  /** Seconds the refresh token lives (cookie Max-Age). */
  refreshTtlSeconds: number;
  /** A client family's granted scopes (refresh at /oauth2/token); absent for /api/auth sessions. */
  scopes?: string[];
}

/** What the authorization code grant asks for (CONTRACT §12 "Token response"). */
export interface ClientSessionRequest {
  tenantId: number;
  userId: number;
  /** The active organization chosen on the hosted page. */
  orgId: number;
  /** Identifier of the client's bound application (the access token's `aud`). */
  audience: string;
  clientId: string;
  /** The browser sign-in session: the access tokens' `sid`. */
  sid: string;
  scopes: string[];
  /** Claims the request asked UserInfo for by name (OIDC Core §5.5 `claims`); absent when none. */
  userinfoClaims?: string[];
  /** Start a refresh family (the client holds `refresh_token`). */
  refresh: boolean;
}

/**
 * What a client family's first access token is made of, loaded once by `startClientSession`: the
 * protocol that asked signs it (with its ID token) in its own place.
 */
export interface ClientAccess {
  user: Omit<User, "passwordHash">;
  org: Org;
  app: Application;
  /** The browser sign-in session: the access tokens' `sid`. */
  sid: string;
  grants: EffectiveGrant[];
  client: ClientGrant;
}

export type ClientSessionResult<T> =
  | {
      status: "ok";
      /** The user as loaded for the token (no password hash): the ID token's claims. */
      user: Omit<User, "passwordHash">;
      /** The org the tokens are for (audit). */
      org: { id: number; path: string };
      /** What the caller's `mint` returned for this family's access (its tokens). */
      minted: T;
      /** With `refresh`: the family's first token and its id (what a reused code revokes). */
      refreshToken?: string;
      familyId?: string;
    }
  /** The user can no longer sign in, the org is gone, suspended or expired, or the application is gone. */
  | { status: "refused"; reason: "user_inactive" | "org_unusable" | "app_missing" };

/** How a session is to be started: the audience and the mode inputs of login / social / MFA verify. */
export interface SessionRequest {
  audience?: string;
  web?: boolean;
  device?: DeviceInfo;
}

/** The caller of a `/api/users/me/**` operation, as the bearer token names it. */
export interface SessionCaller {
  userId: number;
  tenantId: number;
  sessionId?: string;
  ip: string | null;
}

export interface SessionServiceDeps {
  families: FamilyStore;
  devices: DeviceRepo;
  /** Org switch and memberships: the caller, the target org, their grants and assignments. */
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get" | "getMany" | "isBlocked">;
  roles: Pick<RoleRepo, "effectiveGrants" | "assignmentsOf">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  unit: Unit<{ devices: DeviceRepo; events: EventJournal }>;
  /**
   * User, org, suspension and grants in one read (the sign-in hot path), reused on refresh while
   * the directory's version holds.
   */
  tokenContext: CachedTokenContext;
  audiences: AudienceResolver;
  mint: TokenMinter["mintAccess"];
  clock: Clock;
  /**
   * Told when a refresh revoked a family (reuse, a user or org that can no longer get tokens), so
   * introspection refuses the access tokens it minted (the logout feature's revocation marks).
   */
  familyRevoked?(data: SessionData): Promise<void>;
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

const dead = () => invalidToken("The refresh token is invalid, expired or revoked. Sign in again.");
const invalidCredentials = () => new DomainError("INVALID_CREDENTIALS", "The email or password is incorrect.");
const orgSuspended = () =>
  new DomainError(
    "ORG_SUSPENDED",
    "This organization (or one above it) is suspended or expired; no tokens can be issued for it.",
  );

export function createSessionService(deps: SessionServiceDeps) {
  const resolveAudience = (audience: string | undefined, version?: Promise<string | null>) =>
    deps.audiences.resolveAudience(audience, version);

  /** Refuses tokens for a suspended or expired org (or one under such an ancestor): 403 ORG_SUSPENDED. */
  async function assertOrgUsable(org: Pick<Org, "tenantId" | "path">) {
    if (await deps.orgs.isBlocked(org.tenantId, org.path, deps.clock.now())) throw orgSuspended();
  }

  /** Refresh TTL in days for a session of `mode` minted for `app` (CONTRACT §4). */
  function refreshTtlDays(mode: SessionMode, app: Application): number {
    if (mode === "web") return app.webRefreshTtlDays ?? REFRESH_TTL_DAYS.web;
    if (mode === "device") return app.deviceRefreshTtlDays ?? REFRESH_TTL_DAYS.device;
    return REFRESH_TTL_DAYS.plain;
  }

  /** Starts a session family for (user, org, audience) in `mode` and returns its first token pair. */
  async function startSession(
    user: User,
    org: Org,
    app: Application,
    mode: SessionMode,
    device?: DeviceInfo,
    grants?: EffectiveGrant[],
  ): Promise<TokenPair> {
    const now = deps.clock.now();
    let deviceId: string | undefined;
    if (mode === "device") {
      // The server issues the id; a resent id is honoured only when it is this user's device.
      const known = device?.deviceId ? await deps.devices.get(user.id, device.deviceId) : null;
      deviceId = known ? known.deviceId : randomToken(16);
      await deps.devices.upsert({
        tenantId: user.tenantId,
        userId: user.id,
        deviceId,
        name: device?.name ?? known?.name ?? "",
        platform: device?.platform ?? known?.platform ?? "",
        lastSeenAt: now,
      });
      // One live session per device: a new login replaces the device's earlier session.
      if (known) await deps.families.revokeDevice(user.id, deviceId);
    }
    const ttlDays = refreshTtlDays(mode, app);
    const expiresAt = addDays(now, ttlDays);
    const familyId = randomToken(16);
    const rt = newRefreshToken(familyId);
    const data: SessionData = {
      userId: user.id,
      tenantId: user.tenantId,
      orgId: org.id,
      orgPath: org.path,
      audience: app.identifier,
      mode,
      ttlSeconds: ttlDays * 86400,
    };
    if (deviceId) data.deviceId = deviceId;
    if (mode !== "device") data.absoluteExpiresAt = expiresAt.getTime();
    const [, accessToken] = await Promise.all([
      deps.families.create(familyId, rt.selector, rt.verifierHash, data, expiresAt),
      deps.mint(user, org, app, familyId, deviceId, grants),
    ]);
    return {
      accessToken,
      refreshToken: rt.token,
      tokenType: "Bearer",
      expiresInSeconds: ACCESS_TOKEN_TTL,
      deviceId,
      mode,
      refreshTtlSeconds: ttlDays * 86400,
    };
  }

  /**
   * Starts a session for a proven person (password, social id_token, second factor): refuses
   * inactive users (INVALID_CREDENTIALS) and suspended orgs (ORG_SUSPENDED), starts the session at
   * the home org and writes `auth.login.succeeded` naming how the person was proven.
   */
  async function signIn(person: ProvenPerson, req: SessionRequest, ip: string | null): Promise<TokenPair> {
    const { user } = person;
    const app = await resolveAudience(req.audience);
    if (user.status !== "ACTIVE") throw invalidCredentials();
    // Org, suspension and grants in one read (the login hot path).
    const { org, blocked, grants } = await deps.tokenContext.load(
      user.tenantId,
      user.id,
      user.organizationId,
      deps.clock.now(),
    );
    if (!org) throw invalidCredentials();
    if (blocked) throw orgSuspended();
    const mode: SessionMode = req.device ? "device" : req.web ? "web" : "plain";
    const pair = await startSession(user, org, app, mode, req.device, grants);
    await deps.record({
      type: "auth.login.succeeded",
      tenantId: user.tenantId,
      org,
      actor: { ip },
      target: { userId: user.id },
      data: {
        method: proofLabel(person.methods),
        mode,
        audience: app.identifier,
        ...(pair.deviceId ? { deviceId: pair.deviceId } : {}),
      },
    });
    return pair;
  }

  /**
   * Starts an OAuth client's tokens after a redeemed authorization code: loads what the access
   * token for the client's application at the code's org is made of (`sid` = the sign-in session,
   * `client_id` and `scope` of the client) and hands it to `mint` (the protocol signs the response
   * there), and with `refresh` creates a family bound to the client (web mode: the application's
   * web refresh TTL, absolute) meanwhile. Refuses an inactive user, an unusable org or a missing
   * application.
   */
  async function startClientSession<T>(
    req: ClientSessionRequest,
    mint: (access: ClientAccess) => Promise<T>,
  ): Promise<ClientSessionResult<T>> {
    const now = deps.clock.now();
    const [{ user, org, blocked, grants }, app] = await Promise.all([
      deps.tokenContext.load(req.tenantId, req.userId, req.orgId, now),
      resolveAudience(req.audience).catch(() => null as Application | null),
    ]);
    if (!user || user.status !== "ACTIVE") return { status: "refused", reason: "user_inactive" };
    if (!org || blocked) return { status: "refused", reason: "org_unusable" };
    if (!app || app.identifier !== req.audience) return { status: "refused", reason: "app_missing" };
    const client: ClientGrant = {
      clientId: req.clientId,
      scopes: req.scopes,
      ...(req.userinfoClaims?.length ? { userinfoClaims: req.userinfoClaims } : {}),
    };
    if (!req.refresh) {
      const minted = await mint({ user, org, app, sid: req.sid, grants, client });
      return { status: "ok", user, org: { id: org.id, path: org.path }, minted };
    }
    const ttlDays = refreshTtlDays("web", app);
    const expiresAt = addDays(now, ttlDays);
    const familyId = randomToken(16);
    const rt = newRefreshToken(familyId);
    const data: SessionData = {
      userId: user.id,
      tenantId: user.tenantId,
      orgId: org.id,
      orgPath: org.path,
      audience: app.identifier,
      mode: "web",
      ttlSeconds: ttlDays * 86400,
      absoluteExpiresAt: expiresAt.getTime(),
      clientId: req.clientId,
      sid: req.sid,
      scopes: [...req.scopes],
      ...(req.userinfoClaims?.length ? { userinfoClaims: [...req.userinfoClaims] } : {}),
    };
    const [, minted] = await Promise.all([
      deps.families.create(familyId, rt.selector, rt.verifierHash, data, expiresAt),
      mint({ user, org, app, sid: req.sid, grants, client }),
    ]);
    return { status: "ok", user, org: { id: org.id, path: org.path }, minted, refreshToken: rt.token, familyId };
  }

  /** Orgs the user may switch into: the home org plus every org where a role is assigned. */
  const memberships = (userId: number, tenantId: number) => userMemberships(deps, userId, tenantId);

  /**
   * Switches the caller's session to another organization of its tenant (CONTRACT §4): the caller
   * needs a membership there (home org or an assigned role) or a SUBTREE role above it. Starts a
   * new session in the same mode (same device for a device session) and ends the old one.
   */
  async function switchOrganization(
    caller: SessionCaller,
    organizationId: number,
    audience: string | undefined,
  ): Promise<TokenPair> {
    const now = deps.clock.now();
    const current = caller.sessionId ? await deps.families.get(caller.sessionId, now) : null;
    if (!current || current.data.userId !== caller.userId)
      throw invalidToken("This access token's session has ended. Sign in again.");
    const app = await resolveAudience(audience ?? current.data.audience);
    const [user, org] = await Promise.all([
      deps.users.get(caller.tenantId, caller.userId),
      deps.orgs.get(caller.tenantId, organizationId),
    ]);
    if (!user || user.status !== "ACTIVE") throw invalidToken("This account can no longer sign in.");
    if (!org) throw notFound("Organization");
    const grants = await deps.roles.effectiveGrants(user.id, org.path);
    if (org.id !== user.organizationId && grants.length === 0)
      throw forbidden("You have no membership in that organization (nor a subtree role above it).");
    await assertOrgUsable(org);
    const pair = await startSession(
      user,
      org,
      app,
      current.data.mode,
      current.data.deviceId ? { deviceId: current.data.deviceId } : undefined,
    );
    if (current.data.mode !== "device") await deps.families.revoke(current.familyId);
    const from = await deps.orgs.get(caller.tenantId, current.data.orgId);
    await deps.record({
      type: "auth.org_switched",
      tenantId: user.tenantId,
      org,
      actor: { ip: caller.ip },
      target: { userId: user.id },
      data: {
        fromOrganizationId: from?.id ?? current.data.orgId,
        toOrganizationId: org.id,
        mode: current.data.mode,
        audience: app.identifier,
      },
    });
    return pair;
  }

  /**
   * Consumes a refresh token and returns the next pair (same mode, same active org; `audience`
   * switches the session's audience). A replayed consumed token revokes the whole family and
   * fails with REFRESH_TOKEN_REUSED; an unknown, expired or revoked one, or a disabled user, is
   * INVALID_TOKEN; a suspended org is ORG_SUSPENDED.
   *
   * A family is bound to the OAuth client it was started for (`clientId`; none for /api/auth
   * families): `clientId` names the presenting client (absent at /api/auth/refresh). A token of
   * another client's family (or of an /api/auth family at /oauth2/token) is INVALID_TOKEN and is
   * not consumed; should one slip past that check in a race and rotate, the family is revoked.
   */
  async function refresh(
    input: { refreshToken: string; audience?: string; clientId?: string },
    ip: string | null,
  ): Promise<TokenPair> {
    const presented = parseRefreshToken(input.refreshToken);
    if (!presented) throw dead();
    if (input.clientId !== undefined) {
      // Only the OAuth path pays this read: a live token of another binding is refused unconsumed.
      const live = await deps.families.peek(presented.selector, presented.verifierHash, deps.clock.now());
      if (live && live.data.clientId !== input.clientId) throw dead();
    }
    // The directory's version is read once, before the audience and the context it validates.
    const epoch = deps.tokenContext.epoch();
    const requested = input.audience !== undefined ? await resolveAudience(input.audience, epoch) : null;
    // The successor names the same family (familyIdOfSelector), so a store can keep a family together.
    const next = newRefreshToken(familyIdOfSelector(presented.selector));
    const now = deps.clock.now();
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
      await deps.familyRevoked?.(d);
      await deps.record({
        type: "auth.refresh.reuse_detected",
        tenantId: d.tenantId,
        org: { id: d.orgId, path: d.orgPath },
        actor: { ip },
        target: { userId: d.userId },
        data: {
          sessionId: r.family.familyId,
          mode: d.mode,
          ...(d.deviceId ? { deviceId: d.deviceId } : {}),
          ...(d.clientId ? { clientId: d.clientId } : {}),
        },
      });
      throw new DomainError(
        "REFRESH_TOKEN_REUSED",
        "This refresh token was already used, so the session was ended as a precaution. Sign in again.",
      );
    }
    const { familyId, data: d, expiresAt } = r.family;
    if (d.clientId !== input.clientId) {
      await deps.families.revoke(familyId);
      throw dead();
    }
    // Everything the new token depends on, in parallel: the context is reused only while the
    // version read above still holds (context-cache.ts), so it is never older than the last change.
    const [{ user, org, blocked, grants }, app] = await Promise.all([
      deps.tokenContext.load(d.tenantId, d.userId, d.orgId, now, epoch),
      requested ?? resolveAudience(d.audience, epoch).catch(() => null as Application | null),
      d.mode === "device" && d.deviceId ? deps.devices.touch(d.userId, d.deviceId, now) : null,
    ]);
    if (!user || user.status !== "ACTIVE" || !org || !app) {
      await deps.families.revoke(familyId);
      await deps.familyRevoked?.(d);
      throw dead();
    }
    if (blocked) {
      await deps.families.revoke(familyId);
      await deps.familyRevoked?.(d);
      throw new DomainError(
        "ORG_SUSPENDED",
        "This session's organization (or one above it) is suspended or expired; no tokens can be issued for it.",
      );
    }
    // Array.isArray: a store's JSON round trip must not turn an empty list into anything else.
    const client = d.clientId
      ? {
          clientId: d.clientId,
          scopes: Array.isArray(d.scopes) ? d.scopes : [],
          ...(Array.isArray(d.userinfoClaims) && d.userinfoClaims.length ? { userinfoClaims: d.userinfoClaims } : {}),
        }
      : undefined;
    const accessToken = await deps.mint(user, org, app, d.sid ?? familyId, d.deviceId, grants, client);
    return {
      accessToken,
      refreshToken: next.token,
      tokenType: "Bearer",
      expiresInSeconds: ACCESS_TOKEN_TTL,
      deviceId: d.deviceId,
      mode: d.mode,
      refreshTtlSeconds: Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
      ...(client ? { scopes: [...client.scopes] } : {}),
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

  return {
    signIn,
    startClientSession,
    switchOrganization,
    memberships,
    refresh,
    logout,
    listDevices,
    removeDevice,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * A new refresh token `selector.verifier` for a family: the selector is the family id followed by
 * 16 base64url characters of 12 random bytes (see SELECTOR_SUFFIX_LENGTH), the verifier base64url of
 * 32 random bytes; only the verifier's hash is stored.
 */
export function newRefreshToken(familyId: string) {
  const selector = `${familyId}${randomToken(12)}`;
  const verifier = randomToken(32);
  return { selector, verifier, verifierHash: sha256Hex(verifier), token: `${selector}.${verifier}` };
}

/** Splits a presented refresh token into (selector, verifierHash); null when it is not of our shape. */
export function parseRefreshToken(token: string): { selector: string; verifierHash: string } | null {
  const m = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(token);
  return m ? { selector: m[1], verifierHash: sha256Hex(m[2]) } : null;
}
