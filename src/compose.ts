/**
 * The one composition root of the object graph: ports in, services, bootstrap, signing keys and
 * the Elysia app out. `src/main.ts` calls it on the stores the configuration names; the tests call
 * it on fresh test stores. Knows no concrete adapter.
 */
import type { Config } from "./config";
import type { Clock } from "./kernel/clock";
import type { CryptoBox } from "./kernel/crypto-box";
import { createPasswordHasher } from "./kernel/passwords";
import type { FaultInjector } from "./kernel/unit";
import type { Logger, Metrics } from "./http/observability";
import { createGuard } from "./http/guard";
import { createApp } from "./app";
import { mountRoutes } from "./routes";
import { createAuditService } from "./features/audit";
import { createOverviewService } from "./features/overview";
import { createAuthService, unlockSignIn } from "./features/auth";
import { createPasswordService, storeSetupCode } from "./features/passwords";
import { createVerificationService } from "./features/verification";
import type { MailTransport } from "./kernel/mail";
import { createBrandedMailer } from "./mail";
import { createSessionService } from "./features/sessions";
import { createAppDirectory, createAppService, createAudienceResolver } from "./features/apps";
import { createOrgService } from "./features/orgs";
import { bootstrap } from "./features/platform/bootstrap";
import { createPlatformService } from "./features/platform/service";
import { createGroupProvisioning, createRoleService } from "./features/roles";
import { createUserProvisioning, createUserService } from "./features/users";
import { scimModule } from "./protocols/scim/module";
import { consoleClient, createClientDirectory, createClientService } from "./features/clients";
import { createTokenService } from "./protocols/oidc/token";
import { oidcModule, oidcPageAnswers } from "./protocols/oidc/module";
import { createSamlService, isSamlAnswer, samlModule, samlPageAnswers } from "./protocols/saml";
import { createOidcUpstream, createSamlUpstream, federationModule, type UpstreamFetch } from "./protocols/federation";
import { journeyPages } from "./features/journey/routes";
import { createSystemService } from "./features/system";
import { createKeyService, createSigner, createTokenMinter, type JwsSigner } from "./features/tokens";
import { createWebhookService, type WebhookSender } from "./features/webhooks";
import { createMfaService } from "./features/mfa";
import { createPasskeyService } from "./features/passkeys";
import { createSocialService } from "./features/social";
import { createClaimsMinter, createClaimsService } from "./features/claims";
import { createImportService } from "./features/import";
import { createScimTokenService } from "./features/scim-tokens";
import { createAuthorizeService } from "./protocols/oidc/authorize";
import { backchannelNotices, createEndSessionService } from "./protocols/oidc/logout";
import { createConsentService } from "./features/consents";
import { createJourneyService } from "./features/journey";
import { createBrandingService } from "./features/branding";
import { createSamlProviderService } from "./features/saml-providers";
import { createDomainService, type TxtResolver } from "./features/domains";
import { createConnectionDirectory, createConnectionService, createEnterpriseSignIn } from "./features/connections";
import { createCsrf } from "./pages";
import { createWebhookDelivery } from "./jobs/webhook-delivery";
import type { PrimaryStore, SessionStore } from "./stores";
import { createUnits } from "./units";
import { createCachedTokenContext } from "./features/sessions/context-cache";
import { coalescedReads } from "./kernel/directory-cache";

export interface GraphDeps {
  config: Config;
  store: PrimaryStore;
  sessions: SessionStore;
  box: CryptoBox;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  instanceId: string;
  /** Outbound mail (SSO_MAILER); without one, mails are only logged. */
  mailer?: MailTransport;
  /** Outbound webhook deliveries (the SSRF-guarded sender adapter). */
  webhookSender: WebhookSender;
  /** Calls to organizations' identity providers (the SSRF-guarded outbound fetch adapter). */
  upstreamFetch: UpstreamFetch;
  /** DNS TXT lookups of domain verification (the outbound DNS adapter: SSO_DNS_SERVERS or the system's). */
  txtResolver?: TxtResolver;
  /** Who signs tokens; default: the one `config.signer` names (features/tokens/signer.ts). */
  signer?: JwsSigner;
  /** Tests only: simulated crashes between the writes of a unit. */
  faults?: FaultInjector;
  /** Webhook delivery poll interval and per-attempt timeout (ms); tests shorten them. */
  webhookPollMs?: number;
  webhookTimeoutMs?: number;
}

