/**
 * POST /oauth2/token (RFC 6749 §3.2, CONTRACT §5, §12): client authentication, then the grant the
 * request names, looked up in a map of grant handlers (one file per grant under grants/). Adding a
 * grant is adding a `TokenGrant` file and registering it in the composition root; the endpoint
 * itself knows no grant.
 */
import type { Clock } from "../../../kernel/clock";
import type { ApiClient, ResolvedClient } from "../../../features/clients";
import type { CounterStore } from "../../../features/sessions";
import { ACCESS_TOKEN_TTL } from "../../../features/tokens";
import { oauthError } from "../errors";
import type { ClientAuthentication, ClientAuthenticator } from "./client-auth";

/** Machine tokens live 900 s (SPEC 2.3); no refresh token is ever issued. */
export const MACHINE_TOKEN_TTL = ACCESS_TOKEN_TTL;
/** Per-client limit of token requests per window when rate limiting is on. */
export const CLIENT_RATE_LIMIT = { max: 300, windowSeconds: 60 };
/** Counter key of the per-client limit. */
export const clientRateKey = (clientId: string) => `rl:token:${clientId}`;

/** The form parameters of a token request, by their RFC 6749 names; each grant reads its own. */
export type TokenForm = Readonly<Record<string, string | undefined>>;

/** A token response (RFC 6749 §5.1, CONTRACT §12): the client_credentials grant's has no ID or refresh token. */
export interface IssuedTokens {
  accessToken: string;
  expiresIn: number;
  /** What was granted, space-separated. */
  scope: string;
  idToken?: string;
  refreshToken?: string;
}

/**
 * One grant type of the token endpoint (fosite's TokenEndpointHandler idea, in our shape). The
 * endpoint has authenticated the client, checked that it is registered for the grant, counted it
 * against its rate limit and checked that it may get tokens; the grant does the rest.
 */
export interface TokenGrant<R> {
  /** Its own request, read from the form (nothing checked yet: `issue` refuses what is missing). */
  read(form: TokenForm, ip: string | null): R;
  /**
   * Whether a public client's requests count against the per-client limit. A public client's id
   * authenticates nothing: counting its requests would let anyone spend every user's budget of
   * that application, when its code or refresh token is the proof instead.
   */
  limitsPublicClients: boolean;
  issue(client: ResolvedClient, req: R): Promise<IssuedTokens>;
}

/** The grants by `grant_type`, in the order the unsupported_grant_type answer names them. */
// biome-ignore lint/suspicious/noExplicitAny: each grant has its own request type
export type GrantMap = Readonly<Record<string, TokenGrant<any>>>;

export interface TokenEndpointDeps {
  clients: ClientAuthenticator;
  grants: GrantMap;
  clock: Clock;
  /** Null turns the per-client limit off (SSO_RATE_LIMIT=off). */
  counters: CounterStore | null;
  /** Token requests per client per minute (SSO_CLIENT_RATE_LIMIT; default CLIENT_RATE_LIMIT.max). */
  clientPerMinute?: number;
}

/** A token request: the client's authentication, the grant it names and the form's parameters. */
export interface TokenRequest {
  auth: ClientAuthentication;
  grantType: string;
  form: TokenForm;
  ip: string | null;
}

const orList = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names.join("");

export function createTokenEndpoint(deps: TokenEndpointDeps) {
  const supported = `grant_type must be ${orList(Object.keys(deps.grants))}.`;

  /** The per-client limit, counted after authentication so nobody can spend another client's budget. */
  async function limit(client: ApiClient) {
    if (!deps.counters) return;
    const hit = await deps.counters.hit(
      clientRateKey(client.clientId),
      CLIENT_RATE_LIMIT.windowSeconds,
      deps.clock.now(),
    );
    if (hit.count > (deps.clientPerMinute ?? CLIENT_RATE_LIMIT.max))
      // RFC 8628 §3.5: `slow_down`, the registered code for "ask less often", with Retry-After.
      throw oauthError(
        "slow_down",
        `Too many token requests for this client; cache the token until shortly before it expires (${MACHINE_TOKEN_TTL} s).`,
        { rateLimited: true, retryAfter: hit.ttlSeconds },
      );
  }

  function assertUsable(resolved: ResolvedClient) {
    if (resolved.usability !== "ok")
      throw oauthError(
        "unauthorized_client",
        resolved.usability === "app_missing"
          ? "The application this client is bound to no longer exists."
          : "The client's organization (or one above it) is suspended or expired; no tokens can be issued.",
      );
  }

  /**
   * Every grant, in one order: client authentication (invalid_client), grant type known
   * (unsupported_grant_type), the client registered for it (unauthorized_client), its rate limit
   * (slow_down), its org and application usable (unauthorized_client), then the grant's own checks.
   */
  async function token(req: TokenRequest): Promise<IssuedTokens> {
    const resolved = await deps.clients.authenticate(req.auth);
    const grant = Object.hasOwn(deps.grants, req.grantType) ? deps.grants[req.grantType] : undefined;
    if (!grant) throw oauthError("unsupported_grant_type", supported);
    const { client } = resolved;
    // RFC 6749 §5.2: e.g. a browser client registered without client_credentials may not use it.
    if (!(client.grantTypes as readonly string[]).includes(req.grantType))
      throw oauthError("unauthorized_client", `This client is not registered for ${req.grantType}.`);
    if (req.auth.method !== "none" || grant.limitsPublicClients) await limit(client);
    assertUsable(resolved);
    return grant.issue(resolved, grant.read(req.form, req.ip));
  }

  return { token };
}

export type TokenEndpoint = ReturnType<typeof createTokenEndpoint>;
