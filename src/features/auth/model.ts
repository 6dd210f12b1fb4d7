/** Wire shapes of the sign-in endpoints (TypeBox → validation and OpenAPI). */
import { t } from "elysia";
import { Int } from "../../http/wire";
import { DeviceInfo } from "../sessions/model";

export const LoginBody = t.Object({
  email: t.String({ minLength: 1, maxLength: 320 }),
  password: t.String({ minLength: 1, maxLength: 1024 }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
  device: t.Optional(DeviceInfo),
});

export const MfaChallenge = t.Object({
  mfaRequired: t.Literal(true),
  pendingToken: t.String(),
  expiresInSeconds: Int(),
});

/** `web` with no default: absent means "as the sign-in that started the challenge". */
export const VerifyWebQuery = t.Object({
  web: t.Optional(t.Boolean({ description: "Web mode (cookie); absent: as the sign-in that started the challenge." })),
});

export const MfaVerifyBody = t.Object({
  pendingToken: t.String({ minLength: 1, maxLength: 200 }),
  code: t.String({ minLength: 1, maxLength: 64, description: "a 6-digit TOTP, or one of the recovery codes" }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
  device: t.Optional(DeviceInfo),
});
