/**
 * Starting refresh families (SPEC 3.3, CONTRACT §4): for a proven person at /api/auth (plain, web
 * or device mode, `auth.login.succeeded`) and for an OAuth client after a redeemed authorization
 * code (CONTRACT §12 "Token response"). What a token says and its signature are the tokens
 * feature's (`mint`); proving who someone is, the sign-in features'.
 */
import type { Clock } from "../../kernel/clock";
import { addDays } from "../../kernel/clock";
import { DomainError } from "../../kernel/errors";
import { proofLabel, type ProvenPerson } from "../../kernel/proven-person";
import { randomToken } from "../../kernel/secrets";
import type { User } from "../../kernel/users";
import type { Application, AudienceResolver } from "../apps";
import type { DomainEvent } from "../events";
import type { Org } from "../orgs";
import type { EffectiveGrant } from "../roles";
import { ACCESS_TOKEN_TTL, type ClientGrant, type TokenMinter } from "../tokens";
import type { CachedTokenContext } from "./context-cache";
import type { DeviceRepo, FamilyStore, SessionData, SessionMode } from "./ports";
import { newRefreshToken } from "./refresh-token";

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
  /** The browser session: the access tokens' `sid`. */
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
  /** The browser session: the access tokens' `sid`. */
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

export interface SessionStartDeps {
  families: FamilyStore;
  devices: DeviceRepo;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  /**
   * User, org, suspension and grants in one read (the sign-in hot path), reused on refresh while
   * the directory's version holds.
   */
  tokenContext: CachedTokenContext;
  audiences: AudienceResolver;
  mint: TokenMinter["mintAccess"];
  clock: Clock;
}

const invalidCredentials = () => new DomainError("INVALID_CREDENTIALS", "The email or password is incorrect.");
/** 403 ORG_SUSPENDED: no tokens for a suspended or expired org (or one under such an ancestor). */
export const orgSuspended = () =>
  new DomainError(
    "ORG_SUSPENDED",
    "This organization (or one above it) is suspended or expired; no tokens can be issued for it.",
  );

/** Starts refresh families: `signIn` (/api/auth), `startClientSession` (the code grant), `startSession` (both, and the org switch). */
export function createSessionStart(deps: SessionStartDeps) {
  const resolveAudience = (audience: string | undefined) => deps.audiences.resolveAudience(audience);

  /** Refresh TTL in days for a session of `mode` minted for `app` (CONTRACT §4). */
  function refreshTtlDays(mode: SessionMode, app: Application): number {
    if (mode === "web") return app.webRefreshTtlDays ?? REFRESH_TTL_DAYS.web;
    if (mode === "device") return app.deviceRefreshTtlDays ?? REFRESH_TTL_DAYS.device;
    return REFRESH_TTL_DAYS.plain;
  }

  /** A new family's id, first refresh token, expiry and record for (user, org, app) in `mode`, at `now`. */
  function newFamily(user: Pick<User, "id" | "tenantId">, org: Org, app: Application, mode: SessionMode, now: Date) {
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
    if (mode !== "device") data.absoluteExpiresAt = expiresAt.getTime();
    return { expiresAt, familyId, rt, data };
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
    const { expiresAt, familyId, rt, data } = newFamily(user, org, app, mode, now);
    if (deviceId) data.deviceId = deviceId;
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
      refreshTtlSeconds: data.ttlSeconds,
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
   * Tokens for an OAuth client after a redeemed authorization code: the access token for the
   * client's application at the code's org (`sid` = the browser session, `client_id` and `scope`
   * of the client), and with `refresh` a family bound to the client (web mode: the application's
   * web refresh TTL, absolute). Refuses an inactive user, an unusable org or a missing application.
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
    const client = {
      clientId: req.clientId,
      scopes: req.scopes,
      ...(req.userinfoClaims?.length ? { userinfoClaims: req.userinfoClaims } : {}),
    };
    if (!req.refresh) {
      const minted = await mint({ user, org, app, sid: req.sid, grants, client });
      return { status: "ok", user, org: { id: org.id, path: org.path }, minted };
    }
    const { expiresAt, familyId, rt, data: base } = newFamily(user, org, app, "web", now);
    const data: SessionData = {
      ...base,
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

  return { startSession, signIn, startClientSession };
}

export type SessionStart = ReturnType<typeof createSessionStart>;
