/** Wire shapes of the application and permission endpoints (SPEC 2.6, 2.7, 4.7; CONTRACT §6). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

const Ttl = Int({ minimum: 1, maximum: 180 });
const ClientIds = t.Union([t.Array(t.String({ maxLength: 512 }), { maxItems: 100 }), t.String({ maxLength: 8192 })], {
  description: "social-login client ids: an array, or a comma-separated string (blank = platform default)",
});

export const Application = t.Object({
  id: Int(),
  organizationId: Int(),
  identifier: t.String(),
  name: t.String(),
  webRefreshTtlDays: t.Union([Int(), t.Null()], { description: "null: the 30-day default" }),
  deviceRefreshTtlDays: t.Union([Int(), t.Null()], { description: "null: the 90-day default" }),
  googleClientIds: t.Array(t.String()),
  microsoftClientIds: t.Array(t.String()),
});

export const CreateAppBody = t.Object({
  organizationId: Int({ minimum: 1 }),
  identifier: t.String({
    minLength: 1,
    maxLength: 2048,
    description: "the audience, unique across the service (a URI by convention)",
  }),
  name: t.String({ minLength: 1, maxLength: 200 }),
  webRefreshTtlDays: t.Optional(Ttl),
  deviceRefreshTtlDays: t.Optional(Ttl),
  googleClientIds: t.Optional(ClientIds),
  microsoftClientIds: t.Optional(ClientIds),
});

export const UpdateAppBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  webRefreshTtlDays: t.Optional(
    t.Union([Ttl, t.Null()], { description: "absent: unchanged; null: back to the default" }),
  ),
  deviceRefreshTtlDays: t.Optional(
    t.Union([Ttl, t.Null()], { description: "absent: unchanged; null: back to the default" }),
  ),
  googleClientIds: t.Optional(ClientIds),
  microsoftClientIds: t.Optional(ClientIds),
});

export const OrgQuery = t.Object({ organizationId: QueryInt({ minimum: 1 }) });
export const QuotaResponse = t.Object({ used: Int(), limit: Int() });
export const AppIdParams = t.Object({ applicationId: QueryInt({ minimum: 1 }) });
export const PermissionParams = t.Object({
  applicationId: QueryInt({ minimum: 1 }),
  permissionId: QueryInt({ minimum: 1 }),
});

export const Permission = t.Object({ id: Int(), applicationId: Int(), code: t.String(), description: t.String() });

export const CreatePermissionBody = t.Object({
  code: t.String({
    minLength: 1,
    maxLength: 128,
    pattern: "^[A-Za-z0-9._:/-]{1,128}$",
    description: "letters, digits and . _ : / - (usable as a client scope)",
  }),
  description: t.Optional(t.String({ maxLength: 1000 })),
});
