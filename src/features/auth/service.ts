/**
 * Sign-in and token minting for people: login, session start (plain / web / device), and access
 * tokens with the claims of SPEC 2.1. Refresh rotation lives in the sessions feature.
 */
import type { Clock } from "../../kernel/clock";
import { addDays, nowSeconds } from "../../kernel/clock";
import { DomainError, fieldError } from "../../kernel/errors";
import type { PasswordHasher } from "../../kernel/passwords";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import { recordAudit } from "../audit";
import type { Application, AppRepo } from "../apps/ports";
import type { AuditRepo } from "../audit/ports";
import type { Org, OrgRepo } from "../orgs/ports";
import type { RoleRepo } from "../roles/ports";
import type { DeviceRepo, FamilyStore, SessionData, SessionMode } from "../sessions/ports";
import type { User, UserRepo } from "../users/ports";
import { ACCESS_TOKEN_TTL } from "../tokens";
import { computeAccessClaims } from "./claims";

export const REFRESH_TTL_DAYS = { web: 30, plain: 30, device: 90 } as const;

export interface DeviceInfo {
  deviceId?: string;
  name?: string;
  platform?: string;
}

export interface TokenPair {
  accessToken: string;
  /** Absent from the body in web mode (it travels in the cookie). */
  refreshToken: string;
  tokenType: "Bearer";
  expiresInSeconds: number;
  deviceId?: string;
  mode: SessionMode;
  /** Seconds the refresh token lives (cookie Max-Age). */
  refreshTtlSeconds: number;
}

export interface AuthDeps {
  users: UserRepo;
  orgs: OrgRepo;
  roles: RoleRepo;
  apps: AppRepo;
  devices: DeviceRepo;
  families: FamilyStore;
  audit: AuditRepo;
  hasher: PasswordHasher;
  sign(claims: Record<string, unknown>): Promise<string>;
  clock: Clock;
  issuer: string;
  platformTenantId: () => number;
}

