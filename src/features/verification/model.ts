/** Wire shapes of email verification (CONTRACT §19). */
import { t } from "elysia";

export const VerifyRequestAnswer = t.Object({
  emailVerified: t.Boolean({ description: "true when the address was already verified (then no mail is sent)" }),
  sent: t.Boolean({ description: "true when a verification link was mailed to the caller's address" }),
});
