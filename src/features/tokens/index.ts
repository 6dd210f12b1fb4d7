export {
  createKeyService,
  createTokenMinter,
  rotationTimings,
  ACCESS_TOKEN_TTL,
  type KeyService,
  type TokenMinter,
  type TokenMinterDeps,
} from "./service";
export { computeAccessClaims, type AccessClaimsInput } from "./claims";
export type { KeyRepo, StoredKey } from "./ports";
