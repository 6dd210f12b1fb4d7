/**
 * Verified domains of organizations (CONTRACT §16): add, list, verify by DNS TXT (or, for a
 * platform administrator, by force), remove. One tenant per domain: a domain another tenant
 * verified cannot be added or verified (409); public mail domains are refused.
 */
import { actorOf, requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { ConflictError, conflict, fieldError, forbidden, notFound } from "../../kernel/errors";
import { randomToken } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs/ports";
import { normalizeDomain } from "./names";
import type { DomainRepo, OrgDomain } from "./ports";
import { isPublicMailDomain } from "./public-mail";

/** Looks up TXT records (the outbound DNS adapter; SSO_DNS_SERVERS or the system's resolvers). */
export interface TxtResolver {
  /**
   * The TXT records of `name`, each as its character-strings; [] when the name has none or does not
   * exist. Throws only when no answer could be had (timeout, server failure).
   */
  resolveTxt(name: string): Promise<string[][]>;
}

/** The label under which the TXT proof is published: `_sso-challenge.<domain>`. */
export const TXT_LABEL = "_sso-challenge";
/** The TXT value's prefix: `sso-domain-verification=<token>`. */
export const TXT_PREFIX = "sso-domain-verification=";

export const txtNameOf = (domain: string) => `${TXT_LABEL}.${domain}`;
export const txtValueOf = (d: Pick<OrgDomain, "txtToken">) => `${TXT_PREFIX}${d.txtToken}`;

export interface DomainServiceDeps {
  domains: DomainRepo;
  orgs: OrgRepo;
  unit: Unit<{ domains: DomainRepo; events: EventJournal }>;
  resolver: TxtResolver;
  clock: Clock;
  /** Ids of the tenant's connections that list `domain` (a domain in use is not removed). */
  connectionsUsing(tenantId: number, domain: string): Promise<number[]>;
}

export type DomainCheck = OrgDomain & { reason?: string };

export function createDomainService(deps: DomainServiceDeps) {
  async function reachableOrg(p: Principal, orgId: number): Promise<Org> {
    requirePermission(p, "ORG_MANAGE");
    const org = await deps.orgs.get(tenantOf(p), orgId);
    requireReach(p, org);
    return org;
  }

  function accept(raw: string): string {
    const domain = normalizeDomain(raw);
    if (!domain) throw fieldError("domain", "must be a domain name such as example.com");
    if (isPublicMailDomain(domain))
      throw fieldError("domain", "is a public mail domain: anyone can have an address there, so it cannot be verified");
    return domain;
  }

  const takenElsewhere = () =>
    conflict("Another tenant has verified this domain. A domain belongs to one tenant at most.");

  /** The org's record of `raw`; 404 when the org (or its tenant) has none. */
  async function recordAt(org: Org, raw: string): Promise<OrgDomain> {
    const domain = normalizeDomain(raw);
    const d = domain ? await deps.domains.get(org.tenantId, domain) : null;
    if (!d || d.organizationId !== org.id) throw notFound("Domain");
    return d;
  }

  /** The domains recorded at an org in reach (ORG_MANAGE). */
  async function list(p: Principal, orgId: number): Promise<OrgDomain[]> {
    const org = await reachableOrg(p, orgId);
    return deps.domains.listByOrg(org.tenantId, org.id);
  }

  /** One domain of an org in reach. */
  async function get(p: Principal, orgId: number, raw: string): Promise<OrgDomain> {
    return recordAt(await reachableOrg(p, orgId), raw);
  }

  /**
   * Adds a domain to an org in reach, unverified, with a fresh TXT proof value. 409 when the tenant
   * has it already (at any org) or another tenant verified it; 400 for a public mail domain.
   */
  async function add(p: Principal, orgId: number, raw: string): Promise<OrgDomain> {
    const org = await reachableOrg(p, orgId);
    const domain = accept(raw);
    const owner = await deps.domains.verifiedBy(domain);
    if (owner !== null && owner !== org.tenantId) throw takenElsewhere();
    try {
      return await deps.unit("domains.add", ["domains", "events"], async ({ domains, events }) => {
        const d = await domains.add({
          tenantId: org.tenantId,
          organizationId: org.id,
          domain,
          txtToken: randomToken(24),
          createdAt: deps.clock.now(),
        });
        await events.record({
          type: "domain.added",
          tenantId: org.tenantId,
          org,
          actor: actorOf(p),
          data: { domain },
        });
        return d;
      });
    } catch (e) {
      if (e instanceof ConflictError)
        throw conflict("This tenant has this domain already (at this or another organization).");
      throw e;
    }
  }

  /**
   * Checks the TXT proof (or, with `force`, which only a platform administrator may use, skips it)
   * and marks the domain verified. Answers the record with `verified` false, and a reason, when
   * the proof is not (yet) published. 409 when another tenant verified the domain meanwhile.
   */
  async function verify(p: Principal, orgId: number, raw: string, force = false): Promise<DomainCheck> {
    const org = await reachableOrg(p, orgId);
    if (force && !p.platformAdmin)
      throw forbidden("Only a platform administrator may mark a domain verified without its DNS proof.");
    const d = await recordAt(org, raw);
    if (d.verified) return d;
    const owner = await deps.domains.verifiedBy(d.domain);
    if (owner !== null && owner !== org.tenantId) throw takenElsewhere();
    if (!force) {
      const reason = await proofMissing(d);
      if (reason) return { ...d, reason };
    }
    try {
      return await deps.unit("domains.verify", ["domains", "events"], async ({ domains, events }) => {
        const next = await domains.markVerified(d.tenantId, d.domain, deps.clock.now());
        if (!next) throw notFound("Domain");
        await events.record({
          type: "domain.verified",
          tenantId: org.tenantId,
          org,
          actor: actorOf(p),
          data: { domain: d.domain, method: force ? "platform_admin" : "dns_txt" },
        });
        return next;
      });
    } catch (e) {
      if (e instanceof ConflictError) throw takenElsewhere();
      throw e;
    }
  }

  /** Why the TXT proof of `d` is not there, or null when it is. */
  async function proofMissing(d: OrgDomain): Promise<string | null> {
    const name = txtNameOf(d.domain);
    let records: string[][];
    try {
      records = await deps.resolver.resolveTxt(name);
    } catch {
      return `The DNS lookup of ${name} failed; try again shortly.`;
    }
    const want = txtValueOf(d);
    // A long value may arrive split into several character-strings of one record (RFC 7208 §3.3),
    // which some resolvers hand over as records of their own: their concatenation counts too.
    const found =
      records.some((r) => r.join("") === want || r.includes(want)) || records.flat().join("").includes(want);
    return found ? null : `No TXT record ${name} with the value ${want} was found (DNS changes can take a while).`;
  }

  /** Removes a domain from an org in reach; 409 while a connection lists it. */
  async function remove(p: Principal, orgId: number, raw: string): Promise<void> {
    const org = await reachableOrg(p, orgId);
    const d = await recordAt(org, raw);
    const using = await deps.connectionsUsing(org.tenantId, d.domain);
    if (using.length)
      throw conflict(
        `Identity provider connection${using.length > 1 ? "s" : ""} ${using.join(", ")} list${using.length > 1 ? "" : "s"} this domain; remove it there first.`,
      );
    await deps.unit("domains.remove", ["domains", "events"], async ({ domains, events }) => {
      if (!(await domains.remove(d.tenantId, d.domain))) throw notFound("Domain");
      await events.record({
        type: "domain.removed",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { domain: d.domain, wasVerified: d.verified },
      });
    });
  }

  return { list, get, add, verify, remove };
}

export type DomainService = ReturnType<typeof createDomainService>;
