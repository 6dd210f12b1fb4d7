/** Custom token-claims mappings, one per owning organization (SPEC 2.15, CONTRACT §9). */
export interface ClaimsMappingRecord {
  organizationId: number;
  tenantId: number;
  mapping: { add: { key: string; from?: string | string[]; value?: unknown }[] };
  enabled: boolean;
}

export interface ClaimsRepo {
  get(tenantId: number, organizationId: number): Promise<ClaimsMappingRecord | null>;
  put(record: ClaimsMappingRecord): Promise<ClaimsMappingRecord>;
}
