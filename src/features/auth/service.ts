/**
 * Sign-in and token minting for people: password login (with per-account lockout and a per-IP
 * limit), session start (plain / web / device), access tokens with the claims of SPEC 2.1, the
 * memberships list and switching the active organization. Refresh rotation, logout and devices
 * live in the sessions feature, which mints through this service.
 */
import type { Clock } from "../../kernel/clock";
import { addDays, nowSeconds } from "../../kernel/clock";
import { DomainError, fieldError, forbidden, invalidToken, notFound } from "../../kernel/errors";
import type { PasswordHasher } from "../../kernel/passwords";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { DomainEvent } from "../events";
import type { Application } from "../apps/ports";
import type { AppDirectory } from "../apps";
import type { Org, OrgRepo } from "../orgs/ports";
import type { EffectiveGrant, RoleRepo } from "../roles/ports";
import type { TokenContextReader } from "../sessions/ports";
import type {
  CounterStore,
  DeviceRepo,
  FamilyStore,
  OneTimeTokenRepo,
  SessionData,
  SessionMode,
} from "../sessions/ports";
import type { User, UserRepo } from "../users/ports";
import { ACCESS_TOKEN_TTL } from "../tokens";
import { computeAccessClaims } from "./claims";
import { applyMapping, type Mapping, type Source, type SourceValues } from "../claims";
import { normalizeEmail } from "../../kernel/email";

/** CONTRACT §4 default refresh TTLs in days (web and device overridable per application). */
export const REFRESH_TTL_DAYS = { web: 30, plain: 30, device: 90 } as const;

/**
 * Abuse limits. The lockout is per account (CONTRACT §4) and always on. The per-IP limits are
 * deliberately generous (a whole office behind one NAT must not be throttled in ordinary use) and
 * are switched off by SSO_RATE_LIMIT=off.
 */
export const LIMITS = {
  lockoutFailures: 5,
  lockoutWindowSeconds: 900,
  lockoutSeconds: 900,
  loginPerIpPerMinute: 100,
  passwordPerIpPerMinute: 30,
} as const;

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
}

/** CONTRACT §4: the answer of a sign-in whose user has MFA on (no tokens yet). */
export interface MfaChallenge {
  mfaRequired: true;
  pendingToken: string;
  expiresInSeconds: number;
}

/** A pending MFA sign-in lives 5 minutes and ends after 5 wrong codes (CONTRACT §4). */
export const MFA_PENDING_SECONDS = 300;
export const MFA_MAX_WRONG_CODES = 5;

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

export interface AuthDeps {
  users: UserRepo;
  orgs: OrgRepo;
  roles: RoleRepo;
  /** Applications by audience (`""`: the system application), cached until the directory changes. */
  audiences: Pick<AppDirectory, "find">;
  devices: DeviceRepo;
  families: FamilyStore;
  counters: CounterStore;
  /** One-round-trip read of org, suspension and grants (login hot path). */
  tokenContext: TokenContextReader;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  hasher: PasswordHasher;
  sign(claims: Record<string, unknown>): Promise<string>;
  clock: Clock;
  issuer: string;
  platformTenantId: number;
  /** false = SSO_RATE_LIMIT=off: no per-IP limits (the account lockout stays). */
  rateLimit: boolean;
  /** Custom claims of audience applications (the claims feature); absent: none are added. */
  customClaims?: {
    forOwner(tenantId: number, orgId: number): Promise<{ mapping: Mapping; sources: Set<Source> } | null>;
  };
  /** Pending MFA sign-ins (kind `mfa_pending`). */
  oneTimeTokens: OneTimeTokenRepo;
  /** The second-factor check of the mfa feature. */
  secondFactor: { check(userId: number, tenantId: number, code: string): Promise<{ ok: boolean; via?: string }> };
  /** Sign-in attempts per client address per minute (SSO_LOGIN_RATE_LIMIT; default LIMITS.loginPerIpPerMinute). */
  loginPerIpPerMinute?: number;
  /** Where failures of work done after the answer (failed-sign-in audit) are reported. */
  onBackgroundError?(error: unknown): void;
}

/**
 * Fixed-window per-IP limiter over a CounterStore. A request without a known peer address (an
 * in-process call) shares the "unknown" bucket.
 */
