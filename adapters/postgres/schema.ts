/**
 * One drizzle pg-core schema for every SQL store: PGlite (embedded) and PostgreSQL.
 * Designed for the whole product: directory, sessions, clients, keys, webhooks + outbox,
 * import jobs, audit, claims mappings, counters and leases.
 *
 * Every tenant-owned table carries `tenant_id` and every port query filters on it.
 * Paths (`/tenant/root/…/org/`) are indexed with text_pattern_ops so subtree scans are
 * prefix range scans.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => bigserial({ mode: "number" }).primaryKey();
const ref = (name: string) => bigint(name, { mode: "number" });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const created = () => ts("created_at").notNull().defaultNow();

export const tenants = pgTable("tenants", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  isPlatform: boolean("is_platform").notNull().default(false),
  maxApplications: integer("max_applications"),
  customClaims: boolean("custom_claims").notNull().default(false),
  isSandbox: boolean("is_sandbox").notNull().default(false),
  createdAt: created(),
});

export const organizations = pgTable(
  "organizations",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    parentId: ref("parent_id"),
    path: text("path").notNull(),
    type: text("type").notNull().default("organization"),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    status: text("status").notNull().default("ACTIVE"),
    expiresAt: ts("expires_at"),
    createdAt: created(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("organizations_tenant_slug").on(t.tenantId, t.slug),
    index("organizations_tenant_id").on(t.tenantId, t.id),
    index("organizations_parent").on(t.parentId, t.id),
    index("organizations_path").using("btree", sql`${t.path} text_pattern_ops`),
  ],
);

export const applications = pgTable(
  "applications",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    identifier: text("identifier").notNull(),
    name: text("name").notNull(),
    webRefreshTtlDays: integer("web_refresh_ttl_days"),
    deviceRefreshTtlDays: integer("device_refresh_ttl_days"),
    googleClientIds: jsonb("google_client_ids").$type<string[]>().notNull().default([]),
    microsoftClientIds: jsonb("microsoft_client_ids").$type<string[]>().notNull().default([]),
    isSystem: boolean("is_system").notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("applications_identifier").on(t.identifier),
    index("applications_org").on(t.tenantId, t.organizationId),
  ],
);

export const permissions = pgTable(
  "permissions",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    applicationId: ref("application_id").notNull(),
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [uniqueIndex("permissions_app_code").on(t.applicationId, t.code), index("permissions_code").on(t.code)],
);

export const roles = pgTable(
  "roles",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    scope: text("scope").notNull().default("SELF"),
    externalId: text("external_id"),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("roles_org_name").on(t.organizationId, t.name),
    index("roles_tenant").on(t.tenantId, t.organizationId, t.id),
  ],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: ref("role_id").notNull(),
    permissionId: ref("permission_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index("role_permissions_perm").on(t.permissionId)],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull().default(""),
    passwordHash: text("password_hash"),
    status: text("status").notNull().default("ACTIVE"),
    mfaSecretEnc: text("mfa_secret_enc"),
    mfaEnabled: boolean("mfa_enabled").notNull().default(false),
    mfaLastStep: bigint("mfa_last_step", { mode: "number" }),
    locale: text("locale"),
    emailVerified: boolean("email_verified").notNull().default(false),
    externalId: text("external_id"),
    deprovisionedAt: ts("deprovisioned_at"),
    createdAt: created(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email").on(t.email), index("users_tenant_org").on(t.tenantId, t.organizationId, t.id)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    roleId: ref("role_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId, t.organizationId] }),
    index("user_roles_org").on(t.tenantId, t.organizationId, t.userId),
    index("user_roles_role").on(t.roleId),
  ],
);

export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: id(),
    userId: ref("user_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("mfa_recovery_user").on(t.userId)],
);

/** Passkeys (WebAuthn credentials, CONTRACT §14); the credential id is unique service-wide. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: created(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [uniqueIndex("passkeys_credential").on(t.credentialId), index("passkeys_user").on(t.userId, t.createdAt)],
);

/** A user's WebAuthn user handle: random, stable, made at the first passkey registration. */
export const passkeyHandles = pgTable(
  "passkey_handles",
  {
    userId: ref("user_id").primaryKey(),
    tenantId: ref("tenant_id").notNull(),
    handle: text("handle").notNull(),
  },
  (t) => [uniqueIndex("passkey_handles_handle").on(t.handle)],
);

