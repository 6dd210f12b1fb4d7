/**
 * Organizations: the tree inside a tenant (CONTRACT §2). Create under the caller's active org or a
 * named parent, rename, suspend/activate (suspension blocks new tokens for the org and everything
 * below it; the auth side checks `orgs.isBlocked`), and the reach-limited listings.
 */
import { forbidden, notFound, validation, type FieldError, orConflict } from "../../kernel/errors";
import {
  reachFilterOf,
  reachesSubtree,
  requirePermission,
  requireReach,
  tenantOf,
  type Principal,
} from "../../kernel/authz";
import { callerEvent } from "../../kernel/event-shapes";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Org, OrgRepo, OrgStatus } from "./ports";

/** CONTRACT §2 slug rule: lower-case letters, digits and inner hyphens, 1..63 characters. */
export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const DEFAULT_ORG_TYPE = "organization";

export interface OrgServiceDeps {
  orgs: OrgRepo;
  unit: Unit<{ orgs: OrgRepo; events: EventJournal }>;
}

export interface Page<T> {
  items: T[];
  /** Id of the last item when more follow, else null. */
  nextAfter: number | null;
}

/** Builds a page from `size + 1` fetched rows. */
export function pageOf<T extends { id: number }>(rows: T[], size: number): Page<T> {
  const more = rows.length > size;
  const items = more ? rows.slice(0, size) : rows;
  return { items, nextAfter: more ? items[items.length - 1].id : null };
}

function checkOrgFields(input: { name?: string; slug?: string; type?: string }) {
  const errors: FieldError[] = [];
  if (input.name !== undefined && !input.name.trim()) errors.push({ field: "name", message: "must not be blank" });
  if (input.slug !== undefined && !SLUG_RE.test(input.slug))
    errors.push({
      field: "slug",
      message: "must match ^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$ (lower-case letters, digits, inner hyphens)",
    });
  if (input.type !== undefined && (!input.type.trim() || input.type.length > 64))
    errors.push({ field: "type", message: "must be 1 to 64 characters" });
  if (errors.length)
    throw validation(`Invalid organization: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}.`, errors);
}

/** The org as `p` may act on it: another tenant's id is 404 (never revealed), outside the reach 403. */
export async function reachableOrg(orgs: Pick<OrgRepo, "get">, p: Principal, id: number): Promise<Org> {
  const org = await orgs.get(tenantOf(p), id);
  requireReach(p, org);
  return org;
}

/**
 * A record the caller named by id in their tenant (an application, role, client or webhook) with
 * its org: absent (another tenant's too) is 404 `what`; its org outside the reach 403, gone 404
 * `orgWhat`.
 */
export async function reachableHome<T extends { tenantId: number; organizationId: number }>(
  orgs: Pick<OrgRepo, "get">,
  p: Principal,
  record: T | null,
  what: string,
  orgWhat = "Organization",
): Promise<{ record: T; org: Org }> {
  if (!record) throw notFound(what);
  const org = await orgs.get(record.tenantId, record.organizationId);
  requireReach(p, org, orgWhat);
  return { record, org };
}

