/**
 * Identity-provider connections (CONTRACT §16): an organization's own upstream OpenID Connect or
 * SAML 2.0 provider, serving that organization and every organization below it. The client
 * secret of an OIDC connection is stored only sealed (CryptoBox, the master key).
 */

export type ConnectionKind = "oidc" | "saml";

export interface OidcUpstream {
  issuer: string;
  clientId: string;
  /** The client secret sealed with the master key (kernel/crypto-box.ts); never leaves the service. */
  clientSecretEnc: string;
  scopes: string[];
}

export interface SamlUpstreamSettings {
  entityId: string;
  ssoUrl: string;
  /** PEM, each checked as X.509 when stored. */
  certificates: string[];
  /** The metadata document the other fields were read from, when they came from one. */
  metadataXml: string | null;
}

export interface Connection {
  id: number;
  tenantId: number;
  organizationId: number;
  kind: ConnectionKind;
  name: string;
  enabled: boolean;
  /** Normalized domain names, each verified for the org or an ancestor when it was stored. */
  domains: string[];
  jit: { enabled: boolean; roleId: number | null };
  oidc: OidcUpstream | null;
  saml: SamlUpstreamSettings | null;
  ssoRequired: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Everything of a connection a PUT replaces. */
export type ConnectionSettings = Pick<
  Connection,
  "kind" | "name" | "enabled" | "domains" | "jit" | "oidc" | "saml" | "ssoRequired"
>;

export interface ConnectionRepo {
  /** Stores a new connection (a fresh id) at `at`. */
  create(c: ConnectionSettings & { tenantId: number; organizationId: number }, at: Date): Promise<Connection>;
  /** The connection when it belongs to `tenant` (any tenant for "any"); null otherwise. */
  get(tenant: number | "any", id: number): Promise<Connection | null>;
  /** The connections of one org of the tenant, by id. */
  listByOrg(tenantId: number, organizationId: number): Promise<Connection[]>;
  /** Every connection of the tenant, by id (home-realm discovery asks whether any is enabled). */
  listByTenant(tenantId: number): Promise<Connection[]>;
  /** The tenant's connections that list `domain`, by id. */
  listByDomain(tenantId: number, domain: string): Promise<Connection[]>;
  /** Replaces the settings of the tenant's connection (one atomic write); null when it is not there. */
  replace(tenantId: number, id: number, next: ConnectionSettings, at: Date): Promise<Connection | null>;
  /** Deletes the tenant's connection; false when it is not there. */
  remove(tenantId: number, id: number): Promise<boolean>;
}

/**
 * A person's account at an upstream provider, linked to one of our users (CONTRACT §16 "Accounts"):
 * keyed by (connection, upstream subject), never by an email alone, so a later change of the
 * upstream's `email` claim cannot move the link onto another user ("nOAuth").
 */
export interface ExternalIdentity {
  tenantId: number;
  connectionId: number;
  /** The upstream's stable subject: the ID token's `sub` (OIDC) or the NameID (SAML). */
  subject: string;
  userId: number;
  /** The email the upstream asserted when the link was made (informational; never a key). */
  email: string | null;
  createdAt: Date;
}

export interface ExternalIdentityRepo {
  /** The link of (connection, subject) when it belongs to `tenantId`; null otherwise (another tenant's is never returned). */
  find(tenantId: number, connectionId: number, subject: string): Promise<ExternalIdentity | null>;
  /**
   * Links (connection, subject) to a user. Throws ConflictError when (connection, subject) is
   * already linked (store-enforced: two first sign-ins racing link once).
   */
  link(identity: ExternalIdentity): Promise<void>;
  /** The user's links in the tenant, oldest first (export). */
  listUser(tenantId: number, userId: number): Promise<ExternalIdentity[]>;
  /** Removes the user's links in the tenant (erase). */
  deleteUser(tenantId: number, userId: number): Promise<void>;
}
