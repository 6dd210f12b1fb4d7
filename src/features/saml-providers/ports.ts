/**
 * SAML service providers (CONTRACT §17): the SAML applications an application of a tenant serves.
 * An SP is known by its entity id, unique within its tenant; the SAML protocol
 * (src/protocols/saml) finds it there by the Issuer of an AuthnRequest or LogoutRequest.
 */

/** Where an attribute's value comes from: the SPEC 2.15 claim sources plus `email` and `name`. */
export const ATTRIBUTE_SOURCES = [
  "email",
  "name",
  "uid",
  "sub",
  "tenant_id",
  "org_id",
  "org_name",
  "org_path",
  "roles",
  "permissions",
  "scope_self",
  "scope_subtree",
] as const;
export type AttributeSource = (typeof ATTRIBUTE_SOURCES)[number];

/** The NameID an SP gets: the user id (persistent, never reassigned) or the email address. */
export type NameIdFormat = "persistent" | "emailAddress";

export interface SamlAttribute {
  /** The attribute's Name as the SP expects it (a URI or a plain word). */
  name: string;
  from: AttributeSource;
}

export interface SamlProvider {
  id: number;
  tenantId: number;
  applicationId: number;
  /** The SP's entity id (the AuthnRequest's Issuer, the assertion's Audience); unique in the tenant. */
  entityId: string;
  /** Assertion consumer service URLs, compared by exact string; the first is the default. */
  acsUrls: string[];
  nameIdFormat: NameIdFormat;
  attributes: SamlAttribute[];
  /** Requests (AuthnRequest, LogoutRequest) must be signed with `certificate`'s key. */
  signAuthnRequests: boolean;
  /** The SP's signing certificate (PEM), or null. */
  certificate: string | null;
  /** Where LogoutResponses go (HTTP-Redirect), or null: no single logout. */
  sloUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SamlProviderInput = Omit<SamlProvider, "id" | "createdAt" | "updatedAt">;
export type SamlProviderPatch = Omit<SamlProviderInput, "tenantId" | "applicationId">;

export interface SamlProviderRepo {
  /** Registers an SP. Throws ConflictError when the tenant has an SP with the same entity id. */
  create(input: SamlProviderInput, now: Date): Promise<SamlProvider>;
  /** The SP `id` of `tenantId`; null when absent or another tenant's. */
  get(tenantId: number, id: number): Promise<SamlProvider | null>;
  /** The tenant's SP with this entity id (exact match); null when none. */
  findByEntityId(tenantId: number, entityId: string): Promise<SamlProvider | null>;
  /** The SPs of an application, in creation order. */
  listByApplication(tenantId: number, applicationId: number): Promise<SamlProvider[]>;
  /**
   * Replaces every field of `patch` on SP `id` of `tenantId`; null when absent there. Throws
   * ConflictError when the new entity id is another SP's in the tenant.
   */
  update(tenantId: number, id: number, patch: SamlProviderPatch, now: Date): Promise<SamlProvider | null>;
  /** Removes SP `id` of `tenantId`; false when absent there. */
  delete(tenantId: number, id: number): Promise<boolean>;
}
