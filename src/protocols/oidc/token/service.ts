/**
 * The token side of the OpenID provider, assembled (CONTRACT §5, §12, §13): client
 * authentication, the token endpoint with its grant map, UserInfo, revocation and introspection.
 * The grant map is registered here: a new grant is a file under grants/ and one line below.
 */
import type { Clock } from "../../../kernel/clock";
import type { ClientDirectory } from "../../../features/clients";
import type { DomainEvent } from "../../../features/events";
import type { BrowserSessionStore } from "../../../features/sessions";
import type { OrgRepo } from "../../../features/orgs";
import type { CounterStore, FamilyStore, SessionService } from "../../../features/sessions";
import type { TokenMinter } from "../../../features/tokens";
import type { LogoutService } from "../../../features/sessions";
import type { AuthorizationCodeStore } from "../ports";
import { createAccessCheck, type LoadTokenContext } from "./access";
import { createClientAuthenticator } from "./client-auth";
import { createTokenEndpoint } from "./endpoint";
import { authorizationCodeGrant } from "./grants/authorization-code";
import { clientCredentialsGrant } from "./grants/client-credentials";
import { refreshTokenGrant } from "./grants/refresh-token";
import { createIntrospection } from "./introspection";
import { createResponseMinter } from "./mint-response";
import { createRevocation } from "./revocation";
import { createUserInfo } from "./userinfo";

export interface TokenServiceDeps {
  directory: ClientDirectory;
  /** Signs a machine token (the key service's signing path). */
  sign(claims: Record<string, unknown>): Promise<string>;
  clock: Clock;
  issuer: string;
  /** Null turns the per-client limit off (SSO_RATE_LIMIT=off). */
  counters: CounterStore | null;
  /** Token requests per client per minute (SSO_CLIENT_RATE_LIMIT; default CLIENT_RATE_LIMIT.max). */
  clientPerMinute?: number;
  /** Authorization codes and browser sessions (SessionStore.codes / .signIns). */
  codes: AuthorizationCodeStore;
  signIns: BrowserSessionStore;
  /** Revokes what a reused code issued (a refresh family); revocation and introspection read families. */
  families: Pick<FamilyStore, "revoke" | "peek" | "get">;
  /**
   * Ends a client's family at /oauth2/revoke (marks, journal, back-channel logout); marks a
   * client's tokens of a sign-in session ended when a code of it is reused.
   */
  logout: Pick<LogoutService, "endFamily" | "familyRevoked">;
  /** Revocation marks (the session store's counters; logout/service.ts). */
  marks: Pick<CounterStore, "set" | "peek">;
  loadContext: LoadTokenContext;
  /** Starts client families and refreshes them (the one refresh-token implementation). */
  sessions: Pick<SessionService, "startClientSession" | "refresh">;
  /** The access and ID tokens of a code exchange (the tokens feature's one signing path). */
  minter: Pick<TokenMinter, "mintAccess" | "mintAccessWithIdToken">;
  /** Verifies an access token of this service (signature, issuer, `typ`, expiry). */
  verify(token: string): Promise<Record<string, unknown>>;
  /** The code's org for the audit entry of a reuse. */
  orgs: Pick<OrgRepo, "get">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
}

export function createTokenService(deps: TokenServiceDeps) {
  const { clock } = deps;
  const clients = createClientAuthenticator(deps);
  const access = createAccessCheck(deps);
  const endpoint = createTokenEndpoint({
    clients,
    clock,
    counters: deps.counters,
    clientPerMinute: deps.clientPerMinute,
    // The grants by `grant_type`, in the order unsupported_grant_type names them.
    grants: {
      client_credentials: clientCredentialsGrant(deps),
      authorization_code: authorizationCodeGrant({
        ...deps,
        familyRevoked: deps.logout.familyRevoked,
        mintResponse: createResponseMinter(deps.minter),
      }),
      refresh_token: refreshTokenGrant(deps),
    },
  });
  return {
    token: endpoint.token,
    userInfo: createUserInfo({ directory: deps.directory, access, clock }),
    revoke: createRevocation({ ...deps, clients, access }),
    introspect: createIntrospection({ ...deps, clients, access }),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
