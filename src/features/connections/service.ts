/**
 * Identity-provider connections of organizations (CONTRACT §16): create, read, replace, delete.
 * Each listed domain must be verified for the connection's org or an ancestor; the JIT role must be
 * one the caller could assign in that org (no escalation through a connection); the OIDC client
 * secret is sealed before it is stored, kept when a PUT leaves it out, and never answered. The
 * answer tells the administrator what to register at the upstream (`upstreamValues`).
 */
import { actorOf, requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import type { CryptoBox } from "../../kernel/crypto-box";
import { DomainError, fieldError, notFound, validation, type FieldError } from "../../kernel/errors";
import { refuseTargetUrl } from "../../kernel/net-policy";
import { pathIds } from "../../kernel/tenancy";
import type { Unit } from "../../kernel/unit";
import { normalizeDomain, type DomainRepo } from "../domains";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs/ports";
import type { Role } from "../roles";
import type {
  Connection,
  ConnectionKind,
  ConnectionRepo,
  ConnectionSettings,
  OidcUpstream,
  SamlUpstreamSettings,
} from "./ports";
import { normalizeCertificate, parseIdpMetadata, SamlInputError } from "./saml-metadata";

/** A connection as a caller writes it (POST, PUT). */
export interface ConnectionInput {
  kind: ConnectionKind;
  name: string;
  enabled?: boolean;
  domains?: string[];
  jit?: { enabled: boolean; roleId?: number | null };
  oidc?: { issuer: string; clientId: string; clientSecret?: string; scopes?: string[] };
  saml?: { metadataXml?: string; entityId?: string; ssoUrl?: string; certificates?: string[] };
  ssoRequired?: boolean;
}

export interface ConnectionServiceDeps {
  connections: ConnectionRepo;
  domains: Pick<DomainRepo, "listVerified">;
  orgs: OrgRepo;
  unit: Unit<{ connections: ConnectionRepo; events: EventJournal }>;
  box: CryptoBox;
  clock: Clock;
  /** The issuer: the values to register upstream are URLs below it. */
  issuer: string;
  /** SSO_WEBHOOK_ALLOW_PRIVATE: plain http and private hosts for upstream URLs (development and tests). */
  allowPrivate: boolean;
  reachableRole(p: Principal, roleId: number): Promise<{ role: Role; org: Org }>;
  checkAssignment(p: Principal, role: Role, roleOrg: Org, target: Org, verb: "assign" | "revoke"): Promise<void>;
}

/** Scopes asked of an OIDC upstream when none are given; `openid` is always among them. */
export const DEFAULT_OIDC_SCOPES = ["openid", "email", "profile"];
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/; // RFC 6749 §3.3 scope-token

/**
 * What the upstream must be told, per connection (docs/enterprise-sign-in.md): OIDC the redirect
 * URI; SAML the SP entity id, the assertion consumer service URL and the SP metadata URL. One set
 * per connection, so an answer can only come back to the connection it was asked for.
 */
export function upstreamValues(issuer: string, c: Pick<Connection, "id" | "kind">) {
  return c.kind === "oidc"
    ? { redirectUri: `${issuer}/federation/oidc/${c.id}/callback` }
    : {
        spEntityId: `${issuer}/federation/saml/${c.id}`,
        acsUrl: `${issuer}/federation/saml/${c.id}/acs`,
        spMetadataUrl: `${issuer}/federation/saml/${c.id}/metadata`,
      };
}

export function createConnectionService(deps: ConnectionServiceDeps) {
  async function reachableOrg(p: Principal, orgId: number): Promise<Org> {
    requirePermission(p, "ORG_MANAGE");
    const org = await deps.orgs.get(tenantOf(p), orgId);
    requireReach(p, org);
    return org;
  }

  /** The connection `id` of the org in reach; 404 when the org has no such connection. */
  async function reachableConnection(p: Principal, orgId: number, id: number): Promise<{ org: Org; conn: Connection }> {
    const org = await reachableOrg(p, orgId);
    const conn = await deps.connections.get(org.tenantId, id);
    if (!conn || conn.organizationId !== org.id) throw notFound("Identity provider");
    return { org, conn };
  }

  function checkUrl(field: string, raw: string): string {
    const url = raw.trim();
    const why = refuseTargetUrl(url, deps.allowPrivate);
    if (why) throw fieldError(field, why);
    const u = new URL(url);
    if (u.hash) throw fieldError(field, "must not carry a fragment");
    return url;
  }

  /** Each domain normalized, deduplicated, and verified for `org` or one of its ancestors. */
  async function checkDomains(org: Org, raw: string[]): Promise<string[]> {
    const errors: FieldError[] = [];
    const names: string[] = [];
    raw.forEach((r, i) => {
      const d = normalizeDomain(r);
      if (!d) errors.push({ field: `domains[${i}]`, message: "must be a domain name such as example.com" });
      else if (!names.includes(d)) names.push(d);
    });
    if (errors.length) throw validation("Some domains are not domain names.", errors);
    if (!names.length) return names;
    const verified = new Set(
      (await deps.domains.listVerified(org.tenantId, pathIds(org.path).slice(1))).map((d) => d.domain),
    );
    raw.forEach((r, i) => {
      const d = normalizeDomain(r)!;
      if (!verified.has(d))
        errors.push({
          field: `domains[${i}]`,
          message: `${d} is not a verified domain of this organization or of one above it (add and verify it first)`,
        });
    });
    if (errors.length) throw validation("Each domain must be verified for the organization or one above it.", errors);
    return names;
  }

  /** The JIT role: one the caller could assign at `org` (its org is `org` or above; no escalation). */
  async function checkJit(p: Principal, org: Org, jit: ConnectionInput["jit"]): Promise<Connection["jit"]> {
    const enabled = jit?.enabled === true;
    const roleId = jit?.roleId ?? null;
    if (roleId === null) return { enabled, roleId };
    let found: { role: Role; org: Org };
    try {
      found = await deps.reachableRole(p, roleId);
    } catch (e) {
      if (e instanceof DomainError && e.code === "NOT_FOUND")
        throw fieldError("jit.roleId", "names no role of this tenant");
      throw e;
    }
    if (found.role.tenantId !== org.tenantId || !org.path.startsWith(found.org.path))
      throw fieldError("jit.roleId", "must be a role of this organization or of one above it");
    await deps.checkAssignment(p, found.role, found.org, org, "assign");
    return { enabled, roleId };
  }

  async function checkOidc(input: ConnectionInput["oidc"], stored: OidcUpstream | null): Promise<OidcUpstream> {
    if (!input) throw fieldError("oidc", "is required for kind oidc: { issuer, clientId, clientSecret, scopes? }");
    const issuer = checkUrl("oidc.issuer", input.issuer);
    if (new URL(issuer).search) throw fieldError("oidc.issuer", "must not carry a query");
    const clientId = input.clientId.trim();
    if (!clientId) throw fieldError("oidc.clientId", "must not be empty");
    const scopes = [...new Set(["openid", ...(input.scopes ?? DEFAULT_OIDC_SCOPES).map((s) => s.trim())])];
    const bad = scopes.findIndex((s) => !SCOPE_TOKEN.test(s));
    if (bad >= 0)
      throw fieldError("oidc.scopes", "each scope must be a scope token (RFC 6749 §3.3): no spaces or quotes");
    let clientSecretEnc: string;
    if (input.clientSecret !== undefined) {
      if (!input.clientSecret) throw fieldError("oidc.clientSecret", "must not be empty");
      clientSecretEnc = await deps.box.seal(input.clientSecret);
    } else if (stored) clientSecretEnc = stored.clientSecretEnc;
    else throw fieldError("oidc.clientSecret", "is required (the client secret the upstream issued for this service)");
    return { issuer, clientId, clientSecretEnc, scopes };
  }

  function checkSaml(input: ConnectionInput["saml"]): SamlUpstreamSettings {
    if (!input)
      throw fieldError("saml", "is required for kind saml: { metadataXml } or { entityId, ssoUrl, certificates }");
    if (input.metadataXml !== undefined) {
      if (input.entityId !== undefined || input.ssoUrl !== undefined || input.certificates !== undefined)
        throw fieldError("saml", "give either metadataXml or entityId, ssoUrl and certificates, not both");
      let read;
      try {
        read = parseIdpMetadata(input.metadataXml);
      } catch (e) {
        if (e instanceof SamlInputError) throw fieldError("saml.metadataXml", e.message);
        throw e;
      }
      return { ...read, ssoUrl: checkUrl("saml.metadataXml", read.ssoUrl), metadataXml: input.metadataXml };
    }
    const missing = (["entityId", "ssoUrl", "certificates"] as const).filter((k) => input[k] === undefined);
    if (missing.length)
      throw validation(
        "Give metadataXml, or entityId, ssoUrl and certificates.",
        missing.map((k) => ({ field: `saml.${k}`, message: "is required without metadataXml" })),
      );
    const entityId = input.entityId!.trim();
    if (!entityId) throw fieldError("saml.entityId", "must not be empty");
    const ssoUrl = checkUrl("saml.ssoUrl", input.ssoUrl!);
    if (!input.certificates!.length)
      throw fieldError("saml.certificates", "must hold at least one signing certificate");
    const certificates = input.certificates!.map((c, i) => {
      try {
        return normalizeCertificate(c);
      } catch (e) {
        if (e instanceof SamlInputError) throw fieldError(`saml.certificates[${i}]`, e.message);
        throw e;
      }
    });
    return { entityId, ssoUrl, certificates: [...new Set(certificates)], metadataXml: null };
  }

  /** The settings `input` stands for at `org` (validated; the secret sealed, or kept from `stored`). */
  async function settingsOf(
    p: Principal,
    org: Org,
    input: ConnectionInput,
    stored: Connection | null,
  ): Promise<ConnectionSettings> {
    const name = input.name.trim();
    if (!name) throw fieldError("name", "must not be empty");
    if (input.kind === "oidc" && input.saml !== undefined) throw fieldError("saml", "only with kind saml");
    if (input.kind === "saml" && input.oidc !== undefined) throw fieldError("oidc", "only with kind oidc");
    return {
      kind: input.kind,
      name,
      enabled: input.enabled ?? true,
      domains: await checkDomains(org, input.domains ?? []),
      jit: await checkJit(p, org, input.jit),
      oidc: input.kind === "oidc" ? await checkOidc(input.oidc, stored?.oidc ?? null) : null,
      saml: input.kind === "saml" ? checkSaml(input.saml) : null,
      ssoRequired: input.ssoRequired ?? false,
    };
  }

  /** What the journal records of a connection: never the secret, nor the metadata document. */
  const summary = (c: ConnectionSettings & { id: number }) => ({
    identityProviderId: c.id,
    kind: c.kind,
    name: c.name,
    enabled: c.enabled,
    domains: c.domains,
    jit: c.jit,
    ssoRequired: c.ssoRequired,
    ...(c.oidc ? { issuer: c.oidc.issuer, clientId: c.oidc.clientId, scopes: c.oidc.scopes } : {}),
    ...(c.saml ? { entityId: c.saml.entityId, ssoUrl: c.saml.ssoUrl } : {}),
  });

  /** The connections of an org in reach (ORG_MANAGE). */
  async function list(p: Principal, orgId: number): Promise<Connection[]> {
    const org = await reachableOrg(p, orgId);
    return deps.connections.listByOrg(org.tenantId, org.id);
  }

  async function get(p: Principal, orgId: number, id: number): Promise<Connection> {
    return (await reachableConnection(p, orgId, id)).conn;
  }

  /** Creates a connection at an org in reach. */
  async function create(p: Principal, orgId: number, input: ConnectionInput): Promise<Connection> {
    const org = await reachableOrg(p, orgId);
    const settings = await settingsOf(p, org, input, null);
    return deps.unit("identity_providers.create", ["connections", "events"], async ({ connections, events }) => {
      const c = await connections.create(
        { ...settings, tenantId: org.tenantId, organizationId: org.id },
        deps.clock.now(),
      );
      await events.record({
        type: "identity_provider.created",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: summary(c),
      });
      return c;
    });
  }

  /** Replaces a connection's settings; a PUT without `oidc.clientSecret` keeps the stored secret. */
  async function replace(p: Principal, orgId: number, id: number, input: ConnectionInput): Promise<Connection> {
    const { org, conn } = await reachableConnection(p, orgId, id);
    const settings = await settingsOf(p, org, input, conn);
    return deps.unit("identity_providers.update", ["connections", "events"], async ({ connections, events }) => {
      const next = await connections.replace(conn.tenantId, conn.id, settings, deps.clock.now());
      if (!next) throw notFound("Identity provider");
      await events.record({
        type: "identity_provider.updated",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { ...summary(next), secretChanged: input.oidc?.clientSecret !== undefined },
      });
      return next;
    });
  }

  async function remove(p: Principal, orgId: number, id: number): Promise<void> {
    const { org, conn } = await reachableConnection(p, orgId, id);
    await deps.unit("identity_providers.delete", ["connections", "events"], async ({ connections, events }) => {
      if (!(await connections.remove(conn.tenantId, conn.id))) throw notFound("Identity provider");
      await events.record({
        type: "identity_provider.deleted",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { identityProviderId: conn.id, kind: conn.kind, name: conn.name },
      });
    });
  }

  return {
    list,
    get,
    create,
    replace,
    remove,
    /** What to register upstream for `c` (see `upstreamValues`). */
    upstream: (c: Pick<Connection, "id" | "kind">) => upstreamValues(deps.issuer, c),
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
