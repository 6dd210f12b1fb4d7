/**
 * Sessions (CONTRACT §4, §13): refresh families (start, rotation, org switch, devices) and the
 * ending of browser sessions and refresh families, with the revocation marks introspection reads.
 */
export { createSessionService, type LogoutService, type SessionService, type SessionServiceDeps } from "./service";
export {
  REFRESH_TTL_DAYS,
  type ClientSessionRequest,
  type ClientSessionResult,
  type ClientAccess,
  type DeviceInfo,
  type SessionRequest,
  type TokenPair,
} from "./start";
export { newRefreshToken, parseRefreshToken } from "./refresh-token";
export type { DeviceCaller } from "./devices";
export type { EndContext, LogoutNoticesOf, SessionEnding, SessionEndingDeps } from "./ending";
export type { SessionCaller, SessionEntry } from "./listing";
export { markCovers, MARK_EPOCH_SECONDS, markKeys, markValueAt, MARK_SECONDS } from "./marks";
export type {
  CounterStore,
  Device,
  DeviceRepo,
  FamilyRecord,
  FamilyStore,
  OneTimeKind,
  OneTimeToken,
  OneTimeTokenRepo,
  SessionData,
  SessionMode,
} from "./ports";
export type { BrowserSession, BrowserSessionStore, NewBrowserSession } from "./browser-sessions";
export { SLIDE_STEP_MS, slideDue } from "./browser-sessions";
export { readSessionCookie, resumeFromCookie, type SessionCookieValue, writeSessionCookie } from "./browser-cookie";
