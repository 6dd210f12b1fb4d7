/**
 * The client_credentials grant (RFC 6749 §4.4, SPEC 2.3, CONTRACT §5): a machine token for the
 * client itself, its scope within the client's (invalid_scope); no refresh token.
 */
import type { Clock } from "../../../../kernel/clock";
import { randomToken } from "../../../../kernel/secrets";
import type { ResolvedClient } from "../../../../features/clients";
import { oauthError } from "../../errors";
import { MACHINE_TOKEN_TTL, type IssuedTokens, type TokenGrant } from "../endpoint";

/** What a client_credentials request asks for. */
export interface ClientCredentialsRequest {
  /** Space-separated; undefined (or blank) means every scope the client holds. */
  scope?: string;
}

export interface ClientCredentialsDeps {
  sign(claims: Record<string, unknown>): Promise<string>;
  clock: Clock;
  issuer: string;
}

export function clientCredentialsGrant(deps: ClientCredentialsDeps): TokenGrant<ClientCredentialsRequest> {
  async function issue(resolved: ResolvedClient, req: ClientCredentialsRequest): Promise<IssuedTokens> {
    const { client } = resolved;
    let granted = client.scopes;
    const requested = req.scope?.trim();
    if (requested) {
      const asked = [...new Set(requested.split(/ +/))];
      const refused = asked.filter((s) => !client.scopes.includes(s));
      if (refused.length) throw oauthError("invalid_scope", `The client was not granted: ${refused.join(" ")}.`);
      granted = asked;
    }

    const iat = Math.floor(deps.clock.now().getTime() / 1000);
    const grantedScope = granted.join(" ");
    const claims: Record<string, unknown> = {
      token_use: "machine",
      sub: client.clientId,
      client_id: client.clientId,
      scope: grantedScope,
      org_id: client.organizationId,
      tenant_id: client.tenantId,
      ...(client.applicationId !== null ? { app_id: client.applicationId } : {}),
      aud: resolved.audience,
      iss: deps.issuer,
      iat,
      exp: iat + MACHINE_TOKEN_TTL,
      jti: randomToken(16),
    };
    return { accessToken: await deps.sign(claims), expiresIn: MACHINE_TOKEN_TTL, scope: grantedScope };
  }

  // The client authenticates itself and nothing else proves it: a public client counts too.
  return { read: (form) => ({ scope: form.scope }), limitsPublicClients: true, issue };
}