export function createIpLimiter(counters: CounterStore, enabled: boolean, clock: Clock) {
  return async function limit(bucket: string, ip: string | null, perMinute: number): Promise<void> {
    if (!enabled) return;
    const { count, ttlSeconds } = await counters.hit(`ip:${bucket}:${ip ?? "unknown"}`, 60, clock.now());
    if (count > perMinute)
      throw new DomainError("RATE_LIMITED", "Too many requests from this address. Wait and retry.", {
        retryAfter: Math.max(1, ttlSeconds),
      });
  };
}

export function createAuthService(deps: AuthDeps) {
  const limitIp = createIpLimiter(deps.counters, deps.rateLimit, deps.clock);
  const pending = new Set<Promise<void>>();
  /** Work that must not delay (or time) the answer; failures go to `onBackgroundError`. */
  function afterAnswer(work: () => Promise<void>) {
    const job = work().catch((e) => deps.onBackgroundError?.(e));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }
  /** Resolves when every background job started so far has finished (graceful shutdown, tests). */
  const idle = async () => {
    await Promise.allSettled([...pending]);
  };
  /**
   * Resolves `audience` (absent or the issuer = management) to its application; anything else
   * that is not a registered identifier is 400. Served by the application directory (cached until
   * the next change; `version`: the directory's version already read for this request).
   */
  async function resolveAudience(audience: string | undefined, version?: Promise<string | null>): Promise<Application> {
    const key = !audience || audience === deps.issuer ? "" : audience;
    const app = await deps.audiences.find(key, version);
    if (!app) {
      if (key === "") throw new DomainError("UNAVAILABLE", "The service is not bootstrapped yet.");
      throw fieldError("audience", "must be the issuer or the identifier of a registered application");
    }
    return app;
  }

  /** Refuses tokens for a suspended or expired org (or one under such an ancestor): 403 ORG_SUSPENDED. */
  async function assertOrgUsable(org: Pick<Org, "tenantId" | "path">) {
    if (await deps.orgs.isBlocked(org.tenantId, org.path, deps.clock.now())) throw orgSuspended();
  }

  /**
   * Mints an access token for (user, org, audience) in session `sid`; pass `grants` when already
   * loaded. The audience's owning org's custom claims (SPEC 2.15) are added after the standard
   * claims and never replace one; `roles` costs nothing extra, `memberships` one lookup, and only
   * when the mapping reads them.
   */
  async function mintAccess(
    user: Pick<User, "id" | "email" | "tenantId">,
    org: Org,
    app: Application,
    sid: string,
    deviceId?: string,
    grants?: EffectiveGrant[],
  ): Promise<string> {
    const effective = grants ?? (await deps.roles.effectiveGrants(user.id, org.path));
    const claims = computeAccessClaims({
      user,
      org,
      grants: effective,
      audience: app,
      platformTenantId: deps.platformTenantId,
      issuer: deps.issuer,
      sessionId: sid,
      jti: randomToken(16),
      deviceId,
      iat: nowSeconds(deps.clock),
      ttl: ACCESS_TOKEN_TTL,
    });
    const custom =
      !app.isSystem && deps.customClaims ? await deps.customClaims.forOwner(app.tenantId, app.organizationId) : null;
    if (custom) {
      const values: SourceValues = {
        permissions: claims.permissions,
        org_id: claims.org_id,
        org_name: claims.org_name,
        org_path: claims.org_path,
        scope_self: claims.scope_self,
        scope_subtree: claims.scope_subtree,
        tenant_id: claims.tenant_id,
        uid: claims.uid,
        sub: claims.sub,
        device_id: claims.device_id,
      };
      if (custom.sources.has("roles"))
        values.roles = [
          ...new Set(
            effective.filter((g) => g.permissions.some((x) => x.applicationId === app.id)).map((g) => g.roleName),
          ),
        ].sort();
      if (custom.sources.has("memberships"))
        values.memberships = (await memberships(user.id, user.tenantId)).map((m) => ({
          id: m.organizationId,
          name: m.name,
          path: m.path,
        }));
      for (const [k, v] of Object.entries(applyMapping(custom.mapping, values))) if (!(k in claims)) claims[k] = v;
    }
    return deps.sign(claims);
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
      mintAccess(user, org, app, familyId, deviceId, grants),
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
   * Issues a session for a user whose credentials were already proven (password, social id_token,
   * second factor): refuses inactive users (INVALID_CREDENTIALS) and suspended orgs (ORG_SUSPENDED),
   * starts the session at the home org and writes `auth.login.succeeded`.
   */
  async function issueSession(
    user: User,
    req: SessionRequest,
    ip: string | null,
    method = "password",
  ): Promise<TokenPair> {
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
      data: { method, mode, audience: app.identifier, ...(pair.deviceId ? { deviceId: pair.deviceId } : {}) },
    });
    return pair;
  }

  /**
   * Password login (CONTRACT §4). Unknown email, wrong password, disabled or erased user all answer
   * the same INVALID_CREDENTIALS after the same hashing work. Failures are counted in an atomic
   * per-email counter (`lockoutAttempt`): the 5th failure in a 15-minute window still answers 401 and
   * locks the email for 15 minutes; later attempts, and failures counted after the 5th, answer 429
   * ACCOUNT_LOCKED; a success clears the counter. Correct sign-ins are never counted, so parallel
   * correct sign-ins of one account all succeed.
   */
  async function login(
    input: { email: string; password: string } & SessionRequest,
    ip: string | null,
  ): Promise<TokenPair | MfaChallenge> {
    await limitIp("login", ip, deps.loginPerIpPerMinute ?? LIMITS.loginPerIpPerMinute);
    const app = await resolveAudience(input.audience);
    const email = normalizeEmail(input.email);
    const attempt = await lockoutAttempt(deps.counters, email, deps.clock.now());
    if (attempt.lockedFor !== null) throw accountLocked(attempt.lockedFor);
    const user = await deps.users.findByEmail(email);
    const ok = await deps.hasher.verify(input.password, user?.passwordHash ?? null);
    if (!user || !ok || user.status !== "ACTIVE") {
      // The 5th failure still answers 401; the lock runs 15 minutes from now (known and unknown emails alike).
      const { locks, lockedFor } = await attempt.failed(deps.clock.now());
      // A failure counted after the 5th is answered as locked (and not audited), never as 401.
      if (lockedFor !== null) throw accountLocked(lockedFor);
      // Timing (docs/security.md): a known email's failure is audited after the answer, so known
      // and unknown emails do the same work before it.
      if (user)
        afterAnswer(async () => {
          const org = await deps.orgs.get(user.tenantId, user.organizationId);
          await deps.record({
            type: "auth.login.failed",
            tenantId: user.tenantId,
            org,
            actor: { ip },
            target: { userId: user.id },
            data: { reason: !ok ? "bad_password" : "inactive" },
          });
          if (locks)
            await deps.record({
              type: "auth.login.locked",
              tenantId: user.tenantId,
              org,
              actor: { ip },
              target: { userId: user.id },
              data: { failures: LIMITS.lockoutFailures, lockSeconds: LIMITS.lockoutSeconds },
            });
        });
      throw invalidCredentials();
    }
    // A right password checked while 5 failures were recorded is not revealed: locked.
    const lockedFor = await attempt.succeeded(deps.clock.now());
    if (lockedFor !== null) throw accountLocked(lockedFor);
    if (deps.hasher.needsRehash(user.passwordHash!)) {
      await deps.users.update(user.tenantId, user.id, { passwordHash: await deps.hasher.hash(input.password) });
    }
    return completeSignIn(user, { web: input.web, device: input.device, audience: app.identifier }, ip, "password");
  }

  /**
   * The last step of a sign-in whose first factor was proven (password, social id_token): a user
   * with MFA on gets a challenge (a single-use pending token, 5 minutes, dies after 5 wrong codes)
   * holding how the session is to be started; everyone else gets the session.
   */
  async function completeSignIn(
    user: User,
    req: SessionRequest,
    ip: string | null,
    method: string,
  ): Promise<TokenPair | MfaChallenge> {
    if (user.status !== "ACTIVE") throw invalidCredentials();
    if (!user.mfaEnabled) return issueSession(user, req, ip, method);
    const pendingToken = randomToken(32);
    const expiresAt = new Date(deps.clock.now().getTime() + MFA_PENDING_SECONDS * 1000);
    const data: Record<string, unknown> = {
      method,
      ...(req.audience !== undefined ? { audience: req.audience } : {}),
      ...(req.web !== undefined ? { web: req.web } : {}),
      ...(req.device ? { device: req.device } : {}),
    };
    await deps.oneTimeTokens.create(sha256Hex(pendingToken), {
      kind: "mfa_pending",
      tenantId: user.tenantId,
      userId: user.id,
      data,
      attempts: 0,
      expiresAt,
    });
    return { mfaRequired: true, pendingToken, expiresInSeconds: MFA_PENDING_SECONDS };
  }

  /**
   * Second factor of a challenged sign-in (CONTRACT §4, §11): the pending token and a TOTP (one step
   * of drift, each step once) or an unused recovery code. `audience`, `web` and `device` come from
   * this call, else from the sign-in that started the challenge. A wrong code is 401
   * MFA_INVALID_CODE and counts against the pending token (5 kill it), not against the email
   * lockout; an unknown, spent, expired or killed pending token is 401 INVALID_TOKEN.
   */
  async function verifySecondFactor(
    input: { pendingToken: string; code: string } & SessionRequest,
    ip: string | null,
  ): Promise<TokenPair> {
    const hash = sha256Hex(input.pendingToken);
    const dead = () =>
      invalidToken("This pending token is invalid, expired, already used, or ended by 5 wrong codes. Sign in again.");
    const rec = await deps.oneTimeTokens.peek(hash, "mfa_pending", deps.clock.now());
    if (!rec) throw dead();
    const user = await deps.users.get(rec.tenantId, rec.userId);
    if (!user || user.status !== "ACTIVE") throw dead();
    const r = await deps.secondFactor.check(user.id, user.tenantId, input.code);
    if (!r.ok) {
      const wrong = await deps.oneTimeTokens.recordFailure(hash, MFA_MAX_WRONG_CODES);
      afterAnswer(async () => {
        const org = await deps.orgs.get(user.tenantId, user.organizationId);
        await deps.record({
          type: "auth.mfa.failed",
          tenantId: user.tenantId,
          org,
          actor: { ip },
          target: { userId: user.id },
          data: { wrongCodes: wrong },
        });
      });
      const left = Math.max(0, MFA_MAX_WRONG_CODES - wrong);
      throw new DomainError(
        "MFA_INVALID_CODE",
        left
          ? `That code is not valid (or was already used). ${left} attempt${left === 1 ? "" : "s"} left with this pending token.`
          : "That code is not valid, and this pending token has ended. Sign in again.",
      );
    }
    // Single use: of concurrent verifications with good codes, one wins.
    if (!(await deps.oneTimeTokens.consume(hash, "mfa_pending", deps.clock.now()))) throw dead();
    const d = rec.data as { method?: string; audience?: string; web?: boolean; device?: DeviceInfo };
    return issueSession(
      user,
      { audience: input.audience ?? d.audience, web: input.web ?? d.web, device: input.device ?? d.device },
      ip,
      `${d.method ?? "password"}+${r.via}`,
    );
  }

  /** Orgs the user may switch into: the home org plus every org where a role is assigned. */
  async function memberships(userId: number, tenantId: number) {
    const user = await deps.users.get(tenantId, userId);
    if (!user) return [];
    const assignments = await deps.roles.assignmentsOf(userId);
    const orgIds = [...new Set([user.organizationId, ...assignments.map((a) => a.organizationId)])];
    return membershipsOf(await deps.orgs.getMany(tenantId, orgIds), assignments);
  }

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

  return {
    idle,
    login,
    completeSignIn,
    verifySecondFactor,
    issueSession,
    memberships,
    switchOrganization,
    startSession,
    mintAccess,
    resolveAudience,
    assertOrgUsable,
    refreshTtlDays,
    limitIp,
  };
}

