export { createRoleService, systemCodesOf, type RoleService } from "./service";
export { membershipsOf, userMemberships, type Membership } from "./memberships";
export type { Assignment, EffectiveGrant, PermissionRef, Role, RoleRepo, RoleScope } from "./ports";
