/** Wire shapes of the role endpoints (SPEC 2.7, 4.5; CONTRACT §2). */
import { t } from "elysia";

export const PermissionRef = t.Object({ id: t.Integer(), code: t.String(), applicationId: t.Integer() });

export const Role = t.Object({
  id: t.Integer(),
  organizationId: t.Integer(),
  name: t.String(),
  description: t.String(),
  scope: t.Union([t.Literal("SELF"), t.Literal("SUBTREE")]),
  permissions: t.Array(PermissionRef),
});

const Codes = t.Array(t.String({ minLength: 1, maxLength: 128 }), { maxItems: 500, description: "codes of the org's applications (and its ancestors') or system codes" });
const Ids = t.Array(t.Integer({ minimum: 1 }), { maxItems: 500 });

export const CreateRoleBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  organizationId: t.Optional(t.Integer({ minimum: 1, description: "default: the caller's active organization" })),
  description: t.Optional(t.String({ maxLength: 1000 })),
  permissionCodes: t.Optional(Codes),
  permissionIds: t.Optional(Ids),
  scope: t.Optional(t.Union([t.Literal("SELF"), t.Literal("SUBTREE")], { description: "default SELF" })),
});

export const SetPermissionsBody = t.Object({ permissionCodes: t.Optional(Codes), permissionIds: t.Optional(Ids) });

export const AssignBody = t.Object({ userId: t.Integer({ minimum: 1 }), organizationId: t.Integer({ minimum: 1 }) });

export const RoleIdParams = t.Object({ roleId: t.Integer({ minimum: 1 }) });

export const RoleListQuery = t.Object({
  organizationId: t.Integer({ minimum: 1 }),
  size: t.Optional(t.Integer({ description: "1..1000, default 200" })),
});
