/**
 * Token revocation, POST /oauth2/revoke (RFC 7009, CONTRACT §13): a refresh token of the caller's
 * family ends the family; an access token issued to the caller is marked revoked until it expires.
 */
import type { Clock } from "../../../kernel/clock";
import { servesTenant } from "../../../features/clients";
import type { DomainEvent } from "../../../features/events";
import { parseRefreshToken, type CounterStore, type FamilyStore } from "../../../features/sessions";
import { oauthError } from "../errors";
import { markKeys, markValueAt, MARK_SECONDS, type LogoutService } from "../../../features/sessions";
import type { AccessCheck } from "./access";
import type { ClientAuthentication, ClientAuthenticator } from "./client-auth";

/** A revocation request (RFC 7009 §2.1). */
export interface RevocationRequest {
  auth: ClientAuthentication;
  token?: string;
  tokenTypeHint?: string;
  ip: string | null;
}

export interface RevocationDeps {
  clients: ClientAuthenticator;
  access: AccessCheck;
  clock: Clock;
  families: Pick<FamilyStore, "peek">;
  /** Ends a client's family (marks, journal, back-channel logout). */
  logout: Pick<LogoutService, "endFamily">;
  /** Revocation marks (the session store's counters; logout/service.ts). */
  marks: Pick<CounterStore, "set">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
}

export function createRevocation(deps: RevocationDeps) {
  /**
   * A refresh token of this client's family ends the family (its access tokens with it, its
   * client gets a logout token); an access token issued to this client is marked revoked until it
   * expires. Another client's token, an unknown or malformed one: 200, nothing changes (§2.2: the
   * answer says nothing about the token).
   */
  return async function revoke(req: RevocationRequest): Promise<void> {
    const { client } = await deps.clients.caller(req.auth, false);
    if (req.token === undefined) throw oauthError("invalid_request", "token is required.");
    const now = deps.clock.now();
    const rt = parseRefreshToken(req.token);
    if (rt) {
      const fam = await deps.families.peek(rt.selector, rt.verifierHash, now);
      if (fam && fam.data.clientId === client.clientId && servesTenant(client, fam.data.tenantId))
        await deps.logout.endFamily(fam, { actor: { ip: req.ip }, via: "revoke" }, "oauth.token.revoked");
      return;
    }
    const claims = await deps.access.accessClaims(req.token);
    if (!claims || typeof claims.jti !== "string" || typeof claims.exp !== "number") return;
    const issuedTo = claims.token_use === "machine" ? claims.sub : claims.client_id;
    if (issuedTo !== client.clientId || typeof claims.tenant_id !== "number" || !servesTenant(client, claims.tenant_id))
      return;
    const ttl = Math.max(1, claims.exp - Math.floor(now.getTime() / 1000) + 60);
    await deps.marks.set(markKeys.jti(claims.jti), markValueAt(now), Math.min(ttl, MARK_SECONDS), now);
    await deps.record({
      type: "oauth.token.revoked",
      tenantId: claims.tenant_id,
      org: null,
      actor: { ip: req.ip },
      target: { userId: typeof claims.uid === "number" ? claims.uid : null },
      data: { clientId: client.clientId, tokenType: "access_token", jti: claims.jti },
    });
  };
}

export type Revocation = ReturnType<typeof createRevocation>;
