export { createAuthService, REFRESH_TTL_DAYS, type AuthService, type DeviceInfo, type TokenPair } from "./service";
export { computeAccessClaims } from "./claims";
