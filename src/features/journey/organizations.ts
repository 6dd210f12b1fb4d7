/**
 * The organization a journey signs in to (CONTRACT §12 "Active organization"): the memberships a
 * person may get tokens for, and the choice remembered for the browser session (`sso_org`).
 */
import type { Clock } from "../../kernel/clock";
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import type { User, UserRepo } from "../../kernel/users";
import type { OrgRepo } from "../orgs";
import { type RoleRepo, type UsableMembership, usableMemberships, usableMembershipsUntil } from "../roles";
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

/**
 * The person of a live browser session as an authorization request needs them: their record
 * (without its password hash) and the organizations they may get tokens
 * for now. Null for an unknown user.
 */
export interface SignedInPerson {
  user: Omit<User, "passwordHash">;
  orgs: UsableMembership[];
}

export function createOrganizations(deps: {
  clock: Clock;
  orgs: Pick<OrgRepo, "getMany">;
  roles: Pick<RoleRepo, "assignmentsOf">;
  users?: Pick<UserRepo, "get">;
  /** The directory's shared version (kernel/directory-cache.ts); null or absent: nothing is cached. */
  version?: Pick<DirectoryVersion, "read"> | null;
  /** SSO_CACHE_SECONDS in ms (0: nothing is cached). */
  maxAgeMs?: number;
}) {
  /** Orgs whose tokens the user may get: memberships (home org, assigned roles) not blocked. */
  const usable = (user: User) => usableMemberships(deps, user, deps.clock.now());

  const untilOf = new WeakMap<SignedInPerson, number | null>();
  // A user's record and usable orgs change only through units of work (each moves the directory's
  // version on) or by an org's expiry passing (`until`): kept under the directory cache's rules,
  // only for an active person (anyone else is read again each time).
  const cache = createDirectoryCache<SignedInPerson | null>(deps.version ?? null, {
    maxAgeMs: deps.maxAgeMs ?? 0,
    maxEntries: 50_000,
    now: () => deps.clock.now().getTime(),
    keep: (p) => !!p && p.user.status === "ACTIVE",
    until: (p) => untilOf.get(p!) ?? null,
  });

  /**
   * The person of a browser session and their usable orgs: one read of the directory per change
   * of it, not per request (the silent single sign-on path).
   */
  async function signedIn(tenantId: number, userId: number): Promise<SignedInPerson | null> {
    const users = deps.users;
    if (!users) throw new Error("createOrganizations: users are needed for signedIn");
    const now = deps.clock.now();
    return cache.get(
      `${tenantId}:${userId}`,
      async () => {
        const found = await users.get(tenantId, userId);
        if (!found) return null;
        const { passwordHash: _p, ...user } = found;
        const { usable: orgs, until } = await usableMembershipsUntil(deps, found, now);
        const person = Object.freeze({ user: Object.freeze(user), orgs: Object.freeze(orgs) as UsableMembership[] });
        untilOf.set(person, until);
        return person;
      },
      { now: now.getTime() },
    );
  }

  return { usable, signedIn };
}
