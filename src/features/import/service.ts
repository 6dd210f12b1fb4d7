/**
 * Bulk import (SPEC 2.13, 3.5, 4.10; CONTRACT §8). A payload targets one place: under an existing
 * org (`rootParentOrgId`: ORG_MANAGE and reach over its subtree) or a new tenant (`rootTenant`:
 * PLATFORM_ADMIN). Records reference each other by externalId, in any order. Validate writes no
 * directory data and reports what a commit would create, update or skip, and every error. Commit
 * re-validates and applies everything in one unit of work, or nothing (REJECTED). Re-runs match by
 * (tenant, kind, externalId): unchanged → skipped, changed → updated. Writes are set-based.
 */
import { SYSTEM_CODES, actorOf, reachesSubtree, requirePermission, tenantOf, type Principal } from "../../kernel/authz";
import { addDays, type Clock } from "../../kernel/clock";
import { emailProblem, normalizeEmail } from "../../kernel/email";
import { forbidden, notFound, validation } from "../../kernel/errors";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { AppRepo } from "../apps/ports";
import type { EventJournal } from "../events";
import type { Org, OrgRepo, TenantRepo } from "../orgs/ports";
import type { RoleRepo } from "../roles/ports";
import type { UserRepo } from "../../kernel/users";
import type {
  BulkApp,
  BulkAssignment,
  BulkOrg,
  BulkPermission,
  BulkRole,
  BulkSetupToken,
  BulkUser,
  ImportJob,
  ImportKind,
  ImportRef,
  ImportRepo,
} from "./ports";

export const ENTITY_KINDS = ["organizations", "applications", "permissions", "roles", "users", "assignments"] as const;
type Kind = (typeof ENTITY_KINDS)[number];
const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const BCRYPT_RE = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const SETUP_DAYS = 7;

export interface ImportRequest {
  rootParentOrgId?: number;
  rootTenant?: { orgName: string; slug: string };
  organizations?: { externalId: string; name: string; slug: string; type?: string; parentExternalId?: string }[];
  applications?: { externalId: string; orgExternalId: string; identifier: string; name: string }[];
  permissions?: { externalId: string; appExternalId: string; code: string; description?: string }[];
  roles?: {
    externalId: string;
    orgExternalId: string;
    name: string;
    description?: string;
    scope?: string;
    permissionCodes?: string[];
    permissionExternalIds?: string[];
  }[];
  users?: { externalId: string; orgExternalId: string; email: string; fullName: string; passwordBcrypt?: string }[];
  assignments?: { userExternalId: string; roleExternalId: string; orgExternalId: string }[];
}

export interface ImportError {
  entityType: string;
  externalId: string;
  field: string;
  message: string;
}

export interface ImportReport {
  jobId: number;
  status: "VALID" | "INVALID" | "COMPLETED" | "REJECTED";
  dryRun: boolean;
  tenantId: number | null;
  rootOrgId: number | null;
  counts: Record<Kind, { created: number; updated: number; skipped: number; failed: number }>;
  errors: ImportError[];
  invites: { userExternalId: string; email: string; setupToken: string }[];
}

export interface ImportServiceDeps {
  imports: ImportRepo;
  orgs: OrgRepo;
  tenants: TenantRepo;
  apps: AppRepo;
  roles: RoleRepo;
  unit: Unit<{
    imports: ImportRepo;
    orgs: OrgRepo;
    tenants: TenantRepo;
    apps: AppRepo;
    roles: RoleRepo;
    users: UserRepo;
    events: EventJournal;
  }>;
  clock: Clock;
  defaultMaxApplications: number;
}

/** Thrown inside the commit's unit to roll it back with the report's errors. */
class Rejected extends Error {
  constructor(
    readonly errors: ImportError[],
    readonly counts: ImportReport["counts"],
  ) {
    super("import rejected");
  }
}

const fingerprint = (o: unknown) => sha256Hex(JSON.stringify(o)).slice(0, 32);

/** The ports planning reads: the service's own for a dry run, the unit's inside a commit. */
interface ReadPorts {
  imports: ImportRepo;
  orgs: OrgRepo;
  tenants: TenantRepo;
  apps: AppRepo;
  roles: RoleRepo;
}

/** A planned entity: created (new id), updated (existing id, changed fields) or skipped (existing, unchanged). */
interface Planned<T> {
  externalId: string;
  action: "create" | "update" | "skip";
  id: number;
  fp: string;
  rec: T;
}