export function createOrgService(deps: OrgServiceDeps) {
  const reachable = (p: Principal, id: number): Promise<Org> => reachableOrg(deps.orgs, p, id);

  /**
   * Creates an ACTIVE org under `parentId` (default: the caller's active org). Needs ORG_MANAGE
   * and the parent inside the token's reach. Duplicate slug in the tenant → CONFLICT.
   */
  async function create(
    p: Principal,
    input: { name: string; slug: string; parentId?: number; type?: string },
  ): Promise<Org> {
    requirePermission(p, "ORG_MANAGE");
    checkOrgFields(input);
    const parent = await reachable(p, input.parentId ?? p.orgId);
    return orConflict(
      deps.unit("orgs.create", ["orgs", "events"], async ({ orgs, events }) => {
        const org = await orgs.create({
          tenantId: parent.tenantId,
          parentId: parent.id,
          name: input.name.trim(),
          slug: input.slug,
          type: input.type?.trim() || DEFAULT_ORG_TYPE,
        });
        await events.record(
          callerEvent(p, "org.created", org.tenantId, org, {
            orgId: org.id,
            parentId: parent.id,
            name: org.name,
            slug: org.slug,
            type: org.type,
          }),
        );
        return org;
      }),
      `An organization with the slug "${input.slug}" already exists in this tenant. Choose another slug.`,
    );
  }

  /** Renames or retypes an org inside the caller's reach. */
  async function update(p: Principal, id: number, patch: { name?: string; type?: string }): Promise<Org> {
    requirePermission(p, "ORG_MANAGE");
    checkOrgFields(patch);
    const org = await reachable(p, id);
    const clean: { name?: string; type?: string } = {};
    if (patch.name !== undefined) clean.name = patch.name.trim();
    if (patch.type !== undefined) clean.type = patch.type.trim();
    return deps.unit("orgs.update", ["orgs", "events"], async ({ orgs, events }) => {
      const next = await orgs.update(org.tenantId, org.id, clean);
      if (!next) throw notFound("Organization");
      await events.record(callerEvent(p, "org.updated", org.tenantId, next, { orgId: org.id, changes: clean }));
      return next;
    });
  }

  /**
   * Suspends or re-activates an org. Refused for the caller's own active org and its ancestors, so
   * an admin cannot lock out the organization their own token acts in.
   */
  async function setStatus(p: Principal, id: number, status: OrgStatus): Promise<Org> {
    requirePermission(p, "ORG_MANAGE");
    const org = await reachable(p, id);
    if (status === "SUSPENDED" && p.orgPath.startsWith(org.path))
      throw forbidden(
        "You cannot suspend the organization your token acts in (or one above it). Ask an administrator above it.",
      );
    const next = await deps.unit("orgs.set_status", ["orgs", "events"], async ({ orgs, events }) => {
      const next = await orgs.update(org.tenantId, org.id, { status });
      if (!next) throw notFound("Organization");
      if (org.status !== status)
        await events.record(
          callerEvent(p, status === "SUSPENDED" ? "org.suspended" : "org.activated", org.tenantId, next, {
            orgId: org.id,
          }),
        );
      return next;
    });
    return next;
  }

  /** Orgs inside the caller's reach, ordered by id, after the id `afterId`. */
  async function list(p: Principal, afterId: number, size: number): Promise<Page<Org>> {
    requirePermission(p, "ORG_MANAGE");
    return pageOf(await deps.orgs.listReachable(tenantOf(p), reachFilterOf(p), afterId, size + 1), size);
  }

  /** Literal, case-insensitive substring search on name or slug, within reach, ordered by id. */
  async function search(p: Principal, q: string, status: OrgStatus | undefined, size: number): Promise<Org[]> {
    requirePermission(p, "ORG_MANAGE");
    return deps.orgs.search(tenantOf(p), reachFilterOf(p), q.trim(), status, size);
  }

  /**
   * Direct children of `parentId` that the caller can see: all of them when its reach covers the
   * parent's subtree, none when it reaches the parent only as `scope_self`.
   */
  async function visibleChildren(p: Principal, parentId: number, afterId: number, size: number): Promise<Page<Org>> {
    requirePermission(p, "ORG_MANAGE");
    const parent = await reachable(p, parentId);
    if (!reachesSubtree(p, parent.path)) return { items: [], nextAfter: null };
    return pageOf(await deps.orgs.children(parent.tenantId, parent.id, afterId, size + 1), size);
  }

  return {
    create,
    update,
    suspend: (p: Principal, id: number) => setStatus(p, id, "SUSPENDED"),
    activate: (p: Principal, id: number) => setStatus(p, id, "ACTIVE"),
    list,
    search,
    visibleChildren,
    reachable,
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
