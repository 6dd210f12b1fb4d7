/**
 * Token introspection, POST /oauth2/introspect (RFC 7662, CONTRACT §13): the caller is a
 * confidential client (HTTP Basic); `active` only for a live token of this service in its tenant.
 */
import type { Clock } from "../../../kernel/clock";
import { parseRefreshToken, type FamilyStore } from "../../../features/sessions";
import { oauthError } from "../errors";
import type { AccessCheck, LoadTokenContext } from "./access";
import type { ClientAuthentication, ClientAuthenticator } from "./client-auth";

export interface IntrospectionDeps {
  clients: ClientAuthenticator;
  access: AccessCheck;
  clock: Clock;
  issuer: string;
  families: Pick<FamilyStore, "peek">;
  loadContext: LoadTokenContext;
}

export function createIntrospection(deps: IntrospectionDeps) {
  /**
   * `active` is false for anything that is not a live token of this service in the caller's
   * tenant: expired, revoked (revocation marks), of an ended sign-in session or family, a disabled
   * or erased user, a suspended org. Access tokens: keyed lookups only (marks, the /api/auth
   * family, the cached token context). Refresh tokens: only the caller's own families are described.
   */
  return async function introspect(req: {
    auth: ClientAuthentication;
    token?: string;
  }): Promise<Record<string, unknown>> {
    const { client } = await deps.clients.caller(req.auth, true);
    if (req.token === undefined) throw oauthError("invalid_request", "token is required.");
    const inactive = { active: false };
    const now = deps.clock.now();
    const rt = parseRefreshToken(req.token);
    if (rt) {
      const fam = await deps.families.peek(rt.selector, rt.verifierHash, now);
      if (!fam || fam.data.clientId !== client.clientId || fam.data.tenantId !== client.tenantId) return inactive;
      const d = fam.data;
      const ctx = await deps.loadContext(d.tenantId, d.userId, d.orgId, now);
      if (!ctx.user || ctx.user.status !== "ACTIVE" || ctx.blocked) return inactive;
      return {
        active: true,
        token_type: "refresh_token",
        client_id: d.clientId,
        scope: (d.scopes ?? []).join(" "),
        uid: d.userId,
        tenant_id: d.tenantId,
        org_id: d.orgId,
        aud: d.audience,
        iss: deps.issuer,
        exp: Math.floor(fam.expiresAt.getTime() / 1000),
        ...(d.sid ? { sid: d.sid } : {}),
      };
    }
    const c = await deps.access.accessClaims(req.token);
    if (!c || c.tenant_id !== client.tenantId || !(await deps.access.liveAccess(c, now))) return inactive;
    return {
      ...c,
      active: true,
      token_type: "Bearer",
      client_id: typeof c.client_id === "string" ? c.client_id : c.sub,
    };
  };
}

export type Introspection = ReturnType<typeof createIntrospection>;
