export {
  applyMapping,
  createClaimsMinter,
  createClaimsService,
  MAX_ENTRIES,
  RESERVED_CLAIMS,
  SOURCES,
  sourcesOf,
  validateMapping,
  type ClaimsMinter,
  type ClaimsService,
  type Mapping,
  type Source,
  type SourceValues,
} from "./service";
export type { ClaimsMappingRecord, ClaimsRepo } from "./ports";