export function createImportService(deps: ImportServiceDeps) {
  /** Where the payload goes, checked against the caller's rights; throws 400/403/404 for a malformed or refused target. */
  async function target(
    p: Principal,
    req: ImportRequest,
  ): Promise<{ tenantId: number | null; root: Org | null; newTenant?: { orgName: string; slug: string } }> {
    const both = req.rootParentOrgId !== undefined && req.rootTenant !== undefined;
    const neither = req.rootParentOrgId === undefined && req.rootTenant === undefined;
    if (both || neither)
      throw validation(
        "Name exactly one target: rootParentOrgId (import under an existing organization) or rootTenant (a new tenant).",
        [{ field: "rootParentOrgId", message: "exactly one of rootParentOrgId and rootTenant is required" }],
      );
    if (req.rootTenant) {
      requirePermission(p, "PLATFORM_ADMIN");
      if (!p.platformAdmin) throw forbidden("Importing into a new tenant needs PLATFORM_ADMIN.");
      const prior = await deps.imports.findRef(p.tenantId, "root_tenant", req.rootTenant.slug);
      if (prior) return { tenantId: prior.entityId, root: await deps.orgs.root(prior.entityId) };
      return { tenantId: null, root: null, newTenant: req.rootTenant };
    }
    requirePermission(p, "ORG_MANAGE");
    const org = await deps.orgs.get(tenantOf(p), req.rootParentOrgId!);
    if (!org) throw notFound("Organization");
    if (!reachesSubtree(p, org.path))
      throw forbidden(
        "Importing under an organization needs your reach over its whole subtree (a SUBTREE role there or above).",
      );
    return { tenantId: org.tenantId, root: org };
  }

  /** Plans the whole payload: every reference, uniqueness rule, cap and format, with ids for what is new. */
  async function plan(
    p: Principal,
    req: ImportRequest,
    where: Awaited<ReturnType<typeof target>>,
    allocate: boolean,
    ports: ReadPorts,
  ) {
    const errors: ImportError[] = [];
    const err = (entityType: Kind, externalId: string, field: string, message: string) =>
      errors.push({ entityType, externalId, field, message });
    const tenantId = where.tenantId;
    const refsOf = async (kind: ImportKind, ids: string[]) =>
      tenantId === null ? new Map<string, ImportRef>() : ports.imports.findRefs(tenantId, kind, ids);
    const ids = async (kind: "organizations" | "applications" | "permissions" | "roles" | "users", n: number) =>
      allocate ? ports.imports.allocateIds(kind, n) : Array.from({ length: n }, (_, i) => -(i + 1));
    const failedIds: Record<Kind, Set<string>> = {
      organizations: new Set(),
      applications: new Set(),
      permissions: new Set(),
      roles: new Set(),
      users: new Set(),
      assignments: new Set(),
    };
    const fail = (kind: Kind, externalId: string, field: string, message: string) => {
      failedIds[kind].add(externalId);
      err(kind, externalId, field, message);
    };
    /** Duplicate externalIds within one kind. */
    function unique<T extends { externalId?: string }>(kind: Kind, list: T[]): T[] {
      const seen = new Set<string>();
      const out: T[] = [];
      for (const rec of list) {
        const id = typeof rec.externalId === "string" ? rec.externalId : "";
        if (!id) fail(kind, "", "externalId", "is required");
        else if (seen.has(id)) fail(kind, id, "externalId", "appears more than once in the payload");
        else {
          seen.add(id);
          out.push(rec);
        }
      }
      return out;
    }

    // ---- organizations: parents in any order, slugs unique in the tenant.
    const orgList = unique("organizations", req.organizations ?? []);
    const orgRefs = await refsOf("organizations", [
      ...orgList.map((x) => x.externalId),
      ...orgList.map((x) => x.parentExternalId ?? "").filter(Boolean),
    ]);
    const orgByExt = new Map(orgList.map((x) => [x.externalId, x]));
    const newOrgCount = orgList.filter((x) => !orgRefs.has(x.externalId)).length;
    const newOrgIds = await ids("organizations", newOrgCount);
    const orgs = new Map<
      string,
      Planned<(typeof orgList)[number]> & { parentId: number | null; path: string | null }
    >();
    let nextOrg = 0;
    for (const rec of orgList) {
      const fp = fingerprint([rec.name, rec.slug, rec.type ?? "organization", rec.parentExternalId ?? ""]);
      const prior = orgRefs.get(rec.externalId);
      const action = !prior ? "create" : prior.fingerprint === fp ? "skip" : "update";
      orgs.set(rec.externalId, {
        externalId: rec.externalId,
        action,
        id: prior ? prior.entityId : newOrgIds[nextOrg++],
        fp,
        rec,
        parentId: null,
        path: null,
      });
      if (!rec.name?.trim()) fail("organizations", rec.externalId, "name", "is required");
      if (!SLUG_RE.test(rec.slug ?? ""))
        fail("organizations", rec.externalId, "slug", "must match ^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$");
      if (rec.type !== undefined && (!rec.type.trim() || rec.type.length > 64))
        fail("organizations", rec.externalId, "type", "must be 1 to 64 characters");
      if (rec.parentExternalId && !orgByExt.has(rec.parentExternalId) && !orgRefs.has(rec.parentExternalId))
        fail(
          "organizations",
          rec.externalId,
          "parentExternalId",
          `no organization "${rec.parentExternalId}" in the payload or imported before`,
        );
    }
    // Slugs: unique within the payload and against the tenant's other orgs.
    const slugSeen = new Map<string, string>();
    for (const rec of orgList) {
      const other = slugSeen.get(rec.slug);
      if (other)
        fail("organizations", rec.externalId, "slug", `"${rec.slug}" is also the slug of "${other}" in the payload`);
      slugSeen.set(rec.slug, rec.externalId);
    }
    if (tenantId !== null) {
      const taken = await ports.imports.takenSlugs(tenantId, orgList.map((x) => x.slug).filter(Boolean));
      for (const rec of orgList) {
        const holder = taken.get(rec.slug);
        if (holder !== undefined && holder !== orgs.get(rec.externalId)!.id)
          fail(
            "organizations",
            rec.externalId,
            "slug",
            `"${rec.slug}" is already used by an organization of this tenant`,
          );
      }
    }
    if (where.newTenant && !SLUG_RE.test(where.newTenant.slug))
      err("organizations", "", "rootTenant.slug", "must match ^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$");
    // Paths, parents first; a cycle is an error.
    const existingOrgIds = [...new Set([...orgRefs.values()].map((r) => r.entityId))];
    const existingOrgs = new Map(
      (tenantId !== null && existingOrgIds.length ? await ports.orgs.getMany(tenantId, existingOrgIds) : []).map(
        (o) => [o.id, o],
      ),
    );
    const rootPath = where.root?.path ?? null;
    const resolving = new Set<string>();
    function pathOf(ext: string): string | null {
      const o = orgs.get(ext);
      if (!o) {
        const ref = orgRefs.get(ext);
        return ref ? (existingOrgs.get(ref.entityId)?.path ?? null) : null;
      }
      if (o.path) return o.path;
      if (resolving.has(ext)) {
        fail("organizations", ext, "parentExternalId", "is part of a cycle");
        return null;
      }
      resolving.add(ext);
      const parentPath = o.rec.parentExternalId ? pathOf(o.rec.parentExternalId) : (rootPath ?? "/new-tenant/root/");
      resolving.delete(ext);
      if (parentPath === null) return null;
      o.parentId = o.rec.parentExternalId
        ? (orgs.get(o.rec.parentExternalId)?.id ?? orgRefs.get(o.rec.parentExternalId)!.entityId)
        : (where.root?.id ?? 0);
      o.path = `${parentPath}${o.id}/`;
      return o.path;
    }
    for (const rec of orgList) pathOf(rec.externalId);
    /** An org of the payload or one imported before: its id and path (null when unresolvable). */
    const orgRef = (ext: string | undefined): { id: number; path: string } | null => {
      if (!ext) return null;
      const o = orgs.get(ext);
      if (o) return o.path ? { id: o.id, path: o.path } : null;
      const ref = orgRefs.get(ext) ?? refOrgs.get(ext);
      const existing = ref ? existingOrgs.get(ref.entityId) : undefined;
      return existing ? { id: existing.id, path: existing.path } : null;
    };
    // Orgs referenced only from other kinds (imported earlier).
    const otherOrgExts = [
      ...(req.applications ?? []).map((x) => x.orgExternalId),
      ...(req.roles ?? []).map((x) => x.orgExternalId),
      ...(req.users ?? []).map((x) => x.orgExternalId),
      ...(req.assignments ?? []).map((x) => x.orgExternalId),
    ].filter((x) => typeof x === "string" && !orgs.has(x) && !orgRefs.has(x));
    const refOrgs = await refsOf("organizations", otherOrgExts);
    const more = [...refOrgs.values()].map((r) => r.entityId).filter((id) => !existingOrgs.has(id));
    if (tenantId !== null && more.length)
      for (const o of await ports.orgs.getMany(tenantId, more)) existingOrgs.set(o.id, o);

    // ---- applications: identifiers unique service-wide; the plan's cap per org.
    const appList = unique("applications", req.applications ?? []);
    const appRefs = await refsOf(
      "applications",
      appList.map((x) => x.externalId),
    );
    const newAppIds = await ids("applications", appList.filter((x) => !appRefs.has(x.externalId)).length);
    const apps = new Map<string, Planned<(typeof appList)[number]> & { orgId: number; orgPath: string }>();
    let nextApp = 0;
    const identSeen = new Map<string, string>();
    const takenIdents = await ports.imports.takenIdentifiers(
      appList.map((x) => x.identifier).filter((x) => typeof x === "string"),
    );
    for (const rec of appList) {
      const org = orgRef(rec.orgExternalId);
      if (!org)
        fail(
          "applications",
          rec.externalId,
          "orgExternalId",
          `no organization "${rec.orgExternalId}" in the payload or imported before`,
        );
      if (!rec.identifier?.trim()) fail("applications", rec.externalId, "identifier", "is required");
      if (!rec.name?.trim()) fail("applications", rec.externalId, "name", "is required");
      const fp = fingerprint([rec.orgExternalId, rec.identifier, rec.name]);
      const prior = appRefs.get(rec.externalId);
      const id = prior ? prior.entityId : newAppIds[nextApp++];
      const other = identSeen.get(rec.identifier);
      if (other)
        fail(
          "applications",
          rec.externalId,
          "identifier",
          `"${rec.identifier}" is also the identifier of "${other}" in the payload`,
        );
      identSeen.set(rec.identifier, rec.externalId);
      const holder = takenIdents.get(rec.identifier);
      if (holder !== undefined && holder !== id)
        fail("applications", rec.externalId, "identifier", `"${rec.identifier}" is already registered`);
      apps.set(rec.externalId, {
        externalId: rec.externalId,
        action: !prior ? "create" : prior.fingerprint === fp ? "skip" : "update",
        id,
        fp,
        rec,
        orgId: org?.id ?? 0,
        orgPath: org?.path ?? "",
      });
    }
    if (apps.size) {
      const limit =
        (tenantId !== null ? (await ports.tenants.get(tenantId))?.maxApplications : null) ??
        deps.defaultMaxApplications;
      const newPerOrg = new Map<number, string[]>();
      for (const a of apps.values())
        if (a.action === "create" && a.orgId) newPerOrg.set(a.orgId, [...(newPerOrg.get(a.orgId) ?? []), a.externalId]);
      const have =
        tenantId !== null
          ? await ports.imports.appCounts(
              tenantId,
              [...newPerOrg.keys()].filter((id) => id > 0),
            )
          : new Map<number, number>();
      for (const [orgId, exts] of newPerOrg) {
        const room = limit - (have.get(orgId) ?? 0);
        exts
          .slice(Math.max(0, room))
          .forEach((ext) =>
            fail(
              "applications",
              ext,
              "orgExternalId",
              `the organization would exceed its plan's cap of ${limit} applications`,
            ),
          );
      }
    }

    // ---- permissions: codes unique per application.
    const permList = unique("permissions", req.permissions ?? []);
    const appRefsForPerms = await refsOf(
      "applications",
      permList.map((x) => x.appExternalId).filter((x) => typeof x === "string" && !apps.has(x)),
    );
    const permRefs = await refsOf(
      "permissions",
      permList.map((x) => x.externalId),
    );
    const newPermIds = await ids("permissions", permList.filter((x) => !permRefs.has(x.externalId)).length);
    const perms = new Map<string, Planned<(typeof permList)[number]> & { appId: number }>();
    let nextPerm = 0;
    const existingAppIdsForPerms = [
      ...new Set(
        [...appRefsForPerms.values()]
          .map((r) => r.entityId)
          .concat([...apps.values()].filter((a) => a.action !== "create").map((a) => a.id)),
      ),
    ];
    const existingPerms = await ports.imports.permissionsOf(existingAppIdsForPerms);
    const codeSeen = new Set<string>();
    for (const rec of permList) {
      const app = apps.get(rec.appExternalId);
      const appId = app?.id ?? appRefsForPerms.get(rec.appExternalId)?.entityId;
      if (appId === undefined)
        fail(
          "permissions",
          rec.externalId,
          "appExternalId",
          `no application "${rec.appExternalId}" in the payload or imported before`,
        );
      if (!rec.code?.trim() || rec.code.length > 128)
        fail("permissions", rec.externalId, "code", "is required (at most 128 characters)");
      const fp = fingerprint([rec.appExternalId, rec.code, rec.description ?? ""]);
      const prior = permRefs.get(rec.externalId);
      const id = prior ? prior.entityId : newPermIds[nextPerm++];
      const key = `${appId}:${rec.code}`;
      if (codeSeen.has(key))
        fail("permissions", rec.externalId, "code", `"${rec.code}" appears twice for one application`);
      codeSeen.add(key);
      if (existingPerms.some((x) => x.applicationId === appId && x.code === rec.code && x.id !== id))
        fail("permissions", rec.externalId, "code", `the application already defines "${rec.code}"`);
      perms.set(rec.externalId, {
        externalId: rec.externalId,
        action: !prior ? "create" : prior.fingerprint === fp ? "skip" : "update",
        id,
        fp,
        rec,
        appId: appId ?? 0,
      });
    }

    // ---- roles: permissions by code (vocabulary of the org and its ancestors) or by externalId; no escalation.
    const roleList = unique("roles", req.roles ?? []);
    const roleRefs = await refsOf(
      "roles",
      roleList.map((x) => x.externalId),
    );
    const newRoleIds = await ids("roles", roleList.filter((x) => !roleRefs.has(x.externalId)).length);
    const roles = new Map<
      string,
      Planned<(typeof roleList)[number]> & {
        orgId: number;
        orgPath: string;
        permissionIds: number[];
        scope: "SELF" | "SUBTREE";
      }
    >();
    let nextRole = 0;
    const sys = await ports.apps.system();
    const sysPerms = sys ? await ports.imports.permissionsOf([sys.id]) : [];
    // Vocabulary: payload apps and existing apps of any ancestor org.
    const ancestorIds = new Set<number>();
    for (const rec of roleList)
      for (const id of (orgRef(rec.orgExternalId)?.path ?? "").split("/").filter(Boolean).slice(1).map(Number))
        ancestorIds.add(id);
    const vocabApps =
      tenantId !== null && ancestorIds.size ? await ports.apps.listByOrgs(tenantId, [...ancestorIds]) : [];
    const vocabPerms = await ports.imports.permissionsOf(vocabApps.map((x) => x.id));
    const appOrgPath = new Map<number, string>();
    for (const a of vocabApps) appOrgPath.set(a.id, existingOrgs.get(a.organizationId)?.path ?? "");
    for (const a of apps.values()) appOrgPath.set(a.id, a.orgPath);
    const existingRoleNames =
      tenantId !== null
        ? await ports.imports.roleNames(roleList.map((x) => orgRef(x.orgExternalId)?.id ?? 0).filter((id) => id > 0))
        : new Map();
    const nameSeen = new Set<string>();
    for (const rec of roleList) {
      const org = orgRef(rec.orgExternalId);
      if (!org)
        fail(
          "roles",
          rec.externalId,
          "orgExternalId",
          `no organization "${rec.orgExternalId}" in the payload or imported before`,
        );
      if (!rec.name?.trim()) fail("roles", rec.externalId, "name", "is required");
      const scope = (rec.scope ?? "SELF") as "SELF" | "SUBTREE";
      if (scope !== "SELF" && scope !== "SUBTREE") fail("roles", rec.externalId, "scope", "must be SELF or SUBTREE");
      const prior = roleRefs.get(rec.externalId);
      const id = prior ? prior.entityId : newRoleIds[nextRole++];
      const nameKey = `${org?.id}:${rec.name}`;
      if (nameSeen.has(nameKey))
        fail("roles", rec.externalId, "name", `"${rec.name}" appears twice for one organization`);
      nameSeen.add(nameKey);
      const holder = org ? existingRoleNames.get(org.id)?.get(rec.name) : undefined;
      if (holder !== undefined && holder !== id)
        fail("roles", rec.externalId, "name", `the organization already has a role named "${rec.name}"`);
      const permissionIds: number[] = [];
      const inVocab = (appId: number) =>
        !!org && (appOrgPath.get(appId) ?? "\0").length > 0 && org.path.startsWith(appOrgPath.get(appId)!);
      for (const code of rec.permissionCodes ?? []) {
        const candidates = [
          ...sysPerms.filter((x) => x.code === code),
          ...vocabPerms.filter((x) => x.code === code && inVocab(x.applicationId)),
          ...[...perms.values()]
            .filter((x) => x.rec.code === code && inVocab(x.appId))
            .map((x) => ({ id: x.id, code, applicationId: x.appId })),
        ];
        const distinct = [...new Map(candidates.map((c) => [c.id, c])).values()];
        if (!distinct.length)
          fail("roles", rec.externalId, "permissionCodes", `unknown permission code "${code}" for this organization`);
        else if (distinct.length > 1)
          fail(
            "roles",
            rec.externalId,
            "permissionCodes",
            `"${code}" is defined by several applications; use permissionExternalIds`,
          );
        else permissionIds.push(distinct[0].id);
      }
      for (const ext of rec.permissionExternalIds ?? []) {
        const perm = perms.get(ext);
        const ref = perm ? { id: perm.id, appId: perm.appId } : null;
        if (!ref) fail("roles", rec.externalId, "permissionExternalIds", `no permission "${ext}" in the payload`);
        else if (!inVocab(ref.appId))
          fail(
            "roles",
            rec.externalId,
            "permissionExternalIds",
            `permission "${ext}" belongs to an application outside this organization's vocabulary`,
          );
        else permissionIds.push(ref.id);
      }
      // No escalation (CONTRACT §2): system codes only when the caller holds them.
      const sysCodes = (rec.permissionCodes ?? []).filter((c) => (SYSTEM_CODES as readonly string[]).includes(c));
      for (const c of sysCodes)
        if (c === "PLATFORM_ADMIN" ? !p.platformAdmin : !(p.platformAdmin || p.permissions.has(c)))
          fail("roles", rec.externalId, "permissionCodes", `you cannot grant ${c}, which you do not hold`);
      const fp = fingerprint([
        rec.orgExternalId,
        rec.name,
        rec.description ?? "",
        scope,
        [...new Set(permissionIds)].sort(),
      ]);
      roles.set(rec.externalId, {
        externalId: rec.externalId,
        action: !prior ? "create" : prior.fingerprint === fp ? "skip" : "update",
        id,
        fp,
        rec,
        orgId: org?.id ?? 0,
        orgPath: org?.path ?? "",
        permissionIds: [...new Set(permissionIds)],
        scope,
      });
    }

    // ---- users: emails normalized and unique service-wide; bcrypt hashes well-formed.
    const userList = unique("users", req.users ?? []);
    const userRefs = await refsOf(
      "users",
      userList.map((x) => x.externalId),
    );
    const newUserIds = await ids("users", userList.filter((x) => !userRefs.has(x.externalId)).length);
    const users = new Map<string, Planned<(typeof userList)[number]> & { orgId: number; email: string }>();
    let nextUser = 0;
    const emails = userList.map((x) => (typeof x.email === "string" ? normalizeEmail(x.email) : ""));
    const taken = await ports.imports.takenEmails(emails.filter(Boolean));
    const emailSeen = new Map<string, string>();
    userList.forEach((rec, i) => {
      const email = emails[i];
      const org = orgRef(rec.orgExternalId);
      if (!org)
        fail(
          "users",
          rec.externalId,
          "orgExternalId",
          `no organization "${rec.orgExternalId}" in the payload or imported before`,
        );
      // The rules of acceptEmail (kernel/email.ts), reported per row instead of thrown.
      if (!/^[^@\s]+@[^@\s]+$/.test(email) || emailProblem(rec.email) !== null)
        fail("users", rec.externalId, "email", "is not a usable email address");
      if (rec.passwordBcrypt !== undefined && !BCRYPT_RE.test(rec.passwordBcrypt))
        fail("users", rec.externalId, "passwordBcrypt", "must be a bcrypt hash ($2a$, $2b$ or $2y$)");
      const prior = userRefs.get(rec.externalId);
      const id = prior ? prior.entityId : newUserIds[nextUser++];
      const other = emailSeen.get(email);
      if (other) fail("users", rec.externalId, "email", `is also the email of "${other}" in the payload`);
      emailSeen.set(email, rec.externalId);
      if (!prior && taken.has(email)) fail("users", rec.externalId, "email", "belongs to an existing account");
      const fp = fingerprint([rec.orgExternalId, email, rec.fullName ?? ""]);
      users.set(rec.externalId, {
        externalId: rec.externalId,
        action: !prior ? "create" : prior.fingerprint === fp ? "skip" : "update",
        id,
        fp,
        rec,
        orgId: org?.id ?? 0,
        email,
      });
    });

    // ---- assignments: user, role and org resolve; the org at or below the role's org.
    const asgRefsUsers = await refsOf(
      "users",
      (req.assignments ?? []).map((x) => x.userExternalId).filter((x) => typeof x === "string" && !users.has(x)),
    );
    const asgRefsRoles = await refsOf(
      "roles",
      (req.assignments ?? []).map((x) => x.roleExternalId).filter((x) => typeof x === "string" && !roles.has(x)),
    );
    // Roles imported earlier: their org (for the at-or-below rule) and system codes (no escalation).
    const earlier = new Map<number, { orgPath: string; sysCodes: string[] }>();
    if (tenantId !== null) {
      const sysPermIds = new Set(sysPerms.map((x) => x.id));
      for (const ref of new Map([...asgRefsRoles.values()].map((r) => [r.entityId, r])).values()) {
        const role = await ports.roles.get(tenantId, ref.entityId);
        if (!role) continue;
        const roleOrg = existingOrgs.get(role.organizationId) ?? (await ports.orgs.get(tenantId, role.organizationId));
        if (roleOrg)
          earlier.set(role.id, {
            orgPath: roleOrg.path,
            sysCodes: role.permissions.filter((x) => sysPermIds.has(x.id)).map((x) => x.code),
          });
      }
    }
    const holds = (c: string) => (c === "PLATFORM_ADMIN" ? p.platformAdmin : p.platformAdmin || p.permissions.has(c));
    const assignments: (BulkAssignment & { key: string })[] = [];
    const asgSeen = new Set<string>();
    for (const rec of req.assignments ?? []) {
      const key = `${rec.userExternalId}|${rec.roleExternalId}|${rec.orgExternalId}`;
      const userId = users.get(rec.userExternalId)?.id ?? asgRefsUsers.get(rec.userExternalId)?.entityId;
      const role = roles.get(rec.roleExternalId);
      const roleId = role?.id ?? asgRefsRoles.get(rec.roleExternalId)?.entityId;
      const org = orgRef(rec.orgExternalId);
      if (userId === undefined)
        fail("assignments", key, "userExternalId", `no user "${rec.userExternalId}" in the payload or imported before`);
      if (roleId === undefined)
        fail("assignments", key, "roleExternalId", `no role "${rec.roleExternalId}" in the payload or imported before`);
      if (!org)
        fail(
          "assignments",
          key,
          "orgExternalId",
          `no organization "${rec.orgExternalId}" in the payload or imported before`,
        );
      else if (role && !org.path.startsWith(role.orgPath))
        fail("assignments", key, "orgExternalId", "must be the role's organization or one below it");
      const prior = !role && roleId !== undefined ? earlier.get(roleId) : undefined;
      if (!role && roleId !== undefined && !prior)
        fail("assignments", key, "roleExternalId", `role "${rec.roleExternalId}" no longer exists`);
      if (prior && org && !org.path.startsWith(prior.orgPath))
        fail("assignments", key, "orgExternalId", "must be the role's organization or one below it");
      for (const c of prior?.sysCodes ?? [])
        if (!holds(c))
          fail("assignments", key, "roleExternalId", `you cannot assign a role carrying ${c}, which you do not hold`);
      if (userId === undefined || roleId === undefined || !org || asgSeen.has(key)) continue;
      asgSeen.add(key);
      assignments.push({ key, tenantId: tenantId ?? 0, userId, roleId, organizationId: org.id });
    }

    const count = <T>(kind: Kind, m: Map<string, Planned<T>>) => {
      const all = [...m.values()];
      const ok = all.filter((x) => !failedIds[kind].has(x.externalId));
      return {
        created: ok.filter((x) => x.action === "create").length,
        updated: ok.filter((x) => x.action === "update").length,
        skipped: ok.filter((x) => x.action === "skip").length,
        failed: failedIds[kind].size,
      };
    };
    const counts: ImportReport["counts"] = {
      organizations: count("organizations", orgs),
      applications: count("applications", apps),
      permissions: count("permissions", perms),
      roles: count("roles", roles),
      users: count("users", users),
      assignments: { created: assignments.length, updated: 0, skipped: 0, failed: failedIds.assignments.size },
    };
    return { errors, counts, orgs, apps, perms, roles, users, assignments };
  }

  /** Records the job: begun at `startedAt`, completed now, both by the injected clock (one clock on every store). */
  async function job(p: Principal, r: Omit<ImportReport, "jobId" | "invites">, startedAt: Date) {
    return deps.imports.createJob({
      tenantId: r.tenantId,
      callerTenantId: p.tenantId,
      rootOrgId: r.rootOrgId,
      status: r.status,
      dryRun: r.dryRun,
      counts: r.counts,
      errors: r.errors.slice(0, 1000),
      createdAt: startedAt,
      completedAt: deps.clock.now(),
    });
  }

  /** The dry run: writes no directory data (only the job record); VALID or INVALID with every error. */
  async function validate(p: Principal, req: ImportRequest): Promise<ImportReport> {
    const startedAt = deps.clock.now();
    const where = await target(p, req);
    const planned = await plan(p, req, where, false, deps);
    const body = {
      status: planned.errors.length ? ("INVALID" as const) : ("VALID" as const),
      dryRun: true,
      tenantId: where.tenantId,
      rootOrgId: where.root?.id ?? null,
      counts: planned.counts,
      errors: planned.errors,
    };
    const j = await job(p, body, startedAt);
    return { jobId: j.id, ...body, invites: [] };
  }

  /** Re-validates and applies the whole payload in one unit (COMPLETED), or nothing (REJECTED). */
  async function commit(p: Principal, req: ImportRequest): Promise<ImportReport> {
    const now = deps.clock.now();
    const where = await target(p, req);
    const invites: ImportReport["invites"] = [];
    const result = await deps
      .unit("import.commit", ["imports", "orgs", "tenants", "apps", "roles", "users", "events"], async (tx) => {
        let w = where;
        let newRoot: Org | null = null;
        if (where.newTenant) {
          const tenant = await tx.tenants.create({ name: where.newTenant.orgName.trim(), slug: where.newTenant.slug });
          newRoot = await tx.orgs.create({
            tenantId: tenant.id,
            parentId: null,
            name: where.newTenant.orgName.trim(),
            slug: where.newTenant.slug,
            type: "organization",
          });
          await tx.imports.putRef(p.tenantId, "root_tenant", where.newTenant.slug, tenant.id, "");
          w = { tenantId: tenant.id, root: newRoot };
        }
        const planned = await plan(p, req, w, true, tx);
        // Rejected: throwing rolls back everything this unit wrote (a new tenant's root included).
        if (planned.errors.length) throw new Rejected(planned.errors, planned.counts);
        const tenantId = w.tenantId!;
        const created = <T>(m: Map<string, Planned<T>>) => [...m.values()].filter((x) => x.action === "create");
        await tx.imports.insertOrgs(
          [...planned.orgs.values()]
            .filter((o) => o.action === "create")
            .sort((a, b) => a.path!.length - b.path!.length)
            .map(
              (o): BulkOrg => ({
                id: o.id,
                tenantId,
                parentId: o.parentId!,
                path: o.path!,
                name: o.rec.name.trim(),
                slug: o.rec.slug,
                type: o.rec.type?.trim() || "organization",
              }),
            ),
        );
        for (const o of planned.orgs.values())
          if (o.action === "update")
            await tx.orgs.update(tenantId, o.id, {
              name: o.rec.name.trim(),
              type: o.rec.type?.trim() || "organization",
            });
        await tx.imports.insertApps(
          created(planned.apps).map(
            (a): BulkApp => ({
              id: a.id,
              tenantId,
              organizationId: (a as typeof a & { orgId: number }).orgId,
              identifier: a.rec.identifier.trim(),
              name: a.rec.name.trim(),
            }),
          ),
        );
        for (const a of planned.apps.values())
          if (a.action === "update") await tx.apps.update(tenantId, a.id, { name: a.rec.name.trim() });
        await tx.imports.insertPermissions(
          created(planned.perms).map(
            (x): BulkPermission => ({
              id: x.id,
              tenantId,
              applicationId: (x as typeof x & { appId: number }).appId,
              code: x.rec.code,
              description: x.rec.description ?? "",
            }),
          ),
        );
        await tx.imports.insertRoles(
          [...planned.roles.values()]
            .filter((r) => r.action === "create")
            .map(
              (r): BulkRole => ({
                id: r.id,
                tenantId,
                organizationId: r.orgId,
                name: r.rec.name.trim(),
                description: r.rec.description ?? "",
                scope: r.scope,
                permissionIds: r.permissionIds,
              }),
            ),
        );
        for (const r of planned.roles.values())
          if (r.action === "update") await tx.roles.setPermissions(tenantId, r.id, r.permissionIds);
        const newUsers = [...planned.users.values()].filter((u) => u.action === "create");
        await tx.imports.insertUsers(
          newUsers.map(
            (u): BulkUser => ({
              id: u.id,
              tenantId,
              organizationId: u.orgId,
              email: u.email,
              fullName: (u.rec.fullName ?? "").trim(),
              passwordHash: u.rec.passwordBcrypt ?? null,
            }),
          ),
        );
        for (const u of planned.users.values())
          if (u.action === "update")
            await tx.users.update(tenantId, u.id, { fullName: (u.rec.fullName ?? "").trim(), organizationId: u.orgId });
        const tokens: BulkSetupToken[] = [];
        for (const u of newUsers.filter((x) => !x.rec.passwordBcrypt)) {
          const setupToken = randomToken(32);
          tokens.push({
            tokenHash: sha256Hex(setupToken),
            tenantId,
            userId: u.id,
            expiresAt: addDays(now, SETUP_DAYS),
          });
          invites.push({ userExternalId: u.externalId, email: u.email, setupToken });
        }
        await tx.imports.insertSetupTokens(tokens);
        const newAssignments = await tx.imports.insertAssignments(
          planned.assignments.map(({ key: _, ...a }) => ({ ...a, tenantId })),
        );
        planned.counts.assignments = {
          created: newAssignments,
          updated: 0,
          skipped: planned.assignments.length - newAssignments,
          failed: 0,
        };
        for (const kind of ["organizations", "applications", "permissions", "roles", "users"] as const) {
          const m = {
            organizations: planned.orgs,
            applications: planned.apps,
            permissions: planned.perms,
            roles: planned.roles,
            users: planned.users,
          }[kind] as Map<string, Planned<unknown>>;
          await tx.imports.putRefs(
            tenantId,
            kind,
            [...m.values()]
              .filter((x) => x.action !== "skip")
              .map((x) => ({ externalId: x.externalId, entityId: x.id, fingerprint: x.fp })),
          );
        }
        const root = w.root!;
        await tx.events.record({
          type: "import.committed",
          tenantId,
          org: root,
          actor: actorOf(p),
          data: { counts: planned.counts, invites: invites.length, newTenant: !!where.newTenant },
        });
        return { counts: planned.counts, w };
      })
      .catch((e) => {
        if (e instanceof Rejected) return e;
        throw e;
      });
    if (result instanceof Rejected) {
      const body = {
        status: "REJECTED" as const,
        dryRun: false,
        tenantId: where.tenantId,
        rootOrgId: where.root?.id ?? null,
        counts: result.counts,
        errors: result.errors,
      };
      return { jobId: (await job(p, body, now)).id, ...body, invites: [] };
    }
    const body = {
      status: "COMPLETED" as const,
      dryRun: false,
      tenantId: result.w.tenantId,
      rootOrgId: result.w.root?.id ?? null,
      counts: result.counts,
      errors: [],
    };
    return { jobId: (await job(p, body, now)).id, ...body, invites };
  }

  /** Jobs of the caller's tenant, newest first. */
  async function jobs(p: Principal, limit: number): Promise<ImportJob[]> {
    requirePermission(p, "ORG_MANAGE");
    return deps.imports.listJobs(p.platformAdmin ? "any" : p.tenantId, limit);
  }

  return { validate, commit, jobs };
}

export type ImportService = ReturnType<typeof createImportService>;
