/**
 * Custom token claims (SPEC 2.15, 4.12; CONTRACT §9): one mapping per organization that owns
 * applications, applied to user access tokens whose audience is one of them, after the standard
 * claims and never replacing one. Validation, the feature gate, preview from the caller's live
 * token, and a per-instance cache that follows the directory's version (kernel/directory-cache.ts).
 */
import { actorOf, requirePermission, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { DomainError, forbidden, notFound, validation, type FieldError } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import type { AppRepo } from "../apps/ports";
import type { DomainEvent, EventJournal } from "../events";
import type { OrgRepo, TenantRepo } from "../orgs/ports";
import type { ClaimsMappingRecord, ClaimsRepo } from "./ports";

export type Mapping = ClaimsMappingRecord["mapping"];
export type MappingEntry = Mapping["add"][number];

/** SPEC 2.15 sources. `roles` and `memberships` need data beyond the standard claims. */
export const SOURCES = [
  "permissions",
  "roles",
  "memberships",
  "org_id",
  "org_name",
  "org_path",
  "scope_self",
  "scope_subtree",
  "tenant_id",
  "uid",
  "sub",
  "device_id",
] as const;
export type Source = (typeof SOURCES)[number];

/** Claim names a mapping may never use as its first key segment: the standard claims and the registered JWT/OIDC ones. */
export const RESERVED_CLAIMS = new Set([
  "iss",
  "sub",
  "aud",
  "exp",
  "nbf",
  "iat",
  "jti",
  "typ",
  "cty",
  "azp",
  "auth_time",
  "acr",
  "amr",
  "cnf",
  "act",
  "nonce",
  "at_hash",
  "sid",
  "token_use",
  "uid",
  "org_id",
  "org_name",
  "org_path",
  "tenant_id",
  "scope_self",
  "scope_subtree",
  "permissions",
  "device_id",
  "scope",
  "client_id",
  "app_id",
]);
export const MAX_ENTRIES = 50;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
/** Names that would reach an object's prototype while the claims are built (docs/security.md). */
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_VALUE_BYTES = 4096;

/** Values of the sources for one token; `roles` and `memberships` are absent unless loaded. */
export type SourceValues = Partial<Record<Source, unknown>>;

/** Validates a mapping (400 with one entry per problem) and answers it normalized. */
export function validateMapping(mapping: unknown): Mapping {
  const errors: FieldError[] = [];
  const add = (mapping as { add?: unknown } | null)?.add;
  if (!mapping || typeof mapping !== "object" || !Array.isArray(add))
    throw validation("The mapping must be an object { add: [...] }.", [
      { field: "mapping.add", message: "must be an array" },
    ]);
  if (add.length > MAX_ENTRIES) errors.push({ field: "mapping.add", message: `at most ${MAX_ENTRIES} entries` });
  const keys = new Set<string>();
  const out: MappingEntry[] = [];
  add.forEach((raw, i) => {
    const at = `mapping.add.${i}`;
    const e = raw as Record<string, unknown>;
    if (!e || typeof e !== "object" || Array.isArray(e))
      return errors.push({ field: at, message: "must be an object { key, from | value }" });
    const key = e.key;
    if (typeof key !== "string" || !key) return errors.push({ field: `${at}.key`, message: "is required" });
    const segments = key.split(".");
    if (segments.length > 5 || !segments.every((s) => SEGMENT.test(s)))
      errors.push({
        field: `${at}.key`,
        message: "must be 1 to 5 dot-separated names of letters, digits, _ and - (starting with a letter or _)",
      });
    else if (segments.some((s) => FORBIDDEN_SEGMENTS.has(s)))
      errors.push({ field: `${at}.key`, message: "must not use __proto__, constructor or prototype as a name" });
    else if (RESERVED_CLAIMS.has(segments[0]))
      errors.push({
        field: `${at}.key`,
        message: `"${segments[0]}" is a standard claim; a mapping can never set or replace it`,
      });
    for (const other of keys)
      if (other === key || other.startsWith(`${key}.`) || key.startsWith(`${other}.`))
        errors.push({ field: `${at}.key`, message: `"${key}" duplicates or overlaps "${other}"` });
    keys.add(key);
    const hasFrom = e.from !== undefined;
    const hasValue = Object.prototype.hasOwnProperty.call(e, "value");
    if (hasFrom === hasValue) return errors.push({ field: at, message: "must have exactly one of `from` and `value`" });
    if (hasFrom) {
      const sources = Array.isArray(e.from) ? e.from : [e.from];
      if (!sources.length) errors.push({ field: `${at}.from`, message: "must name at least one source" });
      for (const s of sources)
        if (typeof s !== "string" || !(SOURCES as readonly string[]).includes(s))
          errors.push({
            field: `${at}.from`,
            message: `unknown source ${JSON.stringify(s)?.slice(0, 60)} (known: ${SOURCES.join(", ")})`,
          });
      out.push({ key, from: e.from as string | string[] });
    } else {
      if (JSON.stringify(e.value ?? null).length > MAX_VALUE_BYTES)
        errors.push({ field: `${at}.value`, message: `must be at most ${MAX_VALUE_BYTES} bytes of JSON` });
      out.push({ key, value: e.value });
    }
  });
  if (errors.length)
    throw validation(`The mapping is refused: ${errors.map((x) => `${x.field} ${x.message}`).join("; ")}.`, errors);
  return { add: out };
}

/** The sources a mapping reads. */
export const sourcesOf = (m: Mapping): Set<Source> =>
  new Set(m.add.flatMap((e) => (e.from === undefined ? [] : Array.isArray(e.from) ? e.from : [e.from])) as Source[]);

/**
 * What a mapping adds, given the source values. A single source is copied as it is; a list of
 * sources is gathered into one flat array. A key fed only by absent sources is left out.
 */
export function applyMapping(m: Mapping, values: SourceValues): Record<string, unknown> {
  // Built from prototype-less objects: no key can reach a prototype, whatever was saved.
  const out: Record<string, unknown> = Object.create(null);
  for (const e of m.add) {
    let v: unknown;
    if (e.from === undefined) v = e.value;
    else if (Array.isArray(e.from)) {
      const present = e.from.filter((s) => values[s as Source] !== undefined);
      if (!present.length) continue;
      v = present.flatMap((s) => {
        const x = values[s as Source];
        return Array.isArray(x) ? x : [x];
      });
    } else {
      if (values[e.from as Source] === undefined) continue;
      v = values[e.from as Source];
    }
    const path = e.key.split(".");
    let node = out;
    for (const seg of path.slice(0, -1)) node = (node[seg] ??= Object.create(null)) as Record<string, unknown>;
    node[path[path.length - 1]] = v;
  }
  // Prototype-less all the way down; JSON serialization (the signer, the preview) is unaffected.
  return out;
}

export interface ClaimsServiceDeps {
  claims: ClaimsRepo;
  apps: Pick<AppRepo, "listByOrg">;
  orgs: Pick<OrgRepo, "get">;
  tenants: Pick<TenantRepo, "get">;
  unit: Unit<{ claims: ClaimsRepo; events: EventJournal }>;
}

export function createClaimsService(deps: ClaimsServiceDeps) {
  /** The caller's active org, which must own the product (at least one application). */
  async function owningOrg(p: Principal) {
    requirePermission(p, "ORG_MANAGE");
    const org = await deps.orgs.get(p.tenantId, p.orgId);
    if (!org) throw notFound("Organization");
    return org;
  }

  /** The mapping of the caller's active org (`{ mapping: { add: [] }, enabled: false }` when none). */
  async function get(p: Principal): Promise<{ mapping: Mapping; enabled: boolean }> {
    const org = await owningOrg(p);
    const r = await deps.claims.get(org.tenantId, org.id);
    return r ? { mapping: r.mapping, enabled: r.enabled } : { mapping: { add: [] }, enabled: false };
  }

  /**
   * Saves the mapping of the caller's active org. Only an org that owns applications may set one
   * (403); enabling needs the tenant's customClaims feature (403 FEATURE_NOT_ENABLED).
   */
  async function put(
    p: Principal,
    input: { mapping: unknown; enabled: boolean },
  ): Promise<{ mapping: Mapping; enabled: boolean }> {
    const org = await owningOrg(p);
    const mapping = validateMapping(input.mapping);
    const owned = (await deps.apps.listByOrg(org.tenantId, org.id)).filter((a) => !a.isSystem);
    if (!owned.length)
      throw forbidden(
        "Only the organization that owns the product (its applications) can set its token claims. Switch to that organization first.",
      );
    if (input.enabled && !(await deps.tenants.get(org.tenantId))?.customClaims)
      throw new DomainError(
        "FEATURE_NOT_ENABLED",
        "Custom token claims are not part of this tenant's plan. Ask the platform operator to enable the customClaims feature.",
      );
    const saved = await deps.unit("claims.update", ["claims", "events"], async ({ claims, events }) => {
      const r = await claims.put({ organizationId: org.id, tenantId: org.tenantId, mapping, enabled: input.enabled });
      const e: DomainEvent = {
        type: "claims.updated",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { enabled: input.enabled, keys: mapping.add.map((x) => x.key) },
      };
      await events.record(e);
      return r;
    });
    return { mapping: saved.mapping, enabled: saved.enabled };
  }

  /** What `mapping` would add to the caller's own token, from its live claims only (no roles, no memberships). */
  async function preview(p: Principal, mapping: unknown): Promise<{ claims: Record<string, unknown> }> {
    const m = validateMapping(mapping);
    return {
      claims: applyMapping(m, {
        permissions: [...p.permissions],
        org_id: p.orgId,
        org_name: p.orgName,
        org_path: p.orgPath,
        scope_self: p.scopeSelf,
        scope_subtree: p.scopeSubtree,
        tenant_id: p.tenantId,
        uid: p.userId,
        sub: p.email,
        device_id: p.deviceId,
      }),
    };
  }

  return { get, put, preview };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;

/**
 * The minting side: the enabled mapping of an application's owning org, cached per instance with
 * every other kind of directory data (kernel/directory-cache.ts): a change saved through the API
 * (the mapping, or the tenant's customClaims feature) reaches the very next token on every
 * instance. A tenant whose customClaims feature is off gets nothing, whatever is saved.
 */
export function createClaimsMinter(deps: {
  claims: Pick<ClaimsRepo, "get">;
  tenants: Pick<TenantRepo, "get">;
  /** The directory's shared version; null reads the mapping for every token. */
  version: Pick<DirectoryVersion, "read"> | null;
  /** Bound on an entry's age (ms; SSO_CACHE_SECONDS): only matters when a version advance was lost. */
  maxAgeMs: number;
  clock: Clock;
}) {
  const cache = createDirectoryCache<{ mapping: Mapping; sources: Set<Source> } | null>(deps.version, {
    maxAgeMs: deps.maxAgeMs,
    now: () => deps.clock.now().getTime(),
  });
  async function load(tenantId: number, orgId: number) {
    const [rec, tenant] = await Promise.all([deps.claims.get(tenantId, orgId), deps.tenants.get(tenantId)]);
    const mapping = rec?.enabled && tenant?.customClaims && rec.mapping.add.length ? rec.mapping : null;
    return mapping ? { mapping, sources: sourcesOf(mapping) } : null;
  }
  return {
    /** The enabled mapping for an audience application owned by `orgId`, with the sources it reads; null when none. */
    forOwner(tenantId: number, orgId: number): Promise<{ mapping: Mapping; sources: Set<Source> } | null> {
      return cache.get(`${tenantId}:${orgId}`, () => load(tenantId, orgId));
    },
  };
}

export type ClaimsMinter = ReturnType<typeof createClaimsMinter>;