/** CONTRACT §4 memberships: each org (id order) with the roles assigned there. */
export function membershipsOf(
  orgs: Org[],
  assignments: { organizationId: number; roleId: number; roleName: string }[],
) {
  return [...orgs]
    .sort((a, b) => a.id - b.id)
    .map((o) => ({
      organizationId: o.id,
      tenantId: o.tenantId,
      name: o.name,
      path: o.path,
      status: o.status,
      roles: assignments.filter((a) => a.organizationId === o.id).map((a) => ({ id: a.roleId, name: a.roleName })),
    }));
}

/** The per-email sign-in failure counter (the email is hashed: no addresses in the counter store). */
export const lockoutKey = (email: string) => `login:${sha256Hex(normalizeEmail(email)).slice(0, 40)}`;

/**
 * One password check under the per-account lockout (CONTRACT §4), for sign-in and for a password
 * change. The counter counts FAILURES, not attempts, so any number of parallel correct sign-ins of
 * one account all succeed:
 *
 * - before hashing, `lockedFor` (a `peek`) is the lock's remaining seconds when 5 failures are
 *   already recorded in the window: answer locked and check nothing (the cheap path while locked);
 * - after a wrong password, `failed()` atomically `hit`s the counter: failures 1-4 answer 401, the
 *   5th re-arms the window to 15 minutes from now (the lock) and still answers 401, and any later
 *   one answers locked (`lockedFor` set), so the guess is never revealed;
 * - after a right password, `succeeded()` peeks again: 5 failures recorded meanwhile mean a lock
 *   that this check raced, answered locked; otherwise the counter is cleared and the sign-in goes on.
 *
 * Why at most 5 wrong guesses are ever answered 401 in a window: every wrong guess makes exactly one
 * `hit`, and the CounterStore contract makes hits linearizable (N concurrent hits return 1..N, each
 * once), so only the hits numbered 1..5 answer 401, whatever the interleaving; the peeks only add
 * refusals. A right password is never counted, and a right password checked while (or after) the
 * 5th failure is recorded answers locked, since its second peek sees it. The `set` of the 5th
 * failure only moves the window's end: the count it writes (5) keeps every later hit above 5.
 * A success may clear the count of failures racing it (a success clears the count, as it always
 * has); that needs the right password.
 *
 * Known and unknown emails make the same counter operations (an unknown email always fails).
 */
