/**
 * Refresh rotation (CONTRACT §4): a refresh token consumed for the next pair, a replayed one ending
 * its whole refresh family (REFRESH_TOKEN_REUSED), and /api/auth/logout ending the family a refresh
 * token belongs to. /oauth2/token's refresh grant goes through the same rotation, bound to its client.
 */
import type { Clock } from "../../kernel/clock";
import { DomainError, invalidToken } from "../../kernel/errors";
import type { Application, AudienceResolver } from "../apps";
import type { DomainEvent } from "../events";
import { ACCESS_TOKEN_TTL, type TokenMinter } from "../tokens";
import type { CachedTokenContext } from "./context-cache";
import { familyIdOfSelector, type DeviceRepo, type FamilyStore, type SessionData } from "./ports";
import { newRefreshToken, parseRefreshToken } from "./refresh-token";
import type { TokenPair } from "./start";

export interface RefreshRotationDeps {
  families: FamilyStore;
  devices: Pick<DeviceRepo, "touch">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  /** User, org, suspension and grants, reused while the directory's version holds. */
  tokenContext: CachedTokenContext;
  audiences: AudienceResolver;
  mint: TokenMinter["mintAccess"];
  clock: Clock;
}

const dead = () => invalidToken("The refresh token is invalid, expired or revoked. Sign in again.");

/**
 * `familyRevoked` is told when a refresh revoked a family (reuse, a user or org that can no longer
 * get tokens), so introspection refuses the access tokens it minted (the revocation marks).
 */
export function createRefreshRotation(deps: RefreshRotationDeps, familyRevoked: (data: SessionData) => Promise<void>) {
  const resolveAudience = (audience: string | undefined, version?: Promise<string | null>) =>
    deps.audiences.resolveAudience(audience, version);

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
      await familyRevoked(d);
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
      await familyRevoked(d);
      throw dead();
    }
    if (blocked) {
      await deps.families.revoke(familyId);
      await familyRevoked(d);
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

  return { refresh, logout };
}
