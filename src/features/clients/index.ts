/** API clients (machine identities): registration, listing, and the token endpoint's client cache. */
export {
  createClientService,
  normalizeScopes,
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
export type { ApiClient, ClientRepo } from "./ports";