/** A user's link to a social provider account: (provider, subject) names one user, for good. */
export const socialIdentities = pgTable(
  "social_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("social_identities_user").on(t.userId)],
);

export const devices = pgTable(
  "devices",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    deviceId: text("device_id").notNull(),
    name: text("name").notNull().default(""),
    platform: text("platform").notNull().default(""),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    createdAt: created(),
  },
  (t) => [uniqueIndex("devices_user_device").on(t.userId, t.deviceId)],
);

/** Refresh-token session families (used when REDIS_URL is unset). */
export const sessionFamilies = pgTable(
  "session_families",
  {
    id: text("id").primaryKey(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    currentSelector: text("current_selector").notNull(),
    verifierHash: text("verifier_hash").notNull(),
    deviceId: text("device_id"),
    revoked: boolean("revoked").notNull().default(false),
    expiresAt: ts("expires_at").notNull(),
    createdAt: created(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("session_families_user").on(t.userId), uniqueIndex("session_families_selector").on(t.currentSelector)],
);

/** Every selector ever issued for a family, so a replayed (consumed) one maps back to its family. */
export const sessionSelectors = pgTable(
  "session_selectors",
  {
    selector: text("selector").primaryKey(),
    familyId: text("family_id").notNull(),
    verifierHash: text("verifier_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("session_selectors_family").on(t.familyId)],
);

export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").notNull(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [index("one_time_tokens_user").on(t.userId, t.kind)],
);

export const apiClients = pgTable(
  "api_clients",
  {
    id: id(),
    clientId: text("client_id").notNull(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    applicationId: ref("application_id"),
    name: text("name").notNull(),
    /** Null for a public client (CONTRACT §12: no secret). */
    secretHash: text("secret_hash"),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    // CONTRACT §12 (migration 0003): the defaults make every older row a confidential machine client.
    type: text("type").$type<"confidential" | "public">().notNull().default("confidential"),
    grantTypes: jsonb("grant_types")
      .$type<("client_credentials" | "authorization_code" | "refresh_token")[]>()
      .notNull()
      .default(["client_credentials"]),
    redirectUris: jsonb("redirect_uris").$type<string[]>().notNull().default([]),
    postLogoutRedirectUris: jsonb("post_logout_redirect_uris").$type<string[]>().notNull().default([]),
    backchannelLogoutUri: text("backchannel_logout_uri"),
    firstParty: boolean("first_party").notNull().default(true),
    // CONTRACT §12 (migration 0008): older rows require PKCE, as every client did before.
    requirePkce: boolean("require_pkce").notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("api_clients_client_id").on(t.clientId),
    index("api_clients_org").on(t.tenantId, t.organizationId),
  ],
);

export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  privateKeyEnc: text("private_key_enc").notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: created(),
  activatesAt: ts("activates_at").notNull(),
  retiredAt: ts("retired_at"),
  expiresAt: ts("expires_at"),
});

export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

export const counters = pgTable("counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

export const webhooks = pgTable(
  "webhooks",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    applicationId: ref("application_id").notNull(),
    url: text("url").notNull(),
    eventTypes: jsonb("event_types").$type<string[]>().notNull().default([]),
    secretEnc: text("secret_enc").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("webhooks_application").on(t.applicationId),
    index("webhooks_tenant_org").on(t.tenantId, t.organizationId),
  ],
);

/** Durable outbox: one row per (event, webhook), written in the same transaction as the change. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    webhookId: ref("webhook_id").notNull(),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    /** HTTP status of the last attempt (null: no answer, see last_error). */
    lastStatus: integer("last_status"),
    lastAttemptAt: ts("last_attempt_at"),
    createdAt: created(),
    deliveredAt: ts("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_hook").on(t.webhookId, t.id),
  ],
);

