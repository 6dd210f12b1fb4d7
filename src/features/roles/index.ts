export { createRoleService, systemCodesOf, type RoleService } from "./service";
export type { Assignment, EffectiveGrant, PermissionRef, Role, RoleRepo, RoleScope } from "./ports";
