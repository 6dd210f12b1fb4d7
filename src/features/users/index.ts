export { createUserService, erasedEmail, type UserExport, type UserService, type UserSummary } from "./service";
export type { User, UserRepo, UserStatus } from "./ports";
