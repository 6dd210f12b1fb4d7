export {
  createBrandingService,
  type BrandingService,
  type EffectiveBrand,
  LOGO_MAX_BYTES,
  LOGO_PATH,
  readLogo,
} from "./service";
export type { BrandingRecord, BrandingRepo, StoredLogo } from "./ports";
