/**
 * UserInfo (OIDC Core §5.3, CONTRACT §12): `sub` and the claims the access token's scope grants,
 * for a live access token of the code grant. Refusals are RFC 6750 §3.1 bearer errors.
 */
import type { Clock } from "../../../kernel/clock";
import { type ClientDirectory, servesTenant } from "../../../features/clients";
import { scopeClaims } from "../../../features/tokens";
import { bearerError } from "../errors";
import type { AccessCheck } from "./access";

export function createUserInfo(deps: { directory: ClientDirectory; access: AccessCheck; clock: Clock }) {
  const { access } = deps;
  const bad = () => bearerError("invalid_token", "The access token is invalid, expired, revoked or not for UserInfo.");

  /**
   * The token must be an access token of this service issued to an OAuth client of its tenant
   * (the code grant: `sid`, `client_id`), live by the rule introspection applies (`liveAccess`:
   * not revoked, its session and family not ended, its user active and org usable; OIDC Core
   * §5.3.3, RFC 6750 §3.1), with `openid` granted. The claims come from the token context that
   * rule reads: no other read.
   */
  return async function userInfo(accessToken: string | null): Promise<Record<string, unknown>> {
    if (!accessToken)
      throw bearerError(null, "Send the access token as Authorization: Bearer, or as access_token in a form body.");
    const claims = await access.accessClaims(accessToken);
    if (!claims) throw bad();
    const { tenant_id: tenantId, client_id: clientId, sid, scope } = claims;
    if (
      claims.token_use !== "access" ||
      typeof tenantId !== "number" ||
      typeof clientId !== "string" ||
      typeof sid !== "string" ||
      typeof scope !== "string"
    )
      throw bad();
    const [resolved, live] = await Promise.all([
      deps.directory.resolve(clientId),
      access.liveAccess(claims, deps.clock.now()),
    ]);
    if (!resolved || !servesTenant(resolved.client, tenantId) || live?.kind !== "user") throw bad();
    const scopes = scope.split(" ");
    if (!scopes.includes("openid"))
      throw bearerError("insufficient_scope", "The access token was not granted the openid scope.");
    // OIDC Core §5.5: claims the authorization request asked for by name, besides its scopes'.
    const named = Array.isArray(claims.userinfo_claims)
      ? claims.userinfo_claims.filter((c): c is string => typeof c === "string")
      : [];
    return { sub: String(live.user.id), ...scopeClaims(live.user, scopes, named) };
  };
}

export type UserInfo = ReturnType<typeof createUserInfo>;
