/**
 * Branding of the hosted pages and mails (CONTRACT §15): one record per tenant (`applicationId`
 * null) and at most one override per application. Logos are kept apart, content-addressed by the
 * SHA-256 of their bytes within their tenant, so a page links `/pages/logos/<tenant>/<hash>` and the
 * bytes under that name never change.
 */
export interface BrandingRecord {
  tenantId: number;
  /** Null: the tenant's own branding; else the application's override. */
  applicationId: number | null;
  /** Each field null = not set here (an application's override then inherits the tenant's). */
  displayName: string | null;
  /** `#rrggbb`, lower case. */
  primaryColor: string | null;
  supportUrl: string | null;
  /** SHA-256 (hex) of a logo kept with `putLogo` in the same tenant. */
  logoHash: string | null;
  /**
   * Tenant records only: mail a person when they sign in on the hosted pages from a device not seen
   * before (docs/branding.md). Null on application overrides.
   */
  newDeviceAlert: boolean | null;
  updatedAt: Date;
}

export interface StoredLogo {
  /** `image/png`, `image/jpeg` or `image/webp` (sniffed from the bytes when it was saved). */
  contentType: string;
  bytes: Uint8Array;
}

export interface BrandingRepo {
  /** The tenant's record (`applicationId` null) or one application's override; null when none (or another tenant's). */
  get(tenantId: number, applicationId: number | null): Promise<BrandingRecord | null>;
  /**
   * Creates or replaces the record of (`tenantId`, `applicationId`): one atomic upsert, so two
   * concurrent writers leave one of the two records whole, never a mix.
   */
  put(record: BrandingRecord): Promise<BrandingRecord>;
  /** Removes an application's override (when its application is gone, or every field is cleared). */
  remove(tenantId: number, applicationId: number): Promise<void>;
  /**
   * Keeps a logo under (`tenantId`, `hash`). Idempotent: the same hash names the same bytes, so a
   * second put (concurrent or later) changes nothing and never fails.
   */
  putLogo(tenantId: number, hash: string, logo: StoredLogo): Promise<void>;
  /** The logo of `tenantId` under `hash`; null when unknown there (another tenant's hash included). */
  getLogo(tenantId: number, hash: string): Promise<StoredLogo | null>;
}
