/**
 * Switching the active organization (CONTRACT §4, POST /api/users/me/active-organization) and the
 * memberships it chooses from (GET /api/users/me/memberships): a new refresh family in the same
 * mode at the other organization, the old one ended.
 */
import type { Clock } from "../../kernel/clock";
import { forbidden, invalidToken, notFound } from "../../kernel/errors";
import type { UserRepo } from "../../kernel/users";
import type { AudienceResolver } from "../apps";
import type { DomainEvent } from "../events";
import type { Org, OrgRepo } from "../orgs";
import { userMemberships, type RoleRepo } from "../roles";
import type { SessionCaller } from "./listing";
import type { FamilyStore } from "./ports";
import { orgSuspended, type SessionStart, type TokenPair } from "./start";

export interface OrgSwitchDeps {
  families: FamilyStore;
  /** The caller, the target org, their grants and assignments. */
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get" | "getMany" | "isBlocked">;
  roles: Pick<RoleRepo, "effectiveGrants" | "assignmentsOf">;
  audiences: AudienceResolver;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  clock: Clock;
}

/** The org switch starts its new refresh family through `start.startSession`. */
export function createOrgSwitch(deps: OrgSwitchDeps, start: Pick<SessionStart, "startSession">) {
  const { startSession } = start;
  const resolveAudience = (audience: string | undefined) => deps.audiences.resolveAudience(audience);

  /** Refuses tokens for a suspended or expired org (or one under such an ancestor): 403 ORG_SUSPENDED. */
  async function assertOrgUsable(org: Pick<Org, "tenantId" | "path">) {
    if (await deps.orgs.isBlocked(org.tenantId, org.path, deps.clock.now())) throw orgSuspended();
  }

  /** Orgs the user may switch into: the home org plus every org where a role is assigned. */
  const memberships = (userId: number, tenantId: number) => userMemberships(deps, userId, tenantId);

  /**
   * Switches the caller's session to another organization of its tenant (CONTRACT §4): the caller
   * needs a membership there (home org or an assigned role) or a SUBTREE role above it. Starts a
   * new session in the same mode (same device for a device session) and ends the old one.
   */
  async function switchOrganization(
    caller: SessionCaller,
    organizationId: number,
    audience: string | undefined,
  ): Promise<TokenPair> {
    const now = deps.clock.now();
    const current = caller.sessionId ? await deps.families.get(caller.sessionId, now) : null;
    if (!current || current.data.userId !== caller.userId)
      throw invalidToken("This access token's session has ended. Sign in again.");
    const app = await resolveAudience(audience ?? current.data.audience);
    const [user, org] = await Promise.all([
      deps.users.get(caller.tenantId, caller.userId),
      deps.orgs.get(caller.tenantId, organizationId),
    ]);
    if (!user || user.status !== "ACTIVE") throw invalidToken("This account can no longer sign in.");
    if (!org) throw notFound("Organization");
    const grants = await deps.roles.effectiveGrants(user.id, org.path);
    if (org.id !== user.organizationId && grants.length === 0)
      throw forbidden("You have no membership in that organization (nor a subtree role above it).");
    await assertOrgUsable(org);
    const pair = await startSession(
      user,
      org,
      app,
      current.data.mode,
      current.data.deviceId ? { deviceId: current.data.deviceId } : undefined,
    );
    if (current.data.mode !== "device") await deps.families.revoke(current.familyId);
    const from = await deps.orgs.get(caller.tenantId, current.data.orgId);
    await deps.record({
      type: "auth.org_switched",
      tenantId: user.tenantId,
      org,
      actor: { ip: caller.ip },
      target: { userId: user.id },
      data: {
        fromOrganizationId: from?.id ?? current.data.orgId,
        toOrganizationId: org.id,
        mode: current.data.mode,
        audience: app.identifier,
      },
    });
    return pair;
  }

  return { memberships, switchOrganization };
}
