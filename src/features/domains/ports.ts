/**
 * Verified domains (CONTRACT §16): an organization proves it owns a mail domain with a DNS TXT
 * record (or a platform administrator marks it), so sign-ins of that domain can be routed to the
 * organization's identity provider. A domain is recorded once per tenant (at one organization) and
 * is verified for one tenant at most, service-wide.
 */

export interface OrgDomain {
  tenantId: number;
  /** The organization the domain was added to (it serves that org and every org below it). */
  organizationId: number;
  /** Lower-case IDNA ASCII form, no trailing dot (`normalizeDomain`). */
  domain: string;
  /** The random part of the TXT value: unguessable, one per (tenant, domain) record. */
  txtToken: string;
  verified: boolean;
  verifiedAt: Date | null;
  createdAt: Date;
}

export interface DomainRepo {
  /**
   * Records `domain` for the tenant at `organizationId`, unverified. Throws ConflictError when the
   * tenant already has the domain (at any of its orgs). Another tenant's record of the same domain,
   * verified or not, does not conflict here (the service refuses a domain another tenant verified).
   */
  add(d: {
    tenantId: number;
    organizationId: number;
    domain: string;
    txtToken: string;
    createdAt: Date;
  }): Promise<OrgDomain>;
  /** The tenant's record of `domain`, or null (another tenant's record is never returned). */
  get(tenantId: number, domain: string): Promise<OrgDomain | null>;
  /** The domains recorded at one org of the tenant, by name. */
  listByOrg(tenantId: number, organizationId: number): Promise<OrgDomain[]>;
  /** The tenant's verified domains recorded at any of `organizationIds`, by name. */
  listVerified(tenantId: number, organizationIds: number[]): Promise<OrgDomain[]>;
  /**
   * The tenant that verified `domain`, service-wide, or null when none has. Deliberately not
   * tenant-filtered: one tenant per domain is a rule across tenants.
   */
  verifiedBy(domain: string): Promise<number | null>;
  /**
   * Marks the tenant's record verified at `at` (atomic: one conditional write plus the
   * service-wide ownership, in the caller's unit). Throws ConflictError when another tenant has the
   * domain verified (the unique verified-domain rule, enforced by the store, so two tenants racing
   * to verify cannot both win). Marking an already verified record again changes nothing and
   * returns it. Null when the tenant has no such record.
   */
  markVerified(tenantId: number, domain: string, at: Date): Promise<OrgDomain | null>;
  /** Deletes the tenant's record (and its verified ownership); false when there is none. */
  remove(tenantId: number, domain: string): Promise<boolean>;
}
