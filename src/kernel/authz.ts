/**
 * The caller of a management route and the two checks every such route makes:
 * the endpoint's system permission, and the target org inside the token's reach (CONTRACT §2).
 */
import { DomainError, forbidden, notFound } from "./errors";
import { reaches, type Reach } from "./tenancy";

export const SYSTEM_CODES = [
  "USER_MANAGE",
  "ORG_MANAGE",
  "ROLE_MANAGE",
  "CLIENT_MANAGE",
  "AUDIT_VIEW",
  "PLATFORM_ADMIN",
] as const;
export type SystemCode = (typeof SYSTEM_CODES)[number];

export interface Principal extends Reach {
  userId: number;
  email: string;
  orgId: number;
  orgPath: string;
  /** The active org's name as the token carries it. */
  orgName?: string;
  permissions: Set<string>;
  audience: string;
  /** True when the token's audience is this service (a management token). */
  management: boolean;
  sessionId?: string;
  deviceId?: string;
  ip: string | null;
}

/** The tenant filter repositories get for this caller: PLATFORM_ADMIN sees every tenant. */
export const tenantOf = (p: Principal): number | "any" => (p.platformAdmin ? "any" : p.tenantId);

export function requirePermission(p: Principal, code: SystemCode): void {
  if (!p.management)
    throw forbidden(
      "This endpoint needs a management token: sign in without an audience (or with the issuer as audience).",
    );
  if (!p.permissions.has(code) && !p.permissions.has("PLATFORM_ADMIN"))
    throw forbidden(`This action needs the ${code} permission.`);
}

/**
 * The org must exist for this caller (another tenant's id is 404, never revealed) and lie inside
 * the token's reach (403 otherwise).
 */
export function requireReach<T extends { path: string } | null>(
  p: Principal,
  org: T,
  what = "Organization",
): asserts org is NonNullable<T> {
  if (!org) throw notFound(what);
  if (!reaches(p, org.path))
    throw new DomainError("FORBIDDEN", "That organization is outside your token's reach (scope_self / scope_subtree).");
}

/** The reach filter repositories take for list/search queries: PLATFORM_ADMIN sees everything. */
export function reachFilterOf(p: Principal): { selfPaths: string[]; subtreePaths: string[]; all: boolean } {
  return { selfPaths: p.scopeSelf, subtreePaths: p.scopeSubtree, all: p.platformAdmin };
}

/** True when the token's reach covers everything below `orgPath` (a SUBTREE entry prefixes it). */
export function reachesSubtree(p: Principal, orgPath: string): boolean {
  return p.platformAdmin || p.scopeSubtree.some((s) => orgPath.startsWith(s));
}

/**
 * No escalation (CONTRACT §2): the caller must hold every system code in `codes` itself, and
 * PLATFORM_ADMIN only counts when it is effective (platform tenant, management token).
 */
export function requireHolds(p: Principal, codes: Iterable<string>, verb = "grant"): void {
  const missing: string[] = [];
  for (const c of codes) {
    if (!(SYSTEM_CODES as readonly string[]).includes(c)) continue;
    const held = c === "PLATFORM_ADMIN" ? p.platformAdmin : p.permissions.has(c) || p.platformAdmin;
    if (!held) missing.push(c);
  }
  if (missing.length)
    throw forbidden(
      `You cannot ${verb} system permissions you do not hold yourself: ${[...new Set(missing)].join(", ")}.`,
    );
}

/** The actor of an event, as the journal records it. */
export const actorOf = (p: Pick<Principal, "userId" | "ip">) => ({ userId: p.userId, ip: p.ip });

/**
 * A provisioning client acting on an organization's subtree (a SCIM token, CONTRACT §18): not a
 * person, so no system permission and no reach beyond `org`'s subtree; it never acts on a user who
 * holds a system code, nor on a role that carries one.
 */
export interface Provisioner {
  tenantId: number;
  /** The organization whose subtree it acts in (its own path included). */
  org: { id: number; tenantId: number; path: string };
  /** What it is, for the journal (`metadata.actorType`), and its id (`metadata.actorId`). */
  actorType: "scim_token";
  actorId: number;
  ip: string | null;
}

/** The journal's actor and metadata of a provisioning client's change (CONTRACT §18). */
export const provisionerEvent = (a: Provisioner, data: Record<string, unknown> = {}) => ({
  actor: { userId: null, ip: a.ip },
  data: { ...data, actorType: a.actorType, actorId: a.actorId },
});

/** True when the org path lies in the provisioner's subtree. */
export const provisions = (a: Provisioner, orgPath: string) => orgPath.startsWith(a.org.path);
