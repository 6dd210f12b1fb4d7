/**
 * Applying a valid import plan inside the commit's unit (SPEC 4.10; CONTRACT §8): set-based inserts
 * of what is new, updates of what changed, setup tokens for new users without a password (their
 * invites), idempotent assignments, and the externalId refs a re-run matches on.
 */
import type { Principal } from "../../kernel/authz";
import { addDays } from "../../kernel/clock";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Org } from "../orgs/ports";
import type { UserRepo } from "../../kernel/users";
import type { Planned, ReadPorts } from "./plan-context";
import type { PlannedOrg } from "./plan-orgs";
import type { PlannedUser } from "./plan-users";
import type { ImportPlan } from "./plan";
import type { BulkOrg, BulkSetupToken, BulkUser } from "./ports";
import type { ImportReport } from "./request";

const SETUP_DAYS = 7;

/** The fields an org's import sets on a create and on an update. */
const orgFields = (o: PlannedOrg) => ({ name: o.rec.name.trim(), type: o.rec.type?.trim() || "organization" });
/** The fields a user's import sets on a create and on an update. */
const userFields = (u: PlannedUser) => ({ organizationId: u.orgId, fullName: (u.rec.fullName ?? "").trim() });

/** The ports a commit's unit writes through: what planning reads, and the users. */
export interface WritePorts extends ReadPorts {
  users: UserRepo;
}

/**
 * Creates the tenant of a first `rootTenant` run and its root org, remembered by slug for re-runs;
 * returns them as the run's target.
 */
export async function openTenant(
  tx: Pick<WritePorts, "imports" | "orgs" | "tenants">,
  p: Principal,
  newTenant: { orgName: string; slug: string },
): Promise<{ tenantId: number; root: Org }> {
  const tenant = await tx.tenants.create({ name: newTenant.orgName.trim(), slug: newTenant.slug });
  const root = await tx.orgs.create({
    tenantId: tenant.id,
    parentId: null,
    name: newTenant.orgName.trim(),
    slug: newTenant.slug,
    type: "organization",
  });
  await tx.imports.putRef(p.tenantId, "root_tenant", newTenant.slug, tenant.id, "");
  return { tenantId: tenant.id, root };
}

/** Writes an error-free plan into `tenantId`; sets the assignments' counts and returns the invites. */
export async function applyPlan(
  tx: WritePorts,
  planned: ImportPlan,
  tenantId: number,
  now: Date,
): Promise<ImportReport["invites"]> {
  const created = <T extends Planned<unknown>>(m: Map<string, T>) =>
    [...m.values()].filter((x) => x.action === "create");
  const updated = <T extends Planned<unknown>>(m: Map<string, T>) =>
    [...m.values()].filter((x) => x.action === "update");
  const owned = (x: Planned<unknown>) => ({ id: x.id, tenantId });
  /** The fields of an application and of a role: its org and trimmed name. */
  const placed = (x: Planned<{ name: string }> & { orgId: number }) => ({
    ...owned(x),
    organizationId: x.orgId,
    name: x.rec.name.trim(),
  });
  await tx.imports.insertOrgs(
    created(planned.orgs)
      .sort((a, b) => a.path!.length - b.path!.length)
      .map((o): BulkOrg => ({ ...owned(o), parentId: o.parentId!, path: o.path!, slug: o.rec.slug, ...orgFields(o) })),
  );
  for (const o of updated(planned.orgs)) await tx.orgs.update(tenantId, o.id, orgFields(o));
  await tx.imports.insertApps(
    created(planned.apps).map((a) => ({ ...placed(a), identifier: a.rec.identifier.trim() })),
  );
  for (const a of updated(planned.apps)) await tx.apps.update(tenantId, a.id, { name: a.rec.name.trim() });
  await tx.imports.insertPermissions(
    created(planned.perms).map((x) => ({
      ...owned(x),
      applicationId: x.appId,
      code: x.rec.code,
      description: x.rec.description ?? "",
    })),
  );
  await tx.imports.insertRoles(
    created(planned.roles).map((r) => ({
      ...placed(r),
      description: r.rec.description ?? "",
      scope: r.scope,
      permissionIds: r.permissionIds,
    })),
  );
  for (const r of updated(planned.roles)) await tx.roles.setPermissions(tenantId, r.id, r.permissionIds);
  const newUsers = created(planned.users);
  await tx.imports.insertUsers(
    newUsers.map(
      (u): BulkUser => ({ ...owned(u), ...userFields(u), email: u.email, passwordHash: u.rec.passwordBcrypt ?? null }),
    ),
  );
  for (const u of updated(planned.users)) await tx.users.update(tenantId, u.id, userFields(u));
  const invites: ImportReport["invites"] = [];
  const tokens: BulkSetupToken[] = [];
  for (const u of newUsers.filter((x) => !x.rec.passwordBcrypt)) {
    const setupToken = randomToken(32);
    tokens.push({ tokenHash: sha256Hex(setupToken), tenantId, userId: u.id, expiresAt: addDays(now, SETUP_DAYS) });
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
  const byKind = {
    organizations: planned.orgs,
    applications: planned.apps,
    permissions: planned.perms,
    roles: planned.roles,
    users: planned.users,
  } as const;
  for (const kind of ["organizations", "applications", "permissions", "roles", "users"] as const)
    await tx.imports.putRefs(
      tenantId,
      kind,
      [...(byKind[kind] as Map<string, Planned<unknown>>).values()]
        .filter((x) => x.action !== "skip")
        .map((x) => ({ externalId: x.externalId, entityId: x.id, fingerprint: x.fp })),
    );
  return invites;
}
