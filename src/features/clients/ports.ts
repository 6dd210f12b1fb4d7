/** API clients (machine identities) for the client_credentials grant. */
export interface ApiClient {
  clientId: string;
  tenantId: number;
  organizationId: number;
  applicationId: number | null;
  name: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secretHash: string;
  scopes: string[];
  createdAt: Date;
}

export interface ClientRepo {
  /** Throws ConflictError on a duplicate clientId. */
  create(c: ApiClient): Promise<ApiClient>;
  /** Service-wide lookup by client id (token endpoint). */
  findByClientId(clientId: string): Promise<ApiClient | null>;
  listByOrg(tenant: number | "any", orgId: number): Promise<ApiClient[]>;
}
