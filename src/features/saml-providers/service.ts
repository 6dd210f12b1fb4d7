/**
 * SAML service providers per application (CONTRACT §17): register, read, replace and remove the
 * SAML applications an application serves. ORG_MANAGE with the application's organization in the
 * caller's reach; every change is one unit with its journal event. The protocol side (metadata,
 * SSO, logout) is src/protocols/saml; this feature only keeps the registrations.
 */
import { X509Certificate } from "node:crypto";
import { requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { forbidden, notFound, orConflict, validation } from "../../kernel/errors";
import { callerEvent } from "../../kernel/event-shapes";
import type { FieldError } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { Application, AppRepo } from "../apps";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import {
  ATTRIBUTE_SOURCES,
  type AttributeSource,
  type NameIdFormat,
  type SamlProvider,
  type SamlProviderPatch,
  type SamlProviderRepo,
} from "./ports";

/** At most this many ACS URLs per SP, and attributes per SP. */
export const MAX_ACS_URLS = 20;
export const MAX_ATTRIBUTES = 50;
const MAX_URL_LENGTH = 2000;
const fe = (field: string, message: string): FieldError => ({ field, message });
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Why `url` cannot be an ACS or SLO URL (CONTRACT §17: https, or http on loopback); null when it can. */
export function samlUrlProblem(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return "must not contain whitespace or control characters";
  if (url.includes("#")) return "must not contain a fragment (#…)";
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "must be an absolute https URL (http only on 127.0.0.1, [::1] or localhost)";
  }
  const scheme = u.protocol.slice(0, -1);
  if (scheme !== "https" && scheme !== "http")
    return "must be an absolute https URL (http only on 127.0.0.1, [::1] or localhost)";
  if (!url.toLowerCase().startsWith(`${scheme}://`)) return `must start with ${scheme}://`;
  if (u.username || u.password) return "must not carry credentials";
  if (scheme === "http" && !LOOPBACK_HOSTS.has(u.hostname))
    return "must use https; plain http is allowed only on loopback (127.0.0.1, [::1], localhost)";
  return null;
}

/** What a caller sends to register or replace an SP (the wire body, CONTRACT §17). */
export interface SamlProviderBody {
  entityId: string;
  acsUrls: string[];
  nameIdFormat: NameIdFormat;
  attributes?: { name: string; from: string }[];
  signAuthnRequests?: boolean;
  certificate?: string | null;
  sloUrl?: string | null;
}

/** Checks a body and returns the registration it describes; 400 naming every field in error. */
export function checkProviderBody(body: SamlProviderBody): SamlProviderPatch {
  const errors: FieldError[] = [];
  const entityId = body.entityId.trim();
  if (!entityId) errors.push(fe("entityId", "must not be blank"));
  const acsUrls = [...new Set(body.acsUrls)];
  if (!acsUrls.length) errors.push(fe("acsUrls", "must name at least one assertion consumer service URL"));
  if (acsUrls.length > MAX_ACS_URLS) errors.push(fe("acsUrls", `must hold at most ${MAX_ACS_URLS} URLs`));
  acsUrls.forEach((u, i) => {
    const why = samlUrlProblem(u);
    if (why) errors.push(fe(`acsUrls[${i}]`, why));
  });
  const sloUrl = body.sloUrl ?? null;
  if (sloUrl !== null) {
    const why = samlUrlProblem(sloUrl);
    if (why) errors.push(fe("sloUrl", why));
  }
  const attributes = body.attributes ?? [];
  if (attributes.length > MAX_ATTRIBUTES)
    errors.push(fe("attributes", `must hold at most ${MAX_ATTRIBUTES} attributes`));
  const names = new Set<string>();
  attributes.forEach((a, i) => {
    if (!a.name.trim()) errors.push(fe(`attributes[${i}].name`, "must not be blank"));
    if (names.has(a.name)) errors.push(fe(`attributes[${i}].name`, "is named twice"));
    names.add(a.name);
    if (!(ATTRIBUTE_SOURCES as readonly string[]).includes(a.from))
      errors.push(fe(`attributes[${i}].from`, `must be one of ${ATTRIBUTE_SOURCES.join(", ")}`));
  });
  let certificate: string | null = body.certificate?.trim() || null;
  if (certificate) {
    try {
      certificate = new X509Certificate(certificate).toString().trim();
    } catch {
      errors.push(fe("certificate", "must be an X.509 certificate in PEM (-----BEGIN CERTIFICATE-----)"));
    }
  }
  const signAuthnRequests = body.signAuthnRequests ?? false;
  if (signAuthnRequests && !certificate)
    errors.push(fe("certificate", "is required when signAuthnRequests is true (the SP's signing certificate)"));
  if (errors.length) throw validation("The SAML service provider is not valid.", errors);
  return {
    entityId,
    acsUrls,
    nameIdFormat: body.nameIdFormat,
    attributes: attributes.map((a) => ({ name: a.name, from: a.from as AttributeSource })),
    signAuthnRequests,
    certificate,
    sloUrl,
  };
}

