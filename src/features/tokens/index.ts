export { createKeyService, rotationTimings, ACCESS_TOKEN_TTL, type KeyService } from "./service";
export type { KeyRepo, StoredKey } from "./ports";
export { createSigner, webcryptoSigner, type JwsSigner, type SignerMode } from "./signer";
