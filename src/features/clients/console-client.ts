/**
 * The platform's own admin console as an OAuth client (CONTRACT §12; docs/oidc.md, "The console is
 * a client too"). The console at `<issuer>/console` serves the people of every tenant, so its
 * client belongs to none: it is built in (never stored, never listed, not editable), public (PKCE,
 * no secret), first party (no consent page), holds `authorization_code` and `refresh_token`, and its
 * tokens are management tokens (`aud` = the issuer), exactly those a sign-in at `/api/auth/login`
 * without `audience` gets. The sign-in session it starts or resumes is the person's own, in their
 * tenant, so a person signed in to the console is signed in to every application of that tenant,
 * and the other way round.
 *
 * Where a tenant is asked for (resuming the browser's sign-in session, redeeming a code), this
 * client passes "any" (`tenantScopeOf`): the session or code then names the tenant, and everything
 * after acts in it. Nothing else about tenant isolation changes: the session's secret, the code's
 * client binding, PKCE and the redirect URI are checked as for any client.
 */
import type { TenantScope } from "../../kernel/tenancy";
import type { ResolvedClient } from "./directory";
import type { ApiClient } from "./ports";

/** Not of the `cli_…` form, so no registered client can ever have it. */
export const CONSOLE_CLIENT_ID = "sso-console";

/** Where the console receives its code, and where logout sends the browser back to. */
export const consoleRedirectUri = (issuer: string) => `${issuer}/console/callback`;
export const consolePostLogoutUri = (issuer: string) => `${issuer}/console/`;

/** The built-in client record. `tenantId` and `organizationId` are 0: it has neither (see `tenantScopeOf`). */
export function consoleClient(issuer: string): ResolvedClient {
  const client: ApiClient = {
    clientId: CONSOLE_CLIENT_ID,
    tenantId: 0,
    organizationId: 0,
    applicationId: null,
    name: "Admin console",
    secretHash: null,
    scopes: [],
    type: "public",
    grantTypes: ["authorization_code", "refresh_token"],
    redirectUris: [consoleRedirectUri(issuer)],
    postLogoutRedirectUris: [consolePostLogoutUri(issuer)],
    backchannelLogoutUri: null,
    firstParty: true,
    requirePkce: true,
    createdAt: new Date(0),
  };
  return { client, audience: issuer, usability: "ok", blockedFrom: null };
}

/** The tenant a client acts in before a person is known: its own, or "any" for the console. */
export function tenantScopeOf(client: Pick<ApiClient, "clientId" | "tenantId">): TenantScope {
  return client.clientId === CONSOLE_CLIENT_ID ? "any" : client.tenantId;
}

/**
 * Whether RFC 8252 §7.3's loopback-port freedom applies to `client`'s redirect URIs: only to a
 * registered public client (a native app listening on an ephemeral port). The console is a web
 * app served at the issuer, not a native app: its callback is matched exactly whatever the issuer
 * (CONTRACT §12). With the issuer on `http://127.0.0.1:P`, any port would let another local process
 * take a code with an administrator's `sso_session` (issue 34).
 */
export function loopbackPortMayVary(client: Pick<ApiClient, "clientId" | "type">): boolean {
  return client.type === "public" && client.clientId !== CONSOLE_CLIENT_ID;
}

/** True when a person of `tenantId` may sign in to `client` (the console serves every tenant). */
export function servesTenant(client: Pick<ApiClient, "clientId" | "tenantId">, tenantId: number): boolean {
  const scope = tenantScopeOf(client);
  return scope === "any" || scope === tenantId;
}
