/**
 * Collections of the MongoDB adapter, the shape of their documents, and their indexes (created
 * idempotently at start by `ensureIndexes`). Numeric ids (`_id`) come from the `sequences`
 * collection (db.ts `nextIds`), so the API's ids, ordering and cursors are the same as on Postgres.
 *
 *   tenants            { _id, name, slug, isPlatform, maxApplications, customClaims, isSandbox, createdAt }
 *   organizations      { _id, tenantId, parentId, path, type, name, slug, status, expiresAt, createdAt, updatedAt }
 *   applications       { _id, tenantId, organizationId, identifier, name, webRefreshTtlDays, deviceRefreshTtlDays,
 *                        googleClientIds, microsoftClientIds, isSystem, createdAt }
 *   permissions        { _id, tenantId, applicationId, code, description }
 *   roles              { _id, tenantId, organizationId, name, description, scope, permissionIds: number[] }
 *   users              { _id, tenantId, organizationId, email, fullName, passwordHash, status, mfaEnabled, locale?, emailVerified?, createdAt, updatedAt }
 *   user_roles         { _id: "user:role:org", userId, roleId, organizationId, tenantId, createdAt }
 *   mfa_secrets        { _id: userId, tenantId, secretEnc, enabled, lastStep }
 *   mfa_recovery_codes { _id: "user:codeHash", userId, codeHash, usedAt }
 *   passkeys           { _id: credentialId, pid, tenantId, userId, publicKey, counter, transports, name, deviceType,
 *                        backedUp, createdAt, lastUsedAt }
 *   passkey_handles    { _id: userId, tenantId, handle }
 *   social_identities  { _id: "provider:subject", provider, subject, tenantId, userId, createdAt }
 *   devices            { _id: "user:deviceId", tenantId, userId, deviceId, name, platform, lastSeenAt, createdAt }
 *   session_families   { _id: familyId, tenantId, userId, deviceId, data, currentSelector, verifierHash, revoked, expiresAt, createdAt, updatedAt }
 *   session_selectors  { _id: selector, familyId, verifierHash, expiresAt }
 *   signin_sessions    { _id: sid, tenantId, userId, secretHash, authTime, amr, idleSeconds, idleExpiresAt,
 *                        absoluteExpiresAt, ipAddress, userAgent, clients: string[], createdAt, lastUsedAt }
 *   authorization_codes { _id: codeHash, tenantId, clientId, code, expiresAt, redeemedAt, reused, issued }
 *   consents           { _id: "tenant:user:clientId", tenantId, userId, clientId, scopes, grantedAt, updatedAt }
 *   scim_tokens        { _id, tenantId, organizationId, name, tokenHash, createdAt, lastUsedAt }
 *   one_time_tokens    { _id: tokenHash, kind, tenantId, userId, data, attempts, expiresAt, usedAt }
 *   api_clients        { _id: clientId, seq, tenantId, organizationId, applicationId, name, secretHash, scopes,
 *                        type, grantTypes, redirectUris, postLogoutRedirectUris, backchannelLogoutUri, firstParty,
 *                        requirePkce, createdAt } (the CONTRACT §12 fields may be absent: older documents, read as defaults)
 *                      (seq: from the api_clients sequence, the creation order listings sort by)
 *   signing_keys       { _id: kid, privateKeyEnc, publicJwk, createdAt, activatesAt, retiredAt, expiresAt }
 *   leases             { _id: name, holder, expiresAt }
 *   rate_counters      { _id: key, count, expiresAt, members? }  (members: the distinct members of hitDistinct)
 *   webhooks           { _id, tenantId, organizationId, applicationId, url, eventTypes, secretEnc, active, createdAt }
 *   webhook_deliveries { _id, tenantId, webhookId, messageId, eventType, payload, attempts, status, lastStatus, lastError,
 *                        lastAttemptAt, nextAttemptAt, lockedUntil, createdAt, deliveredAt, _unit? }
 *   import_jobs        { _id, tenantId, callerTenantId, rootOrgId, status, dryRun, counts, errors, createdAt, completedAt }
 *   external_refs      { _id: "tenant:kind:externalId", tenantId, kind, externalId, entityId, fingerprint }
 *   audit_log          { _id, tenantId, organizationId, orgPath, userId, actorId, action, ipAddress, metadata, metadataText, createdAt }
 *                      (metadataText: the metadata as Postgres prints jsonb, for the `q` substring filter)
 *   claims_mappings    { _id: organizationId, tenantId, mapping, enabled }
 *   branding           { _id: "tenant:app" (app 0: the tenant's own), tenantId, applicationId, displayName,
 *                        primaryColor, supportUrl, logoHash, newDeviceAlert, updatedAt }
 *   branding_logos     { _id: "tenant:sha256", tenantId, hash, contentType, data (binary), createdAt }
 *   saml_providers     { _id, tenantId, applicationId, entityId, acsUrls, nameIdFormat, attributes, signAuthnRequests,
 *                        certificate, sloUrl, createdAt, updatedAt }  (entity id unique per tenant)
 *   org_domains        { _id: "tenant:domain", tenantId, organizationId, domain, txtToken, verified, verifiedAt, createdAt }
 *   domain_owners      { _id: domain, tenantId, at }  (one per verified domain: one tenant per domain, domains.ts)
 *   identity_providers { _id, tenantId, organizationId, kind, name, enabled, domains, jit: { enabled, roleId },
 *                        oidc: { issuer, clientId, clientSecretEnc, scopes } | null,
 *                        saml: { entityId, ssoUrl, certificates, metadataXml } | null, ssoRequired, createdAt, updatedAt }
 *   external_identities { _id: "connection:subject", tenantId, connectionId, subject, userId, email, createdAt }
 *   app_quota_slots    { _id: "org:k", organizationId, at }  (slot k of an org's application quota, apps.ts)
 *   sequences          { _id: kind, seq }                      (numeric id sequences; `audit_metadata_text`: the
 *                                                              format of audit_log.metadataText, audit.ts)
 *   _units             { _id, name, holder, startedAt, leaseUntil, committed }  (the unit journal, journal.ts)
 *   _unit_undo         { _id: "unit:seq", unit, seq, c, m?, del?, put? }        (its undo records)
 *   every row a unit inserts carries `_ins: <unit id>`; outbox rows of an uncommitted unit `_unit`
 *   _locks             { _id: nonce, key, expiresAt }          (per-key locks where updates are not atomic, atomic.ts)
 */
