/** Wire shapes of the authentication endpoints (TypeBox → validation and OpenAPI). */
import { t } from "elysia";

export const DeviceInfo = t.Object(
  {
    deviceId: t.Optional(t.String({ maxLength: 128 })),
    name: t.Optional(t.String({ maxLength: 200 })),
    platform: t.Optional(t.String({ maxLength: 64 })),
  },
  { description: "Present for a device (mobile) session." },
);

export const LoginBody = t.Object({
  email: t.String({ minLength: 1, maxLength: 320 }),
  password: t.String({ minLength: 1, maxLength: 1024 }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
  device: t.Optional(DeviceInfo),
});

export const WebQuery = t.Object({ web: t.Optional(t.Boolean({ default: false, description: "Set the refresh token as the HttpOnly `sso_refresh` cookie instead of the body." })) });

export const TokenPairResponse = t.Object({
  accessToken: t.String(),
  refreshToken: t.Optional(t.String()),
  tokenType: t.Literal("Bearer"),
  expiresInSeconds: t.Integer(),
  deviceId: t.Optional(t.String()),
});

export const MfaChallenge = t.Object({ mfaRequired: t.Literal(true), pendingToken: t.String(), expiresInSeconds: t.Integer() });

export const Membership = t.Object({
  organizationId: t.Integer(),
  tenantId: t.Integer(),
  name: t.String(),
  path: t.String(),
  status: t.String(),
  roles: t.Array(t.Object({ id: t.Integer(), name: t.String() })),
});

export const SwitchOrgBody = t.Object({
  organizationId: t.Integer({ minimum: 1 }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
});

export const RefreshBody = t.Object({
  refreshToken: t.String({ minLength: 1, maxLength: 512, description: "Required when a body is sent; without a body the `sso_refresh` cookie is read." }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
});

export const LogoutBody = t.Object({
  refreshToken: t.String({ minLength: 1, maxLength: 512, description: "Required when a body is sent; without a body the `sso_refresh` cookie is read." }),
});

export const DeviceView = t.Object({
  deviceId: t.String(),
  name: t.String(),
  platform: t.String(),
  lastSeenAt: t.String({ format: "date-time" }),
  createdAt: t.String({ format: "date-time" }),
});
