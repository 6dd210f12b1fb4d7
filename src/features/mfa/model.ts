/** Wire shapes of /api/mfa/** (SPEC 2.14, 4.9). */
import { t } from "elysia";

export const MfaSetupResponse = t.Object({
  otpAuthUri: t.String({ description: "otpauth://totp/… to show as a QR code in an authenticator app" }),
});
export const ConfirmBody = t.Object({
  code: t.String({ minLength: 1, maxLength: 16, description: "the current 6-digit code of the authenticator" }),
});
export const RecoveryCodesResponse = t.Object({
  recoveryCodes: t.Array(t.String(), { description: "10 single-use codes, shown once" }),
});