import type { Db, IndexDescription } from "mongodb";
import { CODE_REUSE_WINDOW_SECONDS } from "../../src/protocols/oidc/ports";

export const C = {
  tenants: "tenants",
  orgs: "organizations",
  apps: "applications",
  permissions: "permissions",
  roles: "roles",
  users: "users",
  userRoles: "user_roles",
  mfaSecrets: "mfa_secrets",
  mfaCodes: "mfa_recovery_codes",
  social: "social_identities",
  passkeys: "passkeys",
  passkeyHandles: "passkey_handles",
  devices: "devices",
  families: "session_families",
  selectors: "session_selectors",
  oneTime: "one_time_tokens",
  signIns: "signin_sessions",
  codes: "authorization_codes",
  consents: "consents",
  scimTokens: "scim_tokens",
  clients: "api_clients",
  keys: "signing_keys",
  leases: "leases",
  rateCounters: "rate_counters",
  webhooks: "webhooks",
  deliveries: "webhook_deliveries",
  importJobs: "import_jobs",
  refs: "external_refs",
  audit: "audit_log",
  claims: "claims_mappings",
  branding: "branding",
  brandingLogos: "branding_logos",
  appSlots: "app_quota_slots",
  samlProviders: "saml_providers",
  domains: "org_domains",
  domainOwners: "domain_owners",
  connections: "identity_providers",
  externalIdentities: "external_identities",
  sequences: "sequences",
  units: "_units",
  unitUndo: "_unit_undo",
  locks: "_locks",
} as const;