export interface SamlProviderServiceDeps {
  samlProviders: SamlProviderRepo;
  apps: Pick<AppRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  unit: Unit<{ samlProviders: SamlProviderRepo; events: EventJournal }>;
  clock: Clock;
  /** The service's issuer: the IdP's entity id of a tenant is `{issuer}/saml/{tenantId}`. */
  issuer: string;
}

/** The IdP's URLs for a tenant (CONTRACT §17): entity id `{issuer}/saml/{tenantId}` and its endpoints. */
export function idpUrls(issuer: string, tenantId: number) {
  const base = `${issuer.replace(/\/$/, "")}/saml/${tenantId}`;
  return {
    entityId: base,
    metadataUrl: `${base}/metadata`,
    ssoUrl: `${base}/sso`,
    sloUrl: `${base}/slo`,
    initUrl: `${base}/init`,
  };
}

export function createSamlProviderService(deps: SamlProviderServiceDeps) {
  /** The application as this caller may manage it: 404 across tenants, 403 outside reach. */
  async function reachableApp(p: Principal, applicationId: number): Promise<{ app: Application; org: Org }> {
    requirePermission(p, "ORG_MANAGE");
    const app = await deps.apps.get(tenantOf(p), applicationId);
    if (!app) throw notFound("Application");
    const org = await deps.orgs.get(app.tenantId, app.organizationId);
    requireReach(p, org);
    if (app.isSystem) throw forbidden("The system application (the service's own audience) has no SAML providers.");
    return { app, org: org! };
  }

  const taken = (entityId: string) =>
    `A SAML service provider with the entity id "${entityId}" is already registered in this tenant.`;
  /** The journal event of a change to `sp`, by the caller. */
  const spEvent = (p: Principal, type: string, app: Application, org: Org | null, sp: SamlProvider) =>
    callerEvent(p, type, app.tenantId, org, { applicationId: app.id, samlProviderId: sp.id, entityId: sp.entityId });

  /** The SP `spId` of the application; 404 when it belongs to another application or tenant. */
  async function providerOf(app: Application, spId: number): Promise<SamlProvider> {
    const sp = await deps.samlProviders.get(app.tenantId, spId);
    if (!sp || sp.applicationId !== app.id) throw notFound("SAML service provider");
    return sp;
  }

  /** Registers an SP for an application; 409 when its entity id is taken in the tenant. */
  async function create(p: Principal, applicationId: number, body: SamlProviderBody): Promise<SamlProvider> {
    const { app, org } = await reachableApp(p, applicationId);
    const input = checkProviderBody(body);
    return orConflict(
      deps.unit("saml_providers.create", ["samlProviders", "events"], async ({ samlProviders, events }) => {
        const sp = await samlProviders.create(
          { ...input, tenantId: app.tenantId, applicationId: app.id },
          deps.clock.now(),
        );
        await events.record(spEvent(p, "saml_provider.created", app, org, sp));
        return sp;
      }),
      taken(input.entityId),
    );
  }

  async function list(p: Principal, applicationId: number): Promise<SamlProvider[]> {
    const { app } = await reachableApp(p, applicationId);
    return deps.samlProviders.listByApplication(app.tenantId, app.id);
  }

  async function get(p: Principal, applicationId: number, spId: number): Promise<SamlProvider> {
    const { app } = await reachableApp(p, applicationId);
    return providerOf(app, spId);
  }

  /** Replaces an SP's registration (the body is whole, as on create); 409 on a taken entity id. */
  async function update(
    p: Principal,
    applicationId: number,
    spId: number,
    body: SamlProviderBody,
  ): Promise<SamlProvider> {
    const { app, org } = await reachableApp(p, applicationId);
    await providerOf(app, spId);
    const patch = checkProviderBody(body);
    return orConflict(
      deps.unit("saml_providers.update", ["samlProviders", "events"], async ({ samlProviders, events }) => {
        const sp = await samlProviders.update(app.tenantId, spId, patch, deps.clock.now());
        if (!sp) throw notFound("SAML service provider");
        await events.record(spEvent(p, "saml_provider.updated", app, org, sp));
        return sp;
      }),
      taken(patch.entityId),
    );
  }

  async function remove(p: Principal, applicationId: number, spId: number): Promise<void> {
    const { app, org } = await reachableApp(p, applicationId);
    const sp = await providerOf(app, spId);
    await deps.unit("saml_providers.delete", ["samlProviders", "events"], async ({ samlProviders, events }) => {
      if (!(await samlProviders.delete(app.tenantId, spId))) throw notFound("SAML service provider");
      await events.record(spEvent(p, "saml_provider.deleted", app, org, sp));
    });
  }

  return { create, list, get, update, remove, idp: (tenantId: number) => idpUrls(deps.issuer, tenantId) };
}

export type SamlProviderService = ReturnType<typeof createSamlProviderService>;
