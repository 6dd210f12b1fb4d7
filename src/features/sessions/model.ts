/**
 * Wire shapes of the session endpoints: token pairs, refresh, logout, devices, sessions,
 * memberships and org switch (TypeBox → validation and OpenAPI).
 */
import { t } from "elysia";
import { Int } from "../../http/wire";

export const DeviceInfo = t.Object(
  {
    deviceId: t.Optional(t.String({ maxLength: 128 })),
    name: t.Optional(t.String({ maxLength: 200 })),
    platform: t.Optional(t.String({ maxLength: 64 })),
  },
  { description: "Present for a device (mobile) session." },
);

export const WebQuery = t.Object({
  web: t.Optional(
    t.Boolean({
      default: false,
      description: "Set the refresh token as the HttpOnly `sso_refresh` cookie instead of the body.",
    }),
  ),
});

export const TokenPairResponse = t.Object({
  accessToken: t.String(),
  refreshToken: t.Optional(t.String()),
  tokenType: t.Literal("Bearer"),
  expiresInSeconds: Int(),
  deviceId: t.Optional(t.String()),
});

export const Membership = t.Object({
  organizationId: Int(),
  tenantId: Int(),
  name: t.String(),
  path: t.String(),
  status: t.String(),
  roles: t.Array(t.Object({ id: Int(), name: t.String() })),
});

export const SwitchOrgBody = t.Object({
  organizationId: Int({ minimum: 1 }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
});

/** The shape of every refresh token this service issues (`selector.verifier`, base64url); anything else is malformed (400). */
const RefreshToken = t.String({
  pattern: "^[A-Za-z0-9_-]{16,64}\\.[A-Za-z0-9_-]{32,128}$",
  maxLength: 200,
  description:
    "Required when a body is sent; without a body the `sso_refresh` cookie is read. A token of another shape is 400; a well-formed unknown, spent or expired one is 401.",
});

export const RefreshBody = t.Object({
  refreshToken: RefreshToken,
  audience: t.Optional(t.String({ maxLength: 2048 })),
});

export const LogoutBody = t.Object({
  refreshToken: RefreshToken,
});

export const DeviceView = t.Object({
  deviceId: t.String(),
  name: t.String(),
  platform: t.String(),
  lastSeenAt: t.String({ format: "date-time" }),
  createdAt: t.String({ format: "date-time" }),
});
