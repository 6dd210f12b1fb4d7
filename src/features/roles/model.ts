/** Wire shapes of the role endpoints (SPEC 2.7, 4.5; CONTRACT §2). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

export const PermissionRef = t.Object({ id: Int(), code: t.String(), applicationId: Int() });

export const Role = t.Object({
  id: Int(),
  organizationId: Int(),
  name: t.String(),
  description: t.String(),
  scope: t.Union([t.Literal("SELF"), t.Literal("SUBTREE")]),
  permissions: t.Array(PermissionRef),
});

const Codes = t.Array(t.String({ minLength: 1, maxLength: 128 }), {
  maxItems: 500,
  description: "codes of the org's applications (and its ancestors') or system codes",
});
const Ids = t.Array(Int({ minimum: 1 }), { maxItems: 500 });

export const CreateRoleBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  organizationId: t.Optional(Int({ minimum: 1, description: "default: the caller's active organization" })),
  description: t.Optional(t.String({ maxLength: 1000 })),
  permissionCodes: t.Optional(Codes),
  permissionIds: t.Optional(Ids),
  scope: t.Optional(t.Union([t.Literal("SELF"), t.Literal("SUBTREE")], { description: "default SELF" })),
});

export const SetPermissionsBody = t.Object({ permissionCodes: t.Optional(Codes), permissionIds: t.Optional(Ids) });

export const AssignBody = t.Object({ userId: Int({ minimum: 1 }), organizationId: Int({ minimum: 1 }) });

export const RoleIdParams = t.Object({ roleId: QueryInt({ minimum: 1 }) });

export const RoleListQuery = t.Object({
  organizationId: QueryInt({ minimum: 1 }),
  size: t.Optional(QueryInt({ description: "1..1000, default 200" })),
});