export const importJobs = pgTable(
  "import_jobs",
  {
    id: id(),
    tenantId: ref("tenant_id"),
    callerTenantId: ref("caller_tenant_id").notNull(),
    rootOrgId: ref("root_org_id"),
    status: text("status").notNull(),
    dryRun: boolean("dry_run").notNull(),
    counts: jsonb("counts").$type<Record<string, unknown>>().notNull().default({}),
    errors: jsonb("errors").$type<unknown[]>().notNull().default([]),
    createdAt: created(),
    completedAt: ts("completed_at"),
  },
  (t) => [index("import_jobs_tenant").on(t.callerTenantId, t.id)],
);

/** (tenant, kind, externalId) → entity id, so import re-runs are idempotent. */
export const externalRefs = pgTable(
  "external_refs",
  {
    tenantId: ref("tenant_id").notNull(),
    kind: text("kind").notNull(),
    externalId: text("external_id").notNull(),
    entityId: ref("entity_id").notNull(),
    fingerprint: text("fingerprint").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.externalId] })],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id"),
    orgPath: text("org_path").notNull().default(""),
    userId: ref("user_id"),
    actorId: ref("actor_id"),
    action: text("action").notNull(),
    ipAddress: text("ip_address"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [
    index("audit_tenant_created").on(t.tenantId, t.id),
    index("audit_tenant_action_time").on(t.tenantId, t.action, t.createdAt),
    index("audit_path").using("btree", sql`${t.orgPath} text_pattern_ops`, t.id),
    index("audit_user").on(t.userId, t.id),
  ],
);

export const claimsMappings = pgTable("claims_mappings", {
  organizationId: ref("organization_id").primaryKey(),
  tenantId: ref("tenant_id").notNull(),
  mapping: jsonb("mapping").$type<Record<string, unknown>>().notNull(),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** OpenID provider sign-in sessions (used when REDIS_URL is unset; adapters/postgres/oidc.ts). */
export const signinSessions = pgTable(
  "signin_sessions",
  {
    sid: text("sid").primaryKey(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    secretHash: text("secret_hash").notNull(),
    authTime: ts("auth_time").notNull(),
    amr: text("amr").array().notNull(),
    idleSeconds: integer("idle_seconds").notNull(),
    idleExpiresAt: ts("idle_expires_at").notNull(),
    absoluteExpiresAt: ts("absolute_expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    clients: text("clients").array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at").notNull(),
  },
  (t) => [
    index("signin_sessions_user").on(t.userId, t.createdAt),
    index("signin_sessions_expiry").on(t.absoluteExpiresAt),
  ],
);

/** OpenID provider authorization codes under the SHA-256 of their value (used when REDIS_URL is unset). */
export const authorizationCodes = pgTable(
  "authorization_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    tenantId: ref("tenant_id").notNull(),
    clientId: text("client_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: ts("expires_at").notNull(),
    redeemedAt: ts("redeemed_at"),
    reused: boolean("reused").notNull().default(false),
    issued: jsonb("issued").$type<Record<string, unknown>>(),
  },
  (t) => [index("authorization_codes_expiry").on(t.expiresAt)],
);

/** Consents remembered per (user, client) of the OpenID provider (primary store, durable). */
export const consents = pgTable(
  "consents",
  {
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    clientId: text("client_id").notNull(),
    scopes: text("scopes").array().notNull(),
    grantedAt: ts("granted_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.clientId] })],
);

/**
 * The directory's version where no Redis keeps it (adapters/postgres/directory-version.ts): moved
 * on with nextval after every unit that changes cached directory data, read as its last value.
 */
export const directoryVersion = pgSequence("directory_version");

/**
 * Branding of the hosted pages and mails (CONTRACT §15): the tenant's row has `application_id` 0,
 * an application's override its id (a primary key needs a value; 0 is no application id).
 */
export const branding = pgTable(
  "branding",
  {
    tenantId: ref("tenant_id").notNull(),
    applicationId: ref("application_id").notNull(),
    displayName: text("display_name"),
    primaryColor: text("primary_color"),
    supportUrl: text("support_url"),
    logoHash: text("logo_hash"),
    newDeviceAlert: boolean("new_device_alert"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.applicationId] })],
);

/** Branding logos, content-addressed per tenant (SHA-256 of the bytes, kept as base64). */
export const brandingLogos = pgTable(
  "branding_logos",
  {
    tenantId: ref("tenant_id").notNull(),
    hash: text("hash").notNull(),
    contentType: text("content_type").notNull(),
    data: text("data").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hash] })],
);

