export { createUserService, erasedEmail, type UserService, type UserSummary } from "./service";
export type { UserExport } from "./export";
