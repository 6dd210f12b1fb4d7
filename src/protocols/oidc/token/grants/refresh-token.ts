/**
 * The refresh_token grant (RFC 6749 §6, CONTRACT §12): the client family's rotation with reuse
 * detection (the sessions feature's one refresh implementation), bound to the client.
 */
import { DomainError } from "../../../../kernel/errors";
import type { ResolvedClient } from "../../../../features/clients";
import type { SessionService } from "../../../../features/sessions";
import { oauthError } from "../../errors";
import type { IssuedTokens, TokenGrant } from "../endpoint";

/** What a refresh_token request carries. */
export interface RefreshTokenRequest {
  refreshToken?: string;
  ip: string | null;
}

/** The sessions feature's refusals of a refresh, each an invalid_grant at /oauth2/token. */
const REFRESH_REFUSALS = new Set(["INVALID_TOKEN", "REFRESH_TOKEN_REUSED", "ORG_SUSPENDED"]);

export function refreshTokenGrant(deps: {
  sessions: Pick<SessionService, "refresh">;
}): TokenGrant<RefreshTokenRequest> {
  /**
   * Rotates the family (reuse revokes it), which must be this client's. No new ID token (OIDC
   * Core §12.2 makes it optional; a refresh is no new authentication) and no change of scope: the
   * family's granted scopes are answered, a `scope` parameter is ignored.
   */
  async function issue({ client }: ResolvedClient, req: RefreshTokenRequest): Promise<IssuedTokens> {
    if (!req.refreshToken) throw oauthError("invalid_request", "refresh_token is required.");
    try {
      const pair = await deps.sessions.refresh({ refreshToken: req.refreshToken, clientId: client.clientId }, req.ip);
      return {
        accessToken: pair.accessToken,
        expiresIn: pair.expiresInSeconds,
        scope: (pair.scopes ?? []).join(" "),
        refreshToken: pair.refreshToken,
      };
    } catch (e) {
      if (e instanceof DomainError && REFRESH_REFUSALS.has(e.code))
        throw oauthError(
          "invalid_grant",
          "The refresh token is invalid, expired, revoked, or was issued to another client.",
        );
      throw e;
    }
  }

  return { read: (form, ip) => ({ refreshToken: form.refresh_token, ip }), limitsPublicClients: false, issue };
}
