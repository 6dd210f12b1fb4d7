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
  /** The tenant's connections that list `domain`, by id. */
  listByDomain(tenantId: number, domain: string): Promise<Connection[]>;
  /** Replaces the settings of the tenant's connection (one atomic write); null when it is not there. */
  replace(tenantId: number, id: number, next: ConnectionSettings, at: Date): Promise<Connection | null>;
  /** Deletes the tenant's connection; false when it is not there. */
  remove(tenantId: number, id: number): Promise<boolean>;
}
