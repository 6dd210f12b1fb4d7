/**
 * Mounts every feature's routes and every protocol's (src/http/protocol.ts). Each route module
 * receives the one service it serves (and the guard, and the cookie policy where a web session is
 * involved), never the whole graph; a protocol module comes with its routes built.
 */
import { Elysia } from "elysia";
import type { Guard } from "./http/guard";
import type { CookiePolicy } from "./http/session-cookie";
import type { AppService } from "./features/apps";
import type { AuditService } from "./features/audit";
import type { OverviewService } from "./features/overview";
import type { AuthService } from "./features/auth";
import type { ClientService } from "./features/clients";
import type { ProtocolModule } from "./http/protocol";
import type { OrgService } from "./features/orgs";
import type { PasswordService } from "./features/passwords";
import type { PlatformService } from "./features/platform";
import type { RoleService } from "./features/roles";
import type { SessionService } from "./features/sessions";
import type { SystemService } from "./features/system";
import type { UserService } from "./features/users";
import type { WebhookService } from "./features/webhooks";
import type { MfaService } from "./features/mfa";
import type { SocialService } from "./features/social";
import type { ClaimsService } from "./features/claims";
import type { ImportService } from "./features/import";
import type { ConsentService } from "./features/consents";
import type { JourneyService } from "./features/journey";
import type { BrandingService } from "./features/branding";
import { brandingRoutes } from "./features/branding/routes";
import type { SamlProviderService } from "./features/saml-providers";
import { samlProviderRoutes } from "./features/saml-providers/routes";
import type { Logger } from "./http/observability";
import type { Csrf } from "./pages";
import { type JourneyPages, journeyRoutes } from "./features/journey/routes";
import { appRoutes } from "./features/apps/routes";
import { auditRoutes } from "./features/audit/routes";
import { overviewRoutes } from "./features/overview/routes";
import { authRoutes } from "./features/auth/routes";
import { clientRoutes } from "./features/clients/routes";
import { orgRoutes } from "./features/orgs/routes";
import { passwordPageRoutes, passwordRoutes } from "./features/passwords/routes";
import { platformRoutes } from "./features/platform/routes";
import { roleRoutes } from "./features/roles/routes";
import { sessionListRoutes, sessionRoutes } from "./features/sessions/routes";
import { systemRoutes } from "./features/system/routes";
import { userRoutes } from "./features/users/routes";
import { webhookRoutes } from "./features/webhooks/routes";
import { mfaRoutes } from "./features/mfa/routes";
import { socialRoutes } from "./features/social/routes";
import { claimsRoutes } from "./features/claims/routes";
import { importRoutes } from "./features/import/routes";
import { passkeyRoutes } from "./features/passkeys/routes";
import type { PasskeyService } from "./features/passkeys";
import { consentRoutes } from "./features/consents/routes";
import type { VerificationService } from "./features/verification";
import { verificationPageRoutes, verificationRoutes } from "./features/verification/routes";
import type { DomainService } from "./features/domains";
import { domainRoutes } from "./features/domains/routes";
import type { ConnectionService } from "./features/connections";
import { connectionRoutes } from "./features/connections/routes";
import type { ScimTokenService } from "./features/scim-tokens";
import { scimTokenRoutes } from "./features/scim-tokens/routes";

export interface RouteServices {
  system: SystemService;
  auth: AuthService;
  social: SocialService;
  mfa: MfaService;
  passkeys: PasskeyService;
  claims: ClaimsService;
  imports: ImportService;
  sessions: SessionService;
  passwords: PasswordService;
  verification: VerificationService;
  orgs: OrgService;
  users: UserService;
  roles: RoleService;
  apps: AppService;
  clients: ClientService;
  /** The protocols (their routes, discovery documents and error renderers). */
  protocols: readonly ProtocolModule[];
  journey: JourneyService;
  /** The journey's page kit (built in compose.ts with the protocols' answers at a journey's end). */
  pages: JourneyPages;
  consents: ConsentService;
  branding: BrandingService;
  samlProviders: SamlProviderService;
  /** The hosted pages' CSRF tokens (secret derived from the master key). */
  pagesCsrf: Csrf;
  log: Logger;
  audit: AuditService;
  overview: OverviewService;
  platform: PlatformService;
  webhooks: WebhookService;
  /** Enterprise sign-in administration (CONTRACT §16): verified domains and identity-provider connections. */
  domains: DomainService;
  connections: ConnectionService;
  scimTokens: ScimTokenService;
  guard: Guard;
  cookies: CookiePolicy;
}

/** Every protocol's routes, or its discovery documents, in the order the protocols are listed. */
function protocolPart(protocols: readonly ProtocolModule[], part: "routes" | "discovery") {
  const plugin = new Elysia({ name: `protocol-${part}` });
  for (const p of protocols) {
    const routes = p[part];
    if (routes) plugin.use(routes);
  }
  return plugin;
}

export function mountRoutes(s: RouteServices) {
  const { guard, cookies } = s;
  return new Elysia({ name: "feature-routes" })
    .use(systemRoutes({ system: s.system }))
    .use(protocolPart(s.protocols, "discovery"))
    .use(authRoutes({ auth: s.auth, cookies }))
    .use(socialRoutes({ social: s.social, cookies }))
    .use(mfaRoutes({ mfa: s.mfa, guard }))
    .use(sessionRoutes({ sessions: s.sessions, guard, cookies }))
    .use(passwordRoutes({ passwords: s.passwords, guard }))
    .use(passwordPageRoutes({ passwords: s.passwords, csrf: s.pagesCsrf, log: s.log }))
    .use(verificationRoutes({ verification: s.verification, guard }))
    .use(verificationPageRoutes({ verification: s.verification, csrf: s.pagesCsrf, log: s.log }))
    .use(clientRoutes({ clients: s.clients, guard }))
    .use(protocolPart(s.protocols, "routes"))
    .use(journeyRoutes({ journey: s.journey, pages: s.pages }))
    .use(orgRoutes({ orgs: s.orgs, guard }))
    .use(userRoutes({ users: s.users, guard }))
    .use(roleRoutes({ roles: s.roles, guard }))
    .use(appRoutes({ apps: s.apps, guard }))
    .use(auditRoutes({ audit: s.audit, guard }))
    .use(overviewRoutes({ overview: s.overview, guard }))
    .use(platformRoutes({ platform: s.platform, guard }))
    .use(webhookRoutes({ webhooks: s.webhooks, guard }))
    .use(claimsRoutes({ claims: s.claims, guard }))
    .use(importRoutes({ imports: s.imports, guard }))
    .use(passkeyRoutes({ passkeys: s.passkeys, guard, cookies }))
    .use(sessionListRoutes({ sessions: s.sessions, guard }))
    .use(consentRoutes({ consents: s.consents, guard }))
    .use(brandingRoutes({ branding: s.branding, guard }))
    .use(samlProviderRoutes({ samlProviders: s.samlProviders, guard }))
    .use(domainRoutes({ domains: s.domains, guard }))
    .use(connectionRoutes({ connections: s.connections, guard }))
    .use(scimTokenRoutes({ scimTokens: s.scimTokens, guard }));
}
