export { createAppService, normalizeClientIds, type AppService } from "./service";
export { createAppDirectory, type AppDirectory } from "./directory";
export type { Application, AppRepo, Permission } from "./ports";
