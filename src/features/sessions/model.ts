/**
 * Wire shapes of the session endpoints: token pairs, refresh, logout, devices, memberships and
 * org switch, and the person's list of browser sessions and refresh families (TypeBox →
 * validation and OpenAPI).
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

const Nullable = <S extends Parameters<typeof t.Union>[0][number]>(s: S) => t.Union([s, t.Null()]);

export const SessionEntryView = t.Object({
  id: t.String({
    description: "A sign-in session's `sid`, or a refresh family's id (the `sid` of its /api/auth tokens).",
  }),
  kind: t.Union([t.Literal("signin"), t.Literal("refresh")], {
    description: "`signin`: a browser sign-in session (hosted pages); `refresh`: a refresh-token family.",
  }),
  clientId: Nullable(t.String({ description: "refresh: the OAuth client the family was started for (code grant)." })),
  clientName: Nullable(
    t.String({ description: 'refresh: that client\'s name as registered ("Admin console" for the console).' }),
  ),
  applicationId: Nullable(Int({ description: "refresh: the client's application." })),
  deviceId: Nullable(t.String()),
  mode: Nullable(t.String({ description: "refresh: web, plain or device." })),
  organizationId: Nullable(Int({ description: "refresh: the session's active organization." })),
  audience: Nullable(t.String({ description: "refresh: the audience last minted for." })),
  clients: t.Array(t.String(), { description: "signin: the clients that got tokens in it." }),
  clientNames: t.Array(t.String(), {
    description: "signin: those clients' names as registered, in the same order (an unknown one keeps its id).",
  }),
  createdAt: Nullable(t.String({ format: "date-time" })),
  lastUsedAt: Nullable(t.String({ format: "date-time" })),
  expiresAt: t.String({ format: "date-time" }),
  ipAddress: Nullable(t.String()),
  current: t.Boolean({ description: "true for the session of the calling token" }),
});

export const RevokedCount = t.Object({
  revoked: Int({ description: "How many sign-in sessions and refresh families ended." }),
});
