export { createUserService, erasedEmail, type UserService, type UserSummary } from "./service";
export type { UserExport } from "./export";
export {
  createUserProvisioning,
  type ProvisionedUserInput,
  type UserProvisioning,
  type UserProvisioningDeps,
} from "./provisioning";
