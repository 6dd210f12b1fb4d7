/** Signing keys. Private keys are stored sealed (AES-256-GCM under SSO_MASTER_KEY). */
export interface StoredKey {
  kid: string;
  /** Sealed PKCS#8/JWK private key (CryptoBox output). */
  privateKeyEnc: string;
  /** Public JWK (kty, n, e, kid, alg, use) — published in JWKS. */
  publicJwk: Record<string, unknown>;
  createdAt: Date;
  /** The key signs from this instant on (published before it, see CONTRACT §5). */
  activatesAt: Date;
  /** When a newer key took over signing; null while current or pending. */
  retiredAt: Date | null;
  /** Unpublished after this instant; null = still published. */
  expiresAt: Date | null;
}

export interface KeyRepo {
  /** Every key not yet past `expiresAt` at `now`, newest activation first. */
  published(now: Date): Promise<StoredKey[]>;
  insert(key: StoredKey): Promise<void>;
  /** Marks keys whose activation precedes `activatesBefore` (other than `kid`) retired at `at`, expiring at `expiresAt`. */
  retireOthers(kid: string, at: Date, expiresAt: Date): Promise<void>;
}
