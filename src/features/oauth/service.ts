/**
 * The client_credentials grant (RFC 6749 §4.4) behind POST /oauth2/token: authenticate the client
 * (SHA-256 + constant-time compare, served from the client cache), check its org, narrow the scope,
 * and mint a machine token (SPEC 2.3, CONTRACT §5). Errors are RFC 6749 §5.2 codes; the HTTP edge
 * gives them statuses.
 */
import type { Clock } from "../../kernel/clock";
import { randomToken, sha256Hex, timingSafeEqual } from "../../kernel/secrets";
import type { ClientDirectory } from "../clients";
import type { CounterStore } from "../sessions/ports";
import { ACCESS_TOKEN_TTL } from "../tokens";

/** RFC 6749 §5.2 error codes this grant produces; `rate_limited` is our own (HTTP 429). */
export type TokenErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "rate_limited";

export class TokenRequestError extends Error {
  constructor(
    readonly error: TokenErrorCode,
    readonly description: string,
    /** Seconds to wait (rate_limited). */
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = "TokenRequestError";
  }
}

/** Machine tokens live 900 s (SPEC 2.3); no refresh token is ever issued. */
export const MACHINE_TOKEN_TTL = ACCESS_TOKEN_TTL;
/** Per-client limit of token requests per window when rate limiting is on. */
export const CLIENT_RATE_LIMIT = { max: 300, windowSeconds: 60 };
/** Counter key of the per-client limit. */
export const clientRateKey = (clientId: string) => `rl:token:${clientId}`;

export interface OAuthServiceDeps {
  directory: ClientDirectory;
  sign(claims: Record<string, unknown>): Promise<string>;
  clock: Clock;
  issuer: string;
  /** Null turns the per-client limit off (SSO_RATE_LIMIT=off). */
  counters: CounterStore | null;
  /** Token requests per client per minute (SSO_CLIENT_RATE_LIMIT; default CLIENT_RATE_LIMIT.max). */
  clientPerMinute?: number;
}

export interface ClientCredentialsRequest {
  clientId: string;
  clientSecret: string;
  grantType: string;
  /** Space-separated; undefined (or blank) means every scope the client holds. */
  scope?: string;
}

export interface MachineToken {
  accessToken: string;
  expiresIn: number;
  /** What was granted, space-separated. */
  scope: string;
}

// constant-time: an unknown client still pays for one hash and one comparison.
const DUMMY_HASH = sha256Hex("unknown-client");

export function createOAuthService(deps: OAuthServiceDeps) {
  const badClient = () =>
    new TokenRequestError("invalid_client", "Client authentication failed: unknown client or wrong secret.");

  /**
   * Issues a machine token. Order of checks: client authentication (invalid_client), grant type
   * (unsupported_grant_type), per-client rate limit (rate_limited), org usable (unauthorized_client),
   * requested scope within the client's (invalid_scope).
   */
  async function clientCredentials(req: ClientCredentialsRequest): Promise<MachineToken> {
    const resolved = await deps.directory.resolve(req.clientId);
    const presented = sha256Hex(req.clientSecret);
    // A public client (CONTRACT §12) has no secret: nothing it presents authenticates it here.
    const ok = timingSafeEqual(presented, resolved?.client.secretHash ?? DUMMY_HASH);
    if (!resolved || !resolved.client.secretHash || !ok) throw badClient();
    const { client } = resolved;

    if (req.grantType !== "client_credentials")
      throw new TokenRequestError(
        "unsupported_grant_type",
        "Only grant_type=client_credentials is supported at this endpoint.",
      );

    // RFC 6749 §5.2: a browser client registered without client_credentials may not use it.
    if (!client.grantTypes.includes("client_credentials"))
      throw new TokenRequestError("unauthorized_client", "This client is not registered for client_credentials.");

    // Counted after authentication, so nobody can exhaust another client's budget with bad secrets.
    if (deps.counters) {
      const hit = await deps.counters.hit(
        clientRateKey(client.clientId),
        CLIENT_RATE_LIMIT.windowSeconds,
        deps.clock.now(),
      );
      if (hit.count > (deps.clientPerMinute ?? CLIENT_RATE_LIMIT.max))
        throw new TokenRequestError(
          "rate_limited",
          `Too many token requests for this client; cache the token until shortly before it expires (${MACHINE_TOKEN_TTL} s).`,
          hit.ttlSeconds,
        );
    }

    if (resolved.usability !== "ok")
      throw new TokenRequestError(
        "unauthorized_client",
        resolved.usability === "app_missing"
          ? "The application this client is bound to no longer exists."
          : "The client's organization (or one above it) is suspended or expired; no tokens can be issued.",
      );

    let granted = client.scopes;
    const requested = req.scope?.trim();
    if (requested) {
      const asked = [...new Set(requested.split(/ +/))];
      const refused = asked.filter((s) => !client.scopes.includes(s));
      if (refused.length)
        throw new TokenRequestError("invalid_scope", `The client was not granted: ${refused.join(" ")}.`);
      granted = asked;
    }

    const iat = Math.floor(deps.clock.now().getTime() / 1000);
    const scope = granted.join(" ");
    const claims: Record<string, unknown> = {
      token_use: "machine",
      sub: client.clientId,
      client_id: client.clientId,
      scope,
      org_id: client.organizationId,
      tenant_id: client.tenantId,
      ...(client.applicationId !== null ? { app_id: client.applicationId } : {}),
      aud: resolved.audience,
      iss: deps.issuer,
      iat,
      exp: iat + MACHINE_TOKEN_TTL,
      jti: randomToken(16),
    };
    return { accessToken: await deps.sign(claims), expiresIn: MACHINE_TOKEN_TTL, scope };
  }

  return { clientCredentials };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