/** What every part of the graph stands on: the stores, the directory's version, units, the bootstrap. */
interface Base {
  d: GraphDeps;
  config: Config;
  store: PrimaryStore;
  sessions: SessionStore;
  clock: Clock;
  log: Logger;
  hasher: ReturnType<typeof createPasswordHasher>;
  version: ReturnType<typeof coalescedReads> | null;
  maxAgeMs: number;
  units: ReturnType<typeof createUnits>;
  unit: ReturnType<typeof createUnits>["unit"];
  record: ReturnType<typeof createUnits>["record"];
  contexts: ReturnType<typeof createCachedTokenContext>;
  audiences: ReturnType<typeof createAppDirectory>;
  boot: Awaited<ReturnType<typeof bootstrap>>;
  platformTenantId: number;
}

/**
 * The directory's version and the store brought to a known state: units of work, recovery of the
 * ones a crash left unfinished, the bootstrap of an empty store.
 */
async function startStore(d: GraphDeps): Promise<Base> {
  const { config, store, sessions, clock, log } = d;
  const hasher = createPasswordHasher(config.hashConcurrency);
  // The directory's version (kernel/directory-cache.ts): moved on after every unit that may change
  // cached directory data, read before anything cached is served. A lost advance is bounded by the
  // caches' maximum age; SSO_CACHE_SECONDS=0 turns every directory cache off (every request reads).
  const version = config.cacheSeconds > 0 && sessions.epoch ? coalescedReads(sessions.epoch) : null;
  const maxAgeMs = config.cacheSeconds * 1000;
  const afterDirectoryChange = version
    ? async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await version.advance();
          } catch (e) {
            if (attempt >= 3) {
              d.metrics.count(
                "sso_context_epoch_failures_total",
                "Directory version advances that failed after retries (cached directory data may be served up to SSO_CACHE_SECONDS).",
              );
              return log.error(
                `the directory version could not be advanced; directory data cached by other instances may be served until its maximum age (${config.cacheSeconds} s)`,
                { error: String((e as Error)?.message ?? e).split("\n")[0] },
              );
            }
            await Bun.sleep(50 * attempt);
          }
        }
      }
    : undefined;
  const units = createUnits(store, { clock, faults: d.faults, afterDirectoryChange });
  if (afterDirectoryChange) store.onRecovered?.(() => void afterDirectoryChange());
  const contexts = createCachedTokenContext(store.tokenContext, version, { maxAgeMs });
  const audiences = createAppDirectory({ apps: store.apps, version, maxAgeMs, clock });
  // A start also moves the version on: an instance that died between a commit and its advance
  // leaves nothing cached elsewhere once it (or any instance) starts again.
  await afterDirectoryChange?.();
  const recovered = await store.recover();
  if (recovered)
    log.warn("settled units of work left unfinished by a crash (committed ones finished, the others undone)", {
      count: recovered,
    });
  const boot = await bootstrap(
    { tenants: store.tenants, apps: store.apps, leases: store.leases, unit: units.unit },
    {
      issuer: config.issuer,
      adminEmail: config.bootstrapAdminEmail,
      adminPassword: config.bootstrapAdminPassword,
      hasher,
      clock,
      instanceId: d.instanceId,
    },
  );

  const { unit, record } = units;
  return {
    d,
    config,
    store,
    sessions,
    clock,
    log,
    hasher,
    version,
    maxAgeMs,
    units,
    unit,
    record,
    contexts,
    audiences,
    boot,
    platformTenantId: boot.platformTenantId,
  };
}

