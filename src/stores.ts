/**
 * The set of ports the domain runs on. `src/main.ts` (and test/support) build one from concrete
 * adapters; services receive only the ports they declare.
 */
import type { LeaseStore } from "./kernel/lease";
import type { DirectoryVersion } from "./kernel/directory-cache";
import type { AppRepo } from "./features/apps/ports";
import type { AuditRepo } from "./features/audit/ports";
import type { ClaimsRepo } from "./features/claims/ports";
import type { BrandingRepo } from "./features/branding/ports";
import type { ClientRepo } from "./features/clients/ports";
import type { ImportRepo } from "./features/import/ports";
import type { OrgRepo, TenantRepo } from "./features/orgs/ports";
import type { RoleRepo } from "./features/roles/ports";
import type { CounterStore, DeviceRepo, FamilyStore, OneTimeTokenRepo } from "./features/sessions/ports";
import type { TokenContextReader } from "./features/sessions/ports";
import type { KeyRepo } from "./features/tokens/ports";
import type { UserRepo } from "./kernel/users";
import type { MfaRepo } from "./features/mfa/ports";
import type { PasskeyRepo } from "./features/passkeys/ports";
import type { SocialIdentityRepo } from "./features/social/ports";
import type { OutboxRepo, WebhookRepo } from "./features/webhooks/ports";
import type { AuthorizationCodeStore } from "./protocols/oidc/ports";
import type { BrowserSessionStore } from "./features/sessions/ports";
import type { ConsentRepo } from "./features/consents/ports";
import type { SamlProviderRepo } from "./features/saml-providers/ports";
import type { DomainRepo } from "./features/domains/ports";
import type { ScimTokenRepo } from "./features/scim-tokens/ports";
import type { ConnectionRepo, ExternalIdentityRepo } from "./features/connections/ports";

/** Repositories of the primary store. */
export interface Repos {
  tenants: TenantRepo;
  orgs: OrgRepo;
  users: UserRepo;
  roles: RoleRepo;
  apps: AppRepo;
  clients: ClientRepo;
  keys: KeyRepo;
  devices: DeviceRepo;
  oneTimeTokens: OneTimeTokenRepo;
  audit: AuditRepo;
  webhooks: WebhookRepo;
  outbox: OutboxRepo;
  imports: ImportRepo;
  claims: ClaimsRepo;
  /** Branding of the hosted pages and mails, per tenant and per application (CONTRACT §15). */
  branding: BrandingRepo;
  leases: LeaseStore;
  tokenContext: TokenContextReader;
  mfa: MfaRepo;
  socialIdentities: SocialIdentityRepo;
  /** Passkeys (WebAuthn credentials) and the users' WebAuthn handles (CONTRACT §14). */
  passkeys: PasskeyRepo;
  /** Remembered OpenID consents (durable; written in units with their events). */
  consents: ConsentRepo;
  /** SAML service providers of applications (CONTRACT §17). */
  samlProviders: SamlProviderRepo;
  /** Verified domains of organizations (CONTRACT §16). */
  domains: DomainRepo;
  /** Identity-provider connections of organizations (CONTRACT §16). */
  connections: ConnectionRepo;
  /** SCIM tokens of organizations (CONTRACT §18), stored hashed. */
  scimTokens: ScimTokenRepo;
  /** People's accounts at upstream providers, linked to users (CONTRACT §16 "Accounts"). */
  externalIdentities: ExternalIdentityRepo;
}

export interface PrimaryStore extends Repos {
  /**
   * How units are made atomic: one SQL transaction, or a journal of each write's intent and undo
   * record, settled by `recover()` (committed units finished, abandoned ones undone; MongoDB).
   */
  readonly atomicity: "transaction" | "intent-journal";
  /**
   * The atomic scope under every unit of work (src/units.ts; services never call it). Contract:
   * when the promise settles, either every write `fn` made through `tx` is visible, or none is
   * (at the latest after `recover()`). A throw from `fn` rolls back. PostgreSQL and PGlite: one SQL
   * transaction (READ COMMITTED). A store with single-document atomicity only must record the
   * unit's intent (what undoes each write) first and settle it in `recover()` (docs/decisions.md).
   */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
  /**
   * Finishes units interrupted by a crash; called at start (and on a timer where the store needs
   * it). Returns how many it finished. SQL stores: nothing to do, always 0.
   */
  recover(): Promise<number>;
  /** Called after a recovery pass (at start or on the store's timer) settled `count` > 0 units. */
  onRecovered?(listener: (count: number) => void): void;
  /** Throws UnavailableError when the store cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Sessions and counters: Redis when REDIS_URL is set; else SQLite beside the embedded database ("local"), or the primary store. */
export interface SessionStore {
  families: FamilyStore;
  counters: CounterStore;
  /** Browser sign-in sessions and authorization codes of the OpenID provider: shared like families. */
  signIns: BrowserSessionStore;
  codes: AuthorizationCodeStore;
  /**
   * The shared version of the directory that every directory cache is served under
   * (kernel/directory-cache.ts): in Redis; in memory for the single embedded process; in the
   * primary store when the sessions live there (a sequence on Postgres, a document on MongoDB).
   */
  epoch: DirectoryVersion | null;
  ping(): Promise<void>;
  close(): Promise<void>;
  kind: "redis" | "local" | "primary";
}
