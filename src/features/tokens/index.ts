export {
  createKeyService,
  createTokenMinter,
  rotationTimings,
  ACCESS_TOKEN_TTL,
  LOGOUT_TOKEN_TTL,
  BACKCHANNEL_LOGOUT_EVENT_URI,
  type KeyService,
  type TokenMinter,
  type TokenMinterDeps,
  type ClientGrant,
  type XmlSigningKey,
} from "./service";
export { atHash, computeIdTokenClaims, scopeClaims, ID_TOKEN_TTL, type IdTokenInput } from "./id-token";
export { computeAccessClaims, type AccessClaimsInput } from "./claims";
export type { KeyRepo, StoredKey } from "./ports";
export { createSigner, webcryptoSigner, type JwsSigner, type SignerMode } from "./signer";
