export {
  createAuthService,
  createIpLimiter,
  newRefreshToken,
  parseRefreshToken,
  LIMITS,
  lockoutKey,
  membershipsOf,
  REFRESH_TTL_DAYS,
  type AuthService,
  type DeviceInfo,
  type MfaChallenge,
  MFA_MAX_WRONG_CODES,
  MFA_PENDING_SECONDS,
  type SessionCaller,
  type SessionRequest,
  type TokenPair,
} from "./service";
export { computeAccessClaims } from "./claims";
