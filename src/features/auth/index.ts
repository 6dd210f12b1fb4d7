export {
  createAuthService,
  createIpLimiter,
  LIMITS,
  lockoutAttempt,
  unlockSignIn,
  type AuthDeps,
  type AuthService,
  type MfaChallenge,
  MFA_MAX_WRONG_CODES,
  MFA_PENDING_SECONDS,
} from "./service";
