/** Wire shapes of the password endpoints. */
import { t } from "elysia";

export const ForgotBody = t.Object({ email: t.String({ minLength: 1, maxLength: 320 }) });

export const ResetBody = t.Object({
  token: t.String({
    minLength: 1,
    maxLength: 512,
    description:
      "A reset token (forgot-password mail, 30 minutes: the link's long token, or the short code the mail shows, e.g. `7KQ2-M9XD-4RTB`) or a setup token (setup link, provisioning or import invite, 7 days).",
  }),
  newPassword: t.String({ minLength: 8, maxLength: 200 }),
});

export const SetupLinkResponse = t.Object({ token: t.String(), expiresAt: t.String({ format: "date-time" }) });

export const ChangeBody = t.Object({
  currentPassword: t.String({ minLength: 1, maxLength: 1024 }),
  newPassword: t.String({ minLength: 8, maxLength: 200 }),
});
