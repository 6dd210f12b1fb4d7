/**
 * Wires services from ports. Used by src/main.ts and by test/support, so tests run exactly the
 * production object graph on whichever store they open. Knows no concrete adapter.
 */
import type { Config } from "./config";
import type { Clock } from "./kernel/clock";
import type { CryptoBox } from "./kernel/crypto-box";
import { createPasswordHasher } from "./kernel/passwords";
import type { Logger, Metrics } from "./http/observability";
import { createGuard } from "./http/guard";
import { createAuditService } from "./features/audit";
import { createAuthService } from "./features/auth";
import { createPasswordService, type Mailer } from "./features/passwords";
import { createSessionService } from "./features/sessions";
import { createAppService } from "./features/apps";
import { createOrgService } from "./features/orgs";
import { createPlatformService } from "./features/platform/service";
import { createRoleService } from "./features/roles";
import { createUserService } from "./features/users";
import { CLIENTS_CACHE_CHANNEL, clientCacheMessage, createClientDirectory, createClientService } from "./features/clients";
import { createOAuthService } from "./features/oauth";
import { createKeyService } from "./features/tokens";
import type { PrimaryStore, Repos, SessionStore } from "./stores";

export interface ServiceDeps {
  config: Config;
  store: PrimaryStore;
  sessions: SessionStore;
  box: CryptoBox;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  instanceId: string;
  /** Outbound mail (SSO_MAILER); without one, mails are only logged. */
  mailer?: Mailer;
}

export function createServices(d: ServiceDeps) {
  const { config, store, sessions, clock } = d;
  let platformTenantId = 0;
  const hasher = createPasswordHasher(config.hashConcurrency);
  const audit = createAuditService({ audit: store.audit, orgs: store.orgs });
  const keys = createKeyService({
    keys: store.keys,
    leases: store.leases,
    box: d.box,
    clock,
    issuer: config.issuer,
    rotationDays: config.keyRotationDays,
    instanceId: d.instanceId,
    onRotated: async (kid) => {
      d.log.info("signing key created", { kid });
      if (platformTenantId) await audit.record({ action: "key.rotated", tenantId: platformTenantId, metadata: { kid } });
    },
  });
  const guard = createGuard({ verify: keys.verify, issuer: config.issuer, platformTenantId: () => platformTenantId });
  const auth = createAuthService({
    users: store.users,
    orgs: store.orgs,
    roles: store.roles,
    apps: store.apps,
    devices: store.devices,
    families: sessions.families,
    counters: sessions.counters,
    tokenContext: store.tokenContext,
    rateLimit: config.rateLimit,
    audit: store.audit,
    hasher,
    sign: keys.sign,
    clock,
    issuer: config.issuer,
    platformTenantId: () => platformTenantId,
  });
  // Refresh rotation, logout, devices; and the password flows (forgot, reset, setup links).
  const sessionService = createSessionService({ families: sessions.families, devices: store.devices, users: store.users, orgs: store.orgs, roles: store.roles, tokenContext: store.tokenContext, audit: store.audit, auth, clock });
  const passwords = createPasswordService({
    users: store.users,
    orgs: store.orgs,
    oneTimeTokens: store.oneTimeTokens,
    families: sessions.families,
    counters: sessions.counters,
    audit: store.audit,
    hasher,
    mailer: d.mailer ?? { send: async (m) => d.log.info("mail (no mailer configured; not delivered)", { subject: m.subject }) },
    clock,
    issuer: config.issuer,
    limitIp: auth.limitIp,
    onBackgroundError: (e) => d.log.warn("password mail failed", { error: String((e as Error)?.message ?? e).split("\n")[0] }),
  });
  // Client records, org status and app identifiers for /oauth2/token, invalidated across
  // instances on CLIENTS_CACHE_CHANNEL and bounded by a 5 s TTL (see features/clients/directory.ts).
  const clientDirectory = createClientDirectory({ clients: store.clients, orgs: store.orgs, apps: store.apps, clock });
  const clientsSubscribed = store.subscribe(CLIENTS_CACHE_CHANNEL, clientDirectory.onMessage).catch((e) => {
    d.log.warn("client cache invalidation channel unavailable; relying on its TTL", { error: String((e as Error)?.message ?? e) });
  });
  const clients = createClientService({
    clients: store.clients,
    orgs: store.orgs,
    apps: store.apps,
    transaction: (fn) => store.transaction(fn),
    publish: (channel, message) => store.publish(channel, message),
    clock,
  });
  const oauth = createOAuthService({ directory: clientDirectory, sign: keys.sign, clock, issuer: config.issuer, counters: config.rateLimit ? sessions.counters : null });
  // Directory and platform management (orgs, users, roles, applications, tenants).
  const transaction = <T>(fn: (tx: Repos) => Promise<T>) => store.transaction(fn);
  const orgDirectory = createOrgService({ orgs: store.orgs, transaction });
  // Suspension and activation reach every instance's client cache at once (its 5 s TTL is the backstop).
  const notifyClientCache = (orgId: number) => store.publish(CLIENTS_CACHE_CHANNEL, clientCacheMessage.org(orgId)).catch(() => {});
  const orgs: typeof orgDirectory = {
    ...orgDirectory,
    suspend: async (p, id) => {
      const org = await orgDirectory.suspend(p, id);
      await notifyClientCache(org.id);
      return org;
    },
    activate: async (p, id) => {
      const org = await orgDirectory.activate(p, id);
      await notifyClientCache(org.id);
      return org;
    },
  };
  const roles = createRoleService({ roles: store.roles, orgs: store.orgs, apps: store.apps, users: store.users, transaction, platformTenantId: () => platformTenantId });
  const users = createUserService({
    users: store.users, orgs: store.orgs, roles: store.roles, devices: store.devices, audit: store.audit, families: sessions.families, hasher, clock, transaction,
    reachableRole: roles.reachableRole, checkAssignment: roles.checkAssignment,
  });
  const apps = createAppService({ apps: store.apps, orgs: store.orgs, tenants: store.tenants, transaction, defaultMaxApplications: config.defaultMaxApplications });
  const platform = createPlatformService({ tenants: store.tenants, orgs: store.orgs, apps: store.apps, clock, transaction, defaultMaxApplications: config.defaultMaxApplications });
  return {
    ...d,
    hasher,
    orgs,
    roles,
    users,
    apps,
    platform,
    clientDirectory,
    clientsSubscribed,
    clients,
    oauth,
    audit,
    keys,
    guard,
    auth,
    sessionService,
    passwords,
    platformTenantId: () => platformTenantId,
    setPlatformTenantId: (id: number) => {
      platformTenantId = id;
    },
  };
}

export type Services = ReturnType<typeof createServices>;
