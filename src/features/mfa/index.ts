export { createMfaService, RECOVERY_CODE_COUNT, TOTP_PERIOD, type MfaCaller, type MfaService } from "./service";
export type { MfaRepo, MfaState } from "./ports";
