/** SCIM tokens (CONTRACT §18): the port, and the service that manages and authenticates them. */
export type { ScimToken, ScimTokenRepo } from "./ports";
export {
  createScimTokenService,
  SCIM_TOKEN_PREFIX,
  type ScimCaller,
  type ScimTokenService,
  type ScimTokenServiceDeps,
} from "./service";
