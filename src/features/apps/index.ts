export { createAppService, normalizeClientIds, type AppService } from "./service";
export type { Application, AppRepo, Permission } from "./ports";
