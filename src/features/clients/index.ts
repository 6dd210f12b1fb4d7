/** API clients (machine, browser and native): registration, reading, update, and the token endpoint's client cache. */
export {
  createClientService,
  normalizeScopes,
  normalizeGrants,
  DEFAULT_SCOPE,
  SCOPE_RE,
  type ClientService,
  type NewClientInput,
  type RegisteredClient,
} from "./service";
export {
  createClientDirectory,
  CLIENT_ID_PATTERN,
  type ClientDirectory,
  type ClientUsability,
  type ResolvedClient,
} from "./directory";
export {
  GRANT_TYPES,
  type ApiClient,
  type ClientPatch,
  type ClientRepo,
  type ClientType,
  type GrantType,
} from "./ports";
export { MAX_URIS, MAX_URI_LENGTH, redirectUriProblem, backchannelUriProblem } from "./rules";
export {
  CONSOLE_CLIENT_ID,
  consoleClient,
  consolePostLogoutUri,
  consoleRedirectUri,
  loopbackPortMayVary,
  servesTenant,
  tenantScopeOf,
} from "./console-client";
