export { createUserService, erasedEmail, type UserExport, type UserService, type UserSummary } from "./service";
