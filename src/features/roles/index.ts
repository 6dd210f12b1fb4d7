export { createRoleService, systemCodesOf, type RoleService } from "./service";
export {
  membershipsOf,
  usableMemberships,
  usableMembershipsUntil,
  userMemberships,
  type Membership,
  type UsableMembership,
} from "./memberships";
export type { Assignment, EffectiveGrant, PermissionRef, Role, RoleRepo, RoleScope } from "./ports";
export {
  createGroupProvisioning,
  PROVISIONING_MAX_USERS,
  type GroupProvisioning,
  type GroupProvisioningDeps,
  type ProvisionedGroup,
} from "./provisioning";