/** The signing keys (loaded or made) on the signer that `signerReady` starts. */
async function signingKeys(b: Base, signerReady: Promise<JwsSigner>) {
  const { d, config, store, clock, log, unit, platformTenantId } = b;
  const keys = createKeyService({
    keys: store.keys,
    leases: store.leases,
    box: d.box,
    clock,
    issuer: config.issuer,
    rotationDays: config.keyRotationDays,
    leaseSeconds: config.keyLeaseSeconds,
    instanceId: d.instanceId,
    unit,
    platformTenantId,
    onRotated: (kid) => log.info("signing key created", { kid }),
    signer: await signerReady,
  });
  d.metrics.gauge(
    "sso_signer_info",
    "Which signer computes token signatures (SSO_SIGNER): always 1, see the label.",
    1,
    {
      signer: keys.signer.name,
    },
  );
  await keys.init();
  return keys;
}

type Keys = Awaited<ReturnType<typeof signingKeys>>;

/**
 * Proving who signs in and what they get: second factors, passkeys, social sign-in, refresh
 * families and their ending, consents, the branded mailer and the journey (the hosted pages' steps).
 * `late` holds what is built after it and only called later (the users service).
 */
async function signInServices(b: Base, keys: Keys, late: { users?: ReturnType<typeof createUserService> }) {
  const { d, config, store, sessions, clock, log, hasher, version, maxAgeMs, unit, record, contexts, audiences } = b;
  const { platformTenantId } = b;
  // Custom claims: the owning org's mapping, cached until the directory changes.
  const claimsMinter = createClaimsMinter({ claims: store.claims, tenants: store.tenants, version, maxAgeMs, clock });
  const mfa = createMfaService({
    users: store.users,
    mfa: store.mfa,
    unit,
    box: d.box,
    clock,
    // Authenticator apps list the account under the tenant's brand (issue 37 item 9), else the host.
    issuerName: async (tenantId) =>
      (await branding.effective(tenantId, null)).displayName ?? new URL(config.issuer).host,
  });
  const audienceResolver = createAudienceResolver({ audiences, issuer: config.issuer });
  const minter = createTokenMinter({
    roles: store.roles,
    users: store.users,
    orgs: store.orgs,
    sign: keys.sign,
    signWithIdToken: keys.signWithIdToken,
    clock,
    issuer: config.issuer,
    platformTenantId,
    customClaims: claimsMinter,
  });
  // Client records, org status and app identifiers for /oauth2/token, cached until the directory changes.
  const clientDirectory = createClientDirectory({
    clients: store.clients,
    orgs: store.orgs,
    apps: store.apps,
    clock,
    version,
    maxAgeMs,
    builtIn: [consoleClient(config.issuer)],
  });
  // CONTRACT §2: which tokens reach which /api/** route; a third-party client's token reaches none.
  const guard = createGuard({
    verify: keys.verify,
    issuer: config.issuer,
    platformTenantId,
    clientFirstParty: async (clientId) => (await clientDirectory.resolve(clientId))?.client.firstParty ?? null,
  });
  // Branding of pages and mails (CONTRACT §15), read through the directory cache on every page view.
  const branding = createBrandingService({
    branding: store.branding,
    apps: store.apps,
    orgs: store.orgs,
    unit,
    clock,
    issuer: config.issuer,
    version,
    maxAgeMs,
  });
  const sessionService = createSessionService({
    families: sessions.families,
    devices: store.devices,
    users: store.users,
    orgs: store.orgs,
    roles: store.roles,
    tokenContext: contexts,
    record,
    unit,
    audiences: audienceResolver,
    mint: minter.mintAccess,
    clock,
    // Ending sessions (CONTRACT §13): browser sessions, refresh families, revocation marks.
    browserSessions: sessions.signIns,
    marks: sessions.counters,
    directory: clientDirectory,
    logoutNotices: backchannelNotices(clientDirectory),
  });
  // The person's consents (CONTRACT §13): withdrawing one ends the client's refresh families.
  const consents = createConsentService({
    consents: store.consents,
    directory: clientDirectory,
    users: store.users,
    orgs: store.orgs,
    unit,
    ending: sessionService,
  });
  // Enterprise sign-in (CONTRACT §16): home-realm discovery, `ssoRequired`, upstream accounts.
  const enterprise = createEnterpriseSignIn({
    // The tenant's connections, cached until the directory changes (every sign-in asks for them).
    connections: createConnectionDirectory({ connections: store.connections, version, maxAgeMs, clock }),
    domains: store.domains,
    externalIdentities: store.externalIdentities,
    users: store.users,
    orgs: store.orgs,
    unit,
    clock,
    // A person of the platform tenant holding a role with PLATFORM_ADMIN: keeps their password.
    isPlatformAdmin: async (user) => {
      if (user.tenantId !== b.platformTenantId) return false;
      for (const a of await store.roles.assignmentsOf(user.id)) {
        const role = await store.roles.get(user.tenantId, a.roleId);
        if (role?.permissions.some((p) => p.code === "PLATFORM_ADMIN")) return true;
      }
      return false;
    },
  });
  const auth = createAuthService({
    passwordBarred: enterprise.passwordBarred,
    oneTimeTokens: store.oneTimeTokens,
    secondFactor: mfa,
    users: store.users,
    orgs: store.orgs,
    counters: sessions.counters,
    audiences: audienceResolver,
    sessions: sessionService,
    rateLimit: config.rateLimit,
    loginPerIpPerMinute: config.limits.loginPerIpPerMinute,
    record,
    hasher,
    clock,
    onBackgroundError: (e) =>
      log.warn("background sign-in audit failed", { error: String((e as Error)?.message ?? e).split("\n")[0] }),
  });
  // Passkeys (CONTRACT §14): the relying party is the issuer's host (or SSO_WEBAUTHN_RP_ID).
  const passkeys = createPasskeyService({
    passkeys: store.passkeys,
    users: store.users,
    orgs: store.orgs,
    unit,
    record,
    clock,
    counters: sessions.counters,
    limitIp: auth.limitIp,
    loginPerIpPerMinute: config.limits.loginPerIpPerMinute,
    sessions: sessionService,
    audiences: audienceResolver,
    rpId: config.webauthn.rpId,
    rpName: new URL(config.issuer).host,
    origins: config.webauthn.origins,
    attemptKey: await d.box.derive("sso-passkey-attempt"),
    reachableUser: (p, id) => late.users!.reachableUser(p, id),
  });
  const social = createSocialService({
    users: store.users,
    orgs: store.orgs,
    socialIdentities: store.socialIdentities,
    unit,
    clock,
    jwksUrls: { google: config.googleJwksUrl, microsoft: config.microsoftJwksUrl },
    defaultClientIds: { google: config.googleClientIds, microsoft: config.microsoftClientIds },
    microsoftRequireVerifiedEmail: config.microsoftRequireVerifiedEmail,
    audiences: audienceResolver,
    auth,
  });
  const clients = createClientService({
    clients: store.clients,
    orgs: store.orgs,
    apps: store.apps,
    unit,
    clock,
    allowPrivateTargets: config.webhookAllowPrivate,
  });
  const endUserSessions = (
    user: { tenantId: number; id: number },
    ctx: { actor: { userId?: number | null; ip: string | null }; via: string },
  ) =>
    sessionService.endAllForUser(user.tenantId, user.id, {
      actor: { userId: ctx.actor.userId, ip: ctx.actor.ip },
      via: ctx.via,
    });
  // Mails worded in the person's language and branded for the tenant (src/mail.ts).
  const mailer = createBrandedMailer({
    transport: d.mailer ?? {
      deliver: async (m) => log.info("mail (no mailer configured; not delivered)", { subject: m.subject }),
    },
    brandOf: branding.effective,
    logoOf: branding.logo,
  });
  // The browser sign-in every protocol sends people into (CONTRACT §12): the hosted pages' steps.
  const journey = createJourneyService({
    clock,
    auth,
    passkeys,
    signIns: sessions.signIns,
    orgs: store.orgs,
    roles: store.roles,
    users: store.users,
    version,
    maxAgeMs,
    unit,
    record,
    brandOf: branding.effective,
    mailer,
    onBackgroundError: (e) =>
      log.warn("new-device alert mail failed", { error: String((e as Error)?.message ?? e).split("\n")[0] }),
    interactionKey: await d.box.derive("sso-authorize-interaction"),
    endPrevious: (tenantId, sid, ctx) => sessionService.endSignIn(tenantId, sid, ctx),
    realm: enterprise,
  });
  const pagesCsrf = createCsrf({
    secret: await d.box.derive("sso-pages-csrf"),
    secure: !config.issuer.startsWith("http://"),
  });
  return {
    mfa,
    minter,
    clientDirectory,
    guard,
    branding,
    sessionService,
    consents,
    auth,
    passkeys,
    social,
    clients,
    endUserSessions,
    mailer,
    journey,
    pagesCsrf,
    enterprise,
  };
}

