/**
 * Whether an access token of this service is live (CONTRACT §12, §13): the one rule of
 * introspection, UserInfo and revocation, over the revocation marks, the /api/auth family and the
 * cached token context. Keyed lookups only, run in parallel.
 */
import type { Clock } from "../../../kernel/clock";
import type { User } from "../../../kernel/users";
import type { ClientDirectory } from "../../../features/clients";
import type { CounterStore, FamilyStore } from "../../../features/sessions";
import { markCovers, markKeys } from "../../../features/sessions";

/** What an access token's liveness and UserInfo read of its user (the token context's user). */
export type TokenUser = Pick<User, "id" | "status" | "email" | "fullName" | "updatedAt" | "emailVerified">;

/** A live access token: a user token with its person, or a machine token. */
export type LiveAccess = { kind: "user"; user: TokenUser } | { kind: "machine" };

/**
 * The user (status and the claims UserInfo answers) and org status behind a token: the cached
 * token context of refresh, kept fresh by the directory version.
 */
export type LoadTokenContext = (
  tenantId: number,
  userId: number,
  orgId: number,
  now: Date,
) => Promise<{ user: TokenUser | null; blocked: boolean }>;

export interface AccessCheckDeps {
  directory: ClientDirectory;
  clock: Clock;
  /** Verifies an access token of this service (signature, issuer, `typ`, expiry). */
  verify(token: string): Promise<Record<string, unknown>>;
  /** Revocation marks (the session store's counters; logout/service.ts). */
  marks: Pick<CounterStore, "peek">;
  /** /api/auth tokens: their refresh family must still be live. */
  families: Pick<FamilyStore, "get">;
  loadContext: LoadTokenContext;
}

export function createAccessCheck(deps: AccessCheckDeps) {
  /** The claims of an access token of ours (signature, issuer, `typ`, expiry at now); null otherwise. */
  async function accessClaims(token: string): Promise<Record<string, unknown> | null> {
    if (token.length > 8192 || token.split(".").length !== 3) return null;
    try {
      return await deps.verify(token);
    } catch {
      return null;
    }
  }

  /** True when a mark set at or after `iat` says the token ended. */
  async function endedSince(key: string, iat: number, now: Date): Promise<boolean> {
    return markCovers((await deps.marks.peek(key, now)).count, iat);
  }

  /**
   * Whether a verified access token of this service (`accessClaims`: signature, issuer, `typ`,
   * expiry) is live at `now`. Null (inactive) when it was revoked (its `jti` mark); for a
   * code-grant token, when its sign-in session or its client's tokens in it ended at or after its
   * `iat` (logout, session control, /oauth2/revoke of its family, refresh-token or code reuse:
   * logout/service.ts marks); for an /api/auth token, when its family is gone; for a user token,
   * when the user is not active or the org is suspended or expired (the cached token context,
   * which also gives the person); for a machine token, when its client is gone, in another tenant
   * or unusable.
   */
  async function liveAccess(c: Record<string, unknown>, now: Date): Promise<LiveAccess | null> {
    const { tenant_id: tenantId, jti, iat, sid, uid, org_id: orgId, client_id: clientId } = c;
    if (typeof tenantId !== "number" || typeof jti !== "string" || typeof iat !== "number") return null;
    if (c.token_use === "machine") {
      const [issued, revoked] = await Promise.all([
        typeof clientId === "string" ? deps.directory.resolve(clientId) : null,
        endedSince(markKeys.jti(jti), 0, now),
      ]);
      return !revoked && issued && issued.client.tenantId === tenantId && issued.usability === "ok"
        ? { kind: "machine" }
        : null;
    }
    if (c.token_use !== "access" || typeof sid !== "string" || typeof uid !== "number" || typeof orgId !== "number")
      return null;
    const ended: Promise<boolean>[] = [endedSince(markKeys.jti(jti), 0, now)];
    // A token of the code grant names its OAuth client in `client_id`; an /api/auth token names its
    // audience there (RFC 9068 §2.2, `client_id` = `aud`), as the /api/** gate tells them apart.
    if (typeof clientId === "string" && clientId !== c.aud) {
      // A token of the code grant: its sign-in session, or its client's tokens in it, ended since it was issued.
      ended.push(endedSince(markKeys.sid(sid), iat, now), endedSince(markKeys.family(sid, clientId), iat, now));
    } else {
      // An /api/auth token: `sid` is its refresh family, which must still be live.
      ended.push(deps.families.get(sid, now).then((f) => !f || f.data.userId !== uid));
    }
    const [ctx, ...marks] = await Promise.all([deps.loadContext(tenantId, uid, orgId, now), ...ended]);
    if (marks.some(Boolean) || !ctx.user || ctx.user.status !== "ACTIVE" || ctx.blocked) return null;
    return { kind: "user", user: ctx.user };
  }

  return { accessClaims, liveAccess };
}

export type AccessCheck = ReturnType<typeof createAccessCheck>;
