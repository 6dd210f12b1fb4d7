/**
 * API clients: machine identities for the client_credentials grant and, since CONTRACT §12,
 * browser and native applications that will sign people in (authorization_code). One record
 * serves both (docs/decisions.md, "Browser clients are API clients").
 */

/** `confidential` holds a secret (a server); `public` cannot keep one (SPA, native app) and has none. */
export type ClientType = "confidential" | "public";

/** CONTRACT §12: the grants a client may be registered for. */
export const GRANT_TYPES = ["client_credentials", "authorization_code", "refresh_token"] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export interface ApiClient {
  /** `cli_…`, service-wide unique; the HTTP Basic user name. */
  clientId: string;
  tenantId: number;
  organizationId: number;
  /** The application whose identifier is the `aud` of the client's tokens; null = unbound. */
  applicationId: number | null;
  name: string;
  /** Hex SHA-256 of the secret; the secret itself is never stored. Null for a public client (no secret). */
  secretHash: string | null;
  scopes: string[];
  /** Fixed at registration. Records written before CONTRACT §12 read as `confidential`. */
  type: ClientType;
  /** Fixed at registration; never empty. Older records read as `["client_credentials"]`. */
  grantTypes: GrantType[];
  /** Exact redirect URIs for authorization_code (validated by the service); [] for machine clients. */
  redirectUris: string[];
  /** Where RP-initiated logout may send the browser back to (same rules as redirectUris). */
  postLogoutRedirectUris: string[];
  /** Back-channel logout receiver (OIDC Back-Channel Logout 1.0); null = none. */
  backchannelLogoutUri: string | null;
  /** True: the service's own application, no consent page. Older records read as true. */
  firstParty: boolean;
  /**
   * True: every authorization request must carry a PKCE S256 challenge. Always true for a public
   * client; a confidential one may be registered with false (CONTRACT §12). Older records read as true.
   */
  requirePkce: boolean;
  createdAt: Date;
}

/** The fields an update may change; every other field is fixed at registration. Absent = unchanged. */
export interface ClientPatch {
  name?: string;
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
  firstParty?: boolean;
  requirePkce?: boolean;
}

export interface ClientRepo {
  /**
   * Stores a new client and returns it as stored. Only the fields of ClientPatch change later
   * (through `update`); the secret, scopes, type, grants, org and application never do, and
   * secrets are never rotated (CONTRACT §5.9). Throws ConflictError on a duplicate clientId.
   */
  create(c: ApiClient): Promise<ApiClient>;
  /**
   * Service-wide lookup by client id (the token endpoint authenticates before it knows a tenant);
   * null when unknown. Callers that act for a tenant use `get` instead.
   */
  findByClientId(clientId: string): Promise<ApiClient | null>;
  /**
   * The client `clientId` when it belongs to `tenant` ("any" only for PLATFORM_ADMIN callers);
   * null when unknown or another tenant's.
   */
  get(tenant: number | "any", clientId: string): Promise<ApiClient | null>;
  /**
   * Clients of org `orgId` in oldest-first order, only when the org belongs to `tenant` ("any" only
   * for PLATFORM_ADMIN callers); another tenant's org yields [].
   */
  listByOrg(tenant: number | "any", orgId: number): Promise<ApiClient[]>;
  /** How many clients the tenant has (one counting query). */
  countByTenant(tenantId: number): Promise<number>;
  /**
   * Applies `patch` (only the fields present) to the client of `tenant` in one single-record write
   * and returns the client as stored afterwards; null when unknown or another tenant's (nothing is
   * written then). An empty patch returns the client unchanged. Values arrive validated.
   */
  update(tenant: number, clientId: string, patch: ClientPatch): Promise<ApiClient | null>;
}