type SignIn = Awaited<ReturnType<typeof signInServices>>;

/** The directory and its administration: orgs, roles, users, apps, passwords, webhooks and their delivery. */
async function directoryServices(b: Base, s: SignIn) {
  const { d, config, store, sessions, clock, log, hasher, unit, record, platformTenantId } = b;
  const { auth, mailer, branding, clientDirectory, endUserSessions, minter } = s;
  const orgs = createOrgService({ orgs: store.orgs, unit });
  const roles = createRoleService({
    roles: store.roles,
    orgs: store.orgs,
    apps: store.apps,
    users: store.users,
    unit,
    platformTenantId,
  });
  const passwords = createPasswordService({
    users: store.users,
    orgs: store.orgs,
    oneTimeTokens: store.oneTimeTokens,
    families: sessions.families,
    counters: sessions.counters,
    unit,
    hasher,
    mailer,
    clock,
    issuer: config.issuer,
    limitIp: auth.limitIp,
    endUserSessions,
    requireAuthorityOver: roles.requireAuthorityOver,
    passwordPerIpPerMinute: config.limits.passwordPerIpPerMinute,
    brandOf: branding.effective,
    clientBrand: async (clientId) => {
      const r = await clientDirectory.resolve(clientId);
      return r && r.usability === "ok" ? branding.effective(r.client.tenantId, r.client.applicationId) : null;
    },
    onBackgroundError: (e) =>
      log.warn("password mail failed", { error: String((e as Error)?.message ?? e).split("\n")[0] }),
    brandRefKey: await d.box.derive("sso-password-done-brand"),
  });
  const verification = createVerificationService({
    users: store.users,
    orgs: store.orgs,
    oneTimeTokens: store.oneTimeTokens,
    unit,
    mailer,
    clock,
    issuer: config.issuer,
    limitIp: auth.limitIp,
    brandOf: branding.effective,
    onBackgroundError: (e) =>
      log.warn("verification mail failed", { error: String((e as Error)?.message ?? e).split("\n")[0] }),
    brandRefKey: await d.box.derive("sso-email-verified-brand"),
  });
  const users = createUserService({
    users: store.users,
    orgs: store.orgs,
    roles: store.roles,
    devices: store.devices,
    passkeys: store.passkeys,
    audit: store.audit,
    families: sessions.families,
    hasher,
    clock,
    unit,
    reachableRole: roles.reachableRole,
    checkAssignment: roles.checkAssignment,
    requireAuthorityOver: roles.requireAuthorityOver,
    endUserSessions,
    mailSetupLink: passwords.mailSetupLink,
    storeSetupCode,
    unlockSignIn: (email) => unlockSignIn(sessions.counters, email, clock.now()),
  });
  const apps = createAppService({
    apps: store.apps,
    orgs: store.orgs,
    tenants: store.tenants,
    unit,
    defaultMaxApplications: config.defaultMaxApplications,
  });
  const platform = createPlatformService({
    tenants: store.tenants,
    orgs: store.orgs,
    apps: store.apps,
    clock,
    unit,
    defaultMaxApplications: config.defaultMaxApplications,
    mailSetupLink: passwords.mailSetupLink,
  });
  const audit = createAuditService({ audit: store.audit, orgs: store.orgs, users: store.users });
  const overview = createOverviewService({
    orgs: store.orgs,
    users: store.users,
    apps: store.apps,
    clients: store.clients,
    audit: store.audit,
    clock,
  });
  const imports = createImportService({
    imports: store.imports,
    orgs: store.orgs,
    tenants: store.tenants,
    apps: store.apps,
    roles: store.roles,
    unit,
    clock,
    defaultMaxApplications: config.defaultMaxApplications,
  });
  const claims = createClaimsService({
    claims: store.claims,
    apps: store.apps,
    orgs: store.orgs,
    tenants: store.tenants,
    unit,
  });
  const webhooks = createWebhookService({
    webhooks: store.webhooks,
    outbox: store.outbox,
    orgs: store.orgs,
    apps: store.apps,
    unit,
    record,
    box: d.box,
    clock,
    allowPrivate: config.webhookAllowPrivate,
  });
  // Enterprise sign-in administration (CONTRACT §16): verified domains and upstream connections.
  const domains = createDomainService({
    domains: store.domains,
    orgs: store.orgs,
    unit,
    resolver: d.txtResolver ?? {
      resolveTxt: async () => {
        throw new Error("no DNS resolver configured");
      },
    },
    clock,
    connectionsUsing: async (tenantId, domain) =>
      (await store.connections.listByDomain(tenantId, domain)).map((c) => c.id),
  });
  const connections = createConnectionService({
    connections: store.connections,
    domains: store.domains,
    orgs: store.orgs,
    unit,
    box: d.box,
    clock,
    issuer: config.issuer,
    allowPrivate: config.webhookAllowPrivate,
    reachableRole: roles.reachableRole,
    checkAssignment: roles.checkAssignment,
  });
  // SCIM tokens of organizations (CONTRACT §18): managed here, authenticated by the SCIM protocol.
  const scimTokens = createScimTokenService({ scimTokens: store.scimTokens, orgs: store.orgs, clock, unit });
  // What a provisioning client (a SCIM token) may do to users and roles of its subtree.
  const groupProvisioning = createGroupProvisioning({
    roles: store.roles,
    orgs: store.orgs,
    users: store.users,
    apps: store.apps,
    unit,
  });
  const userProvisioning = createUserProvisioning({
    users: store.users,
    orgs: store.orgs,
    roles: store.roles,
    families: sessions.families,
    clock,
    unit,
    holdsSystemCode: groupProvisioning.holdsSystemCode,
    endUserSessions,
  });
  // Started by src/main.ts (and by tests that deliver); a committed unit that enqueued deliveries nudges it.
  // Each commit that enqueues a delivery wakes this instance's loop at once; the poll only finds
  // retries that came due and rows enqueued elsewhere. The embedded store has one process and every
  // retry waits at least 10 s, so it polls every 2 s: a poll there is a PGlite statement on the
  // service's only JavaScript thread (about 4 % of a core at 4 polls a second).
  const webhookPollMs = d.webhookPollMs ?? (config.storage === "embedded" ? 2000 : 250);
  const delivery = createWebhookDelivery({
    outbox: store.outbox,
    webhooks: store.webhooks,
    box: d.box,
    sender: d.webhookSender,
    clock,
    log,
    metrics: d.metrics,
    pollMs: webhookPollMs,
    timeoutMs: d.webhookTimeoutMs ?? config.webhookTimeoutSeconds * 1000,
    logoutToken: (n, jti) => minter.mintLogoutToken({ ...n, jti }),
  });
  b.units.onOutboxFilled(() => delivery.nudge());
  // SAML service providers of applications (CONTRACT §17); the protocol is src/protocols/saml.
  const samlProviders = createSamlProviderService({
    samlProviders: store.samlProviders,
    apps: store.apps,
    orgs: store.orgs,
    unit,
    clock,
    issuer: config.issuer,
  });
  return {
    orgs,
    roles,
    passwords,
    verification,
    users,
    apps,
    platform,
    audit,
    overview,
    imports,
    claims,
    webhooks,
    delivery,
    samlProviders,
    domains,
    connections,
    scimTokens,
    groupProvisioning,
    userProvisioning,
  };
}