export function createAuthService(deps: AuthDeps) {
  let systemApp: Application | null = null;
  const system = async () => (systemApp ??= await deps.apps.system());

  /** Resolves `audience` (absent or issuer = management) to its application; unknown is 400. */
  async function resolveAudience(audience: string | undefined): Promise<Application> {
    if (!audience || audience === deps.issuer) {
      const s = await system();
      if (!s) throw new DomainError("UNAVAILABLE", "The service is not bootstrapped yet.");
      return s;
    }
    const app = await deps.apps.findByIdentifier(audience);
    if (!app) throw fieldError("audience", "must be the issuer or the identifier of a registered application");
    return app;
  }

  /** Refuses tokens for a suspended or expired org (or one under such an ancestor). */
  async function assertOrgUsable(org: Org) {
    if (await deps.orgs.isBlocked(org.tenantId, org.path, deps.clock.now()))
      throw new DomainError("ORG_SUSPENDED", "This organization (or one above it) is suspended or expired; no tokens can be issued for it.");
  }

  /** Mints an access token for (user, org, audience) in session `sid`. */
  async function mintAccess(user: User, org: Org, app: Application, sid: string, deviceId?: string): Promise<string> {
    const grants = await deps.roles.effectiveGrants(user.id, org.path);
    const claims = computeAccessClaims({
      user,
      org,
      grants,
      audience: app,
      platformTenantId: deps.platformTenantId(),
      issuer: deps.issuer,
      sessionId: sid,
      jti: randomToken(16),
      deviceId,
      iat: nowSeconds(deps.clock),
      ttl: ACCESS_TOKEN_TTL,
    });
    return deps.sign(claims);
  }

  function refreshTtlDays(mode: SessionMode, app: Application): number {
    if (mode === "web") return app.webRefreshTtlDays ?? REFRESH_TTL_DAYS.web;
    if (mode === "device") return app.deviceRefreshTtlDays ?? REFRESH_TTL_DAYS.device;
    return REFRESH_TTL_DAYS.plain;
  }

  /** A new refresh token: `selector.verifier`; only the verifier's hash is stored. */
  function newRefreshToken() {
    const selector = randomToken(16);
    const verifier = randomToken(32);
    return { selector, verifier, verifierHash: sha256Hex(verifier), token: `${selector}.${verifier}` };
  }

  /** Starts a session family and returns the first token pair. */
  async function startSession(user: User, org: Org, app: Application, mode: SessionMode, device?: DeviceInfo): Promise<TokenPair> {
    const now = deps.clock.now();
    let deviceId: string | undefined;
    if (mode === "device") {
      const known = device?.deviceId ? await deps.devices.get(user.id, device.deviceId) : null;
      deviceId = known ? known.deviceId : randomToken(16);
      await deps.devices.upsert({ tenantId: user.tenantId, userId: user.id, deviceId, name: device?.name ?? known?.name ?? "", platform: device?.platform ?? known?.platform ?? "", lastSeenAt: now });
      // One live session per device: a new login replaces the device's earlier session.
      if (known) await deps.families.revokeDevice(user.id, deviceId);
    }
    const ttlDays = refreshTtlDays(mode, app);
    const expiresAt = addDays(now, ttlDays);
    const familyId = randomToken(16);
    const rt = newRefreshToken();
    const data: SessionData = {
      userId: user.id,
      tenantId: user.tenantId,
      orgId: org.id,
      orgPath: org.path,
      audience: app.identifier,
      mode,
      deviceId,
      ttlSeconds: ttlDays * 86400,
      absoluteExpiresAt: mode === "device" ? undefined : expiresAt.getTime(),
    };
    await deps.families.create(familyId, rt.selector, rt.verifierHash, data, expiresAt);
    const accessToken = await mintAccess(user, org, app, familyId, deviceId);
    return { accessToken, refreshToken: rt.token, tokenType: "Bearer", expiresInSeconds: ACCESS_TOKEN_TTL, deviceId, mode, refreshTtlSeconds: ttlDays * 86400 };
  }

  const invalidCredentials = () => new DomainError("INVALID_CREDENTIALS", "The email or password is incorrect.");

  /**
   * Password login. Unknown email, wrong password, disabled or erased user all answer the same
   * INVALID_CREDENTIALS after the same amount of hashing work.
   */
  async function login(input: { email: string; password: string; audience?: string; web?: boolean; device?: DeviceInfo }, ip: string | null): Promise<TokenPair> {
    const app = await resolveAudience(input.audience);
    const user = await deps.users.findByEmail(input.email.trim());
    const ok = await deps.hasher.verify(input.password, user?.passwordHash ?? null);
    if (!user || !ok || user.status !== "ACTIVE") {
      if (user) {
        const org = await deps.orgs.get(user.tenantId, user.organizationId);
        await recordAudit(deps.audit, { action: "auth.login.failed", tenantId: user.tenantId, org, userId: user.id, ip, metadata: { reason: !ok ? "bad_password" : "inactive" } });
      }
      throw invalidCredentials();
    }
    if (deps.hasher.needsRehash(user.passwordHash!)) {
      await deps.users.update(user.tenantId, user.id, { passwordHash: await deps.hasher.hash(input.password) });
    }
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    if (!org) throw invalidCredentials();
    await assertOrgUsable(org);
    const mode: SessionMode = input.device ? "device" : input.web ? "web" : "plain";
    const pair = await startSession(user, org, app, mode, input.device);
    await recordAudit(deps.audit, { action: "auth.login.succeeded", tenantId: user.tenantId, org, userId: user.id, ip, metadata: { mode, audience: app.identifier } });
    return pair;
  }

  /** Orgs the user may switch into: the home org plus every org where a role is assigned. */
  async function memberships(userId: number, tenantId: number) {
    const user = await deps.users.get(tenantId, userId);
    if (!user) return [];
    const assignments = await deps.roles.assignmentsOf(userId);
    const orgIds = [...new Set([user.organizationId, ...assignments.map((a) => a.organizationId)])];
    const orgs = await deps.orgs.getMany(tenantId, orgIds);
    return orgs
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

  return { login, memberships, startSession, mintAccess, resolveAudience, assertOrgUsable, newRefreshToken, refreshTtlDays };
}

export type AuthService = ReturnType<typeof createAuthService>;
