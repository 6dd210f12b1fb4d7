/** API clients (machine identities) for the client_credentials grant. */
export interface ApiClient {
  /** `cli_…`, service-wide unique; the HTTP Basic user name. */
  clientId: string;
  tenantId: number;
  organizationId: number;
  /** The application whose identifier is the `aud` of the client's tokens; null = unbound. */
  applicationId: number | null;
  name: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secretHash: string;
  scopes: string[];
  createdAt: Date;
}

export interface ClientRepo {
  /**
   * Stores a new client and returns it as stored. Records are immutable afterwards (secrets are
   * never rotated, CONTRACT §5.9), which is what lets the token endpoint cache them.
   * Throws ConflictError on a duplicate clientId.
   */
  create(c: ApiClient): Promise<ApiClient>;
  /**
   * Service-wide lookup by client id (the token endpoint authenticates before it knows a tenant);
   * null when unknown. Callers that act for a tenant must compare `tenantId` themselves.
   */
  findByClientId(clientId: string): Promise<ApiClient | null>;
  /**
   * Clients of org `orgId` in oldest-first order, only when the org belongs to `tenant` ("any" only
   * for PLATFORM_ADMIN callers); another tenant's org yields [].
   */
  listByOrg(tenant: number | "any", orgId: number): Promise<ApiClient[]>;
}