type Directory = Awaited<ReturnType<typeof directoryServices>>;

/** The protocols: each owns its paths, mounts its routes and renders its errors (src/http/protocol.ts). */
function protocolModules(b: Base, keys: Keys, s: SignIn, cookies: { secure: boolean }, dir: Directory) {
  const { config, store, sessions, clock, log, unit, record, contexts } = b;
  const { clientDirectory, branding, sessionService, minter, journey, pagesCsrf } = s;
  const tokens = createTokenService({
    directory: clientDirectory,
    sign: keys.sign,
    clock,
    issuer: config.issuer,
    counters: config.rateLimit ? sessions.counters : null,
    clientPerMinute: config.limits.clientPerMinute,
    codes: sessions.codes,
    signIns: sessions.signIns,
    families: sessions.families,
    logout: sessionService,
    marks: sessions.counters,
    loadContext: (tenantId, userId, orgId, now) => contexts.load(tenantId, userId, orgId, now),
    sessions: sessionService,
    minter,
    verify: keys.verify,
    orgs: store.orgs,
    record,
  });
  // RP-initiated logout (CONTRACT §13): the OpenID side of ending a browser session.
  const endSession = createEndSessionService({
    issuer: config.issuer,
    clock,
    browserSessions: sessions.signIns,
    ending: sessionService,
    directory: clientDirectory,
    jwks: () => keys.jwks(),
    brandOf: branding.effective,
  });
  // The OpenID provider's authorization endpoint (CONTRACT §12), the journey's first protocol.
  const authorize = createAuthorizeService({
    applicationName: async (tenantId, applicationId) => (await store.apps.get(tenantId, applicationId))?.name ?? null,
    issuer: config.issuer,
    clock,
    directory: clientDirectory,
    journey,
    brandOf: branding.effective,
    jwks: () => keys.jwks(),
    codes: sessions.codes,
    consents: store.consents,
    users: store.users,
    orgs: store.orgs,
    unit,
    record,
  });
  journey.connect(authorize.protocol);
  // The SAML 2.0 identity provider (CONTRACT §17), the journey's second protocol: the same pages and browser session.
  const saml = createSamlService({
    issuer: config.issuer,
    clock,
    samlProviders: store.samlProviders,
    tenants: store.tenants,
    apps: store.apps,
    users: store.users,
    roles: store.roles,
    orgs: store.orgs,
    journey,
    counters: sessions.counters,
    xmlSigning: keys.xmlSigning,
    record,
    endSignIn: sessionService.endSignIn,
    brandOf: branding.effective,
  });
  journey.connect(saml.protocol);
  // The hosted pages' kit: the journey's pages, and each protocol's answers at a journey's end.
  const oidcAnswers = oidcPageAnswers(config.issuer);
  const samlAnswers = samlPageAnswers();
  const pages = journeyPages({
    journey,
    csrf: pagesCsrf,
    secure: cookies.secure,
    log,
    protocol: (request, answer, kit) =>
      isSamlAnswer(answer) ? samlAnswers(request, answer, kit) : oidcAnswers(request, answer, kit),
  });
  const protocols = [
    oidcModule({
      tokens,
      authorize,
      endSession,
      pages,
      logoutPage: { csrf: pagesCsrf, secure: cookies.secure, log },
      discovery: {
        issuer: config.issuer,
        // What the OpenID provider serves: the code grant (/oauth2/authorize, ID tokens), refresh and UserInfo.
        features: [
          "authorization_code",
          "refresh_token",
          "userinfo",
          "end_session",
          "revocation",
          "introspection",
          "backchannel_logout",
        ],
      },
    }),
    samlModule({ saml, pages }),
    // SCIM 2.0 (CONTRACT §18): provisioning by SCIM tokens over the users and roles features.
    scimModule({
      issuer: config.issuer,
      authenticate: dir.scimTokens.authenticate,
      users: dir.userProvisioning,
      groups: dir.groupProvisioning,
    }),
    // Enterprise sign-in at an organization's own OpenID or SAML provider (CONTRACT §16).
    federationModule({
      pages,
      secure: cookies.secure,
      oidc: createOidcUpstream({
        issuer: config.issuer,
        clock,
        box: b.d.box,
        connections: store.connections,
        oneTimeTokens: store.oneTimeTokens,
        journey,
        enterprise: s.enterprise,
        fetch: b.d.upstreamFetch,
        allowInsecure: config.webhookAllowPrivate,
        record,
        log,
      }),
      saml: createSamlUpstream({
        issuer: config.issuer,
        clock,
        connections: store.connections,
        oneTimeTokens: store.oneTimeTokens,
        counters: sessions.counters,
        journey,
        enterprise: s.enterprise,
        xmlSigning: keys.xmlSigning,
        record,
        log,
      }),
    }),
  ];

  return { protocols, pages };
}