/** Unique where SPEC/CONTRACT say unique, tenant-prefixed compounds for listings. */
const INDEXES: Record<string, IndexDescription[]> = {
  [C.tenants]: [{ key: { isPlatform: 1 } }, { key: { isSandbox: 1 } }],
  [C.orgs]: [
    { key: { tenantId: 1, slug: 1 }, name: "organizations_tenant_slug", unique: true },
    { key: { tenantId: 1, _id: 1 } },
    { key: { parentId: 1, _id: 1 } },
    { key: { path: 1 } },
  ],
  [C.apps]: [
    { key: { identifier: 1 }, name: "applications_identifier", unique: true },
    { key: { tenantId: 1, organizationId: 1 } },
  ],
  [C.permissions]: [
    { key: { applicationId: 1, code: 1 }, name: "permissions_app_code", unique: true },
    { key: { code: 1 } },
  ],
  [C.roles]: [
    { key: { organizationId: 1, name: 1 }, name: "roles_org_name", unique: true },
    { key: { tenantId: 1, organizationId: 1, _id: 1 } },
    { key: { permissionIds: 1 } },
  ],
  [C.users]: [
    { key: { email: 1 }, name: "users_email", unique: true },
    { key: { tenantId: 1, organizationId: 1, _id: 1 } },
  ],
  [C.userRoles]: [
    { key: { tenantId: 1, organizationId: 1, userId: 1 } },
    { key: { roleId: 1 } },
    { key: { userId: 1 } },
  ],
  [C.mfaCodes]: [{ key: { userId: 1 } }],
  [C.social]: [{ key: { userId: 1 } }],
  [C.passkeys]: [{ key: { pid: 1 }, name: "passkeys_pid", unique: true }, { key: { userId: 1, createdAt: 1 } }],
  [C.devices]: [{ key: { userId: 1, createdAt: 1 } }],
  [C.families]: [
    { key: { currentSelector: 1 }, name: "session_families_selector", unique: true },
    { key: { userId: 1 } },
  ],
  [C.selectors]: [{ key: { familyId: 1 } }],
  [C.oneTime]: [{ key: { userId: 1, kind: 1 } }],
  [C.signIns]: [{ key: { userId: 1, createdAt: 1 } }],
  [C.consents]: [{ key: { tenantId: 1, userId: 1, clientId: 1 } }],
  [C.scimTokens]: [
    { key: { tokenHash: 1 }, name: "scim_tokens_hash", unique: true },
    { key: { tenantId: 1, organizationId: 1, _id: 1 } },
  ],
  [C.clients]: [{ key: { tenantId: 1, organizationId: 1, seq: 1 } }],
  [C.webhooks]: [
    { key: { applicationId: 1 }, name: "webhooks_application", unique: true },
    { key: { tenantId: 1, organizationId: 1 } },
  ],
  [C.deliveries]: [{ key: { status: 1, nextAttemptAt: 1 } }, { key: { webhookId: 1, _id: 1 } }],
  [C.importJobs]: [{ key: { callerTenantId: 1, _id: 1 } }],
  [C.audit]: [
    { key: { tenantId: 1, _id: 1 } },
    { key: { tenantId: 1, action: 1, createdAt: 1 } },
    { key: { orgPath: 1, _id: 1 } },
    { key: { userId: 1, _id: 1 } },
  ],
  [C.domains]: [{ key: { tenantId: 1, organizationId: 1, domain: 1 } }, { key: { domain: 1, verified: 1 } }],
  [C.connections]: [{ key: { tenantId: 1, organizationId: 1, _id: 1 } }, { key: { tenantId: 1, domains: 1 } }],
  [C.externalIdentities]: [{ key: { tenantId: 1, userId: 1 } }],
  [C.units]: [{ key: { leaseUntil: 1 } }, { key: { committed: 1 } }],
  [C.unitUndo]: [{ key: { unit: 1, seq: 1 } }],
  [C.locks]: [{ key: { key: 1 }, name: "locks_key", unique: true }],
  [C.samlProviders]: [
    { key: { tenantId: 1, entityId: 1 }, name: "saml_providers_tenant_entity", unique: true },
    { key: { tenantId: 1, applicationId: 1, _id: 1 } },
  ],
};

/**
 * Collections whose documents expire: a TTL index where the server has them (MongoDB; FerretDB v1
 * answers "not implemented"), and in every case the adapter's sweep (index.ts) deletes what has
 * expired, so the store stays bounded either way. Values: the date field and the grace in seconds.
 */
export const EXPIRING: Record<string, { field: string; graceSeconds: number }> = {
  [C.oneTime]: { field: "expiresAt", graceSeconds: 86_400 },
  [C.rateCounters]: { field: "expiresAt", graceSeconds: 60 },
  [C.families]: { field: "expiresAt", graceSeconds: 86_400 },
  [C.selectors]: { field: "expiresAt", graceSeconds: 86_400 },
  // A session ends at its idle expiry at the latest; a code is kept through the reuse window (oidc.ts).
  [C.signIns]: { field: "idleExpiresAt", graceSeconds: 86_400 },
  [C.codes]: { field: "expiresAt", graceSeconds: CODE_REUSE_WINDOW_SECONDS + 60 },
  [C.locks]: { field: "expiresAt", graceSeconds: 60 },
};

/** Creates every index (idempotent); returns whether the server accepted TTL indexes. */
export async function ensureIndexes(db: Db): Promise<{ ttl: boolean }> {
  // One createIndex per index: FerretDB v1.24 drops the connection when a multi-index createIndexes
  // names indexes that exist already (every restart would).
  await Promise.all(
    Object.entries(INDEXES).map(async ([name, specs]) => {
      for (const { key, ...options } of specs) await db.collection(name).createIndex(key as Record<string, 1>, options);
    }),
  );
  let ttl = true;
  for (const [name, { field, graceSeconds }] of Object.entries(EXPIRING)) {
    try {
      await db.collection(name).createIndex({ [field]: 1 }, { name: `${field}_ttl`, expireAfterSeconds: graceSeconds });
    } catch (e) {
      const msg = String((e as Error)?.message ?? e);
      // FerretDB v1: TTL indexes are not implemented; an existing plain index on the field also refuses the option.
      if (!/not implemented/i.test(msg)) throw e;
      ttl = false;
      await db.collection(name).createIndex({ [field]: 1 }, { name: `${field}_sweep` });
    }
  }
  return { ttl };
}