/** SAML service providers of applications (CONTRACT §17); the entity id is unique within a tenant. */
export const samlProviders = pgTable(
  "saml_providers",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    applicationId: ref("application_id").notNull(),
    entityId: text("entity_id").notNull(),
    acsUrls: jsonb("acs_urls").$type<string[]>().notNull(),
    nameIdFormat: text("name_id_format").notNull(),
    attributes: jsonb("attributes").$type<{ name: string; from: string }[]>().notNull().default([]),
    signAuthnRequests: boolean("sign_authn_requests").notNull().default(false),
    certificate: text("certificate"),
    sloUrl: text("slo_url"),
    createdAt: created(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saml_providers_tenant_entity").on(t.tenantId, t.entityId),
    index("saml_providers_application").on(t.tenantId, t.applicationId),
  ],
);

/**
 * Domains of organizations (CONTRACT §16): one row per (tenant, domain); a domain is verified for
 * one tenant at most, service-wide (the partial unique index, so two tenants racing to verify one
 * domain cannot both win).
 */
export const orgDomains = pgTable(
  "org_domains",
  {
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    domain: text("domain").notNull(),
    txtToken: text("txt_token").notNull(),
    verified: boolean("verified").notNull().default(false),
    verifiedAt: ts("verified_at"),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.domain] }),
    uniqueIndex("org_domains_verified").on(t.domain).where(sql`${t.verified}`),
    index("org_domains_tenant_org").on(t.tenantId, t.organizationId),
  ],
);

/**
 * Identity-provider connections of organizations (CONTRACT §16). `oidc` holds the client secret
 * sealed with the master key (`clientSecretEnc`), never in clear.
 */
export const identityProviders = pgTable(
  "identity_providers",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    domains: text("domains").array().notNull().default(sql`'{}'::text[]`),
    jitEnabled: boolean("jit_enabled").notNull().default(false),
    jitRoleId: ref("jit_role_id"),
    oidc: jsonb("oidc").$type<{ issuer: string; clientId: string; clientSecretEnc: string; scopes: string[] }>(),
    saml: jsonb("saml").$type<{
      entityId: string;
      ssoUrl: string;
      certificates: string[];
      metadataXml: string | null;
    }>(),
    ssoRequired: boolean("sso_required").notNull().default(false),
    createdAt: created(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("identity_providers_tenant_org").on(t.tenantId, t.organizationId)],
);

/** SCIM tokens of organizations (CONTRACT §18): only the SHA-256 of the secret is kept. */
export const scimTokens = pgTable(
  "scim_tokens",
  {
    id: id(),
    tenantId: ref("tenant_id").notNull(),
    organizationId: ref("organization_id").notNull(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: created(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    uniqueIndex("scim_tokens_hash").on(t.tokenHash),
    index("scim_tokens_tenant_org").on(t.tenantId, t.organizationId),
  ],
);

/**
 * People's accounts at upstream providers (CONTRACT §16 "Accounts"): (connection, subject) names
 * one user for good; the tenant is in every lookup.
 */
export const externalIdentities = pgTable(
  "external_identities",
  {
    connectionId: ref("connection_id").notNull(),
    subject: text("subject").notNull(),
    tenantId: ref("tenant_id").notNull(),
    userId: ref("user_id").notNull(),
    email: text("email"),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.subject] }),
    index("external_identities_user").on(t.tenantId, t.userId),
  ],
);
