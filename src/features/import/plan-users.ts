/**
 * Import planning, users and role assignments (SPEC 2.13, 4.10; CONTRACT §2, §8): emails normalized
 * and unique service-wide, bcrypt hashes well-formed; an assignment's user, role and org resolve,
 * its org is at or below the role's, and a role imported before carries no system code the caller
 * lacks (no escalation).
 */
import type { Principal } from "../../kernel/authz";
import { emailProblem, normalizeEmail } from "../../kernel/email";
import { fingerprint, missing, type PlanContext, type Planned, plannedOf } from "./plan-context";
import type { OrgPlan } from "./plan-orgs";
import { holds, type PlannedRole } from "./plan-roles";
import type { BulkAssignment } from "./ports";
import type { ImportRequest } from "./request";

const BCRYPT_RE = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

type UserRec = NonNullable<ImportRequest["users"]>[number];
export type PlannedUser = Planned<UserRec> & { orgId: number; email: string };
export type PlannedAssignment = BulkAssignment & { key: string };

export async function planUsers(
  ctx: PlanContext,
  req: ImportRequest,
  { orgOf }: OrgPlan,
): Promise<Map<string, PlannedUser>> {
  const { fail, ports } = ctx;
  const { list: userList, idFor } = await ctx.records("users", req.users);
  const users = new Map<string, PlannedUser>();
  const emails = userList.map((x) => (typeof x.email === "string" ? normalizeEmail(x.email) : ""));
  const taken = await ports.imports.takenEmails(emails.filter(Boolean));
  const emailSeen = new Map<string, string>();
  userList.forEach((rec, i) => {
    const email = emails[i];
    const org = orgOf("users", rec);
    // The rules of acceptEmail (kernel/email.ts), reported per row instead of thrown.
    if (!/^[^@\s]+@[^@\s]+$/.test(email) || emailProblem(rec.email) !== null)
      fail("users", rec.externalId, "email", "is not a usable email address");
    if (rec.passwordBcrypt !== undefined && !BCRYPT_RE.test(rec.passwordBcrypt))
      fail("users", rec.externalId, "passwordBcrypt", "must be a bcrypt hash ($2a$, $2b$ or $2y$)");
    const { prior, id } = idFor(rec.externalId);
    const other = emailSeen.get(email);
    if (other) fail("users", rec.externalId, "email", `is also the email of "${other}" in the payload`);
    emailSeen.set(email, rec.externalId);
    if (!prior && taken.has(email)) fail("users", rec.externalId, "email", "belongs to an existing account");
    const fp = fingerprint([rec.orgExternalId, email, rec.fullName ?? ""]);
    users.set(rec.externalId, {
      ...plannedOf(rec, prior, id, fp),
      orgId: org?.id ?? 0,
      email,
    });
  });
  return users;
}

export async function planAssignments(
  ctx: PlanContext,
  p: Principal,
  req: ImportRequest,
  { orgRef, existingOrgs }: OrgPlan,
  users: Map<string, PlannedUser>,
  roles: Map<string, PlannedRole>,
  sysPerms: { id: number; code: string }[],
): Promise<PlannedAssignment[]> {
  const { fail, tenantId, ports } = ctx;
  const asgRefsUsers = await ctx.refsOf(
    "users",
    (req.assignments ?? []).map((x) => x.userExternalId).filter((x) => typeof x === "string" && !users.has(x)),
  );
  const asgRefsRoles = await ctx.refsOf(
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
  const assignments: PlannedAssignment[] = [];
  const asgSeen = new Set<string>();
  for (const rec of req.assignments ?? []) {
    const key = `${rec.userExternalId}|${rec.roleExternalId}|${rec.orgExternalId}`;
    const userId = users.get(rec.userExternalId)?.id ?? asgRefsUsers.get(rec.userExternalId)?.entityId;
    const role = roles.get(rec.roleExternalId);
    const roleId = role?.id ?? asgRefsRoles.get(rec.roleExternalId)?.entityId;
    const org = orgRef(rec.orgExternalId);
    if (userId === undefined) fail("assignments", key, "userExternalId", missing("user", rec.userExternalId));
    if (roleId === undefined) fail("assignments", key, "roleExternalId", missing("role", rec.roleExternalId));
    if (!org) fail("assignments", key, "orgExternalId", missing("organization", rec.orgExternalId));
    else if (role && !org.path.startsWith(role.orgPath))
      fail("assignments", key, "orgExternalId", "must be the role's organization or one below it");
    const prior = !role && roleId !== undefined ? earlier.get(roleId) : undefined;
    if (!role && roleId !== undefined && !prior)
      fail("assignments", key, "roleExternalId", `role "${rec.roleExternalId}" no longer exists`);
    if (prior && org && !org.path.startsWith(prior.orgPath))
      fail("assignments", key, "orgExternalId", "must be the role's organization or one below it");
    for (const c of prior?.sysCodes ?? [])
      if (!holds(p, c))
        fail("assignments", key, "roleExternalId", `you cannot assign a role carrying ${c}, which you do not hold`);
    if (userId === undefined || roleId === undefined || !org || asgSeen.has(key)) continue;
    asgSeen.add(key);
    assignments.push({ key, tenantId: tenantId ?? 0, userId, roleId, organizationId: org.id });
  }
  return assignments;
}