export async function lockoutAttempt(counters: CounterStore, email: string, now: Date) {
  const key = lockoutKey(email);
  const seen = await counters.peek(key, now);
  const lockedAt = (c: { count: number; ttlSeconds: number }) =>
    c.count >= LIMITS.lockoutFailures ? Math.max(1, c.ttlSeconds) : null;
  return {
    lockedFor: lockedAt(seen),
    /** Counts a failure: `locks` when this one (the 5th) set the lock, `lockedFor` when it came after it. */
    async failed(at: Date): Promise<{ locks: boolean; lockedFor: number | null }> {
      const hit = await counters.hit(key, LIMITS.lockoutWindowSeconds, at);
      if (hit.count > LIMITS.lockoutFailures) return { locks: false, lockedFor: Math.max(1, hit.ttlSeconds) };
      if (hit.count < LIMITS.lockoutFailures) return { locks: false, lockedFor: null };
      await counters.set(key, LIMITS.lockoutFailures, LIMITS.lockoutSeconds, at);
      return { locks: true, lockedFor: null };
    },
    /** After a right password: the lock's remaining seconds when one was set meanwhile, else null (count cleared). */
    async succeeded(at: Date): Promise<number | null> {
      const after = await counters.peek(key, at);
      const locked = lockedAt(after);
      if (locked === null && after.count > 0) await counters.reset(key);
      return locked;
    },
  };
}

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

const invalidCredentials = () => new DomainError("INVALID_CREDENTIALS", "The email or password is incorrect.");
const orgSuspended = () =>
  new DomainError(
    "ORG_SUSPENDED",
    "This organization (or one above it) is suspended or expired; no tokens can be issued for it.",
  );
const accountLocked = (retryAfter: number) =>
  new DomainError(
    "ACCOUNT_LOCKED",
    "Too many failed sign-ins for this account. Wait until the lock ends, or reset the password.",
    { retryAfter: Math.max(1, retryAfter) },
  );

export type AuthService = ReturnType<typeof createAuthService>;