/**
 * Builds the whole graph: recovers unfinished units, bootstraps an empty store, loads (or makes)
 * the signing keys, wires every service and mounts every route. Each route module receives the one
 * service it serves (and the guard).
 */
export async function composeGraph(d: GraphDeps) {
  const { config, store, sessions, clock, log } = d;
  // The signer starts (threads, self-test) while the store recovers and bootstraps.
  const signerReady: Promise<JwsSigner> = d.signer
    ? Promise.resolve(d.signer)
    : createSigner({
        mode: config.signer,
        library: config.opensslLibrary,
        threads: config.signerThreads,
        nice: config.signerNice,
        log,
      });
  signerReady.catch(() => {}); // awaited below; a rejection before then is not unhandled
  const base = await startStore(d);
  const { boot, units, hasher, audiences } = base;
  const keys = await signingKeys(base, signerReady);
  const late: { users?: ReturnType<typeof createUserService> } = {};
  const signIn = await signInServices(base, keys, late);
  const { auth, passkeys, social, mfa, sessionService, consents, journey, clients, branding, guard, pagesCsrf } =
    signIn;
  const { clientDirectory, minter } = signIn;
  const directory = await directoryServices(base, signIn);
  late.users = directory.users;
  const { orgs, roles, passwords, verification, users, apps, platform, audit, imports, claims, webhooks, delivery } =
    directory;
  const { samlProviders, overview } = directory;
  const { domains, connections } = directory;
  const { scimTokens } = directory;
  // Set on SIGTERM/SIGINT: readiness fails at once so load balancers stop routing here.
  let draining = false;
  const system = createSystemService({
    checks: [
      ["store", () => store.ping()],
      ["sessions", () => sessions.ping()],
      [
        "accepting",
        async () => {
          if (draining) throw new Error("shutting down");
        },
      ],
    ],
    jwks: () => keys.jwks(),
    renderMetrics: () => d.metrics.render(),
  });
  const cookies = { secure: !config.issuer.startsWith("http://"), origins: config.webOrigins };
  const { protocols, pages } = protocolModules(base, keys, signIn, cookies, directory);

  const app = createApp(
    {
      log,
      metrics: d.metrics,
      trustedProxies: config.trustedProxies,
      importMaxMiB: config.importMaxMiB,
      corsOrigins: config.corsOrigins,
      issuer: config.issuer,
      gate: guard,
      protocols,
    },
    mountRoutes({
      system,
      auth,
      social,
      mfa,
      passkeys,
      claims,
      imports,
      sessions: sessionService,
      passwords,
      verification,
      orgs,
      users,
      roles,
      apps,
      clients,
      protocols,
      journey,
      pages,
      consents,
      branding,
      samlProviders,
      pagesCsrf,
      log,
      audit,
      overview,
      platform,
      webhooks,
      domains,
      connections,
      scimTokens,
      guard,
      cookies,
    }),
  );
  /** Resolves when work started after an answer (mail, failed-sign-in audit) has finished. */
  const idle = async () => {
    await Promise.all([auth.idle(), passwords.idle(), verification.idle(), journey.idle()]);
  };
  const drain = () => {
    draining = true;
  };
  return {
    app,
    boot,
    idle,
    drain,
    delivery,
    auth,
    tokens: minter,
    config,
    store,
    sessions,
    clock,
    log,
    metrics: d.metrics,
    hasher,
    keys,
    passwords,
    clientDirectory,
    audiences,
    units,
    scimTokens,
    /** What ends sessions (the sessions feature's ending: `endSignIn`, `endAllForUser`, …). */
    logout: sessionService,
  };
}

export type Graph = Awaited<ReturnType<typeof composeGraph>>;
