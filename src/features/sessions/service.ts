/**
 * Sessions (SPEC 3.3, CONTRACT §4, §13): refresh families and browser sessions, from start to end.
 * One factory per job, composed into the one service the session routes receive:
 * - start.ts: starting a refresh family for a proven person or an OAuth client;
 * - refresh.ts: refresh rotation with reuse detection, and /api/auth/logout;
 * - org-switch.ts: switching the active organization, and the memberships list;
 * - devices.ts: the caller's devices;
 * - ending.ts: ending a browser session, a refresh family, or all of a person's sessions, with
 *   the revocation marks (marks.ts);
 * - listing.ts: the person's own sessions, ending one, "sign out everywhere".
 */
import type { DeviceDeps } from "./devices";
import { createDeviceControl } from "./devices";
import { createSessionEnding, type SessionEnding, type SessionEndingDeps } from "./ending";
import { createSessionListing, type SessionListingDeps } from "./listing";
import { createOrgSwitch, type OrgSwitchDeps } from "./org-switch";
import { createRefreshRotation, type RefreshRotationDeps } from "./refresh";
import { createSessionStart, type SessionStartDeps } from "./start";

export type SessionServiceDeps = SessionStartDeps &
  RefreshRotationDeps &
  OrgSwitchDeps &
  DeviceDeps &
  SessionEndingDeps &
  SessionListingDeps;

/** The session routes' one service: every job's factory over the same deps, composed. */
export function createSessionService(deps: SessionServiceDeps) {
  const ending = createSessionEnding(deps);
  const start = createSessionStart(deps);
  const rotation = createRefreshRotation(deps, ending.familyRevoked);
  const orgSwitch = createOrgSwitch(deps, start);
  const devices = createDeviceControl(deps);
  const listing = createSessionListing(deps, ending);
  return {
    signIn: start.signIn,
    startClientSession: start.startClientSession,
    ...orgSwitch,
    ...rotation,
    ...devices,
    ...ending,
    ...listing,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * What ends sessions, under the name the token and logout endpoints know it by: the ending
 * functions every kind of logout (OpenID, /api, an administrator) goes through.
 */
export type LogoutService = SessionEnding;
