/**
 * The organization a journey signs in to (CONTRACT §12 "Active organization"): the memberships a
 * person may get tokens for, and the choice remembered for the browser session (`sso_org`).
 */
import type { Clock } from "../../kernel/clock";
import type { User } from "../../kernel/users";
import type { OrgRepo } from "../orgs";
import { type RoleRepo, usableMemberships } from "../roles";
import { SIGN_IN_ABSOLUTE_SECONDS } from "./browser-session";
import type { CookieChange } from "./seam";

/** The organization an `sso_org` cookie names for session `sid`; undefined for another session or a malformed value. */
export function rememberedOrg(cookie: string | null | undefined, sid: string): number | undefined {
  const m = cookie ? /^([A-Za-z0-9_-]{16,64})\.([1-9][0-9]{0,15})$/.exec(cookie) : null;
  return m && m[1] === sid ? Number(m[2]) : undefined;
}

/** The cookie that remembers `orgId` as chosen in browser session `sid`. */
export const rememberOrg = (sid: string, orgId: number): NonNullable<CookieChange["org"]> => ({
  value: `${sid}.${orgId}`,
  maxAgeSeconds: SIGN_IN_ABSOLUTE_SECONDS,
});

export function createOrganizations(deps: {
  clock: Clock;
  orgs: Pick<OrgRepo, "getMany">;
  roles: Pick<RoleRepo, "assignmentsOf">;
}) {
  /** Orgs whose tokens the user may get: memberships (home org, assigned roles) not blocked. */
  return { usable: (user: User) => usableMemberships(deps, user, deps.clock.now()) };
}
